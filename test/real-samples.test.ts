import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import type { IngestSummary } from '../src/ingest/ingest-run.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { snapshot } from './helpers/file-wrapper-records.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

/** Real USPTO files live beside the project, never inside it (they are not ours to ship). */
const SAMPLES = join(SAMPLES_DIR, 'file-wrapper-json');
const present = samplesPresent('file-wrapper-json');

/** `/documents` answers with document metadata, not file wrapper records: it must be reported, not loaded. */
const NOT_A_FILE_WRAPPER = '17248024.documents.json';
/** The /assignment answer of an application no sample holds: a partial record with nothing to attach to, reported. */
const NOT_HELD = '15000001.assignment.json';

function sampleFiles(): { full: string[]; partial: string[] } {
  const v1 = readdirSync(join(SAMPLES, 'odp-v1')).map((name) => join(SAMPLES, 'odp-v1', name));
  const full = [...v1.filter((path) => /application|search/.test(basename(path))), join(SAMPLES, 'odp-beta-2024/patentBag.sample.json')];
  // Sub-endpoint answers update an application already held, so they load after the full records.
  const partial = v1.filter((path) => !full.includes(path) && basename(path) !== NOT_A_FILE_WRAPPER);
  return { full, partial };
}

const accumulate = (summary: IngestSummary, events: number, inserted: number) => ({
  events: events + summary.events,
  inserted: inserted + summary.inserted,
});

