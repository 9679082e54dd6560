import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALUE_TOKENS } from './layout.js';
import { parseFileWrapperFile, parseFileWrapperLines, parseFileWrapperStream } from './parse.js';
import type { FileWrapperRecord, ParsedItem } from './record.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const samplesDir = path.resolve(repoRoot, '../shared/samples');
const fileWrapperDir = path.join(samplesDir, 'file-wrapper-json');
const haveSamples = existsSync(fileWrapperDir);
if (!haveSamples) console.warn(`file wrapper sample tests skipped: ${fileWrapperDir} not found`);

async function collect(items: AsyncIterable<ParsedItem>): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const records = (items: ParsedItem[]): FileWrapperRecord[] => items.flatMap((i) => (i.kind === 'record' ? [i.record] : []));
const rejects = (items: ParsedItem[]) => items.flatMap((i) => (i.kind === 'reject' ? [i] : []));

/** `member#index number` for records, `member#index !reason` for rejects. */
function summary(items: ParsedItem[]): string[] {
  return items.map((i) => {
    const where = `${i.position.member ?? '-'}#${i.position.index}`;
    return i.kind === 'record' ? `${where} ${i.record.applicationNumber}` : `${where} !${i.reason}`;
  });
}

async function onlyRecord(file: string): Promise<FileWrapperRecord> {
  const items = await collect(parseFileWrapperFile(file));
  expect(rejects(items)).toEqual([]);
  const all = records(items);
  expect(all).toHaveLength(1);
  return all[0] as FileWrapperRecord;
}

