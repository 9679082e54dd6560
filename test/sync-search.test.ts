import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../src/commands/sync.js';
import type { SyncConfig } from '../src/config.js';
import { listEventsAfter } from '../src/db/events.sql.js';
import { addDays } from '../src/domain/dates.js';
import { registry } from '../src/metrics.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { createTestApp, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { recordedRetry } from './helpers/recorded-retry.js';
import { PortalStandIn } from './helpers/portal-stand-in.js';
import type { SearchRecord, SearchStream } from './helpers/portal-search-stand-in.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

/**
 * `patent-status sync` of PTAB trials and office actions through the portal's search APIs,
 * against the local stand-in (helpers/portal-search-stand-in.ts) answering in the captured
 * shapes with records taken from the real samples. The tests run in order on one database: each
 * sync starts where the one before left the watermarks. Waits are recorded, not slept.
 */
const KEY = 'stand-in-key';
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) => addDays(TODAY, offset);
const stamp = (offset: number, time = '10:00:00') => `${day(offset)}T${time}`;
const PTAB_V1 = join(SAMPLES_DIR, 'ptab-json/odp-v1');
const OA_V1 = join(SAMPLES_DIR, 'office-actions/odp-v1');

let ctx: TestContext;
let portal: PortalStandIn;
let dir: string;
const { policy: RETRY, waits } = recordedRetry();

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const bag = (path: string, key: string) => json(path)[key] as SearchRecord[];
const docs = (path: string) => (json(path).response as { docs: SearchRecord[] }).docs;

/** The real IPR2025-01319 proceeding (patent 11703443) as trial `trialNumber`, stamped `modified`. */
function proceeding(trialNumber: string, modified: string, status = 'Pending'): SearchRecord {
  const [record] = bag(join(PTAB_V1, 'trials-proceedings.IPR2025-01319.json'), 'patentTrialProceedingDataBag');
  const meta = record!.trialMetaData as Record<string, unknown>;
  return { ...record, trialNumber, lastModifiedDateTime: modified, trialMetaData: { ...meta, trialStatusCategory: status } };
}

/** The real Director's decision of IPR2025-01319, as document `documentIdentifier` of `trialNumber`. */
function decision(trialNumber: string, documentIdentifier: string, modified: string, title?: string): SearchRecord {
  const [record] = bag(join(PTAB_V1, 'trials-decisions.IPR2025-01319.json'), 'patentTrialDocumentDataBag');
  const data = record!.documentData as Record<string, unknown>;
  return {
    ...record,
    trialNumber,
    lastModifiedDateTime: modified,
    documentData: { ...data, documentIdentifier, ...(title ? { documentTitleText: title } : {}) },
  };
}

/** A real office-action record re-stamped (`createDateTime`), under its own id when given. */
const restamped = (record: SearchRecord, created: string, id?: string): SearchRecord => ({
  ...record,
  createDateTime: created,
  ...(id ? { id, obsoleteDocumentIdentifier: [id.slice(0, 15).toUpperCase()] } : {}),
});

const syncConfig = (): SyncConfig => ({
  usptoApiKey: KEY,
  usptoApiBaseUrl: portal.url,
  time: '03:30',
  downloadDir: join(dir, 'downloads'),
  searchIntervalMs: 0,
});

async function sync(args: string[]) {
  const lines: string[] = [];
  const outcomes = await runSync(ctx.db, syncConfig(), args, { line: (text) => void lines.push(text), progress: null }, { retry: RETRY });
  return { outcomes, lines };
}

/** What each search of the outcome did: [search, pages, records, inserted, updated, unchanged, watermark]. */
const searchesOf = (outcome: Awaited<ReturnType<typeof sync>>['outcomes'][number]) =>
  outcome.searches.map((s) => [s.search, s.pages, s.records, s.summary?.inserted, s.summary?.updated, s.summary?.unchanged, s.watermark]);

