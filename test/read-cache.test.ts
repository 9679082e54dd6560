import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
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
    // The newest file is dated Friday 2026-11-20: fresh on Tuesday 11-24 (two business days after it) …
    vi.setSystemTime(new Date('2026-11-24T17:00:00Z'));
    ctx.app.provenance.invalidate();
    expect((await statusOf('18000001')).stale).toBe(false);
    // … stale on Wednesday 11-25: the provenance is read again and the answer rebuilt.
    vi.setSystemTime(new Date('2026-11-25T17:00:00Z'));
    expect((await statusOf('18000001')).stale).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});

it('keeps a finished answer, however often the provenance is read again, until the Eastern date turns', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'pss-cache-')), 'MaintFeeEvents_20261117.txt');
  writeFileSync(file, '0000010600003 15300003 Y 20170110 20190521 20221101 M2551\r\n', 'latin1');
  await ingestFile(ctx.db, productNamed('maintenance-fees')!, file);
  const maintenance = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/v1/patents/10600003/maintenance', headers: { 'x-api-key': key } })).json();
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    ctx.app.provenance.invalidate();
    expect((await maintenance()).entity_status).toBe('small');
    // Written behind the service's back: only a rebuilt answer can show it.
    await ctx.db.query(`UPDATE maintenance_fee_patents SET entity_status = 'micro' WHERE patent_number = '10600003'`);
    vi.setSystemTime(new Date('2026-11-22T20:00:00Z'));
    expect((await maintenance()).entity_status).toBe('small');
    // 01:00 in New York on the 23rd: fee windows are judged as of a new day.
    vi.setSystemTime(new Date('2026-11-23T06:00:00Z'));
    expect((await maintenance()).entity_status).toBe('micro');
  } finally {
    vi.useRealTimers();
  }
});
