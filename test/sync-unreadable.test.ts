import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../src/commands/sync.js';
import { ingestFile, productOfCode } from '../src/products/registry.js';
import type { RetryPolicy } from '../src/sync/retry.js';
import { createTestApp, type TestContext } from './helpers/app.js';
import { dataSnapshot } from './helpers/data-snapshot.js';
import { createTestDatabase } from './helpers/database.js';
import { dailyFile as dailyFileOf, dailyName } from './helpers/daily-files.js';
import { PortalStandIn } from './helpers/portal-stand-in.js';

/**
 * A file the portal serves whole by its listed size but cut short inside (the office's own file
 * truncated): `sync` records its run failed, the product's later files wait, neither the file date
 * /health shows nor the date the next listing starts from moves; once the portal re-issues the
 * file complete, the next sync loads it and the files after it, ending as clean loads would.
 */
const KEY = 'stand-in-key';
const PRODUCT = 'PTFWPRD';
const NO_WAIT: RetryPolicy = {
  attempts: 1,
  baseDelayMs: 1,
  maxDelayMs: 1,
  minRetryAfterMs: 1,
  maxRetryAfterMs: 1,
  sleep: async () => undefined,
};
let ctx: TestContext;
let portal: PortalStandIn;
let dir: string;

const nameOf = dailyName;
const dailyFile = (day: number) => dailyFileOf(dir, day, { applications: 40, seed: `sync-cut-${day}`, startSerial: 200_000 + day * 1_000 });

async function sync() {
  const lines: string[] = [];
  const config = { usptoApiKey: KEY, usptoApiBaseUrl: portal.url, time: '03:30', downloadDir: join(dir, 'downloads'), searchIntervalMs: 0 };
  const outcomes = await runSync(
    ctx.db,
    config,
    ['--products', PRODUCT],
    { line: (text) => void lines.push(text), progress: null },
    { retry: NO_WAIT },
  );
  return { outcome: outcomes[0]!, files: outcomes[0]!.files.map((f) => [f.fileName, f.outcome]) };
}

const runsOf = async (day: number) =>
  (await ctx.db.query<{ outcome: string }>(`SELECT outcome FROM ingest_runs WHERE file_name = $1 ORDER BY run_id`, [nameOf(day)])).rows.map(
    (row) => row.outcome,
  );

/** What /health says of the product, and what the sync's listing starts from (product_state). */
async function watermarks() {
  ctx.services.provenance.invalidate();
  const health = (await ctx.app.inject({ method: 'GET', url: '/health' })).json<{
    products: { product: string; file_date: string; last_sync_at: string | null }[];
  }>();
  const entry = health.products.find((p) => p.product === PRODUCT)!;
  const state = await ctx.db.query<{ file_date: string }>(`SELECT file_date FROM product_state WHERE product = $1`, [PRODUCT]);
  return { health: entry.file_date, lastSync: entry.last_sync_at, state: state.rows[0]!.file_date };
}

const downloadsOf = (day: number) => portal.downloads().filter((r) => r.path.endsWith(`/${nameOf(day)}`)).length;

beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'pss-sync-cut-'));
  portal = new PortalStandIn(KEY, [PRODUCT]);
  await portal.start();
});
afterAll(async () => {
  await portal?.close();
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sync of a file cut short inside', () => {
  it('fails the file and holds the product there; the re-issued complete file then loads with the ones after it', async () => {
    const [five, six, seven] = [await dailyFile(5), await dailyFile(6), await dailyFile(7)];
    portal.put(five);
    expect((await sync()).files).toEqual([[nameOf(5), 'ingested']]);
    const loaded = await watermarks();
    expect(loaded).toMatchObject({ health: '2026-01-05', state: '2026-01-05' });

    // The portal lists the cut file with its own (cut) size: the download is whole, its JSON is not.
    const cut = Math.floor(six.bytes.length * 0.6);
    portal.put({ ...six, bytes: six.bytes.subarray(0, cut) });
    portal.put(seven);
    const failed = await sync();
    expect(failed.files).toEqual([
      [nameOf(6), 'failed'],
      [nameOf(7), 'waiting'],
    ]);
    const why = `ingest: JSON ends inside a value at byte ${cut}`;
    expect(failed.outcome).toMatchObject({ outcome: 'failed', reason: `${nameOf(6)}: ${why}` });
    expect(await runsOf(6)).toEqual(['failed']);
    expect(await runsOf(7)).toEqual([]);
    expect(await watermarks()).toEqual(loaded);
    const file = await ctx.db.query(`SELECT status, last_error, file_date FROM sync_files WHERE product = $1 AND file_name = $2`, [
      PRODUCT,
      nameOf(6),
    ]);
    expect(file.rows).toEqual([{ status: 'failed', last_error: why, file_date: null }]);

    // The same version again: read again from disk (no download spent on the same bytes), failed again.
    const again = await sync();
    expect(again.files).toEqual(failed.files);
    expect(downloadsOf(6)).toBe(1);
    expect(await runsOf(6)).toEqual(['failed', 'failed']);
    expect(await watermarks()).toEqual(loaded);

    portal.put({ ...six, fileLastModifiedDateTime: '2026-01-08 04:00:00' });
    const fixed = await sync();
    expect(fixed.files).toEqual([
      [nameOf(6), 'ingested'],
      [nameOf(7), 'ingested'],
    ]);
    expect(await runsOf(6)).toEqual(['failed', 'failed', 'succeeded']);
    expect(await watermarks()).toMatchObject({ health: '2026-01-07', state: '2026-01-07' });

    const clean = await createTestDatabase();
    try {
      for (const day of [five, six, seven]) {
        const path = join(dir, day.fileName);
        writeFileSync(path, day.bytes);
        await ingestFile(clean.db, productOfCode(PRODUCT), path, { product: PRODUCT });
      }
      expect(await dataSnapshot(ctx.db)).toEqual(await dataSnapshot(clean.db));
    } finally {
      await clean.drop();
    }
  });
});
