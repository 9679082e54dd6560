import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SYNTH_DEFAULTS, writeFileWrapperFile, type WriteResult } from '../ingest/synth/file-wrapper.js';
import { UsageError } from './admin.js';

const USAGE = `usage: patent-status synth --out DIR [--applications N] [--seed S] [--jsonl]`;

export interface SynthResult extends WriteResult {
  fileWrapperFile: string;
}

/** The synthetic corpus for one seed: today the file wrapper bulk file (later products join it). */
export async function writeSyntheticCorpus(options: {
  out: string;
  applications: number;
  seed: string;
  jsonl?: boolean;
}): Promise<SynthResult> {
  mkdirSync(options.out, { recursive: true });
  const fileWrapperFile = join(options.out, `ptfwpre-synthetic-${options.seed}.${options.jsonl ? 'jsonl' : 'json'}`);
  const written = await writeFileWrapperFile(fileWrapperFile, {
    applications: options.applications,
    seed: options.seed,
    layout: options.jsonl ? 'jsonl' : 'envelope',
  });
  return { ...written, fileWrapperFile };
}

/** `patent-status synth`: deterministic bulk files in the real ODP shape. */
export async function runSynth(argv: string[], out: (line: string) => void = console.log): Promise<SynthResult> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, applications: { type: 'string' }, seed: { type: 'string' }, jsonl: { type: 'boolean' } },
    strict: true,
  });
  const applications = values.applications === undefined ? SYNTH_DEFAULTS.applications : Number(values.applications);
  if (!values.out || !Number.isInteger(applications) || applications < 1) throw new UsageError(USAGE);
  const started = Date.now();
  const result = await writeSyntheticCorpus({
    out: values.out,
    applications,
    seed: values.seed ?? SYNTH_DEFAULTS.seed,
    jsonl: values.jsonl ?? false,
  });
  out(
    `wrote ${result.fileWrapperFile}: ${result.applications} applications, ${result.transactions} transactions, ` +
      `${(result.bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result;
}
