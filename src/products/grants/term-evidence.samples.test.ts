import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FullTextDocument, GrantRelation } from '../full-text/document.js';
import { parseFullTextFile } from '../full-text/parse.js';
import { SAMPLES_DIR, samplesPresent } from '../../../test/helpers/samples.js';
import { GRANT_MAPPERS } from './parse.js';

// The term facts, related documents and PCT data of every real grant sample (v4.0 … v4.7, ipg and
// ipgb). Each value was read off the XML by hand; the comment beside it quotes what is printed.

const grantDir = path.join(SAMPLES_DIR, 'grant-xml');
const haveSamples = samplesPresent('grant-xml');

type Evidence = Pick<FullTextDocument, 'docNumber' | 'term' | 'relations' | 'pct'>;

async function evidence(name: string): Promise<Evidence[]> {
  const out: Evidence[] = [];
  for await (const item of parseFullTextFile(path.join(grantDir, name), GRANT_MAPPERS)) {
    expect(item.kind, JSON.stringify(item)).not.toBe('reject');
    if (item.kind === 'document') {
      const { docNumber, term, relations, pct } = item.document;
      out.push({ docNumber, term, relations, pct });
    }
  }
  return out;
}

const days = (extensionDays: number) => ({ extensionDays, lengthOfGrant: null, disclaimer: null });
const years = (lengthOfGrant: number) => ({ extensionDays: null, lengthOfGrant, disclaimer: null });
const link = (relation: GrantRelation['relation'], parent: string, filed: string, more: Partial<GrantRelation> = {}): GrantRelation => ({
  relation,
  parentNumber: parent,
  parentFilingDate: filed,
  parentStatus: null,
  parentPatentNumber: null,
  parentPatentDate: null,
  childNumber: null,
  ...more,
});

