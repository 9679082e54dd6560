/**
 * ARCHITECTURE.md "Adding a product", followed by a test: a small product declared here, in one
 * module, gets ingest (the one runner: ingest_runs, product_state, rejects), /health and
 * provenance (its own cadence) without a line changed in a shared file. Its table is made here,
 * as its migration would make it.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/domain/dates.js';
import type { ProductInfo } from '../src/domain/products.js';
import { datedName } from '../src/ingest/file-date.js';
import { ingestFileAmong } from '../src/ingest/ingest-file.js';
import type { ProductLoader } from '../src/ingest/loader.js';
import { defineProduct } from '../src/ingest/product.js';
import { PRODUCT_MODULES } from '../src/products/registry.js';
import { createTestApp, type TestContext } from './helpers/app.js';

/** A weekly text file of patent-number ratings: `RATING 11646472 7`. */
const TOY_CATALOGUE: ProductInfo = {
  code: 'TOYRATE',
  family: 'ratings',
  cadence: 'weekly',
  backfile: false,
  cumulative: false,
  portal: 'bulk-data',
};

interface Rating {
  patent: string;
  score: number;
}

const RATINGS_LOADER: ProductLoader<string, Rating, readonly Rating[]> = {
  unit: 'ratings',
  batchSize: 100,
  tables: ['toy_ratings'],
  item(line) {
    const match = /^RATING (\d{7,8}) (\d{1,2})$/.exec(line);
    if (!match) return { kind: 'reject', reason: 'not a rating line', position: { member: null, index: 0 }, excerpt: line };
    return { kind: 'record', key: match[1]!, record: { patent: match[1]!, score: Number(match[2]) } };
  },
  plan: async (_tx, records) => records,
  detect: () => [],
  async write(tx, records, file) {
    for (const r of records) {
      await tx.query(
        `INSERT INTO toy_ratings (patent_number, score, source_file_date) VALUES ($1, $2, $3)
         ON CONFLICT (patent_number) DO UPDATE SET score = EXCLUDED.score, source_file_date = EXCLUDED.source_file_date`,
        [r.patent, r.score, file.fileDate],
      );
    }
    return { inserted: records.length, updated: 0, unchanged: 0, rejects: [] };
  },
};

async function* lines(path: string): AsyncIterable<string> {
  const { readFile } = await import('node:fs/promises');
  for (const line of (await readFile(path, 'utf8')).split('\n')) if (line.trim() !== '') yield line;
}

const RATINGS = defineProduct({
  catalogue: [TOY_CATALOGUE],
  what: 'patent ratings',
  files: '<ratings-YYYYMMDD.txt>…',
  format: 'text',
  markers: [String.raw`^RATING \d`],
  fileNameDate: datedName,
  parse: lines,
  loading: { kind: 'batches', loader: RATINGS_LOADER, recordDate: null },
  holds: { table: 'toy_ratings' },
  async demo() {
    return [];
  },
});

/**
 * Five days ago: a weekly product's copy is fresh for eight days after its file's date, a daily
 * one's for two business days, so this date tells the toy's own cadence from the default.
 */
const FILE_DATE = addDays(new Date().toISOString().slice(0, 10), -5);

describe('a product added by its module alone', () => {
  let ctx: TestContext;
  let dir: string;
  const products = [...PRODUCT_MODULES, RATINGS];

  beforeAll(async () => {
    ctx = await createTestApp({ products });
    await ctx.db.query(`CREATE TABLE toy_ratings (patent_number text PRIMARY KEY, score int NOT NULL, source_file_date text NOT NULL)`);
    dir = await mkdtemp(join(tmpdir(), 'pss-toy-'));
  });
  afterAll(async () => ctx?.close());

  it('is loaded by the one runner: rows, a run, its product state; a bad line rejected, not lost', async () => {
    const path = join(dir, `ratings-${FILE_DATE.replaceAll('-', '')}.txt`);
    await writeFile(path, 'RATING 11646472 7\nRATING 9876543 3\nRATING x\n');
    const summary = await ingestFileAmong(products, ctx.db, RATINGS, path);
    // Three lines: two ratings read and written, one rejected with its reason.
    expect(summary).toMatchObject({ read: 2, rejected: 1 });
    const rows = await ctx.db.query(`SELECT patent_number, score, source_file_date FROM toy_ratings ORDER BY 1`);
    expect(rows.rows).toEqual([
      { patent_number: '11646472', score: 7, source_file_date: FILE_DATE },
      { patent_number: '9876543', score: 3, source_file_date: FILE_DATE },
    ]);
    const state = await ctx.db.query(`SELECT file_date FROM product_state WHERE product = 'TOYRATE'`);
    expect(state.rows).toEqual([{ file_date: FILE_DATE }]);
  });

  it("is refused another product's file by name, and its files are refused to the others", async () => {
    const fees = join(dir, 'MaintFeeEvents_20261124.txt');
    await writeFile(fees, '06000000 000000000 N 19781212 19800101 19810101 M170\n');
    const ratings = join(dir, 'ratings-20261201.txt');
    await writeFile(ratings, 'RATING 11646472 8\n');
    const feeModule = products.find((product) => product.family === 'maintenance-fees')!;
    await expect(ingestFileAmong(products, ctx.db, feeModule, ratings)).rejects.toThrow(
      'holds patent ratings, not maintenance fee events: load it with "patent-status ingest ratings"',
    );
  });

  it('shows in /health with the staleness of its own cadence (weekly: fresh for eight days)', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/health' });
    const toy = health
      .json<{ products: { product: string; file_date: string; stale: boolean }[] }>()
      .products.find((product) => product.product === 'TOYRATE');
    // Five days old: fresh by its weekly cadence, where a daily product's two business days would have run out.
    expect(toy).toMatchObject({ product: 'TOYRATE', file_date: FILE_DATE, stale: false });
    expect(await ctx.services.provenance.of('TOYRATE')).toMatchObject({
      source: { product: 'TOYRATE', file_date: FILE_DATE },
      stale: false,
    });
  });
});
