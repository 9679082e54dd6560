/**
 * Ingest throughput on the PostgreSQL server: parse + load of a synthetic file wrapper file,
 * against a bare COPY of the very rows the load wrote into the same tables, in the same run.
 *   npx tsx bench/ingest.ts [--applications 100000]
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { writeFileWrapperFile } from '@patent-status/synth';
import { arg, benchDatabase, fmt } from './support.js';

const TABLES = ['applications', 'transactions', 'continuity', 'application_parties'] as const;

async function rowCounts(db: Awaited<ReturnType<typeof benchDatabase>>['db']): Promise<number> {
  let total = 0;
  for (const table of TABLES) total += (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  return total;
}

/** The table contents as COPY text, read back from the database the load just filled. */
async function dumpAsCopyText(url: string, table: string): Promise<Buffer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { to: copyTo } = await import('pg-copy-streams');
  const chunks: Buffer[] = [];
  const stream = client.query(copyTo(`COPY ${table} TO STDOUT`));
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(stream, 'end');
  await client.end();
  return Buffer.concat(chunks);
}

async function main(): Promise<void> {
  const applications = arg('applications', 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'pss-bench-'));
  const file = join(dir, `synthetic-${applications}.json`);
  const generated = await writeFileWrapperFile(file, { applications, seed: 'bench' });
  const megabytes = statSync(file).size / 1e6;
  console.log(`file: ${fmt(applications)} applications, ${fmt(generated.transactions)} transactions, ${megabytes.toFixed(0)} MB`);

  const target = await benchDatabase();
  try {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const summary = await loadFileWrapper(target.db, parseFileWrapperFile(file), {
      product: 'PTFWPRE',
      fileName: 'bench.json',
      fileDate: '2026-11-20',
    });
    const loadSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const rows = await rowCounts(target.db);
    console.log(`  this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU during the load`);
    console.log(
      `parse + load: ${loadSeconds.toFixed(1)} s, ${fmt(summary.inserted / loadSeconds)} applications/s, ${fmt(rows / loadSeconds)} rows/s (${fmt(rows)} rows, ${summary.rejected} rejected)`,
    );

    const copies = await Promise.all(TABLES.map(async (table) => [table, await dumpAsCopyText(target.url, table)] as const));
    await target.db.query(`TRUNCATE ${TABLES.join(', ')}`);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const copyStarted = performance.now();
    await client.query('BEGIN');
    for (const [table, text] of copies) await pipeline(Readable.from([text]), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
    await client.query('COMMIT');
    const copySeconds = (performance.now() - copyStarted) / 1000;
    await client.end();
    console.log(`bare COPY of the same rows: ${copySeconds.toFixed(1)} s, ${fmt(rows / copySeconds)} rows/s`);
    console.log(`ratio (load rows/s ÷ COPY rows/s): ${(rows / loadSeconds / (rows / copySeconds)).toFixed(2)}`);
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
