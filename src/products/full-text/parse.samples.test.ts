import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackwardCitation, FullTextDocument, FullTextItem } from './document.js';
import { parseFullTextFile } from './parse.js';
import { BOTH_MAPPERS } from '../../../test/helpers/full-text-mappers.js';
import { SAMPLES_DIR, samplesPresent } from '../../../test/helpers/samples.js';

// The parser on every real grant and pgpub sample. Every value asserted here was read off the XML
// by hand (see samples/XML-FORMATS.md and PROVENANCE.md for what each file is).

const samplesDir = SAMPLES_DIR;
const grantDir = path.join(samplesDir, 'grant-xml');
const pgpubDir = path.join(samplesDir, 'pgpub-xml');
const haveSamples = samplesPresent('grant-xml', 'pgpub-xml');

async function items(file: string): Promise<FullTextItem[]> {
  const out: FullTextItem[] = [];
  for await (const item of parseFullTextFile(file, BOTH_MAPPERS)) out.push(item);
  return out;
}

async function documents(file: string): Promise<FullTextDocument[]> {
  const all = await items(file);
  expect(all.filter((i) => i.kind === 'reject')).toEqual([]);
  return all.flatMap((i) => (i.kind === 'document' ? [i.document] : []));
}

async function only(file: string): Promise<FullTextDocument> {
  const docs = await documents(file);
  expect(docs).toHaveLength(1);
  return docs[0] as FullTextDocument;
}

const grant = (name: string): string => path.join(grantDir, name);
const pgpub = (name: string): string => path.join(pgpubDir, name);

function countBy<T>(list: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of list) out[key(t)] = (out[key(t)] ?? 0) + 1;
  return out;
}

const groups = (c: BackwardCitation[]): Record<string, number> => countBy(c, (x) => x.group);
const categories = (c: BackwardCitation[]): Record<string, number> =>
  countBy(c, (x) => x.category + (x.categoryDetail === null ? '' : `: ${x.categoryDetail}`));
const independent = (d: FullTextDocument): number[] =>
  d.claims.filter((c) => c.dependent_on.length === 0 && c.canceled !== true).map((c) => c.number);
const claim = (d: FullTextDocument, n: number) => d.claims.find((c) => c.number === n);
const cited = (d: FullTextDocument, seq: number) => d.citations.find((c) => c.seq === seq);

