import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { eventId } from '../src/domain/events.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import type { DocumentParty, FullTextDocument, FullTextItem } from '../src/products/full-text/document.js';
import { loadFullText } from '../src/products/full-text/load.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { backfile, itemsOf } from './helpers/file-wrapper-records.js';
import { documentItems, grantDoc, publicationDoc } from './helpers/full-text-documents.js';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // 16695054 (patent 10916753), 17248024 (patent 11646472, publication US20210210819A1), 18000001 (pending, published).
  await loadFileWrapper(db, itemsOf(backfile()), { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-11-18' });
});
afterAll(async () => database.drop());

const loadGrants = (documents: FullTextDocument[], fileDate: string, extra: FullTextItem[] = []) =>
  loadFullText(
    db,
    (async function* () {
      yield* documentItems(documents);
      yield* extra;
    })(),
    { product: 'PTGRXML', fileName: `ipg${fileDate.slice(2).replace(/-/g, '')}.xml`, fileDate, batchSize: 2 },
  );

async function tables() {
  const documents = await db.query(
    `SELECT doc_number, kind, cpc, s.cpc_levels, c.claims, content_hash
     FROM documents JOIN document_search s USING (doc_number) JOIN document_claims c USING (doc_number) ORDER BY doc_number`,
  );
  const citations = await db.query(`SELECT * FROM citations ORDER BY citing_number, position`);
  const events = await db.query(`SELECT event_id, event_type, application_number, patent_number, detail FROM events ORDER BY event_id`);
  return { documents: documents.rows, citations: citations.rows, events: events.rows };
}

const week1 = [
  grantDoc('10916753', { applicationNumber: '16695054', date: '2021-02-09', cpc: ['H01M 50/46'] }),
  grantDoc('11646472', {
    applicationNumber: '17248024',
    date: '2023-05-09',
    citations: [
      {
        group: 'patents',
        seq: 1,
        number: '10916753',
        kind: 'B2',
        name: 'Smith',
        date: '2021-02',
        category: 'applicant',
        categoryDetail: null,
      },
    ],
  }),
  grantDoc('11999999', { applicationNumber: '99999999', date: '2023-05-09' }),
];

