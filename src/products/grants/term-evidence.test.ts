import { describe, expect, it } from 'vitest';
import type { GrantRelation, MapIssue } from '../full-text/document.js';
import { readXmlTree, type XmlElement } from '../../ingest/xml/tree.js';
import { mapPct } from './pct.js';
import { mapRelations } from './relations.js';
import { mapTerm } from './term.js';

// Shapes the grant DTDs allow that the real samples (term-evidence.samples.test.ts) do not print.

function bibliographic(body: string): XmlElement {
  const outcome = readXmlTree(`<us-bibliographic-data-grant>${body}</us-bibliographic-data-grant>`, { acceptRoot: () => true });
  if (outcome.kind !== 'read') throw new Error(JSON.stringify(outcome));
  return outcome.tree;
}

function read<T>(map: (b: XmlElement, issues: MapIssue[]) => T, body: string): { value: T; issues: string[] } {
  const issues: MapIssue[] = [];
  const value = map(bibliographic(body), issues);
  return { value, issues: issues.map((i) => i.reason) };
}

const id = (number: string, date = '') =>
  `<document-id><country>US</country><doc-number>${number}</doc-number>${date && `<date>${date}</date>`}</document-id>`;
const relation = (parent: string, child: string, extra = '') =>
  `<relation><parent-doc>${parent}${extra}</parent-doc><child-doc>${child}</child-doc></relation>`;
const related = (body: string) => `<us-related-documents>${body}</us-related-documents>`;
const link = (relation: GrantRelation['relation'], parentNumber: string, more: Partial<GrantRelation> = {}): GrantRelation => ({
  relation,
  parentNumber,
  parentFilingDate: null,
  parentStatus: null,
  parentPatentNumber: null,
  parentPatentDate: null,
  childNumber: null,
  ...more,
});

describe('mapTerm', () => {
  it('is null without us-term-of-grant, and all-null for children it does not read', () => {
    expect(read(mapTerm, '<invention-title>X</invention-title>')).toEqual({ value: null, issues: [] });
    expect(
      read(mapTerm, '<us-term-of-grant><prior-disclosure-affidavit-filed>Y</prior-disclosure-affidavit-filed></us-term-of-grant>'),
    ).toEqual({
      value: { extensionDays: null, lengthOfGrant: null, disclaimer: null },
      issues: [],
    });
  });

  it('reads a disclaimer with markup and a bare text notice, in order, whitespace collapsed', () => {
    const { value, issues } = read(
      mapTerm,
      '<us-term-of-grant><us-term-extension> 120 </us-term-extension>' +
        '<disclaimer><date>20301231</date><text>This patent is subject\n   to a <i>terminal</i> disclaimer.</text></disclaimer>' +
        '<text>The term of this patent shall not extend beyond the expiration date of Pat. No. 5,123,456.</text></us-term-of-grant>',
    );
    expect(issues).toEqual([]);
    expect(value).toEqual({
      extensionDays: 120,
      lengthOfGrant: null,
      disclaimer:
        'This patent is subject to a terminal disclaimer. The term of this patent shall not extend beyond the expiration date of Pat. No. 5,123,456.',
    });
  });

  it('reports what it cannot store: "5 years" of extension, a disclaimer printed as a date alone', () => {
    const { value, issues } = read(
      mapTerm,
      '<us-term-of-grant><us-term-extension>5 years</us-term-extension><disclaimer><date>20150101</date></disclaimer></us-term-of-grant>',
    );
    expect(value).toEqual({ extensionDays: null, lengthOfGrant: null, disclaimer: null });
    expect(issues).toEqual([
      'term disclaimer printed as a date without text, not stored',
      '<us-term-extension> not a whole number, not stored "5 years"',
    ]);
  });
});

describe('mapPct', () => {
  it('reads the v4.0–v4.4 us-371c124-date and the later us-371c12-date; a day-00 date is null', () => {
    const old = read(
      mapPct,
      `<pct-or-regional-filing-data>${id('PCT/US05/32284', '20050910')}<us-371c124-date><date>20070300</date></us-371c124-date></pct-or-regional-filing-data>`,
    );
    expect(old).toEqual({ value: { number: 'PCT/US2005/032284', filingDate: '2005-09-10', date371: null }, issues: [] });
    const later = read(
      mapPct,
      `<pct-or-regional-filing-data>${id('PCT/JP2019/012345', '20190320')}<us-371c12-date><date>20200918</date></us-371c12-date></pct-or-regional-filing-data>`,
    );
    expect(later.value).toEqual({ number: 'PCT/JP2019/012345', filingDate: '2019-03-20', date371: '2020-09-18' });
  });

  it('keeps an unreadable number as printed and reports it', () => {
    const { value, issues } = read(mapPct, `<pct-or-regional-filing-data>${id('EP 1234567', '20050910')}</pct-or-regional-filing-data>`);
    expect(value).toEqual({ number: 'EP 1234567', filingDate: '2005-09-10', date371: null });
    expect(issues).toEqual(['PCT number not readable, kept as printed "EP 1234567"']);
  });
});

