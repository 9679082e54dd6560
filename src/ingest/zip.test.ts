import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { parseFileWrapperFile } from '../products/file-wrapper/parse.js';
import type { ParsedItem } from '../products/file-wrapper/record.js';
import { UnreadableFileError } from './unreadable.js';

// A zip that cannot be read to its end fails its load, whichever product's reader reads it.

const RECORD = JSON.stringify({ applicationNumberText: '17000001', applicationMetaData: { inventionTitle: 'AAAAAAAAAAAAAAAAAAAA' } });

async function zipOf(members: { name: string; text: string; compress: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const member of members) zip.addBuffer(Buffer.from(member.text), member.name, { compress: member.compress });
  zip.end();
  return buffer(zip.outputStream);
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a file wrapper read of `bytes` gives before it throws, and what it throws. */
async function read(name: string, bytes: Buffer): Promise<{ records: number; error: unknown }> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const items: ParsedItem[] = [];
  try {
    for await (const item of parseFileWrapperFile(file)) items.push(item);
  } catch (error) {
    return { records: items.filter((item) => item.kind === 'record').length, error };
  }
  return { records: items.length, error: null };
}

describe('parseZipFile', () => {
  it('reads a whole archive', async () => {
    expect(await read('whole.zip', await zipOf([{ name: 'a.json', text: `[${RECORD}]`, compress: false }]))).toEqual({
      records: 1,
      error: null,
    });
  });

  it('a stored member whose bytes do not match its CRC-32 is unreadable, though its JSON parses', async () => {
    const bytes = await zipOf([{ name: 'a.json', text: `[${RECORD}]`, compress: false }]);
    const at = bytes.indexOf('AAAA');
    bytes[at] = 'B'.charCodeAt(0);
    const { error } = await read('crc.zip', bytes);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toMatch(
      /^zip member a\.json: cannot be read to its end \(at byte \d+\): its CRC-32 is [0-9a-f]{8}, the archive records [0-9a-f]{8}$/,
    );
  });

  it('a deflated member whose data is damaged is unreadable', async () => {
    const text = `[${Array.from({ length: 50 }, () => RECORD).join(',')}]`;
    const bytes = await zipOf([{ name: 'a.json', text, compress: true }]);
    // The middle of the member's data: past its local header, before the central directory.
    const start = bytes.indexOf('a.json') + 'a.json'.length;
    for (let i = start + 40; i < start + 60; i += 1) bytes[i] = 0xff - bytes[i]!;
    const { error } = await read('inflate.zip', bytes);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toMatch(/^zip member a\.json: cannot be read to its end \(at byte \d+\): /);
  });

  it('an archive cut short (its central directory gone) is unreadable', async () => {
    const bytes = await zipOf([{ name: 'a.json', text: `[${RECORD}]`, compress: true }]);
    const { error } = await read('cut.zip', bytes.subarray(0, bytes.length - 30));
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toMatch(/^not a readable zip archive: /);
  });
});