describe('loading weekly full text', () => {
  it('records documents, citations, CPC levels and skipped roots; the first file of a product records no events', async () => {
    const summary = await loadGrants(week1, '2023-05-09', [
      { kind: 'skipped', root: 'sequence-cwu', position: { member: null, index: 3 } },
      { kind: 'reject', reason: 'grant without a readable patent number "X"', position: { member: null, index: 4 }, excerpt: '<x/>' },
    ]);
    expect(summary).toMatchObject({ read: 3, inserted: 3, updated: 0, unchanged: 0, rejected: 1, events: 0 });
    expect(summary.skipped).toEqual({ 'document of root <sequence-cwu>': 1 });
    expect(summary.rejects.reasons).toEqual({ 'grant without a readable patent number': 1 });
    const run = await db.query(`SELECT outcome, skipped FROM ingest_runs WHERE run_id = $1`, [summary.runId]);
    expect(run.rows[0]).toEqual({ outcome: 'succeeded', skipped: { 'document of root <sequence-cwu>': 1 } });
    const { documents, citations, events } = await tables();
    expect(documents.map((d) => d.doc_number)).toEqual(['10916753', '11646472', '11999999']);
    expect(documents[0]!.cpc_levels).toEqual(['H', 'H01', 'H01M', 'H01M50/', 'H01M50/46']);
    expect(citations).toEqual([
      expect.objectContaining({
        citing_number: '11646472',
        position: 1,
        cited_group: 'patents',
        cited_number: '10916753',
        cited_date: '2021-02',
      }),
    ]);
    expect(events).toEqual([]);
  });

  it('re-ingesting the same file changes nothing', async () => {
    const before = await tables();
    const summary = await loadGrants(week1, '2023-05-09');
    expect(summary).toMatchObject({ read: 3, inserted: 0, updated: 0, unchanged: 3, events: 0 });
    expect(await tables()).toEqual(before);
  });

  it('records grant and publication events for new documents of known applications only', async () => {
    // 18000001 is pending in the file wrapper: its grant is news. 17248024's first publication
    // is already known from the file wrapper; its republication (A2) is news.
    const grant = grantDoc('12000001', { applicationNumber: '18000001', date: '2024-06-04' });
    const stranger = grantDoc('12000002', { applicationNumber: '88888888', date: '2024-06-04' });
    const summary = await loadGrants([grant, stranger], '2024-06-04');
    expect(summary).toMatchObject({ inserted: 2, events: 1 });
    const publications = await loadFullText(
      db,
      documentItems([
        publicationDoc('US20210210819A1', { applicationNumber: '17248024', date: '2021-07-08' }),
        publicationDoc('US20210210819A2', { applicationNumber: '17248024', date: '2021-09-02' }),
      ]),
      { product: 'APPXML', fileName: 'ipa210902.xml', fileDate: '2021-09-02' },
    );
    // The first file of APPXML records state only.
    expect(publications.events).toBe(0);
    const later = await loadFullText(
      db,
      documentItems([publicationDoc('US20230080435A2', { applicationNumber: '18000001', date: '2023-06-01' })]),
      {
        product: 'APPXML',
        fileName: 'ipa230601.xml',
        fileDate: '2023-06-01',
      },
    );
    expect(later.events).toBe(1);
    const { events } = await tables();
    expect(events).toEqual(
      expect.arrayContaining([
        {
          event_id: eventId('grant', '18000001', '2024-06-04', '12000001'),
          event_type: 'grant',
          application_number: '18000001',
          patent_number: '12000001',
          detail: { patent_number: '12000001' },
        },
        {
          event_id: eventId('publication', '18000001', '2023-06-01', 'US20230080435A2'),
          event_type: 'publication',
          application_number: '18000001',
          patent_number: null,
          detail: { publication_number: 'US20230080435A2' },
        },
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('replaces a changed document and its citations', async () => {
    const changed = grantDoc('11646472', { applicationNumber: '17248024', date: '2023-05-09', title: 'Corrected title', citations: [] });
    const summary = await loadGrants([changed], '2023-05-09');
    expect(summary).toMatchObject({ inserted: 0, updated: 1 });
    const rows = await db.query(`SELECT count(*)::int AS n FROM citations WHERE citing_number = '11646472'`);
    expect(rows.rows[0]).toEqual({ n: 0 });
    // The search row follows: the new title's words are searched, the old one's no more.
    const words = await db.query<{ title_words: boolean; date: string }>(
      `SELECT search @@ to_tsquery('english', 'corrected') AS title_words, date::text FROM document_search WHERE doc_number = '11646472'`,
    );
    expect(words.rows).toEqual([{ title_words: true, date: '2023-05-09' }]);
  });

  it('keeps committed batches and marks the run failed when reading breaks midway', async () => {
    async function* broken(): AsyncGenerator<FullTextItem> {
      // Two documents fill the first batch; the third one's batch never commits.
      yield* documentItems([grantDoc('12100001'), grantDoc('12100002'), grantDoc('12100003')]);
      throw new Error('disk read failed');
    }
    await expect(
      loadFullText(db, broken(), { product: 'PTGRXML', fileName: 'ipg240611.xml', fileDate: '2024-06-11', batchSize: 2 }),
    ).rejects.toThrow('disk read failed');
    const run = await db.query(`SELECT outcome, inserted FROM ingest_runs WHERE file_name = 'ipg240611.xml'`);
    expect(run.rows[0]).toEqual({ outcome: 'failed', inserted: 2 });
    const kept = await db.query(`SELECT doc_number FROM documents WHERE doc_number LIKE '121000%' ORDER BY 1`);
    expect(kept.rows.map((r) => r.doc_number)).toEqual(['12100001', '12100002']);
  });
});

describe('document parties', () => {
  const person = (role: DocumentParty['role'], seq: number, first: string, last: string, city: string): DocumentParty => ({
    role,
    seq,
    name: `${first} ${last}`,
    lastName: last,
    firstName: first,
    middleName: null,
    city,
    region: 'CA',
    country: 'US',
  });
  const company: DocumentParty = {
    role: 'applicant',
    seq: 0,
    name: 'PolyPlus Battery Company',
    lastName: null,
    firstName: null,
    middleName: null,
    city: 'Berkeley',
    region: 'CA',
    country: 'US',
  };
  const parties = [
    company,
    person('inventor', 0, 'Steven J.', 'Visco', 'Berkeley'),
    person('inventor', 1, 'Bruce D.', 'Katz', 'Moraga'),
    { ...company, role: 'assignee' as const },
  ];
  // An application the file wrapper does not hold: no events, so the tests above keep their counts.
  const document = grantDoc('12200001', { applicationNumber: '99999998', date: '2024-06-18', parties });
  const stored = async () =>
    (
      await db.query(
        `SELECT doc_number, application_number, role, seq, name, last_name, first_name, middle_name, city, region, country, entity_id
         FROM document_parties WHERE doc_number = $1 ORDER BY role, seq`,
        ['12200001'],
      )
    ).rows;

  it('stores every party of a loaded document with the document application number, unresolved', async () => {
    expect(await loadGrants([document], '2024-06-18')).toMatchObject({ inserted: 1, rejected: 0 });
    const row = { doc_number: '12200001', application_number: '99999998', middle_name: null, region: 'CA', country: 'US', entity_id: null };
    expect(await stored()).toEqual([
      { ...row, role: 'applicant', seq: 0, name: 'PolyPlus Battery Company', last_name: null, first_name: null, city: 'Berkeley' },
      { ...row, role: 'assignee', seq: 0, name: 'PolyPlus Battery Company', last_name: null, first_name: null, city: 'Berkeley' },
      { ...row, role: 'inventor', seq: 0, name: 'Steven J. Visco', last_name: 'Visco', first_name: 'Steven J.', city: 'Berkeley' },
      { ...row, role: 'inventor', seq: 1, name: 'Bruce D. Katz', last_name: 'Katz', first_name: 'Bruce D.', city: 'Moraga' },
    ]);
  });

  it('a reload of the same document writes nothing', async () => {
    const before = { parties: await stored(), tables: await tables() };
    expect(await loadGrants([document], '2024-06-18')).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect({ parties: await stored(), tables: await tables() }).toEqual(before);
  });

  it('a changed party list rewrites the document and replaces its parties whole', async () => {
    const hash = async () => (await db.query(`SELECT content_hash FROM documents WHERE doc_number = '12200001'`)).rows[0];
    const before = await hash();
    const changed = { ...document, parties: [parties[0]!, { ...parties[2]!, seq: 0 }] };
    expect(await loadGrants([changed], '2024-06-18')).toMatchObject({ inserted: 0, updated: 1 });
    expect(await hash()).not.toEqual(before);
    expect((await stored()).map((r) => [r.role, r.seq, r.name])).toEqual([
      ['applicant', 0, 'PolyPlus Battery Company'],
      ['inventor', 0, 'Bruce D. Katz'],
    ]);
  });
});
