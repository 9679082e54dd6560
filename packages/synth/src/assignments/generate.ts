/**
 * Synthetic USPTO patent assignment daily XML files (PADX, `adYYYYMMDD.xml`) for the corpus of the
 * same options as writeFileWrapperFile: every property is an application of that corpus, with its
 * application, publication and patent numbers and dates, its title, its applicant company and
 * its inventors. Deterministic: the same options give byte-identical files.
 *
 * What the recordations tell (assignment-inventors.ts, assignment-schedule.ts, assignment-plan.ts):
 * the inventors' assignments to the applicant company shortly after filing; sales between
 * companies, one patent or 20–150 of a seller's properties at once; security interests (SECURITY
 * INTEREST, PATENT SECURITY AGREEMENT, LIEN) to lenders, most later released by the secured
 * party; mergers and changes of name covering all the company's properties at that point; licenses
 * (LICENSE, CONFIRMATORY LICENSE, GOVERNMENT INTEREST AGREEMENT); a few corrective assignments and
 * purged records. Companies are printed several ways (assignment-print.ts), using the corpus's
 * own name variants. Reels and frames grow with the recorded date (assignment-order.ts).
 *
 * Files: one history file dated the business day before the window, with everything posted until
 * then, then one daily file per business day of the window (the last `dailyFiles` business days up
 * to `asOf`) with that day's new recordations and the earlier ones updated that day (assignment-
 * order.ts). The truth (assignment-truth.ts) is returned and, on request, written next to them as
 * `assignments-truth.json`.
 *
 * Memory: the corpus is read once into columns (about 60 bytes per application) and a spool file
 * of printable facts; the recordations other than inventor assignments are objects (a few per
 * hundred applications); the XML is written record by record. The truth's names grow with the
 * corpus when it includes the inventors (`truthPeople`, two entries per application).
 */
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { businessDayBefore, businessDaysAfter, compact } from './calendar.js';
import { readCorpus } from './corpus.js';
import { emptyFile, FILE_TAIL, fileHead } from './dtd.js';
import { EntityRegistry } from './entities.js';
import { planInventorAssignments } from './inventors.js';
import { Ledger } from './order.js';
import { INVENTORS } from './ownership.js';
import { runPlan } from './plan.js';
import { scheduleEvents } from './schedule.js';
import { PropertySpool } from './spool.js';
import { type AssignmentTruth, companyId, personId, TruthCollector, writeTruthFile } from './truth.js';
import { type RenderContext, renderRecord } from './xml.js';
import { SYNTH_DEFAULTS } from '../file-wrapper/generate.js';
import { day, iso } from '../core/random.js';

export type { AssignmentTruth } from './truth.js';

const ASSIGNMENT_DEFAULTS = { dailyFiles: 5 } as const;
export const TRUTH_FILE = 'assignments-truth.json';

export interface AssignmentOptions {
  /** The corpus described: the same options as writeFileWrapperFile's. */
  applications: number;
  seed: string | number;
  startSerial?: number;
  /** `YYYY-MM-DD` (default SYNTH_DEFAULTS.asOf): nothing is posted after it. */
  asOf?: string;
  /** Business days, up to `asOf`, that get a daily file of their own (default 5; 0 = the history file only). */
  dailyFiles?: number;
  /** Also write the truth as `assignments-truth.json` in the directory. */
  writeTruth?: boolean;
  /** Include the inventors in the truth's names (default true); leave out for benchmark-size corpora. */
  truthPeople?: boolean;
}

export interface AssignmentFiles {
  /** Paths of the XML files, oldest first (the history file, then the daily files). */
  files: string[];
  /** Distinct recordations written (a record sent again in a later daily file counts once). */
  recordations: number;
  truth: AssignmentTruth;
  truthPath: string | null;
}