describe.skipIf(!haveSamples)('grant term evidence in the real samples (samples/grant-xml)', () => {
  it('covers every grant sample file', () => {
    expect(readdirSync(grantDir).filter((f) => f.endsWith('.xml'))).toHaveLength(10);
  });

  it('US10000000B2 (v4.5): 430 days of term extension, no links but its own publication, no PCT', async () => {
    expect(await evidence('US10000000B2-v45.xml')).toEqual([
      // <us-term-extension>430</us-term-extension>; us-related-documents holds only related-publication (skipped).
      { docNumber: '10000000', term: days(430), relations: [], pct: null },
    ]);
  });

  it('US09358892B1 (v4.5): 28 days', async () => {
    // <us-term-extension>28</us-term-extension>; no us-related-documents, no PCT data.
    expect(await evidence('US09358892B1-v45.xml')).toEqual([{ docNumber: '9358892', term: days(28), relations: [], pct: null }]);
  });

  it('US08672134B2 (v4.4): 476 days and a national stage of PCT/IB2009/005131 (us-371c124-date)', async () => {
    expect(await evidence('US08672134B2-v44.xml')).toEqual([
      {
        docNumber: '8672134',
        term: days(476), // <us-term-extension>476</us-term-extension>
        relations: [], // related-publication only
        // <doc-number>PCT/IB2009/005131</doc-number><date>20090331</date>; <us-371c124-date><date>20101203</date>
        pct: { number: 'PCT/IB2009/005131', filingDate: '2009-03-31', date371: '2010-12-03' },
      },
    ]);
  });

  it('US11646472B2 (v4.7): 304 days and a chain of nine links plus three provisionals, in printed order', async () => {
    const [d] = await evidence('US11646472B2-v47.xml');
    expect(d?.term).toEqual(days(304)); // <us-term-of-grant><us-term-extension>304</us-term-extension>
    expect(d?.pct).toBeNull();
    expect(d?.relations).toEqual([
      // continuation: parent 16695054 filed 20191125, parent-grant-document 10916753 printed without a date; child 17248024 (this application).
      link('CON', '16695054', '2019-11-25', { parentPatentNumber: '10916753', childNumber: '17248024' }),
      // continuation: 15487364 filed 20170413, patent 10529971 of 20200107; child 16695054 (the previous parent).
      link('CON', '15487364', '2017-04-13', { parentPatentNumber: '10529971', parentPatentDate: '2020-01-07', childNumber: '16695054' }),
      // continuation: 15150231 filed 20160509, patent 9666850 of 20170530; child 15487364.
      link('CON', '15150231', '2016-05-09', { parentPatentNumber: '9666850', parentPatentDate: '2017-05-30', childNumber: '15487364' }),
      // continuation: 14156267 filed 20140115, patent 9368775 of 20160614; child 15150231.
      link('CON', '14156267', '2014-01-15', { parentPatentNumber: '9368775', parentPatentDate: '2016-06-14', childNumber: '15150231' }),
      // continuation-in-part: 13929653 filed 20130627, patent 8828580 of 20140909; child 14156267.
      link('CIP', '13929653', '2013-06-27', { parentPatentNumber: '8828580', parentPatentDate: '2014-09-09', childNumber: '14156267' }),
      // continuation: 13615351 filed 20120913, patent 8501339 of 20130809; child 13929653.
      link('CON', '13615351', '2012-09-13', { parentPatentNumber: '8501339', parentPatentDate: '2013-08-09', childNumber: '13929653' }),
      // continuation: 12888154 filed 20100922, patent 8293398 of 20121023; child 13615351.
      link('CON', '12888154', '2010-09-22', { parentPatentNumber: '8293398', parentPatentDate: '2012-10-23', childNumber: '13615351' }),
      // continuation: 11824597 filed 20070628, patent 7829212 of 20101109; child 12888154.
      link('CON', '11824597', '2007-06-28', { parentPatentNumber: '7829212', parentPatentDate: '2010-11-09', childNumber: '12888154' }),
      // division: 10824944 filed 20040414, patent 7282295 of 20071016; child 11824597.
      link('DIV', '10824944', '2004-04-14', { parentPatentNumber: '7282295', parentPatentDate: '2007-10-16', childNumber: '11824597' }),
      // us-provisional-application 61763412 of 20130211, 60548231 of 20040227, 60542532 of 20040206.
      link('PRO', '61763412', '2013-02-11'),
      link('PRO', '60548231', '2004-02-27'),
      link('PRO', '60542532', '2004-02-06'),
    ]);
  });

  it('USD0701016S1 (design v4.4): 14 years and a division of a pending design application', async () => {
    expect(await evidence('USD0701016S1-v44.xml')).toEqual([
      {
        docNumber: 'D701016',
        term: years(14), // <length-of-grant>14</length-of-grant>
        // division: parent 29363465 filed 20100609, <parent-status>PENDING</parent-status>; child 29414573.
        relations: [link('DIV', '29363465', '2010-06-09', { parentStatus: 'PENDING', childNumber: '29414573' })],
        pct: null,
      },
    ]);
  });

  it('ipg050104 (v4.0, "v40"): 33 and 5 days; PCTEP01/03690 read as PCT/EP2001/003690', async () => {
    expect(await evidence('ipg050104.excerpt.xml')).toEqual([
      {
        docNumber: '6837520',
        term: days(33), // <us-term-extension>33</us-term-extension>
        relations: [], // related-publication only
        // <doc-number>PCTEP01/03690</doc-number><date>20010331</date>; <us-371c124-date><date>20021018</date>
        pct: { number: 'PCT/EP2001/003690', filingDate: '2001-03-31', date371: '2002-10-18' },
      },
      // <us-term-extension>5</us-term-extension>
      { docNumber: '6837536', term: days(5), relations: [], pct: null },
    ]);
  });

  it('ipg060103 (v4.1): a design of 14 years, the H1 with PCT/AU99/00917 and no term element, 97 days', async () => {
    expect(await evidence('ipg060103.excerpt.xml')).toEqual([
      { docNumber: 'D513425', term: years(14), relations: [], pct: null }, // <length-of-grant>14</length-of-grant>
      {
        docNumber: 'H2140',
        term: null, // no us-term-of-grant
        relations: [],
        // <doc-number>PCT/AU99/00917</doc-number><date>19991022</date>; <us-371c124-date><date>20020702</date>
        pct: { number: 'PCT/AU1999/000917', filingDate: '1999-10-22', date371: '2002-07-02' },
      },
      { docNumber: '6981431', term: days(97), relations: [], pct: null }, // <us-term-extension>97</us-term-extension>
    ]);
  });

  it('ipg080101 (v4.2): 7314120 is a continuation of PCT/FI2004/000279 filed 2004-05-11 (365(c))', async () => {
    expect(await evidence('ipg080101.excerpt.xml')).toEqual([
      { docNumber: 'D558629', term: years(14), relations: [], pct: null }, // <length-of-grant>14</length-of-grant>
      { docNumber: 'PP18398', term: null, relations: [], pct: null }, // neither term, related documents nor PCT data
      {
        docNumber: '7314120',
        term: null,
        // continuation: parent <doc-number>PCT/FI2004/000279</doc-number><kind>00</kind><date>20040511</date>,
        // <parent-status>PENDING</parent-status>; child 11355099.
        relations: [link('CON', 'PCT/FI2004/000279', '2004-05-11', { parentStatus: 'PENDING', childNumber: '11355099' })],
        pct: null,
      },
    ]);
  });

  it('ipg130416 (v4.3): 8418361 is a division of 12/213,975 filed 2008-06-26, abandoned', async () => {
    expect(await evidence('ipg130416.excerpt.xml')).toEqual([
      { docNumber: 'D680199', term: years(14), relations: [], pct: null }, // <length-of-grant>14</length-of-grant>
      {
        docNumber: '8418361',
        term: null,
        // division: parent 12213975 of 20080626, <parent-status>ABANDONED</parent-status>; child 13299685.
        relations: [link('DIV', '12213975', '2008-06-26', { parentStatus: 'ABANDONED', childNumber: '13299685' })],
        pct: null,
      },
      { docNumber: '8419845', term: days(11), relations: [], pct: null }, // <us-term-extension>11</us-term-extension>
    ]);
  });

  it('ipgb20221025 (v4.7 bibliographic): days, 15 years, a terminal disclaimer, a reissue with its original and PCT, a provisional', async () => {
    expect(await evidence('ipgb20221025.excerpt.xml')).toEqual([
      { docNumber: '11617522', term: days(765), relations: [], pct: null }, // <us-term-extension>765</us-term-extension>
      { docNumber: 'D967598', term: years(15), relations: [], pct: null }, // <length-of-grant>15</length-of-grant>
      {
        docNumber: 'PP34694',
        // <disclaimer><text>This patent is subject to a terminal disclaimer.</text></disclaimer>
        term: { extensionDays: null, lengthOfGrant: null, disclaimer: 'This patent is subject to a terminal disclaimer.' },
        // continuation: parent 17319954 of 20210513, PENDING; child 17571093.
        relations: [link('CON', '17319954', '2021-05-13', { parentStatus: 'PENDING', childNumber: '17571093' })],
        pct: null,
      },
      {
        docNumber: 'RE49257',
        term: null,
        relations: [
          // reissue: parent 15577437 of 20160530, GRANTED, parent-grant-document 10124207 of 20181113; child 17096946.
          link('REI', '15577437', '2016-05-30', {
            parentStatus: 'GRANTED',
            parentPatentNumber: '10124207',
            parentPatentDate: '2018-11-13',
            childNumber: '17096946',
          }),
          link('PRO', '62167931', '2015-05-29'), // us-provisional-application 62167931 of 20150529
        ],
        // <doc-number>PCT/CA2016/050609</doc-number><date>20160530</date> (no kind); <us-371c12-date><date>20171128</date>
        pct: { number: 'PCT/CA2016/050609', filingDate: '2016-05-30', date371: '2017-11-28' },
      },
      // us-provisional-application 63166721 of 20210326, then related-publication (skipped).
      { docNumber: '11477944', term: null, relations: [link('PRO', '63166721', '2021-03-26')], pct: null },
    ]);
  });
});
