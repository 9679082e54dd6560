import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorError } from '../src/commands/operator-error.js';
import { runSync } from '../src/commands/sync.js';
import type { SyncConfig } from '../src/config.js';
import { ingestFile, productOfCode } from '../src/products/registry.js';
import { buildServices } from '../src/services.js';
import { syncNightly, syncNightlySchedule } from '../src/worker/jobs/sync-nightly.js';
import { resolveSchedule } from '../src/worker/schedule.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { dailyFile as dailyFileOf, dailyName } from './helpers/daily-files.js';
import { recordedRetry } from './helpers/recorded-retry.js';
import { PortalStandIn, type StandInFile } from './helpers/portal-stand-in.js';

/**
 * `patent-status sync` against a local stand-in of the Open Data Portal (helpers/portal-stand-in.ts)
 * serving synthetic daily file-wrapper files: the happy path, a second run that downloads nothing,
 * 429 and 5xx answers, downloads cut short, changed files. Waits are recorded, not slept.
 */
const KEY = 'stand-in-key';
const PRODUCT = 'PTFWPRD';
let ctx: TestContext;
let portal: PortalStandIn;
let dir: string;
const { policy: RETRY, waits } = recordedRetry();

const syncConfig = (key = KEY): SyncConfig => ({
  usptoApiKey: key,
  usptoApiBaseUrl: portal.url,
  time: '03:30',
  downloadDir: join(dir, 'downloads'),
  searchIntervalMs: 0,
});
const nameOf = dailyName;

async function sync(args: string[] = ['--products', PRODUCT], key = KEY) {
  const lines: string[] = [];
  const outcomes = await runSync(
    ctx.db,
    syncConfig(key),
    args,
    { line: (text) => void lines.push(text), progress: null },
    { retry: RETRY },
  );
  return { outcomes, lines, files: outcomes[0]?.files.map((f) => [f.fileName, f.outcome]) ?? [] };
}

/** A daily file of a few synthetic applications, each day its own serial range. */
const dailyFile = (day: number, variant = 'a', applications = 4): Promise<StandInFile> =>
  dailyFileOf(dir, day, { applications, seed: `sync-${day}-${variant}`, startSerial: 100_000 + day * 1_000 });

async function runsOf(fileName: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ outcome: string }>(`SELECT outcome FROM ingest_runs WHERE file_name = $1 ORDER BY run_id`, [
    fileName,
  ]);
  return rows.map((row) => row.outcome);
}

async function syncRow(fileName: string) {
  const { rows } = await ctx.db.query<{ status: string; attempts: number; last_error: string | null; checksum: string | null }>(
    `SELECT status, attempts, last_error, checksum FROM sync_files WHERE product = $1 AND file_name = $2`,
    [PRODUCT, fileName],
  );
  return rows[0];
}

const downloadsOf = (day: number) => portal.downloads().filter((r) => r.path.endsWith(`/${nameOf(day)}`));

beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'pss-sync-'));
  // Every product a plain sync asks for except PASYR, which the portal answers 404 for.
  portal = new PortalStandIn(KEY, [PRODUCT, 'PTGRXML', 'APPXML', 'PASDL', 'PTMNFEE2']);
  await portal.start();
});
afterAll(async () => {
  await portal?.close();
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('patent-status sync against a portal stand-in', () => {
  it('happy path: the new files downloaded and loaded in date order, the data served, /health showing the sync', async () => {
    for (const day of [5, 6, 7]) portal.put(await dailyFile(day));
    const { outcomes, files, lines } = await sync(['--products', PRODUCT, '--since', '2026-01-01']);
    expect(outcomes.map((o) => [o.product, o.outcome])).toEqual([[PRODUCT, 'synced']]);
    // The stand-in lists newest first; they load oldest first.
    expect(files).toEqual([5, 6, 7].map((day) => [nameOf(day), 'ingested']));
    const { rows } = await ctx.db.query<{ file_name: string }>(
      `SELECT file_name FROM ingest_runs WHERE outcome = 'succeeded' ORDER BY run_id`,
    );
    expect(rows.map((r) => r.file_name)).toEqual([5, 6, 7].map(nameOf));
    expect(lines).toContain(`${PRODUCT}: synced, 3 files loaded`);
    // The key goes to the API, never to the signed address it redirects to; nothing is left on disk.
    expect(portal.downloads().every((r) => r.apiKey === null)).toBe(true);
    expect(readdirSync(join(dir, 'downloads', PRODUCT))).toEqual([]);

    const stored = await ctx.db.query<{ application_number: string }>(
      `SELECT application_number FROM applications WHERE source_file_date = '2026-01-07' LIMIT 1`,
    );
    const { apiKey } = await fundedKey(ctx, 'sync@example.com', 100);
    const application = await ctx.app.inject({
      method: 'GET',
      url: `/v1/applications/${stored.rows[0]!.application_number}`,
      headers: { 'x-api-key': apiKey },
    });
    expect(application.statusCode).toBe(200);
    expect(application.json().source).toEqual({ product: PRODUCT, file_date: '2026-01-07' });

    const health = (await ctx.app.inject({ method: 'GET', url: '/health' })).json();
    const entry = health.products.find((p: { product: string }) => p.product === PRODUCT);
    expect(entry).toMatchObject({ file_date: '2026-01-07', last_sync_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(Date.now() - Date.parse(entry.last_sync_at)).toBeLessThan(60_000);
  });

  it('a second run downloads nothing, listing from a week before the last file loaded', async () => {
    const before = portal.requests.length;
    const { outcomes, lines } = await sync();
    expect(outcomes[0]).toMatchObject({ outcome: 'synced', files: [] });
    const seen = portal.requests.slice(before);
    expect(seen.map((r) => r.path)).toEqual([`/api/v1/datasets/products/${PRODUCT}`]);
    expect(lines).toContain(`${PRODUCT}: synced, nothing new`);
  });

  it('waits as a 429 asks (Retry-After), retries a 5xx, then loads', async () => {
    portal.put(await dailyFile(8));
    portal.fail(`list:${PRODUCT}`, { status: 503 });
    portal.fail(`file:${PRODUCT}/${nameOf(8)}`, { status: 429, retryAfter: '7' });
    waits.length = 0;
    const { files, lines } = await sync();
    expect(files).toEqual([[nameOf(8), 'ingested']]);
    expect(waits).toEqual([1, 7_000]);
    expect(lines.some((l) => l.includes('429 Too Many Requests') && l.includes('try 2 in 7.0 s'))).toBe(true);
    expect(await runsOf(nameOf(8))).toEqual(['succeeded']);
  });

  it('a persistent 5xx: reported, nothing loaded, the later file waits; the next run loads both in order', async () => {
    portal.put(await dailyFile(9));
    portal.put(await dailyFile(10));
    portal.failAlways(`file:${PRODUCT}/${nameOf(9)}`, { status: 503 });
    const failed = await sync();
    expect(failed.outcomes[0]!.outcome).toBe('failed');
    expect(failed.files).toEqual([
      [nameOf(9), 'failed'],
      [nameOf(10), 'waiting'],
    ]);
    expect(failed.lines.at(-1)).toMatch(
      /^PTFWPRD: FAILED: PTFWPRD-20260109\.json: download: 503 Internal Server Error.*; 1 later file wait/,
    );
    expect(await runsOf(nameOf(9))).toEqual([]);
    expect(await runsOf(nameOf(10))).toEqual([]);
    expect(await syncRow(nameOf(9))).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('503') });
    const state = await ctx.db.query<{ file_date: string }>(`SELECT file_date FROM product_state WHERE product = $1`, [PRODUCT]);
    expect(state.rows[0]!.file_date).toBe('2026-01-08');
    const product = await ctx.db.query<{ last_error: string | null }>(`SELECT last_error FROM sync_products WHERE product = $1`, [PRODUCT]);
    expect(product.rows[0]!.last_error).toMatch(/503/);

    portal.clearFaults();
    const again = await sync();
    expect(again.files).toEqual([
      [nameOf(9), 'ingested'],
      [nameOf(10), 'ingested'],
    ]);
    expect(await syncRow(nameOf(9))).toMatchObject({ status: 'ingested', attempts: 2, last_error: null });
  });

  it('a download cut short is resumed with Range and loaded whole; one cut short every time is never loaded', async () => {
    const eleven = await dailyFile(11);
    portal.put(eleven);
    const half = Math.floor(eleven.bytes.length / 2);
    portal.fail(`bytes:${PRODUCT}/${nameOf(11)}`, { truncateAfter: half });
    const resumed = await sync();
    expect(resumed.files).toEqual([[nameOf(11), 'ingested']]);
    expect(downloadsOf(11).map((r) => r.range)).toEqual([null, `bytes=${half}-`]);
    expect((await syncRow(nameOf(11)))!.checksum).toBe(createHash('sha256').update(eleven.bytes).digest('hex'));

    const twelve = await dailyFile(12);
    portal.put(twelve);
    portal.failAlways(`bytes:${PRODUCT}/${nameOf(12)}`, { truncateAfter: 100 });
    const cut = await sync();
    expect(cut.files).toEqual([[nameOf(12), 'failed']]);
    expect(cut.outcomes[0]!.reason).toMatch(/connection closed after 300 of \d+ bytes|sent 300 of/);
    expect(await runsOf(nameOf(12))).toEqual([]);
    expect(statSync(join(dir, 'downloads', PRODUCT, `${nameOf(12)}.part`)).size).toBe(300);

    portal.clearFaults();
    const next = await sync();
    expect(next.files).toEqual([[nameOf(12), 'ingested']]);
    expect(downloadsOf(12).at(-1)!.range).toBe('bytes=300-');
    expect(existsSync(join(dir, 'downloads', PRODUCT, `${nameOf(12)}.part`))).toBe(false);
  });

  it('a file the portal re-issues is downloaded and loaded again; re-issued with the same bytes, recorded only', async () => {
    const changed = await dailyFile(6, 'b', 6);
    portal.put({ ...changed, fileLastModifiedDateTime: '2026-01-13 05:00:00' });
    const seven = portal.files.get(`${PRODUCT}/${nameOf(7)}`)!;
    portal.put({ ...seven, fileLastModifiedDateTime: '2026-01-13 05:00:00' });
    const before = downloadsOf(6).length;
    const { files } = await sync();
    expect(files).toEqual([
      [nameOf(6), 'ingested'],
      [nameOf(7), 'unchanged'],
    ]);
    expect(downloadsOf(6).length).toBe(before + 1);
    expect(await runsOf(nameOf(6))).toEqual(['succeeded', 'succeeded']);
    expect(await runsOf(nameOf(7))).toEqual(['succeeded']);
    expect((await syncRow(nameOf(6)))!.checksum).toBe(createHash('sha256').update(changed.bytes).digest('hex'));
    expect((await sync()).files).toEqual([]);
  });

  it('a file `ingest` loaded by hand is recorded, not downloaded', async () => {
    const thirteen = await dailyFile(13);
    const path = join(dir, nameOf(13));
    writeFileSync(path, thirteen.bytes);
    await ingestFile(ctx.db, productOfCode(PRODUCT), path, { product: PRODUCT });
    portal.put(thirteen);
    const { files } = await sync();
    expect(files).toEqual([[nameOf(13), 'adopted']]);
    expect(downloadsOf(13)).toEqual([]);
  });

  it('asks PTAB and OA through the search APIs (nothing there: synced), reports a product the portal does not know, and refuses a bad key', async () => {
    const { outcomes } = await sync(['--products', 'ptab,PASYR,OA']);
    expect(outcomes.map((o) => [o.product, o.outcome])).toEqual([
      ['PTAB', 'synced'],
      ['PASYR', 'failed'],
      ['OA', 'synced'],
    ]);
    // Each search asked once for its last days (a first sync), and found nothing.
    expect(outcomes[0]!.searches.map((s) => [s.search, s.pages, s.records])).toEqual([
      ['proceedings', 1, 0],
      ['decisions', 1, 0],
    ]);
    expect(outcomes[1]!.reason).toMatch(/^the portal has no bulk-data product PASYR \(404 Not Found: No matching records found/);
    await expect(sync(['--products', PRODUCT], 'wrong-key')).rejects.toThrow(OperatorError);
    await expect(sync(['--products', PRODUCT], 'wrong-key')).rejects.toThrow(/refused the key: 403 Forbidden: check USPTO_API_KEY/);
  });

  it('the nightly job syncs every current product, then resolves entities; without a key it is not scheduled', async () => {
    portal.put(await dailyFile(14));
    const config = { ...ctx.config, sync: syncConfig() };
    const services = buildServices({ config, db: ctx.db, notifier: { send: async () => undefined } });
    const logged: string[] = [];
    const log = {
      info: (_: object, m: string) => void logged.push(m),
      warn: (_: object, m: string) => void logged.push(m),
      error: () => undefined,
    };
    await syncNightly.handle({ $version: 1 }, { services, signal: new AbortController().signal, attempt: 1, log });
    expect(await runsOf(nameOf(14))).toEqual(['succeeded']);
    expect(logged).toContain('nightly sync finished');
    const listed = portal.requests.map((r) => r.path.split('/').at(-1));
    for (const code of ['PTGRXML', 'APPXML', 'PASDL', 'PTMNFEE2']) expect(listed).toContain(code);
    // After the bulk products, the searches: PTAB's two, then the office actions' three.
    const searched = portal.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect([...new Set(searched)]).toEqual([
      '/api/v1/patent/trials/proceedings/search',
      '/api/v1/patent/trials/decisions/search',
      '/api/v1/patent/oa/oa_actions/v1/records',
      '/api/v1/patent/oa/oa_rejections/v2/records',
      '/api/v1/patent/oa/oa_citations/v2/records',
    ]);
    const unresolved = await ctx.db.query(`SELECT 1 FROM application_parties WHERE entity_id IS NULL LIMIT 1`);
    expect(unresolved.rowCount).toBe(0);
    expect(resolveSchedule([syncNightlySchedule], { ...config, sync: { ...config.sync, usptoApiKey: null } })).toEqual([]);
  });
});