/** Writes one XML file; `ids` in reel/frame order. */
async function writeXmlFile(path: string, fileDay: number, ids: Iterable<number>, ctx: RenderContext, lastUpdate: (id: number) => number) {
  const handle = await open(path, 'w');
  try {
    const fileDate = compact(iso(fileDay));
    let chunk = fileHead(fileDate);
    let wroteRecord = false;
    for (const id of ids) {
      wroteRecord = true;
      for (const piece of renderRecord(ctx, id, fileDay, lastUpdate(id))) {
        chunk += piece;
        if (chunk.length >= 1 << 20) {
          await handle.write(chunk);
          chunk = '';
        }
      }
    }
    await handle.write(wroteRecord ? chunk + FILE_TAIL : emptyFile(fileDate));
  } finally {
    await handle.close();
  }
}

export async function writeAssignmentFiles(dir: string, options: AssignmentOptions): Promise<AssignmentFiles> {
  const asOf = options.asOf ?? SYNTH_DEFAULTS.asOf;
  const dailyFiles = options.dailyFiles ?? ASSIGNMENT_DEFAULTS.dailyFiles;
  if (!Number.isInteger(dailyFiles) || dailyFiles < 0 || dailyFiles > 60)
    throw new RangeError(`dailyFiles must be 0–60, got ${dailyFiles}`);
  const seed = options.seed;
  if (!Number.isInteger(options.applications) || options.applications < 0)
    throw new RangeError(`applications must be a non-negative integer, got ${options.applications}`);
  const last = businessDaysAfter(day(asOf), 0);
  const daily: number[] = [];
  for (let d = last, n = dailyFiles; n > 0; n--, d = businessDayBefore(d)) daily.unshift(d);
  const historyDay = daily.length > 0 ? businessDayBefore(daily[0]!) : last;

  await mkdir(dir, { recursive: true });
  const registry = new EntityRegistry();
  const spool = new PropertySpool(join(dir, `.assignments-${process.pid}-${Date.now()}.tmp`), options.applications);
  try {
    const corpus = readCorpus({ applications: options.applications, seed, asOf, startSerial: options.startSerial }, registry, spool);
    const { plan: inventors, extras } = planInventorAssignments(corpus, seed, last);
    const events = scheduleEvents(corpus, registry, inventors, seed, { daily, last });
    const plan = runPlan(corpus, registry, inventors, events, seed, last);
    const ledger = new Ledger(corpus.size, corpus, inventors, [...extras, ...plan.recordations], seed);
    const truth = new TruthCollector(options.truthPeople ?? true);
    const ctx: RenderContext = { corpus, spool, registry, inventors, ownership: plan.ownership, ledger, truth, seed };

    const files: string[] = [];
    const history = join(dir, `ad${compact(iso(historyDay))}.xml`);
    const posted = function* () {
      for (const id of ledger.order) if (ledger.posted(id) <= historyDay) yield id;
    };
    await writeXmlFile(history, historyDay, posted(), ctx, (id) => ledger.lastUpdate(id, historyDay));
    files.push(history);
    for (const d of daily) {
      const path = join(dir, `ad${compact(iso(d))}.xml`);
      await writeXmlFile(path, d, ledger.daily(d), ctx, () => d);
      files.push(path);
    }

    const owners: Record<string, string> = {};
    const companies = new Map<number, string>(); // one string per company: a benchmark corpus has half a million patents
    for (let i = 0; i < corpus.size; i++) {
      const patent = corpus.patentNumber(i);
      if (patent === null) continue;
      const holder = plan.ownership.holder(i);
      if (holder === INVENTORS) owners[patent] = personId(corpus.personBase[i]!);
      else owners[patent] = companies.get(holder) ?? companies.set(holder, companyId(holder)).get(holder)!;
    }
    const successions = plan.successions.map((s) => ({ ...s, reelFrame: ledger.reelFrame(corpus.size + extras.length + s.recordation) }));
    const result = truth.finish(registry, successions, owners);
    let truthPath: string | null = null;
    if (options.writeTruth) {
      truthPath = join(dir, TRUTH_FILE);
      await writeTruthFile(truthPath, result);
    }
    return { files, recordations: ledger.count(), truth: result, truthPath };
  } finally {
    spool.dispose();
  }
}
