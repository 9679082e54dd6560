import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, records, rejects, summary } from '../../../test/helpers/parsed-items.js';
import { readOdpJsonStream } from '../../ingest/odp-json/read.js';
import { UnreadableFileError } from '../../ingest/unreadable.js';
import { untilError } from '../../../test/helpers/until-error.js';
import { FILE_WRAPPER_PRODUCT, parseFileWrapperFile, parseFileWrapperLines, parseFileWrapperStream } from './parse.js';
import type { ParsedItem } from './record.js';

// Layout detection and zips, with small fixtures written here; real samples: parse.samples.test.ts.

const rec = (n: string, code = 30): Record<string, unknown> => ({
  applicationNumberText: n,
  applicationMetaData: { applicationStatusCode: code, filingDate: '2021-01-05' },
  eventDataBag: [{ eventCode: 'DOCK', eventDescriptionText: 'Case Docketed to Examiner in GAU', eventDate: '2021-03-01' }],
});
const json = (v: unknown): string => JSON.stringify(v);

describe('layouts', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fw-parse-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function parseText(name: string, text: string): Promise<ParsedItem[]> {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return collect(parseFileWrapperFile(file));
  }

  it('API envelope with the bag after count', async () => {
    const items = await parseText(
      'after.json',
      json({ count: 2, patentFileWrapperDataBag: [rec('17000001'), rec('17000002')], requestIdentifier: 'x' }),
    );
    expect(summary(items)).toEqual(['-#0 17000001', '-#1 17000002']);
    expect(records(items)[0]?.metadata?.statusCode).toBe(30);
  });

  it('API envelope with the bag before count, pretty-printed', async () => {
    const text = JSON.stringify(
      { patentFileWrapperDataBag: [rec('17000001'), rec('17000002')], count: 2, requestIdentifier: 'x' },
      null,
      2,
    );
    expect(summary(await parseText('before.json', text))).toEqual(['-#0 17000001', '-#1 17000002']);
  });

  it('beta envelope {count, patentBag}', async () => {
    const items = await parseText(
      'beta.json',
      json({ count: 1, patentBag: [{ applicationNumberText: '15123456', applicationStatusCode: 161 }] }),
    );
    expect(summary(items)).toEqual(['-#0 15123456']);
    expect(records(items)[0]?.metadata?.statusCode).toBe(161);
  });

  it('an empty envelope gives nothing; an empty file cannot be read', async () => {
    expect(await parseText('empty-bag.json', json({ count: 0, patentFileWrapperDataBag: [] }))).toEqual([]);
    expect(await parseText('count-only.json', json({ count: 0 }))).toEqual([]);
    await expect(parseText('empty.json', ' \n')).rejects.toThrow(new UnreadableFileError('no JSON in it (empty)'));
    await expect(parseText('empty.jsonl', '\n\n')).rejects.toThrow(new UnreadableFileError('no JSON Lines in it (empty)'));
  });

  it('bare array, with a non-object element reported in its place', async () => {
    const items = await parseText('array.json', json([rec('17000001'), 42, rec('17000003')]));
    expect(summary(items)).toEqual(['-#0 17000001', '-#1 !record is not a JSON object (got a number)', '-#2 17000003']);
    expect(rejects(items)[0]?.excerpt).toBe('42');
  });

  it('single bare record', async () => {
    const items = await parseText(
      'one.json',
      json({ eventDataBag: [], applicationMetaData: { applicationStatusCode: 150 }, applicationNumberText: '17248024' }),
    );
    expect(summary(items)).toEqual(['-#0 17248024']);
    expect(records(items)[0]?.transactions).toEqual([]);
  });

  it('concatenated values: records, an array and an envelope in one stream', async () => {
    const text = `${json(rec('17000001'))}${json(rec('17000002'))}\n[${json(rec('17000003'))},${json(rec('17000004'))}] ${json({ count: 1, patentFileWrapperDataBag: [rec('17000005')] })}`;
    expect(summary(await parseText('concat.json', text))).toEqual([
      '-#0 17000001',
      '-#1 17000002',
      '-#2 17000003',
      '-#3 17000004',
      '-#4 17000005',
    ]);
  });

  it('JSON Lines: a bad line is one reject and reading resumes at the next line', async () => {
    const lines = [
      json(rec('17000001')),
      '{"applicationNumberText": "17000002", ',
      '',
      json(rec('17000003')),
      json({ count: 1, patentBag: [rec('17000004')] }),
    ];
    const items = await parseText('records.jsonl', `${lines.join('\r\n')}\n`);
    expect(summary(items).map((s) => s.replace(/ "line 2: .*"$/, ' "line 2: …"'))).toEqual([
      '-#0 17000001',
      '-#1 !JSON syntax error in a JSON Lines line: "line 2: …"',
      '-#2 17000003',
      '-#3 17000004',
    ]);
    expect(rejects(items)[0]?.excerpt).toBe('{"applicationNumberText": "17000002", ');
  });

  it('JSON Lines without a final newline, as .ndjson', async () => {
    expect(summary(await parseText('records.ndjson', `${json(rec('17000001'))}\n${json(rec('17000002'))}`))).toEqual([
      '-#0 17000001',
      '-#1 17000002',
    ]);
  });

  it('a record that does not parse is one reject and the records after it are read', async () => {
    const text = `[${json(rec('17000001'))},{"applicationNumberText": "17000002", "x": [1,,2]},${json(rec('17000003'))}]`;
    const items = await parseText('bad-record.json', text);
    expect(summary(items).map((s) => s.replace(/ ".*"$/, ''))).toEqual([
      '-#0 17000001',
      '-#1 !JSON syntax error in a record:',
      '-#2 17000003',
    ]);
    expect(rejects(items)[0]?.reason).toMatch(/^JSON syntax error in a record: "characters \d+–\d+, from line 1: .*"$/);
  });

  it('text between records that is no JSON makes the file unreadable after the records before it', async () => {
    const big = (n: string): Record<string, unknown> => ({ ...rec(n), pad: 'x'.repeat(20_000) });
    const text = `[${json(big('17000001'))},${json(big('17000002'))},${json(big('17000003'))}, }, ${json(rec('17000009'))}]`;
    await writeFile(path.join(dir, 'broken.json'), text);
    const { seen, error } = await untilError(parseFileWrapperFile(path.join(dir, 'broken.json')), summary);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as Error).message).toMatch(/^JSON syntax error at character \d+ \(line 1\), the rest cannot be read: unexpected "}"$/);
    expect(seen).toEqual(['-#0 17000001', '-#1 17000002', '-#2 17000003']);
  });

  it('a file cut inside a value cannot be read: the records before the cut come first', async () => {
    const text = `{"count":2,"patentFileWrapperDataBag":[${json(rec('17000001'))},{"applicationNumberText":"170`;
    await writeFile(path.join(dir, 'truncated.json'), text);
    expect(await untilError(parseFileWrapperFile(path.join(dir, 'truncated.json')), summary)).toEqual({
      seen: ['-#0 17000001'],
      error: new UnreadableFileError(`JSON ends inside a value at byte ${Buffer.byteLength(text)}`),
    });
  });

  it('JSON Lines whose last line is cut short cannot be read; a bad line with a line end after it is one reject', async () => {
    const whole = `${json(rec('17000001'))}\nnot json\n${json(rec('17000002'))}\n`;
    expect(summary(await parseText('bad-line.jsonl', whole)).map((s) => s.replace(/ ".*"$/, ''))).toEqual([
      '-#0 17000001',
      '-#1 !JSON syntax error in a JSON Lines line:',
      '-#2 17000002',
    ]);
    const cut = whole.slice(0, whole.length - 20);
    await expect(parseText('cut.jsonl', cut)).rejects.toThrow(
      new UnreadableFileError(`JSON Lines end inside line 3 at byte ${Buffer.byteLength(cut)} (no line end after it)`),
    );
  });

  it('decodes UTF-8 split across chunks and drops a byte-order mark', async () => {
    const bytes = Buffer.from(`\ufeff${json({ ...rec('35520496'), applicationMetaData: { firstApplicantName: 'Kevin Blanch España' } })}`);
    const cut = bytes.indexOf(Buffer.from('ñ')) + 1;
    const items = await collect(parseFileWrapperStream(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]), 'm.json'));
    expect(summary(items)).toEqual(['m.json#0 35520496']);
    expect(records(items)[0]?.metadata?.applicantName).toBe('Kevin Blanch España');
    const lines = await collect(parseFileWrapperLines(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]), null));
    expect(records(lines)[0]?.metadata?.applicantName).toBe('Kevin Blanch España');
  });

  it('reports issues inside a kept record as separate rejects at its position', async () => {
    const r = { ...rec('17000001'), parentContinuityBag: [{ parentApplicationNumberText: 'n/a', childApplicationNumberText: '17000001' }] };
    const items = await parseText('issues.json', json([r]));
    expect(summary(items)).toEqual([
      '-#0 17000001',
      '-#0 !unreadable continuity number in parentContinuityBag: parent "n/a", child "17000001"',
    ]);
    expect(records(items)[0]?.parents).toEqual([]);
  });

  // A small limit and a stream cut in many chunks: the limit holds while the value streams past.
  const limited = (text: string) =>
    collect(readOdpJsonStream(Readable.from(text.match(/[\s\S]{1,4096}/g)!), null, FILE_WRAPPER_PRODUCT, { maxValueChars: 50_000 }));

  it('an oversized record is skipped while streaming and reported in its place; the bag goes on', async () => {
    const huge = `{"applicationNumberText":"17000002","x":[${'0,'.repeat(100_000)}0]}`;
    const text = `{"count":3,"patentFileWrapperDataBag":[${json(rec('17000001'))},${huge},${json(rec('17000003'))}]}`;
    expect(summary(await limited(text))).toEqual([
      '-#0 17000001',
      '-#1 !value too large to be one record (more than 50000 characters); skipped',
      '-#2 17000003',
    ]);
  });

  it('an unknown layout holding a huge array is reported, not assembled', async () => {
    const text = `{"results":[${'0,'.repeat(100_000)}0],"count":1}`;
    expect(summary(await limited(text))).toEqual([
      '-#0 !unrecognised layout: top-level object too large to be one record (more than 50000 characters) and no patentFileWrapperDataBag/patentBag; skipped',
    ]);
  });
});

