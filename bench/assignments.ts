/**
 * Patent assignment ingest: throughput (MB/s) of a synthetic history file (one XML document of
 * many recordations, as the office's files are) parsed alone and parsed and loaded into the
 * PostgreSQL server, against a raw SAX pass over the same bytes measured before and after them
 * in the same run. The baseline is the full-text benchmark's: the same cutting into records and
 * the same saxes tokenising of each, nothing built. For reference, one saxes parser over the
 * whole document is measured too (the loader cuts records so that one bad record is one reject,
 * not the end of the file).
 *   npx tsx bench/assignments.ts [--applications 100000]
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { parseAssignmentFile } from '../src/products/assignments/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { cutElements } from '../src/ingest/xml/records.js';
import { runSax } from '../src/ingest/xml/sax.js';
import { writeAssignmentFiles } from '@patent-status/synth';
import { arg, benchDatabase, fmt, timed } from './support.js';

/** The baseline: the loader's cutting into records, and each record through saxes with nothing built. */
async function rawSaxPass(path: string): Promise<number> {
  let records = 0;
  for await (const piece of cutElements(createReadStream(path, { highWaterMark: 1 << 16 }), 'patent-assignment')) {
    if (piece.kind === 'element' && runSax(piece.text, (name) => name === 'patent-assignment', null).kind === 'read') records += 1;
  }
  return records;
}

/** For reference: one saxes parser over the whole document, counting the recordations' start tags. */
async function wholeDocumentSaxPass(path: string): Promise<number> {
  const parser = new SaxesParser();
  let records = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'patent-assignment') records += 1;
  });
  const input = createReadStream(path, { highWaterMark: 1 << 16 });
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) parser.write(chunk);
  parser.close();
  return records;
}

async function main(): Promise<void> {
  const applications = arg('applications', 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'pss-assignments-'));
  const target = await benchDatabase();
  try {
    const started = performance.now();
    const { files, recordations } = await writeAssignmentFiles(dir, {
      applications,
      seed: 'bench-assignments',
      dailyFiles: 0,
      truthPeople: false,
    });
    const file = files[0]!;
    const megabytes = statSync(file).size / 1e6;
    console.log(
      `file: ${fmt(recordations)} recordations of ${fmt(applications)} applications, ${megabytes.toFixed(0)} MB, written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const whole = await timed('one saxes pass over the whole document (reference)', megabytes, () => wholeDocumentSaxPass(file));
    const raw = await timed('raw SAX pass, record by record (baseline)', megabytes, () => rawSaxPass(file));
    const parsed = await timed('parse to recordations', megabytes, async () => {
      let read = 0;
      for await (const item of parseAssignmentFile(file)) if (item.kind === 'record') read += 1;
      return read;
    });
    const loaded = await timed('parse + load (PostgreSQL)', megabytes, () => ingestFile(target.db, productNamed('assignments')!, file));
    const rawAgain = await timed('raw SAX pass again', megabytes, () => rawSaxPass(file));
    if (raw.result !== parsed.result || whole.result !== raw.result || loaded.result.read !== raw.result || loaded.result.rejected !== 0)
      throw new Error(
        `records: raw ${raw.result}, parsed ${parsed.result}, loaded ${loaded.result.read} (${loaded.result.rejected} rejected)`,
      );
    const parties = await target.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM assignment_properties`);
    console.log(
      `loaded ${fmt(loaded.result.inserted)} recordations (${fmt(parties.rows[0]!.n)} properties), ${loaded.result.rejected} rejected`,
    );
    const baseline = Math.max(raw.rate, rawAgain.rate);
    console.log(`parse alone: ${(parsed.rate / baseline).toFixed(2)} of the raw pass`);
    console.log(`parse + load: ${(loaded.rate / baseline).toFixed(2)} of the raw pass (target ≥ 0.5)`);
    console.log(`parse + load: ${(loaded.rate / whole.rate).toFixed(2)} of one saxes pass over the whole document`);
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