describe.skipIf(!present)('real ODP file wrapper samples through HTTP', () => {
  let ctx: TestContext;
  let key: string;
  const summaries: IngestSummary[] = [];
  const load = async (path: string, product: 'PTFWPRE' | 'PTFWPRD') =>
    loadFileWrapper(ctx.db, parseFileWrapperFile(path), { product, fileName: basename(path), fileDate: '2026-01-14' });

  beforeAll(async () => {
    ctx = await createTestApp();
    const { full, partial } = sampleFiles();
    for (const path of full) summaries.push(await load(path, 'PTFWPRE'));
    for (const path of partial) summaries.push(await load(path, 'PTFWPRD'));
    key = (await fundedKey(ctx, 'samples@example.com', 1000)).apiKey;
  });
  afterAll(async () => ctx?.close());

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  it('loads every record of every file without a rejection', () => {
    expect(summaries.length).toBeGreaterThanOrEqual(10);
    for (const summary of summaries)
      expect({ file: summary.fileName, rejected: summary.rejected, reasons: summary.rejects.reasons }).toEqual({
        file: summary.fileName,
        ...(summary.fileName === NOT_HELD
          ? { rejected: 1, reasons: { 'partial record for an application not held:': 1 } }
          : { rejected: 0, reasons: {} }),
      });
    const applications = summaries.reduce((n, s) => n + s.inserted, 0);
    expect(applications).toBe(7);
  });

  it('reports the /documents answer as something it cannot load, never silently', async () => {
    const summary = await load(join(SAMPLES, 'odp-v1', NOT_A_FILE_WRAPPER), 'PTFWPRD');
    expect(summary.read).toBe(0);
    expect(summary.rejected).toBe(1);
    expect(Object.keys(summary.rejects.reasons)).toEqual(['unreadable applicationNumberText: (absent); object keys: count, documentBag']);
  });

  it('serves 17248024 as the office reports it', async () => {
    const body = await get('/v1/applications/17/248,024');
    expect(body).toMatchObject({
      status: { code: 150, description: 'Patented Case', category: 'granted' },
      patent_number: '11646472',
      grant_date: '2023-05-09',
      publication_number: 'US20210210819A1',
      title: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
      applicant_name: 'PolyPlus Battery Company',
      examiner_name: 'DOVE, TRACY MAE',
      art_unit: '1727',
      entity_status: 'undiscounted',
      pta_days: 304,
      counts: { transactions: 61, parents: 12, children: 0 },
    });
    expect(body.cpc[0]).toBe('H01M 50/46');
    const parents = body.continuity.parents.map(
      (p: { application_number: string; child_application_number: string; relationship: string }) => [
        p.application_number,
        p.child_application_number,
        p.relationship,
      ],
    );
    expect(parents.slice(0, 2)).toEqual([
      ['16695054', '17248024', 'CON'],
      ['15487364', '16695054', 'CON'],
    ]);
    expect(parents).toContainEqual(['60548231', '10824944', 'PRO']);
    expect(body.continuity.parents[0]).toMatchObject({
      patent_number: '10916753',
      filing_date: '2019-11-25',
      status: { code: 250, category: 'expired' },
    });
  });

  it('keeps the applicant and the inventors of 17248024 after its sub-endpoint answers', async () => {
    const parties = await ctx.db.query(
      `SELECT role, seq, name, city, region, country FROM application_parties WHERE application_number = '17248024' ORDER BY role, seq`,
    );
    expect(parties.rows.map((p) => Object.values(p).join('|'))).toEqual([
      'applicant|0|PolyPlus Battery Company|Berkeley|CA|US',
      'inventor|0|Steven J. Visco|Berkeley|CA|US',
      'inventor|1|Bruce D. Katz|Moraga|CA|US',
      'inventor|2|Yevgeniy S. Nimon|Danville|CA|US',
      'inventor|3|Lutgard C. De Jonghe|Lafayette|CA|US',
    ]);
  });

  it('serves its transactions newest first, the same whether loaded whole or from /transactions', async () => {
    const body = await get('/v1/applications/17248024/transactions?limit=1000');
    expect(body.transactions).toHaveLength(61);
    expect(body.transactions[0]).toEqual({ date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification', event_type: null });
    expect(body.transactions.at(-1).date <= body.transactions[0].date).toBe(true);
  });

  it('finds 16123456 by its patent and lists its divisional child', async () => {
    const body = await get('/v1/patents/10902286');
    expect(body).toMatchObject({
      application_number: '16123456',
      grant_date: '2021-01-26',
      examiner_name: 'SABOURI, MAZDA',
      art_unit: '2641',
      publication_number: 'US20190095759A1',
      counts: { transactions: 58, children: 1 },
    });
    expect(body.continuity.children).toEqual([
      {
        application_number: '17130468',
        parent_application_number: '16123456',
        relationship: 'DIV',
        relationship_description: 'is a Division of',
        filing_date: '2020-12-22',
        patent_number: '11797846',
        status: { code: 150, description: 'Patented Case', category: 'granted' },
      },
    ]);
    expect((await get('/v1/publications/2019%2F0095759')).application_number).toBe('16123456');
  });

  it('keeps the undocketed placeholders of a new case', async () => {
    expect(await get('/v1/applications/18597857')).toMatchObject({
      status: { code: 30, category: 'pending' },
      examiner_name: 'CENTRAL, DOCKET',
      art_unit: 'OPAP',
      entity_status: 'small',
      counts: { transactions: 24 },
    });
  });

  it('maps the 2024 beta records: abandoned, PCT, reexam and Hague design', async () => {
    expect(await get('/v1/applications/15123456')).toMatchObject({
      status: { code: 161, description: 'Abandoned  --  Failure to Respond to an Office Action', category: 'abandoned' },
      art_unit: '3775',
      entity_status: 'small',
    });
    expect(await get('/v1/applications/90019500')).toMatchObject({ status: { code: 412, category: 'other' }, art_unit: '3992' });
    expect(await get('/v1/applications/35520496')).toMatchObject({ status: { code: 30, category: 'pending' }, application_type: 'DES' });
    const pct = await ctx.db.query(
      `SELECT application_number, status_code, application_type FROM applications WHERE application_number LIKE 'PCT%'`,
    );
    expect(pct.rows).toEqual([{ application_number: 'PCT/US2007/019317', status_code: 218, application_type: 'PCT' }]);
    // As old documents print it: a two-digit year and a five-digit serial.
    expect(await get('/v1/applications/PCT%2FUS07%2F19317')).toMatchObject({
      application_number: 'PCT/US2007/019317',
      application_type: 'PCT',
      status: { code: 218 },
    });
  });

  it('changes nothing when every file is loaded again', async () => {
    const before = await snapshot(ctx.db);
    const { full, partial } = sampleFiles();
    let events = 0;
    let inserted = 0;
    for (const path of full) ({ events, inserted } = accumulate(await load(path, 'PTFWPRE'), events, inserted));
    for (const path of partial) ({ events, inserted } = accumulate(await load(path, 'PTFWPRD'), events, inserted));
    expect({ events, inserted }).toEqual({ events: 0, inserted: 0 });
    expect(await snapshot(ctx.db)).toEqual(before);
  });
});