describe('zip files', () => {
  let dir = '';
  let zipPath = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fw-zip-'));
    zipPath = path.join(dir, 'PTFWPRD-test.zip');
    const zip = new yazl.ZipFile();
    zip.addEmptyDirectory('2024/');
    zip.addBuffer(Buffer.from(json({ count: 2, patentFileWrapperDataBag: [rec('17000001'), rec('17000002')] })), '2024/part-1.json');
    zip.addBuffer(Buffer.from('see the product page'), 'README.txt');
    zip.addBuffer(Buffer.from(json([rec('17000003'), { applicationNumberText: 'bogus' }])), 'part-2.JSON', { compress: false });
    zip.addBuffer(Buffer.from(`[${json(rec('17000004'))}, oops ]`), 'part-3.json');
    zip.addBuffer(Buffer.from(`${json(rec('17000005'))}\nnot json\n${json(rec('17000006'))}\n`), 'part-4.jsonl');
    zip.end();
    await finished(zip.outputStream.pipe(createWriteStream(zipPath)));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('streams every JSON member in turn and reports the others', async () => {
    const items = await collect(parseFileWrapperFile(zipPath));
    expect(summary(items).map((s) => s.replace(/!(JSON syntax error[^"]*)".*/, '!$1'))).toEqual([
      '2024/part-1.json#0 17000001',
      '2024/part-1.json#1 17000002',
      'README.txt#0 !zip member is not JSON: README.txt',
      'part-2.JSON#0 17000003',
      'part-2.JSON#1 !unreadable applicationNumberText: "bogus"',
      // A value that does not parse is its own reject: the member goes on.
      'part-3.json#0 17000004',
      'part-3.json#1 !JSON syntax error in a record: ',
      'part-4.jsonl#0 17000005',
      'part-4.jsonl#1 !JSON syntax error in a JSON Lines line: ',
      'part-4.jsonl#2 17000006',
    ]);
    expect(rejects(items)[0]?.excerpt).toBe('README.txt');
  });

  it('recognises a zip by its signature whatever its name', async () => {
    const copy = path.join(dir, 'download.bin');
    const { copyFile } = await import('node:fs/promises');
    await copyFile(zipPath, copy);
    expect(records(await collect(parseFileWrapperFile(copy)))).toHaveLength(6);
  });

  it('stops cleanly when the consumer stops early', async () => {
    let seen = 0;
    for await (const item of parseFileWrapperFile(zipPath)) {
      expect(item.kind).toBe('record');
      seen++;
      break;
    }
    expect(seen).toBe(1);
  });
});
