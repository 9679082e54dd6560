import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../ingest/unreadable.js';
import { type FeeItem, parseMaintenanceFeeFile } from './parse.js';

const LINES = [
  '0000004287053 06218896 N 19801222 19810901 19881222 M171 ',
  '0000004287053 06218896 N 19801222 19810901 19850211 M170 ',
  '0000004289713 06222552 Y 19810105 19810915 19930330 SM02 ',
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fee-parse-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `#index patent code` for lines, `#index !reason` for rejects; and what the read threw, if anything. */
async function read(name: string, text: string): Promise<{ items: string[]; error: unknown }> {
  const file = path.join(dir, name);
  await writeFile(file, text, 'latin1');
  const items: FeeItem[] = [];
  let error: unknown = null;
  try {
    for await (const batch of parseMaintenanceFeeFile(file)) items.push(...batch);
  } catch (caught) {
    error = caught;
  }
  const shown = items.map((item) =>
    item.kind === 'line'
      ? `#${item.position.index} ${item.line.patentNumber} ${item.line.code}`
      : item.kind === 'reject'
        ? `#${item.position.index} !${item.reason}`
        : 'codes',
  );
  return { items: shown, error };
}

describe('parseMaintenanceFeeFile: a cut file against a bad line', () => {
  it('a bad line inside the file is one reject; the lines after it are read', async () => {
    const text = [LINES[0], 'garbage', LINES[1], LINES[2]].map((line) => `${line}\r\n`).join('');
    expect(await read('MaintFeeEvents_20241112.txt', text)).toEqual({
      items: [
        '#1 4287053 M171',
        '#2 !line is 7 characters long; the layout needs at least 53 (up to the event code)',
        '#3 4287053 M170',
        '#4 4289713 SM02',
      ],
      error: null,
    });
  });

  it('a last line cut short (no line end) makes the file unreadable', async () => {
    const whole = LINES.map((line) => `${line}\r\n`).join('');
    for (const cut of [whole.length - 3, whole.length - 20, whole.length - 50]) {
      const { items, error } = await read('MaintFeeEvents_20241112.txt', whole.slice(0, cut));
      expect(items).toEqual(['#1 4287053 M171', '#2 4287053 M170']);
      expect(error).toEqual(new UnreadableFileError(`the last line (line 3) is cut short: ${cut - 2 * 59} characters and no line end`));
    }
  });

  it('a whole last line without its line end is read', async () => {
    expect((await read('MaintFeeEvents_20241112.txt', LINES.join('\r\n'))).items).toHaveLength(3);
  });

  it('a file without a line is unreadable', async () => {
    expect((await read('MaintFeeEvents_20241112.txt', '\r\n')).error).toEqual(new UnreadableFileError('no lines in it (empty)'));
  });
});
