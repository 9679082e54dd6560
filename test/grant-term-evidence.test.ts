import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import type { GrantRelation } from '../src/products/full-text/document.js';
import { loadFullText } from '../src/products/full-text/load.js';
import type { IngestSummary } from '../src/ingest/ingest-run.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { documentItems, grantDoc, publicationDoc } from './helpers/full-text-documents.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

// The grants' term facts and related documents through the loader into grant_terms and
// grant_relations: the real samples (values read off the XML in
// src/products/grants/term-evidence.samples.test.ts), a reload that changes nothing, and a changed
// grant whose rows are replaced whole.

const present = samplesPresent('grant-xml');
const grantFiles = () =>
  readdirSync(join(SAMPLES_DIR, 'grant-xml'))
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => join(SAMPLES_DIR, 'grant-xml', name));

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database?.drop());

async function tables() {
  const terms = await db.query(`SELECT * FROM grant_terms ORDER BY doc_number COLLATE "C"`);
  const relations = await db.query<{
    doc_number: string;
    seq: number;
    relation: string;
    parent_number: string;
    child_number: string | null;
  }>(`SELECT * FROM grant_relations ORDER BY doc_number COLLATE "C", seq`);
  return { terms: terms.rows, relations: relations.rows };
}

const ingestAll = async (): Promise<IngestSummary[]> => {
  const out: IngestSummary[] = [];
  for (const path of grantFiles()) out.push(await ingestFile(db, productNamed('grants')!, path));
  return out;
};

describe.skipIf(!present)('grant term evidence of the real samples in the database', () => {
  let first: Awaited<ReturnType<typeof tables>>;

  beforeAll(async () => {
    const summaries = await ingestAll();
    expect(summaries.map((s) => [s.fileName, s.rejected])).toEqual(summaries.map((s) => [s.fileName, 0]));
    first = await tables();
  });

  it('stores one grant_terms row per grant that prints a term fact or PCT data', () => {
    const row = (
      doc: string,
      days: number | null,
      years: number | null,
      pct: [string, string, string] | null = null,
      disclaimer = null as string | null,
    ) => ({
      doc_number: doc,
      term_extension_days: days,
      length_of_grant: years,
      disclaimer,
      pct_number: pct?.[0] ?? null,
      pct_filing_date: pct?.[1] ?? null,
      pct_371_date: pct?.[2] ?? null,
    });
    // Not here: PP18398, 7314120 and 8418361 (no term, no PCT), 11477944 (no term, no PCT).
    expect(first.terms).toEqual([
      row('10000000', 430, null),
      row('11617522', 765, null),
      row('11646472', 304, null),
      row('6837520', 33, null, ['PCT/EP2001/003690', '2001-03-31', '2002-10-18']),
      row('6837536', 5, null),
      row('6981431', 97, null),
      row('8419845', 11, null),
      row('8672134', 476, null, ['PCT/IB2009/005131', '2009-03-31', '2010-12-03']),
      row('9358892', 28, null),
      row('D513425', null, 14),
      row('D558629', null, 14),
      row('D680199', null, 14),
      row('D701016', null, 14),
      row('D967598', null, 15),
      row('H2140', null, null, ['PCT/AU1999/000917', '1999-10-22', '2002-07-02']),
      row('PP34694', null, null, null, 'This patent is subject to a terminal disclaimer.'),
      row('RE49257', null, null, ['PCT/CA2016/050609', '2016-05-30', '2017-11-28']),
    ]);
  });

  it('stores every link in printed order, found by the original patent of a reissue', async () => {
    const brief = first.relations.map((r) => `${r.doc_number} ${r.seq} ${r.relation} ${r.parent_number} ${r.child_number}`);
    expect(brief.filter((r) => !r.startsWith('11646472 '))).toEqual([
      '11477944 1 PRO 63166721 null',
      '7314120 1 CON PCT/FI2004/000279 11355099',
      '8418361 1 DIV 12213975 13299685',
      'D701016 1 DIV 29363465 29414573',
      'PP34694 1 CON 17319954 17571093',
      'RE49257 1 REI 15577437 17096946',
      'RE49257 2 PRO 62167931 null',
    ]);
    expect(brief.filter((r) => r.startsWith('11646472 '))).toHaveLength(12);
    expect(first.relations.find((r) => r.doc_number === '8418361')).toEqual({
      doc_number: '8418361',
      seq: 1,
      relation: 'DIV',
      parent_number: '12213975',
      parent_filing_date: '2008-06-26',
      parent_status: 'ABANDONED',
      parent_patent_number: null,
      parent_patent_date: null,
      child_number: '13299685',
    });
    const { rows } = await db.query(
      `SELECT doc_number, parent_number, parent_filing_date, parent_status, parent_patent_date FROM grant_relations WHERE parent_patent_number = $1`,
      ['10124207'],
    );
    expect(rows).toEqual([
      {
        doc_number: 'RE49257',
        parent_number: '15577437',
        parent_filing_date: '2016-05-30',
        parent_status: 'GRANTED',
        parent_patent_date: '2018-11-13',
      },
    ]);
  });

  it('a reload of the same files writes nothing and changes nothing', async () => {
    const again = await ingestAll();
    expect(again.map((s) => [s.inserted, s.updated])).toEqual(again.map(() => [0, 0]));
    expect(again.reduce((n, s) => n + s.unchanged, 0)).toBe(21);
    expect(await tables()).toEqual(first);
  });
});

