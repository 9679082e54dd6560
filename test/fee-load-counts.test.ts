import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runIngest } from '../src/commands/ingest.js';
import { createTestApp, type TestContext } from './helpers/app.js';

/**
 * A fee file's summary adds up whatever its lines are: a line that does not fit the layout is a
 * reject that was never read, a line of an unknown code is read and rejected, a repeated line is
 * read and skipped. Each line stored is inserted or unchanged, never a negative count.
 */
let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'pss-fee-counts-'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

const LINES = [
  '0000010600003 15300003 Y 20170110 20190521 20221101 M2551',
  'this is not a fee line',
  '0000010600003 15300003 Y 20170110 20190521 20221101 M2551',
  '0000010600004 15300004 N 20170110 20190521 20221101 M1551',
  '0000010600005 15300005 N 20170110 20190521 20221101 QQQ9 ',
];

async function load(fileName: string): Promise<string[]> {
  const path = join(dir, fileName);
  writeFileSync(path, LINES.map((line) => `${line}\r\n`).join(''), 'latin1');
  const lines: string[] = [];
  await runIngest(ctx.db, ['maintenance-fees', path], { line: (text) => void lines.push(text), progress: null });
  return lines.filter((line) => !/ s, \d+ fee events\/s$/.test(line));
}

it('counts a layout reject, an unknown code and a repeated line once each, on a first load and on a reload', async () => {
  // Read 4 (the layout reject is not read); stored 4 - 1 unknown - 1 repeat = 2, both new (written in place: the file is in patent order).
  expect(await load('MaintFeeEvents_20260519.txt')).toEqual([
    expect.stringMatching(
      /^MaintFeeEvents_20260519\.txt \(PTMNFEE2, file date 2026-05-19, run \d+\): read 4, inserted 2, updated 0, unchanged 0, rejected 2, events 0$/,
    ),
    '  skipped 1 × line repeats a patent, entry date and code already in the file',
    '  rejected 1 × line is 22 characters long; the layout needs at least 53 (up to the event code)',
    '  rejected 1 × event code',
    '    e.g. #5: event code "QQQ9" is in neither the Desc file nor the built-in code table',
  ]);
  // The next week's file, the same lines (loaded by difference): the 2 stored are unchanged.
  expect(await load('MaintFeeEvents_20260526.txt')).toEqual([
    expect.stringMatching(/\(PTMNFEE2, file date 2026-05-26, run \d+\): read 4, inserted 0, updated 0, unchanged 2, rejected 2, events 0$/),
    '  skipped 1 × line repeats a patent, entry date and code already in the file',
    '  rejected 1 × line is 22 characters long; the layout needs at least 53 (up to the event code)',
    '  rejected 1 × event code',
    '    e.g. #5: event code "QQQ9" is in neither the Desc file nor the built-in code table',
  ]);
});