describe('mapRelations', () => {
  it('reads a parent’s PCT application as its national stage link (NST), which may start the term', () => {
    // "A continuation of 13/500,000, the national stage of PCT/US2010/051234 filed 2010-10-04": the
    // parent prints no date of its own, the PCT its international filing date.
    const { value, issues } = read(
      mapRelations,
      related(
        `<continuation>${relation(
          id('13/500,000'),
          id('14/100,200'),
          `<parent-pct-document>${id('PCT/US2010/051234', '20101004')}</parent-pct-document>`,
        )}</continuation>`,
      ),
    );
    expect(issues).toEqual([]);
    expect(value).toEqual([
      link('CON', '13500000', { childNumber: '14100200' }),
      link('NST', 'PCT/US2010/051234', { parentFilingDate: '2010-10-04', childNumber: '13500000' }),
    ]);
  });

  it('codes every link child of the DTD and skips the document’s own publication and corrections', () => {
    const { value, issues } = read(
      mapRelations,
      related(
        `<continuing-reissue>${relation(id('09/123,456', '19980101'), id('10/000,001'))}</continuing-reissue>` +
          `<reexamination>${relation(id('90/012,345', '20120601'), id('13/000,002'))}</reexamination>` +
          `<us-reexamination-reissue-merger>${relation(id('90012346'), id('13000003'))}</us-reexamination-reissue-merger>` +
          `<substitution>${relation(id('08/765,432', '19960505'), id('09000004'))}</substitution>` +
          `<correction><document-corrected>${id('7000000')}</document-corrected></correction>` +
          `<related-publication>${id('20120000001')}</related-publication>`,
      ),
    );
    expect(issues).toEqual([]);
    expect(value).toEqual([
      link('REI', '09123456', { parentFilingDate: '1998-01-01', childNumber: '10000001' }),
      link('REX', '90012345', { parentFilingDate: '2012-06-01', childNumber: '13000002' }),
      link('REX', '90012346', { childNumber: '13000003' }),
      link('SUB', '08765432', { parentFilingDate: '1996-05-05', childNumber: '09000004' }),
    ]);
  });

  it('gives one link per relation of an element and per child of a divisional reissue', () => {
    const { value, issues } = read(
      mapRelations,
      related(
        `<continuation>${relation(id('13111111', '20110101'), id('14222222'))}${relation(id('12000000', '20090101'), id('13111111'))}</continuation>` +
          `<us-divisional-reissue><us-relation><parent-doc>${id('11333333', '20060606')}<parent-status>GRANTED</parent-status>` +
          `<parent-grant-document>${id('7654321', '20090303')}</parent-grant-document></parent-doc>` +
          `<child-doc>${id('12444444')}</child-doc><child-doc>${id('12555555')}</child-doc></us-relation></us-divisional-reissue>`,
      ),
    );
    expect(issues).toEqual([]);
    const original = {
      parentFilingDate: '2006-06-06',
      parentStatus: 'GRANTED',
      parentPatentNumber: '7654321',
      parentPatentDate: '2009-03-03',
    };
    expect(value).toEqual([
      link('CON', '13111111', { parentFilingDate: '2011-01-01', childNumber: '14222222' }),
      link('CON', '12000000', { parentFilingDate: '2009-01-01', childNumber: '13111111' }),
      link('REI', '11333333', { ...original, childNumber: '12444444' }),
      link('REI', '11333333', { ...original, childNumber: '12555555' }),
    ]);
  });

  it('keeps unreadable numbers as printed, drops a link without a parent, and reports both and links with no US code', () => {
    const { value, issues } = read(
      mapRelations,
      related(
        `<division>${relation(id('00/51198', '20000101'), id('10/555'), `<parent-grant-document>${id('unknown')}</parent-grant-document>`)}</division>` +
          `<continuation><relation><parent-doc><parent-status>PENDING</parent-status></parent-doc><child-doc>${id('14000000')}</child-doc></relation></continuation>` +
          `<addition>${relation(id('12000000'), id('13000000'))}</addition>` +
          `<us-provisional-application>${id('61/234,567', '20090000')}</us-provisional-application>`,
      ),
    );
    expect(value).toEqual([
      link('DIV', '00/51198', { parentFilingDate: '2000-01-01', parentPatentNumber: 'unknown', childNumber: '10/555' }),
      // Day 00: not a full date.
      link('PRO', '61234567'),
    ]);
    expect(issues).toEqual([
      'DIV parent application number not readable, kept as printed "00/51198"',
      'DIV parent patent number not readable, kept as printed "unknown"',
      'DIV child application number not readable, kept as printed "10/555"',
      'CON link without a parent number dropped',
      'related document <addition> has no US continuity code, not stored',
    ]);
  });
});