describe('grant term evidence rows follow their grant', () => {
  const load = (documents: Parameters<typeof documentItems>[0], fileDate: string) =>
    loadFullText(db, documentItems(documents), { product: 'PTGRXML', fileName: `ipg${fileDate.slice(2).replace(/-/g, '')}.xml`, fileDate });
  const con = (parent: string, child: string): GrantRelation => ({
    relation: 'CON',
    parentNumber: parent,
    parentFilingDate: '2019-01-02',
    parentStatus: 'PENDING',
    parentPatentNumber: null,
    parentPatentDate: null,
    childNumber: child,
  });
  const rowsOf = async (doc: string) => ({
    terms: (await db.query(`SELECT term_extension_days, disclaimer FROM grant_terms WHERE doc_number = $1`, [doc])).rows,
    relations: (await db.query(`SELECT seq, parent_number FROM grant_relations WHERE doc_number = $1 ORDER BY seq`, [doc])).rows,
  });

  it('are replaced whole when the grant changes, removed when it no longer prints them, and never written for publications', async () => {
    const term = { extensionDays: 200, lengthOfGrant: null, disclaimer: 'This patent is subject to a terminal disclaimer.' };
    await load(
      [
        grantDoc('19000001', {
          applicationNumber: '18000002',
          term,
          relations: [con('17000001', '18000002'), con('16000001', '17000001')],
        }),
      ],
      '2030-01-01',
    );
    expect(await rowsOf('19000001')).toEqual({
      terms: [{ term_extension_days: 200, disclaimer: 'This patent is subject to a terminal disclaimer.' }],
      relations: [
        { seq: 1, parent_number: '17000001' },
        { seq: 2, parent_number: '16000001' },
      ],
    });

    const corrected = await load(
      [
        grantDoc('19000001', {
          applicationNumber: '18000002',
          term: { ...term, disclaimer: null },
          relations: [con('17000009', '18000002')],
        }),
      ],
      '2030-01-08',
    );
    expect(corrected).toMatchObject({ inserted: 0, updated: 1 });
    expect(await rowsOf('19000001')).toEqual({
      terms: [{ term_extension_days: 200, disclaimer: null }],
      relations: [{ seq: 1, parent_number: '17000009' }],
    });

    await load([grantDoc('19000001', { applicationNumber: '18000002', term: null, relations: [] })], '2030-01-15');
    expect(await rowsOf('19000001')).toEqual({ terms: [], relations: [] });

    await loadFullText(db, documentItems([publicationDoc('US20300000001A1', { term, relations: [con('17000001', '18000002')] })]), {
      product: 'APPXML',
      fileName: 'ipa300103.xml',
      fileDate: '2030-01-03',
    });
    expect(await rowsOf('US20300000001A1')).toEqual({ terms: [], relations: [] });
  });
});