async function watermarks(product: string) {
  const { rows } = await ctx.db.query<{ search: string; watermark: string | null; resume_from: string | null }>(
    `SELECT search, watermark::text AS watermark, resume_from::text AS resume_from FROM sync_watermarks WHERE product = $1 ORDER BY search`,
    [product],
  );
  return Object.fromEntries(rows.map((row) => [row.search, [row.watermark, row.resume_from]]));
}

const requestsOf = (stream: SearchStream) => portal.search.searchRequests(stream);
const ptabEvents = async () => (await listEventsAfter(ctx.db, 0, 1000)).filter((e) => e.event_type.startsWith('ptab_'));

beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'sync-search-'));
  portal = new PortalStandIn(KEY, []);
  await portal.start();
  // The challenged patent's application is held, so its trials and decisions are news once the history is in.
  await loadFileWrapper(ctx.db, itemsOf([fullRecord('17980669', { patentNumber: '11703443', grantDate: '2023-07-18' })]), {
    product: 'PTFWPRD',
    fileName: 'daily.json',
    fileDate: day(-30),
  });
});

afterAll(async () => {
  await portal.close();
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!samplesPresent('ptab-json') || !samplesPresent('office-actions'))('sync through the portal search APIs', () => {
  it('pages through a first sync of PTAB: 130 proceedings in pages of 100 and a decision, one request at a time', async () => {
    for (let n = 1; n <= 130; n += 1) portal.search.put('PTAB/proceedings', proceeding(`IPR2026-${String(n).padStart(5, '0')}`, stamp(-1)));
    portal.search.put('PTAB/decisions', decision('IPR2025-01319', '171242096', stamp(-1)));
    portal.search.delayMs = 5;
    const { outcomes, lines } = await sync(['--products', 'PTAB']);
    portal.search.delayMs = 0;
    expect(outcomes.map((o) => [o.product, o.outcome])).toEqual([['PTAB', 'synced']]);
    // A first sync asks the overlap's 2 days back from today, one range of 3 days.
    expect(lines).toContain(`PTAB proceedings: first sync, from ${day(-2)} (give --since YYYY-MM-DD to load the history before it)`);
    // 130 proceedings: a page of 100, a page of 30 (offset 100 + 30 = count 130 ends the range).
    expect(searchesOf(outcomes[0]!)).toEqual([
      ['proceedings', 2, 130, 130, 0, 0, TODAY],
      ['decisions', 1, 1, 1, 0, 0, TODAY],
    ]);
    expect(requestsOf('PTAB/proceedings').map((r) => r.body)).toEqual(
      [0, 100].map((offset) => ({
        rangeFilters: [{ field: 'lastModifiedDateTime', valueFrom: day(-2), valueTo: TODAY }],
        sort: [{ field: 'lastModifiedDateTime', order: 'asc' }],
        pagination: { offset, limit: 100 },
      })),
    );
    expect(portal.search.concurrentRejected).toBe(0);
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ptab_proceedings`);
    expect(rows[0]!.n).toBe(131);
    // The first load of PTAB is its history: no events.
    expect(await ptabEvents()).toEqual([]);
    expect(await watermarks('PTAB')).toEqual({ decisions: [TODAY, null], proceedings: [TODAY, null] });
  });

  it('fetches nothing new on a second run: the overlap asked again, every record unchanged', async () => {
    const before = requestsOf('PTAB/proceedings').length;
    const { outcomes } = await sync(['--products', 'PTAB']);
    expect(searchesOf(outcomes[0]!)).toEqual([
      ['proceedings', 2, 130, 0, 0, 130, TODAY],
      ['decisions', 1, 1, 0, 0, 1, TODAY],
    ]);
    // From 2 days before the watermark (today).
    expect(requestsOf('PTAB/proceedings').slice(before)[0]!.body).toMatchObject({
      rangeFilters: [{ field: 'lastModifiedDateTime', valueFrom: day(-2), valueTo: TODAY }],
    });
    expect(await ptabEvents()).toEqual([]);
  });

  it('keeps the newest of a record modified twice and announces it once', async () => {
    portal.search.put('PTAB/decisions', decision('IPR2026-00001', '900000001', stamp(0, '08:00:00'), 'Decision Granting Institution'));
    portal.search.put('PTAB/proceedings', proceeding('IPR2026-00001', stamp(0, '08:00:00'), 'Trial Instituted'));
    await sync(['--products', 'PTAB']);
    // The office edits the decision again the same day: the newer copy replaces the older.
    portal.search.put(
      'PTAB/decisions',
      decision('IPR2026-00001', '900000001', stamp(0, '11:30:00'), 'Decision Granting Institution (corrected)'),
    );
    const { outcomes } = await sync(['--products', 'PTAB']);
    expect(searchesOf(outcomes[0]!)[1]).toEqual(['decisions', 1, 2, 0, 1, 1, TODAY]);
    const { rows } = await ctx.db.query<{ title: string; status: string }>(
      `SELECT d.title, t.status FROM ptab_decisions d JOIN ptab_proceedings t USING (trial_number) WHERE d.document_id = '900000001'`,
    );
    expect(rows).toEqual([{ title: 'Decision Granting Institution (corrected)', status: 'Trial Instituted' }]);
    expect((await ptabEvents()).map((e) => [e.event_type, e.application_number, e.detail])).toEqual([
      ['ptab_decision', '17980669', expect.objectContaining({ trial_number: 'IPR2026-00001' })],
    ]);
  });

  it('stops cleanly on the weekly quota mid-run, and the next run resumes where it stopped', async () => {
    const [text] = docs(join(OA_V1, 'oa_actions.17248024.sorted-keys.json'));
    const [rejection] = docs(join(OA_V1, 'oa_rejections.12190351.sorted-keys.json'));
    const [citation] = docs(join(OA_V1, 'oa_citations.16123456.sorted-keys.json'));
    portal.search.put('OA/oa_actions', restamped(text!, stamp(-18)));
    portal.search.put('OA/oa_rejections', restamped(rejection!, stamp(-18)));
    portal.search.put('OA/oa_citations', restamped(citation!, stamp(-3)));
    // Office actions from 20 days back, one day a range: 21 ranges a search. The quota lets 5 answers through.
    portal.search.quota(5);
    const first = await sync(['--products', 'OA', '--since', day(-20)]);
    expect(first.outcomes[0]!.outcome).toBe('paused');
    expect(first.outcomes[0]!.reason).toMatch(
      new RegExp(
        `^the portal refused more requests \\(429 Too Many Requests: Weekly quota exceeded.*\\); the next sync resumes oa_actions from ${day(-16)}$`,
      ),
    );
    // Days -20..-16 loaded (the text of day -18 among them); the searches not reached keep the asked start.
    expect(searchesOf(first.outcomes[0]!)).toEqual([['oa_actions', 5, 1, 1, 0, 0, day(-16)]]);
    expect(await watermarks('OA')).toEqual({
      oa_actions: [day(-16), null],
      oa_citations: [null, day(-20)],
      oa_rejections: [null, day(-20)],
    });
    portal.search.quota(null);
    const before = requestsOf('OA/oa_rejections').length;
    const second = await sync(['--products', 'OA']);
    expect(second.outcomes[0]!.outcome).toBe('synced');
    // oa_actions from its watermark less 10 days; the others from the start the first run asked.
    expect(second.outcomes[0]!.searches.map((s) => [s.search, s.range.from, s.watermark])).toEqual([
      ['oa_actions', day(-26), TODAY],
      ['oa_rejections', day(-20), TODAY],
      ['oa_citations', day(-20), TODAY],
    ]);
    expect(String((requestsOf('OA/oa_rejections')[before]!.body as { criteria: string }).criteria)).toBe(
      `createDateTime:[${day(-20)}T00:00:00 TO ${day(-20)}T23:59:59]`,
    );
    // oa_actions' days up to -17 were loaded whole by the first run: each asked for its count
    // alone (a one-record page), unchanged, so the text of day -18 is not asked for again.
    expect(searchesOf(second.outcomes[0]!).map(([search, , records, inserted]) => [search, records, inserted])).toEqual([
      ['oa_actions', 0, 0],
      ['oa_rejections', 1, 1],
      ['oa_citations', 1, 1],
    ]);
  });

  it('loads an office-action text stamped before the watermark when it shows up inside the overlap', async () => {
    const [, late] = docs(join(OA_V1, 'oa_actions.17248024.sorted-keys.json'));
    // Stamped 4 days ago, served only now: the watermark is today, the sync asks again from 10 days back.
    portal.search.put('OA/oa_actions', restamped(late!, stamp(-4)));
    const before = requestsOf('OA/oa_actions').length;
    const { outcomes } = await sync(['--products', 'OA']);
    // Days -10..-1, loaded whole before, are asked for their count (10 one-record pages); day -4's
    // count moved from 0 to 1, so it is paged (1 page); today is paged (1 page): 12 requests.
    expect(searchesOf(outcomes[0]!)[0]).toEqual(['oa_actions', 12, 1, 1, 0, 0, TODAY]);
    const rows = requestsOf('OA/oa_actions')
      .slice(before)
      .map((r) => Number((r.body as { rows: string }).rows));
    expect(rows.filter((n) => n === 1)).toHaveLength(10);
    const stored = await ctx.db.query<{ code: string }>(
      `SELECT document_code AS code FROM office_action_documents WHERE application_number = '17248024' ORDER BY mailed_date`,
    );
    expect(stored.rows.map((row) => row.code)).toEqual(['NOA', 'PETDEC']);
  });

  it('waits as Retry-After says on a 429, retries a 5xx, and counts requests and records per product', async () => {
    portal.search.fail('search:PTAB/proceedings', { status: 429, retryAfter: '2' }, { status: 503 });
    waits.length = 0;
    const { outcomes } = await sync(['--products', 'PTAB']);
    expect(outcomes[0]!.outcome).toBe('synced');
    // 2 s from Retry-After (above the policy's 5 ms least), then after the 503, the second try's
    // back-off: base 1 ms · 2^(2−1) = 2 ms.
    expect(waits).toEqual([2000, 2]);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/patent_status_portal_requests_total\{product="PTAB",outcome="rate_limited"\} [1-9]/);
    expect(metrics).toMatch(/patent_status_portal_requests_total\{product="PTAB",outcome="server_error"\} [1-9]/);
    expect(metrics).toMatch(/patent_status_portal_records_total\{product="OA"\} [1-9]/);
  });

  it('fails a product on an answer that is not a search answer, leaving its watermark', async () => {
    portal.search.put('PTAB/proceedings', proceeding('IPR2026-00500', stamp(0, '12:00:00')));
    portal.search.fail('search:PTAB/proceedings', { malformed: 'not-json' });
    const before = await watermarks('PTAB');
    const { outcomes } = await sync(['--products', 'PTAB']);
    expect(outcomes[0]!.outcome).toBe('failed');
    expect(outcomes[0]!.reason).toBe(`the portal's answer to PTAB proceedings ${day(-2)}..${TODAY} from 0 is not JSON`);
    expect(await watermarks('PTAB')).toEqual(before);
    const { rows } = await ctx.db.query(`SELECT 1 FROM ptab_proceedings WHERE trial_number = 'IPR2026-00500'`);
    expect(rows).toEqual([]);
  });

  it('shows each search product’s watermark and last sync on /health', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    const { products } = response.json<{ products: { product: string; watermark: string | null; last_sync_at: string | null }[] }>();
    const of = (code: string) => products.find((p) => p.product === code)!;
    expect(of('OA')).toMatchObject({ watermark: TODAY, last_sync_at: expect.any(String) });
    // PTAB failed last, but its watermark and its last successful sync stand.
    expect(of('PTAB')).toMatchObject({ watermark: TODAY, last_sync_at: expect.any(String) });
    expect(of('PTFWPRD').watermark).toBeNull();
  });
});
