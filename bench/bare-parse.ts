/**
 * The baselines of the JSON ingest benchmarks (PTAB, office actions): a bare parse of the same
 * files. The stream-json tokenizer over the same bytes, fed as the reader is fed (decoded text
 * in slices), building nothing; and `JSON.parse` of each whole file, for reference.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser } from 'stream-json/core/parser.js';

const SLICE_CHARS = 16_384;

/** The tokenizer alone over each file: decoded text in slices, tokens counted. */
export async function barePass(files: readonly string[]): Promise<{ seconds: number; tokens: number }> {
  const started = performance.now();
  let tokens = 0;
  for (const file of files) {
    const tokenize = jsonParser({ jsonStreaming: true, streamValues: false }) as (text: string | typeof none) => unknown;
    const decoder = new StringDecoder('utf8');
    const count = (out: unknown) => {
      if (isMany(out)) tokens += getManyValues(out).length;
    };
    for await (const chunk of createReadStream(file)) {
      const text = decoder.write(chunk as Buffer);
      for (let i = 0; i < text.length; i += SLICE_CHARS) count(tokenize(text.slice(i, i + SLICE_CHARS)));
    }
    count(tokenize(none));
  }
  return { seconds: (performance.now() - started) / 1000, tokens };
}

/** `JSON.parse` of each whole file, in seconds. */
export function jsonParseOf(files: readonly string[]): number {
  const started = performance.now();
  for (const file of files) JSON.parse(readFileSync(file, 'utf8'));
  return (performance.now() - started) / 1000;
}

/** A product's own parse of each file to records (no load), in seconds: what the ingest pays before writing. */
export async function parseToRecords(
  files: readonly string[],
  parse: (path: string) => AsyncIterable<{ kind: string }>,
): Promise<{ seconds: number; records: number }> {
  const started = performance.now();
  let records = 0;
  for (const file of files) for await (const item of parse(file)) if (item.kind === 'record') records += 1;
  return { seconds: (performance.now() - started) / 1000, records };
}