describe.skipIf(!haveSamples)('real full-text XML samples (samples/grant-xml, samples/pgpub-xml)', () => {
  it('reads every grant and publication of every sample without a reject and skips sequence listings', async () => {
    const files = [...readdirSync(grantDir).map(grant), ...readdirSync(pgpubDir).map(pgpub)].filter((f) => f.endsWith('.xml'));
    expect(files.length).toBe(20);
    const seen: Record<string, number> = {};
    for (const file of files) {
      const all = await items(file);
      expect(
        all.filter((i) => i.kind === 'reject'),
        file,
      ).toEqual([]);
      for (const i of all) {
        const key = i.kind === 'document' ? i.document.docType : `skipped ${i.kind === 'skipped' ? i.root : ''}`;
        seen[key] = (seen[key] ?? 0) + 1;
      }
    }
    // 5 single grants + 2 + 3 + 3 + 3 + 5 from the excerpts; 9 single pgpubs + 2; two sequence-cwu.
    expect(seen).toEqual({ grant: 21, publication: 11, 'skipped sequence-cwu': 2 });
    const skipped = (await items(grant('ipg060103.excerpt.xml'))).filter((i) => i.kind === 'skipped');
    expect(skipped).toEqual([{ kind: 'skipped', root: 'sequence-cwu', position: { member: null, index: 3 } }]);
  });

  it('US11646472B2 (grant v4.7): numbers, claims, CPC and 554 citations', async () => {
    const d = await only(grant('US11646472B2-v47.xml'));
    expect(d).toMatchObject({
      docType: 'grant',
      docNumber: '11646472',
      kind: 'B2',
      date: '2023-05-09',
      applicationNumber: '17248024',
      filingDate: '2021-01-05',
      title: 'Making lithium metal\u2014seawater battery cells having protected lithium electrodes',
      dtdVersion: 'v4.7 2022-02-17',
    });
    expect(d.abstract?.startsWith('Active metal and active metal intercalation electrode structures')).toBe(true);
    expect(d.claims).toHaveLength(17);
    expect(independent(d)).toEqual([1]);
    const lines = claim(d, 1)?.text.split('\n') ?? [];
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('1. A method of making a battery cell, comprising:');
    expect(lines[1]?.startsWith('providing a protected lithium metal electrode comprising a lithium anode')).toBe(true);
    expect(lines[2]).toBe(
      'contacting the substantially impervious second layer of the protected lithium metal electrode with seawater to provide a cathode for the cell.',
    );
    expect(claim(d, 2)).toEqual({
      number: 2,
      text: '2. The method of claim 1 wherein the lithium anode is lithium metal.',
      dependent_on: [1],
    });
    expect(claim(d, 5)?.dependent_on).toEqual([4]);
    expect(claim(d, 16)?.dependent_on).toEqual([13]);
    expect(d.cpc).toHaveLength(19);
    expect(d.cpc.slice(0, 3)).toEqual(['H01M 50/46', 'H01G 11/06', 'H01G 11/52']);
    expect(d.citations).toHaveLength(554);
    expect(groups(d.citations)).toEqual({ patents: 171, publications: 80, foreign: 45, npl: 258 });
    expect(categories(d.citations)).toEqual({ applicant: 554 });
    // Month precision: `19670900`.
    expect(d.citations[0]).toEqual({
      seq: 1,
      category: 'applicant',
      categoryDetail: null,
      group: 'patents',
      number: '3343988',
      kind: 'A',
      name: 'Friend',
      date: '1967-09',
    });
    expect(cited(d, 172)).toEqual({
      seq: 172,
      category: 'applicant',
      categoryDetail: null,
      group: 'publications',
      number: 'US20010014420A1',
      name: 'Takeuchi et al.',
      date: '2001-08',
    });
    expect(cited(d, 252)).toEqual({
      seq: 252,
      category: 'applicant',
      categoryDetail: null,
      group: 'foreign',
      country: 'EP',
      number: '111213',
      kind: null,
      date: '1983-11',
    });
    expect(cited(d, 297)).toEqual({
      seq: 297,
      category: 'applicant',
      categoryDetail: null,
      group: 'npl',
      text: 'EP Application No. 03 809 186.4, Decision to Refuse, dated Jul. 13, 2017, 52 pages.',
    });
  });

  it('US10000000B2 (grant v4.5): examiner and applicant citations, a WO reference and NPL with character references', async () => {
    const d = await only(grant('US10000000B2-v45.xml'));
    expect(d).toMatchObject({
      docNumber: '10000000',
      kind: 'B2',
      date: '2018-06-19',
      applicationNumber: '14643719',
      filingDate: '2015-03-10',
    });
    expect(d.title).toBe('Coherent LADAR using intra-pixel quadrature detection');
    expect(d.claims).toHaveLength(20);
    expect(independent(d)).toEqual([1, 9, 11]);
    expect(claim(d, 2)?.dependent_on).toEqual([1]);
    expect(claim(d, 1)?.text.split('\n').slice(0, 2)).toEqual([
      '1. A laser detection and ranging (LADAR) system, comprising:',
      'a two-dimensional array of detector elements, each detector element within the array including:',
    ]);
    expect(d.cpc[0]).toBe('G01S 7/4863');
    expect(d.cpc).toHaveLength(5);
    expect(groups(d.citations)).toEqual({ patents: 2, publications: 2, foreign: 1, npl: 6 });
    expect(categories(d.citations)).toEqual({ examiner: 2, applicant: 9 });
    expect(cited(d, 5)).toEqual({
      seq: 5,
      category: 'applicant',
      categoryDetail: null,
      group: 'foreign',
      country: 'WO',
      number: 'WO 2005/080928',
      kind: 'A1',
      date: '2005-09',
    });
    expect(cited(d, 6)).toMatchObject({
      group: 'npl',
      text: 'Li; \u201cTime-of-Flight Camera\u2014An Introduction\u201d; Texas Instruments White Paper; SLOA190B; Jan. 2014; revised May 2014; 10 pp.',
    });
  });

  it('US08672134B2 (grant v4.4): no CPC, list items in the abstract, pgpub citations', async () => {
    const d = await only(grant('US08672134B2-v44.xml'));
    expect(d).toMatchObject({
      docNumber: '8672134',
      kind: 'B2',
      date: '2014-03-18',
      applicationNumber: '12936568',
      filingDate: '2009-03-31',
    });
    expect(d.title).toBe('Child-resistant medication container');
    expect(d.cpc).toEqual([]);
    expect(d.abstract?.split('\n').slice(0, 2)).toEqual([
      'The child-resistant medication container includes:',
      'a housing having an open end,',
    ]);
    expect(d.claims).toHaveLength(43);
    expect(independent(d)).toEqual([1]);
    expect(groups(d.citations)).toEqual({ patents: 3, publications: 8, foreign: 4, npl: 1 });
    expect(categories(d.citations)).toEqual({ applicant: 8, examiner: 8 });
    expect(cited(d, 4)).toMatchObject({ group: 'publications', number: 'US20040045858A1', name: 'Harrold', date: '2004-03' });
    expect(cited(d, 12)).toEqual({
      seq: 12,
      category: 'applicant',
      categoryDetail: null,
      group: 'foreign',
      country: 'CA',
      number: '2428862',
      kind: 'A1',
      date: '2004-11',
    });
    expect(cited(d, 16)).toMatchObject({
      group: 'npl',
      text: 'International Search Report, dated May 28, 2009, from corresponding PCT application.',
    });
  });

  it('USD0701016S1 (design v4.4): canonical D number, one claim without a number, no abstract', async () => {
    const d = await only(grant('USD0701016S1-v44.xml'));
    expect(d).toMatchObject({
      docNumber: 'D701016',
      kind: 'S1',
      date: '2014-03-18',
      applicationNumber: '29414573',
      filingDate: '2012-02-29',
      abstract: null,
      cpc: [],
    });
    expect(d.title).toBe('Cheese in form of a triangular pyramid');
    expect(d.claims).toEqual([
      { number: 1, text: 'The ornamental design for cheese in form of a triangular pyramid, as shown and described.', dependent_on: [] },
    ]);
    expect(groups(d.citations)).toEqual({ patents: 47, publications: 6, foreign: 3 });
    expect(categories(d.citations)).toEqual({ examiner: 56 });
  });

  it('ipg050104 (grant v4.0, "v40" spelling): references-cited with "cited by other"', async () => {
    const [d] = await documents(grant('ipg050104.excerpt.xml'));
    expect(d).toMatchObject({
      docNumber: '6837520',
      kind: 'B2',
      date: '2005-01-04',
      applicationNumber: '10258197',
      filingDate: '2001-03-31',
      dtdVersion: 'v40 2004-12-02',
    });
    expect(d?.claims).toHaveLength(9);
    expect(d && independent(d)).toEqual([1, 7]);
    expect(d?.claims[1]?.dependent_on).toEqual([1]);
    expect(groups(d?.citations ?? [])).toEqual({ patents: 7, foreign: 7 });
    expect(categories(d?.citations ?? [])).toEqual({ examiner: 10, 'other: cited by other': 4 });
    expect(d && cited(d, 8)).toEqual({
      seq: 8,
      category: 'other',
      categoryDetail: 'cited by other',
      group: 'foreign',
      country: 'DE',
      number: '30 02 900',
      kind: null,
      date: '1980-07',
    });
  });

  it('ipg060103 (grant v4.1): the H1 statutory invention registration', async () => {
    const docs = await documents(grant('ipg060103.excerpt.xml'));
    expect(docs.map((d) => `${d.docNumber} ${d.kind}`)).toEqual(['D513425 S1', 'H2140 H1', '6981431 B2']);
    const d = docs[1] as FullTextDocument;
    expect(d).toMatchObject({
      date: '2006-01-03',
      applicationNumber: '09831579',
      filingDate: '1999-10-22',
      title: 'Bio-oxidation process and apparatus',
      dtdVersion: 'v4.1 2005-08-25',
    });
    expect(d.claims).toHaveLength(15);
    expect(independent(d)).toEqual([1, 8]);
    expect(claim(d, 1)?.text.split('\n')[0]).toBe(
      '1. A process for recovering metals from materials containing them by bio-oxidation comprising;',
    );
    expect(groups(d.citations)).toEqual({ patents: 4, foreign: 6, npl: 5 });
    expect(categories(d.citations)).toEqual({ examiner: 3, 'other: cited by other': 12 });
    expect(cited(d, 5)).toMatchObject({ group: 'foreign', country: 'AU', number: 'A-18524/99', kind: null, date: '1999-09' });
  });

  it('ipg080101 (grant v4.2): the P2 plant patent and a WO citation', async () => {
    const docs = await documents(grant('ipg080101.excerpt.xml'));
    expect(docs.map((d) => `${d.docNumber} ${d.kind}`)).toEqual(['D558629 S1', 'PP18398 P2', '7314120 B2']);
    const plant = docs[1] as FullTextDocument;
    expect(plant).toMatchObject({
      date: '2008-01-01',
      applicationNumber: '11440245',
      filingDate: '2006-05-25',
      title: 'Sedum telephium plant named \u2018Beka\u2019',
      citations: [],
    });
    expect(plant.claims).toEqual([
      {
        number: 1,
        text: '1. A new, distinct Sedum telephium plant as shown and described, characterized by a thin green edge and chartreuse yellow center to the foliage.',
        dependent_on: [],
      },
    ]);
    const utility = docs[2] as FullTextDocument;
    expect(groups(utility.citations)).toEqual({ patents: 8, publications: 1, foreign: 1 });
    expect(cited(utility, 10)).toEqual({
      seq: 10,
      category: 'other',
      categoryDetail: 'cited by other',
      group: 'foreign',
      country: 'WO',
      number: 'WO-96/23722',
      kind: 'A1',
      date: '1996-08',
    });
  });

  it('ipgb20221025 (bibliographic-only grants): documents without claims', async () => {
    const docs = await documents(grant('ipgb20221025.excerpt.xml'));
    expect(docs.map((d) => `${d.docNumber} ${d.kind} ${d.date}`)).toEqual([
      '11617522 B2 2023-04-04',
      'D967598 S1 2022-10-25',
      'PP34694 P2 2022-10-25',
      'RE49257 E1 2022-10-25',
      '11477944 B2 2022-10-25',
    ]);
    expect(docs.every((d) => d.claims.length === 0)).toBe(true);
    expect(docs[3]).toMatchObject({
      applicationNumber: '17096946',
      filingDate: '2020-11-12',
      cpc: expect.arrayContaining(['A63B 21/4035']),
    });
    expect(docs[1]?.cpc).toEqual(['A23L 35/00']);
  });

  it('US20050004437A1 (pgpub v4.0): printed number, limbs on their own lines, no citations', async () => {
    const d = await only(pgpub('US20050004437A1-v40.xml'));
    expect(d).toMatchObject({
      docType: 'publication',
      docNumber: 'US20050004437A1',
      kind: 'A1',
      date: '2005-01-06',
      applicationNumber: '10830857',
      filingDate: '2004-04-23',
      title: 'Simulation device for playful evaluation and display of blood sugar levels',
      dtdVersion: 'v4.0 2004-12-02',
      citations: [],
      cpc: [],
    });
    expect(d.claims).toHaveLength(10);
    expect(independent(d)).toEqual([1]);
    expect(claim(d, 1)?.text).toBe(
      [
        '1. A simulation device for displaying and evaluating blood sugar readings, comprising:',
        'a housing;',
        'a display means; and',
        'a storing, evaluating and controlling unit;',
        'wherein the evaluation is displayed by means of a virtual creature.',
      ].join('\n'),
    );
    expect(claim(d, 2)).toEqual({
      number: 2,
      text: '2. The simulation device as set forth in claim 1, wherein said simulation device has an input device.',
      dependent_on: [1],
    });
  });

  it('US20220160114A2 (pgpub v4.5 republication)', async () => {
    const d = await only(pgpub('US20220160114A2-v45.xml'));
    expect(d).toMatchObject({
      docNumber: 'US20220160114A2',
      kind: 'A2',
      date: '2022-05-26',
      applicationNumber: '17309147',
      filingDate: '2019-11-05',
      title: 'CARRYING CASE WITH PIVOTING HOUSING',
    });
    expect(d.cpc).toEqual(['A45F 3/047', 'A45F 3/02']);
    expect(d.claims).toHaveLength(8);
    expect(independent(d)).toEqual([1]);
    expect(claim(d, 2)?.text).toBe('2. The carrying case as claimed in claim 1, wherein the guide member is a loop.');
  });

  it('US20220240350A1 (pgpub v4.6): a canceled range "1.-18." is eighteen canceled claims, then the claims after it', async () => {
    const d = await only(pgpub('US20220240350A1-v46.xml'));
    expect(d).toMatchObject({
      docNumber: 'US20220240350A1',
      kind: 'A1',
      date: '2022-07-28',
      applicationNumber: '17718024',
      filingDate: '2022-04-11',
      dtdVersion: 'v4.6 2022-02-17',
    });
    expect(d.cpc[0]).toBe('H05B 1/0272');
    // One <claim num="01-18"> placeholder and claims 19–36.
    expect(d.claims).toHaveLength(36);
    expect(d.claims.map((c) => c.number)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(d.claims.slice(0, 18)).toEqual(
      Array.from({ length: 18 }, (_, i) => ({ number: i + 1, text: '1.-18. (Cancelled)', dependent_on: [], canceled: true })),
    );
    expect(d.claims.filter((c) => c.canceled)).toHaveLength(18);
    expect(independent(d)).toEqual([19]);
    expect(claim(d, 20)).toEqual({
      number: 20,
      text: '20. The flexible heater of claim 19, wherein the substrate comprises an inorganic substrate',
      dependent_on: [19],
    });
  });

  it('other pgpubs: A2 v4.4 canceled range, canceled claims, multiple dependency, v4.3 excerpt', async () => {
    const a2 = await only(pgpub('US20150075015A2-v44.xml'));
    expect(a2).toMatchObject({
      docNumber: 'US20150075015A2',
      kind: 'A2',
      date: '2015-03-19',
      applicationNumber: '14266913',
      cpc: ['B26B 21/521'],
    });
    expect(a2.claims).toHaveLength(41);
    expect(a2.claims.filter((c) => c.canceled).map((c) => c.number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(a2.claims[17]).toEqual({ number: 18, text: '1-18. (canceled)', dependent_on: [], canceled: true });
    expect(a2.claims.some((c) => c.number_raw !== undefined)).toBe(false);
    expect(independent(a2)).toEqual([19, 27, 36]);

    const v46 = await only(pgpub('US20230080311A1-v46.xml'));
    expect(v46.claims.filter((c) => c.canceled).map((c) => c.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(independent(v46)).toEqual([20, 27, 36]);

    const v42 = await only(pgpub('US20110039701A1-v42.xml'));
    expect(v42.claims.filter((c) => c.canceled).map((c) => c.number)).toEqual([9, 11, 17]);
    // "… according to claim 1 or a composition according to claim 12 …": two refs.
    expect(claim(v42, 23)?.dependent_on).toEqual([1, 12]);

    const docs = await documents(pgpub('ipa130117.excerpt.xml'));
    expect(docs.map((d) => `${d.docNumber} ${d.date} ${d.dtdVersion}`)).toEqual([
      'US20130014308A1 2013-01-17 v4.3 2012-12-04',
      'US20130014306A1 2013-01-17 v4.3 2012-12-04',
    ]);
  });
});
