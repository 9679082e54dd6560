import { replaceChildRows } from '../../db/child-rows.js';
import type { Database, Queryable } from '../../db/database.js';
import { FILE_WRAPPER_PRODUCTS, type FileWrapperProduct } from '../../domain/products.js';
import type { IngestCounts, IngestSummary } from '../../ingest/ingest-run.js';
import type { HeldPatent } from '../../facts/read.js';
import type { BatchOutcome, ProductLoader } from '../../ingest/loader.js';
import { ingestItems } from '../../ingest/runner.js';
import { detectEvents, type StoredApplication } from './detect-events.js';
import { detectLapses, type LapseCandidate, lapseCandidates, readLapseFacts } from './detect-lapses.js';
import * as sql from './load.sql.js';
import type { FileWrapperRecord, ParsedItem } from './record.js';
import { applicationRow, contentHash, type PreparedRecord, prepareRecord } from './rows.js';

interface Work extends PreparedRecord {
  isNew: boolean;
}

/** One batch after reading what is stored: what to write, and what events compare against. */
interface Plan {
  work: Work[];
  unchanged: number;
  /** Partial records of applications not held: nothing to attach them to. */
  orphans: FileWrapperRecord[];
  /** Stored state of the changed applications already held (only when events are wanted). */
  before: Map<string, StoredApplication>;
  /** Held patents whose records bring a new EXP., with their facts as stored (only when events are wanted). */
  lapses: { candidates: LapseCandidate[]; facts: Map<string, HeldPatent> };
}

async function storedState(tx: Queryable, rows: sql.StoredRow[]): Promise<Map<string, StoredApplication>> {
  const numbers = rows.map((row) => row.application_number);
  const state = new Map<string, StoredApplication>(
    rows.map((row) => [
      row.application_number,
      {
        statusCode: row.status_code,
        statusDescription: row.status_description,
        patentNumber: row.patent_number,
        publicationNumber: row.publication_number,
        transactions: [],
        childNumbers: new Set<string>(),
        reelFrames: row.recordations_loaded ? new Set<string>() : null,
      },
    ]),
  );
  if (numbers.length === 0) return state;
  for (const t of await sql.findStoredTransactions(tx, numbers)) {
    state.get(t.application_number)!.transactions.push({ date: t.date, code: t.code, description: t.description });
  }
  for (const c of await sql.findStoredChildren(tx, numbers)) state.get(c.application_number)!.childNumbers.add(c.child_number);
  const bagged = rows.filter((row) => row.recordations_loaded).map((row) => row.application_number);
  if (bagged.length > 0)
    for (const r of await sql.findStoredReelFrames(tx, bagged)) state.get(r.application_number)!.reelFrames!.add(r.reel_frame);
  return state;
}

function carriesStoredParts(record: FileWrapperRecord): boolean {
  return (
    record.metadata !== null ||
    record.transactions !== null ||
    record.parents !== null ||
    record.children !== null ||
    record.parties !== null ||
    record.recordations !== null ||
    record.ptaDays !== null
  );
}

/**
 * The file wrapper's columns and tables: applications, transactions, continuity,
 * application_parties and the bag's copies of recordations (file_wrapper_recordations and their
 * parties).
 */
