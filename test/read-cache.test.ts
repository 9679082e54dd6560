import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadFileWrapper } from '../src/ingest/file-wrapper/load.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { backfile, dailyUpdate, itemsOf } from './helpers/file-wrapper-records.js';

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadFileWrapper(ctx.db, itemsOf(backfile()), { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-11-18' });
  key = (await fundedKey(ctx, 'cache@example.com', 100)).apiKey;
});
afterAll(async () => ctx.close());

const statusOf = async (number: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/v1/applications/${number}`, headers: { 'x-api-key': key } })).json();

it('serves remembered reads until an ingest finishes, then the new data', async () => {
  expect((await statusOf('18000001')).status.code).toBe(30);
  expect((await statusOf('18100002')).error).toBe('not_found');

  await loadFileWrapper(ctx.db, itemsOf(dailyUpdate()), { product: 'PTFWPRD', fileName: 'daily.json', fileDate: '2026-11-20' });
  // Until product_state is re-read the remembered answers stand (at most 5 s, or at once when told).
  expect((await statusOf('18000001')).status.code).toBe(30);
  ctx.app.provenance.invalidate();

  expect((await statusOf('18000001')).status).toMatchObject({ code: 41, description: 'Non Final Action Mailed' });
  expect((await statusOf('18100002')).publication_number).toBe('US20240012345A1');
});

it('lets a remembered answer turn stale with the clock, not only with new data', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    ctx.app.provenance.invalidate();
    expect((await statusOf('18000001')).stale).toBe(false);
    // Past the daily product's 48 hours: the provenance is read again and the answer rebuilt.
    vi.setSystemTime(Date.now() + 49 * 3_600_000);
    expect((await statusOf('18000001')).stale).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
