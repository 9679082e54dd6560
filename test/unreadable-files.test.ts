import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { runIngest } from '../src/commands/ingest.js';
import type { Database } from '../src/db/database.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { UnreadableFileError } from '../src/ingest/unreadable.js';
import { createTestApp, type TestContext } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { dataSnapshot } from './helpers/data-snapshot.js';
import { processDatabase, type ProcessDatabase } from './helpers/process-database.js';
import { createTestDatabase } from './helpers/database.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

/**
 * Files that end early or cannot be read to their end, made here from the real samples (cut at a
 * byte offset, a zip cut short or with one byte damaged, an empty file): each load fails, is
 * recorded failed, leaves /health's file date where it was and exits 1 with one line; then the
 * complete file loads, and the data equal one clean load of it.
 */
const sample = (path: string) => readFileSync(join(SAMPLES_DIR, path));
const quiet = { line: () => undefined, progress: null };

interface SampleFile {
  name: string;
  bytes: Buffer;
}

interface BrokenCase {
  family: string;
  /** Loaded first into both databases: the product's file date before the broken one. */
  before?: SampleFile;
  complete: SampleFile;
  /** The same file name, its bytes cut or damaged. */
  broken: Buffer;
  /** What the reader says of it. */
  why: RegExp;
  /** What the failed run read and kept, loaded one record per transaction. */
  kept?: { records_read: number; inserted: number };
}

async function zipOf(name: string, bytes: Buffer, compress: boolean): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(bytes, name, { compress });
  zip.end();
  return buffer(zip.outputStream);
}