export const FILE_WRAPPER_LOADER: ProductLoader<ParsedItem, FileWrapperRecord, Plan> = {
  unit: 'applications',
  batchSize: 1000,
  tables: [
    'applications',
    sql.TRANSACTIONS.table,
    sql.APPLICATION_PARTIES.table,
    sql.CONTINUITY.table,
    sql.RECORDATIONS.table,
    sql.RECORDATION_PARTIES.table,
    'entity_relink_queue',
  ],

  item: (item) => (item.kind === 'record' ? { kind: 'record', key: item.record.applicationNumber, record: item.record } : item),

  async plan(tx, records, detect) {
    const storedRows = new Map(
      (
        await sql.findStoredApplications(
          tx,
          records.map((r) => r.applicationNumber),
        )
      ).map((row) => [row.application_number, row]),
    );
    const plan: Plan = { work: [], unchanged: 0, orphans: [], before: new Map(), lapses: { candidates: [], facts: new Map() } };
    for (const record of records) {
      const stored = storedRows.get(record.applicationNumber);
      const hash = contentHash(record);
      // A partial record whose parts this product does not store (e.g. an /attorney response) has nothing to load.
      if (!carriesStoredParts(record)) plan.unchanged += 1;
      else if (!record.metadata && !stored) plan.orphans.push(record);
      else if (stored?.content_hash === hash) plan.unchanged += 1;
      else plan.work.push({ ...prepareRecord(record, hash), isNew: !stored });
    }
    if (detect) {
      plan.before = await storedState(
        tx,
        plan.work.filter((w) => !w.isNew).map((w) => storedRows.get(w.record.applicationNumber)!),
      );
      const candidates = lapseCandidates(
        plan.work.map((w) => w.record),
        plan.before,
      );
      plan.lapses = { candidates, facts: await readLapseFacts(tx, candidates) };
    }
    return plan;
  },

  detect: (plan) => [
    ...plan.work.flatMap((w) => detectEvents(w.record, plan.before.get(w.record.applicationNumber) ?? null)),
    ...detectLapses(plan.lapses.candidates, plan.lapses.facts),
  ],

  async write(tx, plan, file): Promise<BatchOutcome> {
    const { work } = plan;
    const rejects = plan.orphans.map((record) => ({
      reason: `partial record for an application not held: "${record.applicationNumber}"`,
      position: record.applicationNumber,
      excerpt: '',
    }));
    const outcome = { inserted: 0, updated: 0, unchanged: plan.unchanged, rejects };
    if (work.length === 0) return outcome;

    const full = work.filter((w) => w.record.metadata);
    if (full.length > 0) await sql.upsertApplications(tx, JSON.stringify(full.map(applicationRow)), file.product, file.fileDate, file.now);

    const withTransactions = work.filter((w) => w.record.transactions !== null);
    await replaceChildRows(
      tx,
      sql.TRANSACTIONS,
      withTransactions.filter((w) => !w.isNew).map((w) => w.record.applicationNumber),
      withTransactions.flatMap((w) => w.transactions),
    );

    // A partial record (parties null) leaves the stored parties alone.
    const withParties = work.filter((w) => w.record.parties !== null);
    await replaceChildRows(
      tx,
      sql.APPLICATION_PARTIES,
      withParties.filter((w) => !w.isNew).map((w) => w.record.applicationNumber),
      withParties.flatMap((w) => w.parties),
    );

    // Only applications already stored can have links to remove.
    const scope = { numbers: [] as string[], directions: [] as string[] };
    for (const w of work.filter((candidate) => !candidate.isNew)) {
      if (w.record.parents !== null) {
        scope.numbers.push(w.record.applicationNumber);
        scope.directions.push('parent');
      }
      if (w.record.children !== null) {
        scope.numbers.push(w.record.applicationNumber);
        scope.directions.push('child');
      }
    }
    await sql.replaceContinuity(
      tx,
      scope,
      work.flatMap((w) => w.links),
    );

    const withBag = work.filter((w) => w.record.recordations !== null);
    const storedBags = withBag.filter((w) => !w.isNew);
    await replaceChildRows(
      tx,
      sql.RECORDATIONS,
      storedBags.map((w) => w.record.applicationNumber),
      withBag.flatMap((w) => w.recordations.map((row) => ({ ...row, source_product: file.product, source_file_date: file.fileDate }))),
    );
    await sql.replaceRecordationParties(
      tx,
      storedBags.map((w) => w.record.applicationNumber),
      storedBags.filter((w) => w.recordationParties.length === 0).map((w) => w.record.applicationNumber),
      withBag.flatMap((w) => w.recordationParties),
    );

    // After the parts were written: a partial record's derived columns are recomputed from them.
    const partial = work.filter((w) => !w.record.metadata);
    await sql.updatePartialApplications(
      tx,
      partial.map((w) => ({
        number: w.record.applicationNumber,
        hash: w.hash,
        ptaDays: w.record.ptaDays,
        ptaParts: w.record.ptaParts,
        bag: w.record.recordations !== null,
      })),
      file.now,
    );
    for (const w of work) outcome[w.isNew ? 'inserted' : 'updated'] += 1;
    return outcome;
  },
};

export interface LoadOptions {
  product: FileWrapperProduct;
  fileName: string;
  fileDate: string;
  batchSize?: number;
  onProgress?: (counts: IngestCounts) => void;
}

/** Loads parsed file wrapper items (a file's, or a test's) as one ingest run. */
export function loadFileWrapper(db: Database, items: AsyncIterable<ParsedItem>, options: LoadOptions): Promise<IngestSummary> {
  return ingestItems(db, FILE_WRAPPER_LOADER, items, options, FILE_WRAPPER_PRODUCTS);
}
