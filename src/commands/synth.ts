import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SYNTH_DEFAULTS, writeFileWrapperFile, type WriteResult } from '@patent-status/synth';
import { type FullTextFile, writeFullTextFiles } from '@patent-status/synth';
import { feeFileDateFor, type MaintenanceFeeFiles, NoFeeExampleError, writeMaintenanceFeeFiles } from '@patent-status/synth';
import { writeAssignmentFiles } from '@patent-status/synth';
import { NoPtabExampleError, type PtabFiles, writePtabFiles } from '@patent-status/synth';
import { NoOfficeActionExampleError, type OfficeActionFiles, writeOfficeActionFiles } from '@patent-status/synth';
import { UsageError } from './operator-error.js';
import { FULL_TEXT_PRODUCTS } from '../domain/products.js';

export const USAGE = `usage: patent-status synth --out DIR [--applications N] [--seed S] [--jsonl] [--full-text]
  Writes DIR/ptfwpre-${compactDate(SYNTH_DEFAULTS.asOf)}-synthetic-S.json (file wrapper records as of ${SYNTH_DEFAULTS.asOf}, the date
  its name carries for ingest; .jsonl with --jsonl): N applications (default ${SYNTH_DEFAULTS.applications}), the same
  for the same seed S (default ${SYNTH_DEFAULTS.seed}).
  --full-text also writes the weekly full-text XML of the same corpus to DIR/full-text/:
  ipgYYMMDD.xml (grants, one file per issue Tuesday) and ipaYYMMDD.xml (publications, one per Thursday).
  Also writes the corpus's maintenance-fee events (PTMNFEE2) to DIR/maintenance-fees/:
  MaintFeeEvents_YYYYMMDD.txt and MaintFeeEventsDesc_YYYYMMDD.txt, dated the last Tuesday of the corpus
  (not for a corpus too small to hold a lapsed patent), and its patent assignments (PASDL) to
  DIR/assignments/: a history file adYYYYMMDD.xml and one daily file per business day of the last week,
  with the generator's truth (which printed names belong to one company) in assignments-truth.json, and
  its PTAB trials (ODP v1 JSON) to DIR/ptab/: ptab-proceedings-YYYYMMDD.json and ptab-decisions-YYYYMMDD.json
  (not for a corpus too small or too young to hold a final written decision), and its office actions
  (ODP office-action JSON) to DIR/office-actions/: oa-actions-, oa-rejections- and oa-citations-YYYYMMDD.json.`;

/** `2026-11-20` → `20261120`, as the office's file names write a date. */
function compactDate(date: string): string {
  return date.replace(/-/g, '');
}

/**
 * The file wrapper file's name carries the corpus's date ahead of the seed, so `ingest
 * file-wrapper` dates it without --file-date (and a seed that looks like a date cannot be read as one).
 */
function fileWrapperName(seed: string, extension: 'json' | 'jsonl'): string {
  return `ptfwpre-${compactDate(SYNTH_DEFAULTS.asOf)}-synthetic-${seed}.${extension}`;
}

export interface SynthResult extends WriteResult {
  fileWrapperFile: string;
  /** With `fullText`: the weekly XML files written, and how long they took. */
  fullText?: { dir: string; files: FullTextFile[]; seconds: number };
  /** With `maintenanceFees`: the PTMNFEE2 files of the same corpus (none when it is too small to hold a lapsed patent). */
  maintenanceFees?: MaintenanceFeeFiles & { seconds: number };
  /** With `assignments`: the daily assignment files of the same corpus, oldest first, and the generator's truth beside them. */
  assignments?: { dir: string; files: string[]; recordations: number; seconds: number };
  /** With `ptab`: the PTAB proceedings and decisions of the same corpus (none when it cannot hold the examples). */
  ptab?: PtabFiles & { dir: string };
  /** With `officeActions`: the office-action texts, rejections and citations of the same corpus (none when too small). */
  officeActions?: OfficeActionFiles & { dir: string };
}

/** The synthetic corpus for one seed: the file wrapper bulk file and, optionally, the weekly full-text XML. */
export async function writeSyntheticCorpus(options: {
  out: string;
  applications: number;
  seed: string;
  jsonl?: boolean;
  fullText?: boolean;
  maintenanceFees?: boolean;
  assignments?: boolean;
  ptab?: boolean;
  officeActions?: boolean;
}): Promise<SynthResult> {
  mkdirSync(options.out, { recursive: true });
  const fileWrapperFile = join(options.out, fileWrapperName(options.seed, options.jsonl ? 'jsonl' : 'json'));
  const written = await writeFileWrapperFile(fileWrapperFile, {
    applications: options.applications,
    seed: options.seed,
    layout: options.jsonl ? 'jsonl' : 'envelope',
  });
  const maintenanceFees = options.maintenanceFees ? await writeFeeFiles(options) : undefined;
  const assignments = options.assignments ? await writeOwnershipFiles(options) : undefined;
  const ptab = options.ptab ? await writeTrialFiles(options) : undefined;
  const officeActions = options.officeActions ? await writeActionFiles(options) : undefined;
  if (!options.fullText) return { ...written, fileWrapperFile, maintenanceFees, assignments, ptab, officeActions };
  const dir = join(options.out, 'full-text');
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const { files } = await writeFullTextFiles(dir, { applications: options.applications, seed: options.seed });
  return {
    ...written,
    fileWrapperFile,
    maintenanceFees,
    assignments,
    ptab,
    officeActions,
    fullText: { dir, files, seconds: (Date.now() - started) / 1000 },
  };
}

