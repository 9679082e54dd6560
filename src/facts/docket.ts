/**
 * The docket kept current: each queued application's deadlines computed from every product's
 * evidence (prosecution from the file wrapper's transactions and the office-action documents, the
 * patent's from its fused facts, facts/assess.ts) and written in place of its old rows. The
 * queue is filled by triggers (migration 0031); it is drained after every ingest run, by the
 * worker, and for the applications a docket request asks for (resources/deadlines).
 */
import { vacuumAnalyze } from '../db/analyze.sql.js';
import type { Database, Queryable } from '../db/database.js';
import { actionDeadlines } from '../domain/action-deadlines.js';
import type { DocketDeadline } from '../domain/docket.js';
import { listOfficeActions } from '../domain/office-action-list.js';
import { officeClosures } from '../domain/office-closures.js';
import { patentDeadlines } from '../domain/patent-docket.js';
import { isProvisionalNumber, prosecutionDeadlines, provisionalDeadline } from '../domain/prosecution-docket.js';
import { MAINTENANCE_FEE_PRODUCT } from '../domain/products.js';
import { toEasternDate } from '../domain/provenance.js';
import { statusCategory } from '../domain/status-codes.js';
import { assessPatent } from './assess.js';
import * as sql from './docket.sql.js';
import { type HeldPatent, readPatentFacts } from './read.js';

/**
 * Changes whenever a rule in domain/*-docket.ts changes what rows it gives: stored rows computed
 * under another version are computed again (every application is queued once).
 */
const DOCKET_RULES_VERSION = 'docket-1';

/** Applications computed per statement round and per write transaction. */
const BATCH = 500;

type Computed = sql.StoredDeadline & { applicationNumber: string };

/** Prosecution goes on while the office still acts: pending, or allowed and waiting for the issue fee. */
const PROSECUTING = new Set(['pending', 'allowed']);

/** What the file wrapper's row and the office's actions give: prosecution, and a provisional's filing. */
function applicationDeadlines(
  e: sql.DocketEvidence,
  application: sql.DocketApplicationRow,
  closures: ReadonlySet<string>,
): DocketDeadline[] {
  const deadlines: DocketDeadline[] = [];
  if (PROSECUTING.has(statusCategory(application.status_code, application.status_description))) {
    const listed = listOfficeActions(e.transactions, e.documents);
    deadlines.push(...prosecutionDeadlines(listed, actionDeadlines(listed, e.transactions, closures), e.transactions, closures));
  }
  if (isProvisionalNumber(e.application_number) && application.filing_date !== null) {
    const provisional = provisionalDeadline(application.filing_date, e.claimed, closures);
    if (provisional) deadlines.push(provisional);
  }
  return deadlines;
}

/** The patent's fee windows and term, from the same assessment as its maintenance record. */
function patentDocket(patentNumber: string, held: HeldPatent, today: string, closures: ReadonlySet<string>): DocketDeadline[] {
  const assessment = assessPatent(held.facts, held.original, today, closures);
  return patentDeadlines({
    patentNumber,
    scheduleGrantDate: assessment.scheduleGrantDate,
    status: assessment.status,
    estimate: assessment.estimate,
    expired: assessment.expiry.expired,
    scheduleNote: assessment.scheduleNote,
  });
}

/**
 * The deadlines of each application, as of `today` (the Eastern calendar date), each with the
 * file it was read from: a fee window the fee evidence's, the rest the file wrapper row's.
 */
async function computeDeadlines(
  db: Queryable,
  applicationNumbers: readonly string[],
  closures: ReadonlySet<string>,
  today: string,
): Promise<Computed[]> {
  const evidence = await sql.findDocketEvidence(db, applicationNumbers);
  const patentOf = (e: sql.DocketEvidence) => e.application?.patent_number ?? e.patent_number;
  const patents = await readPatentFacts(
    db,
    evidence.flatMap((e) => patentOf(e) ?? []),
  );
  return evidence.flatMap((e) => {
    const { application } = e;
    const fileWrapper = application && { product: application.source_product, file_date: application.source_file_date };
    const patentNumber = patentOf(e);
    const held = patentNumber === null ? undefined : patents.get(patentNumber);
    const feeEvidence = held?.facts.feesCoveredThrough?.source ?? { product: MAINTENANCE_FEE_PRODUCT, file_date: null };
    const deadlines = [
      ...(application ? applicationDeadlines(e, application, closures) : []),
      ...(held ? patentDocket(patentNumber!, held, today, closures) : []),
    ];
    return deadlines.map((deadline) => ({
      ...deadline,
      applicationNumber: e.application_number,
      source: deadline.kind === 'maintenance_fee' ? feeEvidence : (fileWrapper ?? feeEvidence),
      feeCoveredByFileWrapper: application !== null,
    }));
  });
}

/** The closures the stored rows were computed with; the built-in list until a process records the deployment's. */
async function storedClosures(db: Queryable): Promise<ReadonlySet<string>> {
  const state = await sql.findDocketRules(db);
  return state ? new Set(state.closures) : officeClosures();
}

/**
 * Records the rules version and the deployment's office closures; when either differs from what
 * the rows were computed with, queues every application (the next drain computes them again).
 * `serve` and `worker` call it at start with their config's closures.
 */
export async function settleDocketRules(db: Database, closures: ReadonlySet<string>): Promise<boolean> {
  const dates = [...closures].sort();
  const rules = `${DOCKET_RULES_VERSION} ${dates.join(',')}`;
  const state = await sql.findDocketRules(db);
  if (state?.rules === rules) return false;
  await db.transaction((tx) => sql.resetDocketRules(tx, rules, dates));
  return true;
}

async function computeAndStore(db: Database, queued: readonly sql.QueuedApplication[], closures: ReadonlySet<string>, today: string) {
  const numbers = queued.map((q) => q.application_number);
  const computed = await computeDeadlines(db, numbers, closures, today);
  await db.transaction(async (tx) => {
    await sql.replaceDeadlines(tx, numbers, computed);
    await sql.dequeue(tx, queued);
  });
}

export interface DrainOptions {
  now?: Date;
  /** Stops between batches (a shutdown); what is left stays queued. */
  signal?: AbortSignal;
}

/** Computes every queued application's deadlines; returns how many were computed. */
export async function drainDeadlineQueue(db: Database, options: DrainOptions = {}): Promise<number> {
  const closures = await storedClosures(db);
  const today = toEasternDate(options.now ?? new Date());
  let after = '';
  let computed = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const queued = await sql.findQueued(db, after, BATCH);
    if (queued.length === 0) break;
    await computeAndStore(db, queued, closures, today);
    computed += queued.length;
    after = queued.at(-1)!.application_number;
  }
  // As every load ends (ingest/analyze.ts): a docket read right after must not be planned without statistics.
  if (computed > 0) await vacuumAnalyze(db, ['deadlines', 'deadline_queue']);
  return computed;
}

/** Computes the given queued applications now (a docket request about to read them). */
export async function computeQueued(db: Database, queued: readonly sql.QueuedApplication[], now: Date = new Date()): Promise<void> {
  if (queued.length === 0) return;
  const closures = await storedClosures(db);
  const today = toEasternDate(now);
  for (let from = 0; from < queued.length; from += BATCH) await computeAndStore(db, queued.slice(from, from + BATCH), closures, today);
}
