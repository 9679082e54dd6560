/**
 * Weekly grant full text: parse throughput (MB/s) of a synthetic week alone and with loading
 * into the PostgreSQL server, against a raw SAX pass over the same bytes (the same splitting and
 * the same saxes tokenising, nothing built) measured in the same run.
 *   npx tsx bench/full-text.ts [--documents 7000] [--detail 150]
 * `--detail` is the mean number of detailed-description paragraphs per utility grant: about 150
 * gives a real week's size (~1 GB for ~7,000 grants); 0 leaves descriptions out.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFullText } from '../src/products/full-text/load.js';
import { parseFullTextFile, rawSaxPass } from '../src/products/full-text/parse.js';
import { writeGrantWeek } from '@patent-status/synth';
import { arg, benchDatabase, fmt, timed } from './support.js';
import { BOTH_MAPPERS } from '../test/helpers/full-text-mappers.js';

async function main(): Promise<void> {
  const documents = arg('documents', 7_000);
  const detail = arg('detail', 150);
  const dir = mkdtempSync(join(tmpdir(), 'pss-full-text-'));
  const target = await benchDatabase();
  try {
    const file = join(dir, 'ipg240604.xml');
    const started = performance.now();
    const week = await writeGrantWeek(file, { documents, seed: 'bench-week', detailParagraphs: detail });
    const megabytes = week.bytes / 1e6;
    console.log(
      `file: ${fmt(week.documents)} grants, ${megabytes.toFixed(0)} MB (${fmt(week.bytes / week.documents / 1000)} KB each), written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const raw = await timed('raw SAX pass (baseline)', megabytes, () => rawSaxPass(createReadStream(file), BOTH_MAPPERS));
    const parsed = await timed('parse to documents', megabytes, async () => {
      let read = 0;
      for await (const item of parseFullTextFile(file, BOTH_MAPPERS)) if (item.kind === 'document') read += 1;
      return read;
    });
    const loaded = await timed('parse + load (PostgreSQL)', megabytes, () =>
      loadFullText(target.db, parseFullTextFile(file, BOTH_MAPPERS), {
        product: 'PTGRXML',
        fileName: 'ipg240604.xml',
        fileDate: week.fileDate,
      }),
    );
    // The baseline again: how much the machine drifted during the run.
    const rawAgain = await timed('raw SAX pass again', megabytes, () => rawSaxPass(createReadStream(file), BOTH_MAPPERS));

    if (raw.result.read !== week.documents || parsed.result !== week.documents || loaded.result.inserted !== week.documents) {
      throw new Error(
        `documents: raw ${raw.result.read}, parsed ${parsed.result}, loaded ${loaded.result.inserted}, written ${week.documents}`,
      );
    }
    const citations = await target.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM citations`);
    console.log(
      `loaded ${fmt(loaded.result.inserted)} documents, ${fmt(citations.rows[0]!.n)} citations, ${loaded.result.rejected} rejected`,
    );
    const baseline = Math.max(raw.rate, rawAgain.rate);
    console.log(`parse alone: ${(parsed.result && parsed.rate / baseline).toFixed(2)} of the raw pass`);
    console.log(`parse + load: ${(loaded.rate / baseline).toFixed(2)} of the raw pass (target ≥ 0.5)`);
  } finally {
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