async function writeOwnershipFiles(options: { out: string; applications: number; seed: string }): Promise<SynthResult['assignments']> {
  const started = Date.now();
  const dir = join(options.out, 'assignments');
  const { files, recordations } = await writeAssignmentFiles(dir, {
    applications: options.applications,
    seed: options.seed,
    writeTruth: true,
  });
  return { dir, files, recordations, seconds: (Date.now() - started) / 1000 };
}

async function writeTrialFiles(options: { out: string; applications: number; seed: string }): Promise<SynthResult['ptab']> {
  const dir = join(options.out, 'ptab');
  try {
    return { dir, ...(await writePtabFiles(dir, { applications: options.applications, seed: options.seed })) };
  } catch (error) {
    if (error instanceof NoPtabExampleError) return undefined;
    throw error;
  }
}

async function writeActionFiles(options: { out: string; applications: number; seed: string }): Promise<SynthResult['officeActions']> {
  const dir = join(options.out, 'office-actions');
  try {
    return { dir, ...(await writeOfficeActionFiles(dir, { applications: options.applications, seed: options.seed })) };
  } catch (error) {
    if (error instanceof NoOfficeActionExampleError) return undefined;
    throw error;
  }
}

async function writeFeeFiles(options: { out: string; applications: number; seed: string }): Promise<SynthResult['maintenanceFees']> {
  const started = Date.now();
  try {
    const files = await writeMaintenanceFeeFiles(join(options.out, 'maintenance-fees'), {
      applications: options.applications,
      seed: options.seed,
      fileDate: feeFileDateFor(SYNTH_DEFAULTS.asOf),
    });
    return { ...files, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    if (error instanceof NoFeeExampleError) return undefined;
    throw error;
  }
}

/** `patent-status synth`: deterministic bulk files in the real ODP shape. */
export async function runSynth(argv: string[], out: (line: string) => void = console.log): Promise<SynthResult> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      applications: { type: 'string' },
      seed: { type: 'string' },
      jsonl: { type: 'boolean' },
      'full-text': { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.out) throw new UsageError('--out DIR is required');
  const applications = values.applications === undefined ? SYNTH_DEFAULTS.applications : Number(values.applications);
  if (!/^\d{1,9}$/.test(values.applications ?? '1') || !(applications >= 1))
    throw new UsageError(`--applications must be a positive whole number, got "${values.applications}"`);
  const started = Date.now();
  const result = await writeSyntheticCorpus({
    out: values.out,
    applications,
    seed: values.seed ?? SYNTH_DEFAULTS.seed,
    jsonl: values.jsonl ?? false,
    fullText: values['full-text'] ?? false,
    maintenanceFees: true,
    assignments: true,
    ptab: true,
    officeActions: true,
  });
  const seconds =
    (Date.now() - started) / 1000 -
    (result.fullText?.seconds ?? 0) -
    (result.maintenanceFees?.seconds ?? 0) -
    (result.assignments?.seconds ?? 0) -
    (result.ptab?.seconds ?? 0) -
    (result.officeActions?.seconds ?? 0);
  out(
    `wrote ${result.fileWrapperFile}: ${result.applications} applications, ${result.transactions} transactions, ` +
      `${(result.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
  );
  if (result.maintenanceFees) {
    const { eventsPath, lines, examples } = result.maintenanceFees;
    out(
      `wrote ${eventsPath} and its Desc file: ${lines} maintenance-fee events (e.g. patent ${examples.live} paid up, ` +
        `${examples.lapsed} lapsed) in ${result.maintenanceFees.seconds.toFixed(1)} s`,
    );
  }
  if (result.assignments) {
    const { dir, files, recordations } = result.assignments;
    out(
      `wrote ${files.length} daily assignment files to ${dir}: ${recordations} recordations, and the generator's truth ` +
        `(assignments-truth.json) in ${result.assignments.seconds.toFixed(1)} s`,
    );
  }
  if (result.ptab) {
    const { dir, proceedings, decisions, examples } = result.ptab;
    out(
      `wrote the PTAB proceedings and decisions to ${dir}: ${proceedings} trials, ${decisions} decisions (e.g. ` +
        `${examples.finalAllUnpatentable} all claims unpatentable, ${examples.pending} pending) in ${result.ptab.seconds.toFixed(1)} s`,
    );
  }
  if (result.officeActions) {
    const { dir, actions, rejections, citations, examples } = result.officeActions;
    out(
      `wrote the office actions to ${dir}: ${actions} action texts, ${rejections} rejection rows, ${citations} citation rows ` +
        `(e.g. application ${examples.nonFinal}) in ${result.officeActions.seconds.toFixed(1)} s`,
    );
  }
  if (result.fullText) {
    const { dir, files } = result.fullText;
    const count = (product: string) => files.filter((f) => f.product === product).reduce((sum, f) => sum + f.documents, 0);
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    out(
      `wrote ${files.length} weekly full-text files to ${dir}: ${count(FULL_TEXT_PRODUCTS.grants)} grants, ${count(FULL_TEXT_PRODUCTS.publications)} publications, ` +
        `${(bytes / 1e6).toFixed(1)} MB in ${result.fullText.seconds.toFixed(1)} s`,
    );
  }
  return result;
}
