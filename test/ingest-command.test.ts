import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileDateOf, runIngest } from '../src/commands/ingest.js';
import { runSynth } from '../src/commands/synth.js';
import { ensureDemoCorpus } from '../src/commands/demo.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'pss-cli-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

it('reads the file date from the file name', () => {
  expect(fileDateOf('/x/PTFWPRD-20261120.zip')).toBe('2026-11-20');
  expect(fileDateOf('/x/pftw_2026-11-19_daily.json')).toBe('2026-11-19');
});

it('writes a synthetic corpus that the ingest command loads and the API serves', async () => {
  const synthLines: string[] = [];
  const corpus = await runSynth(['--out', dir, '--applications', '300', '--seed', 'cli-test'], (line) => synthLines.push(line));
  expect(synthLines[0]).toMatch(/^wrote .*ptfwpre-synthetic-cli-test\.json: 300 applications, \d+ transactions/);

  const lines: string[] = [];
  const [summary] = await runIngest(ctx.db, ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', corpus.fileWrapperFile], {
    line: (text) => lines.push(text),
    progress: null,
  });
  expect(summary).toMatchObject({ read: 300, inserted: 300, rejected: 0, events: 0, product: 'PTFWPRE', fileDate: '2026-11-20' });
  expect(lines[0]).toMatch(/read 300, inserted 300, updated 0, unchanged 0, rejected 0, events 0$/);
  expect(lines[1]).toMatch(/applications\/s$/);

  const transactions = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions`);
  expect(transactions.rows[0]!.n).toBe(corpus.transactions);

  const { apiKey } = await fundedKey(ctx, 'cli@example.com', 100);
  const granted = await ctx.db.query<{ application_number: string; patent_number: string }>(
    `SELECT application_number, patent_number FROM applications WHERE status_code = 150 LIMIT 1`,
  );
  const { application_number, patent_number } = granted.rows[0]!;
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/patents/${patent_number}`, headers: { 'x-api-key': apiKey } });
  expect(response.json()).toMatchObject({ application_number, status: { code: 150, category: 'granted' } });

  const again = await runIngest(ctx.db, ['file-wrapper', '--file-date', '2026-11-21', corpus.fileWrapperFile], {
    line: () => undefined,
    progress: null,
  });
  expect(again[0]).toMatchObject({ product: 'PTFWPRD', inserted: 0, updated: 0, unchanged: 300, events: 0 });
});

it('refuses bad arguments with the usage', async () => {
  await expect(runIngest(ctx.db, ['file-wrapper'])).rejects.toThrow(/usage: patent-status ingest/);
  await expect(runIngest(ctx.db, ['file-wrapper', '--product', 'XYZ', 'a.json'])).rejects.toThrow(/PTFWPRD or PTFWPRE/);
  await expect(runSynth(['--applications', '5'])).rejects.toThrow(/usage: patent-status synth/);
});

it('loads the demo corpus once', async () => {
  const demo = await createTestApp();
  try {
    const log: string[] = [];
    await ensureDemoCorpus(demo.db, dir, (line) => log.push(line));
    await ensureDemoCorpus(demo.db, dir, (line) => log.push(line));
    expect(log[0]).toBe('First start: generating and loading a synthetic corpus of 2000 applications…');
    expect(log[1]).toMatch(/read 2000, inserted 2000, updated 0, unchanged 0, rejected 0, events 0$/);
    expect(log.filter((line) => line.startsWith('First start'))).toHaveLength(1);
  } finally {
    await demo.close();
  }
});