describe.skipIf(!haveSamples)('real ODP samples (samples/file-wrapper-json)', () => {
  const v1 = (name: string): string => path.join(fileWrapperDir, 'odp-v1', name);
  const beta = path.join(fileWrapperDir, 'odp-beta-2024', 'patentBag.sample.json');

  it('parses every odp-v1 and odp-beta-2024 file without rejecting a record', async () => {
    const files = ['odp-v1', 'odp-beta-2024'].flatMap((d) =>
      readdirSync(path.join(fileWrapperDir, d)).map((f) => path.join(fileWrapperDir, d, f)),
    );
    expect(files.length).toBeGreaterThanOrEqual(12);
    let total = 0;
    for (const file of files) {
      const items = await collect(parseFileWrapperFile(file));
      if (file.endsWith('17248024.documents.json')) {
        // `/documents` answers {count, documentBag}: document metadata, not file wrapper records.
        expect(summary(items)).toEqual(['-#0 !unreadable applicationNumberText: (absent); object keys: count, documentBag']);
        continue;
      }
      expect(rejects(items), file).toEqual([]);
      total += records(items).length;
    }
    expect(total).toBe(10 + 4);
  });

  it('maps the full record of 17248024 (odp-v1/17248024.application.json)', async () => {
    const r = await onlyRecord(v1('17248024.application.json'));
    expect(r.applicationNumber).toBe('17248024');
    expect(r.metadata).toMatchObject({
      statusCode: 150,
      statusDescription: 'Patented Case',
      statusDate: '2023-04-19',
      patentNumber: '11646472',
      grantDate: '2023-05-09',
      examinerName: 'DOVE, TRACY MAE',
      artUnit: '1727',
      entityStatus: 'undiscounted',
      filingDate: '2021-01-05',
      publicationNumber: 'US20210210819A1',
      publicationDate: '2021-07-08',
      applicantName: 'PolyPlus Battery Company',
      customerNumber: '22434',
      firstInventorToFile: false,
      applicationType: 'UTL',
    });
    expect(r.metadata?.cpc[0]).toBe('H01M 50/46');
    expect(r.metadata?.cpc).toContain('H01M 2004/027');
    expect(r.metadata?.cpc).toContain('Y02E 60/10');
    expect(r.metadata?.cpc).toHaveLength(20);
    expect(r.parents).toHaveLength(12);
    expect(r.parents).toContainEqual({
      parentNumber: '16695054',
      childNumber: '17248024',
      relationship: 'CON',
      relationshipDescription: 'is a Continuation of',
      filingDate: '2019-11-25',
      statusCode: 250,
      statusDescription: 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362',
      patentNumber: '10916753',
    });
    expect(r.parents).toContainEqual(
      expect.objectContaining({ parentNumber: '15487364', childNumber: '16695054', relationship: 'CON', patentNumber: '10529971' }),
    );
    expect(r.children).toEqual([]);
    expect(r.transactions).toHaveLength(61);
    expect(r.transactions?.[0]).toEqual({ date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' });
    expect(r.transactions?.[60]).toEqual({ date: '2021-01-05', code: 'IEXX', description: 'Initial Exam Team nn' });
    expect(r.ptaDays).toBe(304);
    expect(r.lastIngestionAt).toBe('2026-05-02T13:00:02');
  });

  it('gives partial records for sub-endpoint responses', async () => {
    const tx = await onlyRecord(v1('17248024.transactions.json'));
    expect(tx.metadata).toBeNull();
    expect(tx.parents).toBeNull();
    expect(tx.children).toBeNull();
    expect(tx.ptaDays).toBeNull();
    expect(tx.transactions).toHaveLength(61);
    expect(tx.transactions?.[0]).toEqual({ date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' });

    const continuity = await onlyRecord(v1('17248024.continuity.json'));
    expect(continuity.metadata).toBeNull();
    expect(continuity.transactions).toBeNull();
    expect(continuity.parents).toHaveLength(12);
    expect(continuity.children).toEqual([]);

    const pta = await onlyRecord(v1('17248024.adjustment.json'));
    expect(pta.ptaDays).toBe(304);
    expect(pta.metadata).toBeNull();
    expect(pta.transactions).toBeNull();

    const nothing = await onlyRecord(v1('17248024.foreign-priority.json'));
    expect(nothing).toMatchObject({ applicationNumber: '17248024', metadata: null, transactions: null, parents: null, children: null });
  });

  it('reads a bare record object (odp-v1/16123456.application.record.json)', async () => {
    const r = await onlyRecord(v1('16123456.application.record.json'));
    expect(r.metadata).toMatchObject({
      patentNumber: '10902286',
      grantDate: '2021-01-26',
      examinerName: 'SABOURI, MAZDA',
      artUnit: '2641',
    });
    expect(r.metadata?.cpc[0]).toBe('G06N 3/08');
    expect(r.parents).toEqual([]);
    expect(r.children).toEqual([
      {
        parentNumber: '16123456',
        childNumber: '17130468',
        relationship: 'DIV',
        relationshipDescription: 'is a Division of',
        filingDate: '2020-12-22',
        statusCode: 150,
        statusDescription: 'Patented Case',
        patentNumber: '11797846',
      },
    ]);
    expect(r.ptaDays).toBe(127);
    expect(r.transactions?.[0]?.code).toBe('M1551');
  });

  it('keeps the OPAP / CENTRAL, DOCKET placeholders and trusts the "Small" category (odp-v1/18597857)', async () => {
    const r = await onlyRecord(v1('18597857.search.sorted-keys.json'));
    expect(r.metadata).toMatchObject({
      statusCode: 30,
      artUnit: 'OPAP',
      examinerName: 'CENTRAL, DOCKET',
      entityStatus: 'small',
      publicationNumber: 'US20240362478A1',
      firstInventorToFile: true,
    });
    expect(r.transactions).toHaveLength(24);
  });

  it('maps the beta abandoned, PCT, reexam and Hague design records (odp-beta-2024/patentBag.sample.json)', async () => {
    const items = await collect(parseFileWrapperFile(beta));
    expect(rejects(items)).toEqual([]);
    expect(summary(items)).toEqual(['-#0 15123456', '-#1 PCT/US2007/019317', '-#2 90019500', '-#3 35520496']);
    const [abandoned, pct, reexam, hague] = records(items) as [FileWrapperRecord, FileWrapperRecord, FileWrapperRecord, FileWrapperRecord];

    expect(abandoned.metadata).toMatchObject({
      statusCode: 161,
      statusDescription: 'Abandoned  --  Failure to Respond to an Office Action',
      entityStatus: 'small',
      publicationNumber: 'US20170071586A1',
      artUnit: '3775',
      firstInventorToFile: true,
    });
    expect(abandoned.metadata?.cpc).toEqual([
      'A61B 13/00',
      'A61B 2017/320052',
      'A61B 17/02',
      'A61B 2017/00814',
      'A61B 17/24',
      'A61B 17/244',
    ]);
    expect(abandoned.parents?.map((l) => [l.parentNumber, l.childNumber, l.relationship])).toEqual([
      ['PCT/US2015/027322', '15123456', 'NST'],
      ['61983088', 'PCT/US2015/027322', 'PRO'],
    ]);
    expect(abandoned.children).toEqual([expect.objectContaining({ parentNumber: '15123456', childNumber: '16132008', statusCode: 160 })]);
    expect(abandoned.transactions).toHaveLength(46);

    expect(pct.metadata).toMatchObject({
      statusCode: 218,
      statusDescription: 'RO PROCESSING COMPLETED-PLACED IN STORAGE',
      applicationType: 'PCT',
    });
    expect(pct.children).toEqual([
      expect.objectContaining({ parentNumber: 'PCT/US2007/019317', childNumber: '12377761', relationship: 'NST', patentNumber: '8053613' }),
    ]);
    expect(pct.ptaDays).toBeNull();

    expect(reexam.metadata).toMatchObject({
      statusCode: 412,
      statusDescription: 'Reexam Assigned to Examiner for Determination',
      artUnit: '3992',
    });
    expect(reexam.parents?.[0]).toMatchObject({
      parentNumber: '11614429',
      childNumber: '90019500',
      relationship: 'REX',
      patentNumber: '8738103',
    });

    expect(hague.metadata).toMatchObject({ statusCode: 30, applicationType: 'DES', artUnit: '2900', applicantName: 'MECALUX, S.A.' });
    expect(hague.parents).toEqual([]);
    expect(hague.transactions?.[0]).toEqual({ date: '2024-05-06', code: 'DOCK', description: 'Case Docketed to Examiner in GAU' });
  });

  it('reports PEDS legacy records one by one instead of dropping them', async () => {
    const items = await collect(parseFileWrapperFile(path.join(fileWrapperDir, 'peds-legacy', '16123456.peds-response.json')));
    expect(summary(items)).toEqual(['-#0 !PEDS legacy record is not supported (applId "16123456")']);
  });
});

// ---------------------------------------------------------------------------------------------
// Layouts, with small fixtures written here.

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

  it('an empty envelope gives nothing', async () => {
    expect(await parseText('empty-bag.json', json({ count: 0, patentFileWrapperDataBag: [] }))).toEqual([]);
    expect(await parseText('count-only.json', json({ count: 0 }))).toEqual([]);
    expect(await parseText('empty.json', '')).toEqual([]);
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

  it('a syntax error stops the member: records before it, one reject at the first record not read, nothing after', async () => {
    const big = (n: string): Record<string, unknown> => ({ ...rec(n), pad: 'x'.repeat(20_000) });
    const text = `[${json(big('17000001'))},${json(big('17000002'))},${json(big('17000003'))}, }, ${json(rec('17000009'))}]`;
    const items = await parseText('broken.json', text);
    const last = items[items.length - 1];
    const got = records(items);
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.map((r) => r.applicationNumber)).toEqual(['17000001', '17000002', '17000003'].slice(0, got.length));
    expect(rejects(items)).toHaveLength(1);
    expect(last?.kind).toBe('reject');
    expect(last?.position).toEqual({ member: null, index: got.length });
    expect(last?.kind === 'reject' && last.reason).toMatch(
      /^JSON syntax error, rest of the stream not read: "characters \d+–\d+, from line 1: .*"$/,
    );
  });

  it('a truncated file keeps what was complete and reports the truncation', async () => {
    const items = await parseText(
      'truncated.json',
      `{"count":2,"patentFileWrapperDataBag":[${json(rec('17000001'))},{"applicationNumberText":"170`,
    );
    expect(summary(items)[0]).toBe('-#0 17000001');
    expect(items).toHaveLength(2);
    expect(items[1]?.kind === 'reject' && items[1].reason).toMatch(/^JSON ends inside a value \(truncated file\?\)/);
    expect(items[1]?.position).toEqual({ member: null, index: 1 });
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

  it('an oversized record is skipped while streaming and reported in its place; the bag goes on', async () => {
    const huge = `{"applicationNumberText":"17000002","x":[${'0,'.repeat(MAX_VALUE_TOKENS)}0]}`;
    const text = `{"count":3,"patentFileWrapperDataBag":[${json(rec('17000001'))},${huge},${json(rec('17000003'))}]}`;
    expect(summary(await parseText('oversized.json', text))).toEqual([
      '-#0 17000001',
      `-#1 !value too large to be one record (more than ${MAX_VALUE_TOKENS} JSON tokens); skipped`,
      '-#2 17000003',
    ]);
  });

  it('an unknown layout holding a huge array is reported, not assembled', async () => {
    const text = `{"results":[${'0,'.repeat(MAX_VALUE_TOKENS)}0],"count":1}`;
    const items = await parseText('unknown.json', text);
    expect(summary(items)).toEqual([
      '-#0 !unrecognised layout: top-level object too large to be one record and no patentFileWrapperDataBag/patentBag; members not read: results (keys: results, count)',
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
      // A syntax error stops that member only; the records of its slice are not read.
      'part-3.json#0 !JSON syntax error, rest of the stream not read: ',
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
    expect(records(await collect(parseFileWrapperFile(copy)))).toHaveLength(5);
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