function damaged(bytes: Buffer, text: string): Buffer {
  const copy = Buffer.from(bytes);
  const at = copy.indexOf(text);
  if (at < 0) throw new Error(`no ${text} in the file`);
  copy[at] = copy[at]! ^ 0x20;
  return copy;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function cases(): Promise<Record<string, BrokenCase>> {
  const bag = sample('file-wrapper-json/odp-beta-2024/patentBag.sample.json');
  const records = (JSON.parse(bag.toString()) as unknown[]).map((record) => JSON.stringify(record));
  const lines = Buffer.from(records.map((line) => `${line}\n`).join(''));
  const grants = sample('grant-xml/ipg130416.excerpt.xml');
  const assignments = sample('assignment-xml/ad20160101.excerpt.xml');
  const fees = sample('maintenance-fee/MaintFeeEvents.sample.txt');
  const decisions = sample('ptab-json/odp-v1/trials-decisions.search.json');
  const grantZip = await zipOf('ipg130416.xml', grants, true);
  const decisionZip = await zipOf('trials-decisions.json', decisions, false);
  // The sample's records start at bytes 1, 166790, 172400 and 204258.
  const cutBag = 190_000;
  const feeLines = fees.toString('latin1').split('\n');
  const feeCut = fees.subarray(0, 5000).toString('latin1');
  return {
    'file wrapper JSON cut inside its third record': {
      family: 'file-wrapper',
      complete: { name: 'ptfwprd-20260105.json', bytes: bag },
      broken: bag.subarray(0, cutBag),
      why: new RegExp(`^JSON ends inside a value at byte ${cutBag}$`),
      // Two records whole before the cut: the first committed, the second still in the batch being filled.
      kept: { records_read: 2, inserted: 1 },
    },
    'file wrapper JSON Lines whose last line is cut short': {
      family: 'file-wrapper',
      before: { name: 'ptfwprd-20260104.json', bytes: sample('file-wrapper-json/odp-v1/16123456.application.record.json') },
      complete: { name: 'ptfwprd-20260105.jsonl', bytes: lines },
      broken: lines.subarray(0, lines.length - 500),
      why: new RegExp(`^JSON Lines end inside line 4 at byte ${lines.length - 500} \\(no line end after it\\)$`),
    },
    'a grant file cut inside a document': {
      family: 'grants',
      before: { name: 'ipg080101.xml', bytes: sample('grant-xml/ipg080101.excerpt.xml') },
      complete: { name: 'ipg130416.xml', bytes: grants },
      broken: grants.subarray(0, 60_000),
      why: /^XML ends inside document #2, which starts at byte 48153: no end tag of its root$/,
    },
    'an assignment file cut inside a record': {
      family: 'assignments',
      before: { name: 'ad20150727.xml', bytes: sample('assignment-xml/ad20150727.excerpt.xml') },
      complete: { name: 'ad20160101.xml', bytes: assignments },
      broken: assignments.subarray(0, 75_000),
      why: /^XML ends inside record #16 \(\d+ characters of it read\)$/,
    },
    'a grant zip cut short, its central directory gone': {
      family: 'grants',
      complete: { name: 'ipg130416.zip', bytes: grantZip },
      broken: grantZip.subarray(0, Math.floor(grantZip.length * 0.8)),
      why: /^not a readable zip archive: .+$/,
    },
    'a PTAB zip with one byte damaged (its CRC-32 wrong, its JSON still JSON)': {
      family: 'ptab',
      complete: { name: 'ptab-decisions-20260105.zip', bytes: decisionZip },
      broken: damaged(decisionZip, 'Final Written Decision'),
      why: /^zip member trials-decisions\.json: cannot be read to its end \(at byte \d+\): its CRC-32 is [0-9a-f]{8}, the archive records [0-9a-f]{8}$/,
    },
    'a maintenance-fee file whose last line is cut short': {
      family: 'maintenance-fees',
      // The week before: the cumulative file without its last ten lines.
      before: { name: 'MaintFeeEvents_20241105.txt', bytes: Buffer.from(`${feeLines.slice(0, -11).join('\n')}\n`, 'latin1') },
      complete: { name: 'MaintFeeEvents_20241112.txt', bytes: fees },
      broken: fees.subarray(0, 5000),
      why: new RegExp(
        `^the last line \\(line ${feeCut.split('\n').length}\\) is cut short: ${feeCut.length - feeCut.lastIndexOf('\n') - 1} characters and no line end$`,
      ),
    },
    'an empty PTAB file': {
      family: 'ptab',
      complete: { name: 'ptab-proceedings-20260106.json', bytes: sample('ptab-json/odp-v1/trials-proceedings.search.json') },
      broken: Buffer.alloc(0),
      why: /^no JSON in it \(empty\)$/,
    },
  };
}

const lastRun = async (db: Database, fileName: string) =>
  (
    await db.query<{ outcome: string; error: string | null }>(
      `SELECT outcome, error FROM ingest_runs WHERE file_name = $1 ORDER BY run_id DESC LIMIT 1`,
      [fileName],
    )
  ).rows[0];

/** The product's file date as /health shows it (null: not listed). */
async function healthFileDate(ctx: TestContext, code: string): Promise<string | null> {
  // An ingest in this process would empty the cache itself; these loads go round the app.
  ctx.services.provenance.invalidate();
  const body = (await ctx.app.inject({ method: 'GET', url: '/health' })).json<{ products: { product: string; file_date: string }[] }>();
  return body.products.find((entry) => entry.product === code)?.file_date ?? null;
}

describe.skipIf(!samplesPresent('file-wrapper-json', 'grant-xml', 'assignment-xml', 'maintenance-fee', 'ptab-json'))(
  'a file that ends early or cannot be read to its end fails its load',
  () => {
    let dir: string;
    let all: Record<string, BrokenCase>;
    let cli: ProcessDatabase;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pss-unreadable-'));
      all = await cases();
      cli = await processDatabase(join(dir, 'cli-data'));
    });
    afterAll(async () => {
      await cli?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const write = (folder: string, file: SampleFile): string => {
      mkdirSync(join(dir, folder), { recursive: true });
      const path = join(dir, folder, file.name);
      writeFileSync(path, file.bytes);
      return path;
    };

    it.each([
      'file wrapper JSON cut inside its third record',
      'file wrapper JSON Lines whose last line is cut short',
      'a grant file cut inside a document',
      'an assignment file cut inside a record',
      'a grant zip cut short, its central directory gone',
      'a PTAB zip with one byte damaged (its CRC-32 wrong, its JSON still JSON)',
      'a maintenance-fee file whose last line is cut short',
      'an empty PTAB file',
    ])(
      '%s: run failed, file date kept, exit 1 with one line; the complete file then loads as one clean load',
      async (title) => {
        const test = all[title]!;
        const product = productNamed(test.family)!;
        const code = product.codes[0]!;
        const complete = write('complete', test.complete);
        const broken = write('broken', { name: test.complete.name, bytes: test.broken });
        const target = await createTestApp();
        const clean = await createTestDatabase();
        try {
          if (test.before) {
            const before = write('before', test.before);
            await ingestFile(clean.db, product, before);
            await ingestFile(target.db, product, before);
          }
          await ingestFile(clean.db, product, complete);
          const dateBefore = await healthFileDate(target, code);

          // One record per transaction: whatever the reader gave before the break is committed and kept.
          const failure = await ingestFile(target.db, product, broken, { batchSize: 1 }).then(
            () => null,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(UnreadableFileError);
          expect((failure as Error).message).toMatch(test.why);
          expect(await lastRun(target.db, test.complete.name)).toEqual({ outcome: 'failed', error: (failure as Error).message });
          expect(await healthFileDate(target, code)).toBe(dateBefore);
          if (test.kept) {
            const run = await target.db.query(`SELECT records_read, inserted FROM ingest_runs WHERE file_name = $1`, [test.complete.name]);
            expect(run.rows).toEqual([test.kept]);
          }

          const result = await runCli(['ingest', test.family, broken], cli.env);
          expect(result.stdout).toBe('');
          expect(result.stderr).toMatch(
            new RegExp(
              `^patent-status ingest ${test.family}: ${escape(test.complete.name)} cannot be loaded: ${test.why.source.slice(1, -1)}\\n$`,
            ),
          );
          expect(result.code).toBe(1);
          await cli.use(async (db) => {
            expect(await lastRun(db, test.complete.name)).toMatchObject({ outcome: 'failed', error: expect.stringMatching(test.why) });
            expect((await db.query(`SELECT 1 FROM product_state WHERE file_name = $1`, [test.complete.name])).rowCount).toBe(0);
          });

          const [summary] = await runIngest(target.db, [test.family, complete], quiet);
          expect(summary).toMatchObject({ fileName: test.complete.name });
          expect(await lastRun(target.db, test.complete.name)).toEqual({ outcome: 'succeeded', error: null });
          expect(await healthFileDate(target, code)).toBe(summary!.fileDate);
          expect(await dataSnapshot(target.db)).toEqual(await dataSnapshot(clean.db));
        } finally {
          await target.close();
          await clean.drop();
        }
        // Two databases, three loads and a CLI process started from the sources: a minute on a busy machine.
      },
      300_000,
    );
  },
);
