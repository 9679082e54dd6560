import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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
  expect(fileDateOf('/x/ipg221025.xml')).toBe('2022-10-25');
  expect(fileDateOf('/x/ipa230117.zip')).toBe('2023-01-17');
  expect(fileDateOf('/x/ipgb20221025_wk43.zip')).toBe('2022-10-25');
});

it('writes weekly full text that `ingest grants` and `ingest publications` load and the API serves', async () => {
  const out = join(dir, 'full');
  const corpus = await runSynth(['--out', out, '--applications', '200', '--seed', 'cli-full-text', '--full-text'], () => undefined);
  const files = corpus.fullText!.files;
  const grants = files.filter((f) => f.product === 'PTGRXML').slice(-3);
  const publications = files.filter((f) => f.product === 'APPXML').slice(-3);
  expect(grants.map((f) => basename(f.path))).toEqual(grants.map((f) => `ipg${f.fileDate.slice(2).replace(/-/g, '')}.xml`));

  const lines: string[] = [];
  const output = { line: (text: string) => lines.push(text), progress: null };
  const loaded = [
    ...(await runIngest(ctx.db, ['grants', ...grants.map((f) => f.path)], output)),
    ...(await runIngest(ctx.db, ['publications', ...publications.map((f) => f.path)], output)),
  ];
  expect(loaded.map((s) => [s.product, s.fileDate, s.read, s.rejected])).toEqual(
    [...grants, ...publications].map((f) => [f.product, f.fileDate, f.documents, 0]),
  );
  expect(lines[1]).toMatch(/documents\/s$/);

  const newest = grants.at(-1)!;
  const doc = await ctx.db.query<{ doc_number: string }>(`SELECT doc_number FROM documents WHERE source_file_date = $1 LIMIT 1`, [
    newest.fileDate,
  ]);
  const { apiKey } = await fundedKey(ctx, 'cli-full-text@example.com', 100);
  const claims = await ctx.app.inject({
    method: 'GET',
    url: `/v1/patents/${doc.rows[0]!.doc_number}/claims`,
    headers: { 'x-api-key': apiKey },
  });
  expect(claims.statusCode).toBe(200);
  expect(claims.json()).toMatchObject({
    doc_type: 'grant',
    date: newest.fileDate,
    source: { product: 'PTGRXML', file_date: newest.fileDate },
  });
  expect(claims.json().claim_count).toBeGreaterThan(0);
  await expect(runIngest(ctx.db, ['grants', '--product', 'PTGRXML', grants[0]!.path])).rejects.toThrow(
    /--product applies to file-wrapper only/,
  );
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
  await expect(runSynth(['--applications', '5'])).rejects.toThrow('--out DIR is required');
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
    expect(log).toContain('Loading the weekly grant and publication full text since 2025-11-18…');
    expect(log.at(-1)).toMatch(/^ {2}\d+ weekly files, \d+ documents, 0 rejected, 0 events$/);
    const documents = await demo.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE date >= '2025-11-18'`);
    expect(documents.rows[0]!.n).toBeGreaterThan(100);
  } finally {
    await demo.close();
  }
});
