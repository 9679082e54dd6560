/**
 * Loads one MaintFeeEvents file as one ingest run, whole and in one transaction (a crash leaves
 * the previous week's data as it was). The file is cumulative, so a weekly load applies the
 * difference: a reload of the same file changes nothing and records no event. A first load of a
 * file in patent order (as the office's is) is written in place in one read.
 */
import type { Database, Queryable } from '../../db/database.js';
import { insertEvents } from '../../db/events.sql.js';
import { anyProductLoaded } from '../../db/product-state.sql.js';
import type { DetectedEvent } from '../../domain/events.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { lapseEvents } from '../../facts/lapse-events.js';
import { readPatentFacts } from '../../facts/read.js';
import { analyzeAfterRun } from '../../ingest/analyze.js';
import { IngestRun, type IngestSummary } from '../../ingest/ingest-run.js';
import type { RunOptions } from '../../ingest/runner.js';
import type { FeeItem } from './parse.js';
import { firstRead, NotInPatentOrder, stageChangedLines, type Summary } from './passes.js';
import * as sql from './load.sql.js';

type Outcome = Pick<IngestSummary, 'inserted' | 'updated' | 'unchanged' | 'events'>;

/** Every table a load may change (the staging tables are temporary). */
const FEE_TABLES = ['maintenance_fee_patents', 'maintenance_fee_events', 'maintenance_fee_codes'];

export async function loadMaintenanceFees(db: Database, read: () => AsyncIterable<FeeItem[]>, options: RunOptions): Promise<IngestSummary> {
  const file = { product: options.product, fileName: options.fileName, fileDate: options.fileDate };
  return IngestRun.perform(db, file, 'fee events', async (run) => {
    // The backfile rule: the first file ever loaded records history, not news.
    const detect = await anyProductLoaded(db, [options.product]);
    const patentFile = { product: options.product, fileDate: options.fileDate, now: new Date() };
    const onBatch = () => options.onProgress?.(run.counts);
    const outcome = await db.transaction(async (tx) => {
      const first = await sql.holdsNoPatents(tx);
      const inPlace = first ? await loadInPlace(tx, read, run, { patentFile, detect, onBatch }) : null;
      return inPlace ?? (await loadByDifference(tx, read, run, { patentFile, detect, onBatch, first }));
    });
    run.addCommitted(outcome);
    // After the one commit, as the runner does for every other product; a failed load kept nothing to analyze.
    await analyzeAfterRun(db, FEE_TABLES, run.counts);
  });
}

interface LoadContext {
  patentFile: sql.PatentFile;
  /** Whether new lapses are news (not on the product's first file). */
  detect: boolean;
  onBatch: () => void;
}

/**
 * A first load of a file in the office's patent order: one read, COPYing the patents and their
 * lines straight into the empty tables. Null when the file turns out not to be in that order
 * (or a Desc-only code joins a patent): its writes are rolled back, and the caller reads again.
 */
async function loadInPlace(
  tx: Queryable,
  read: () => AsyncIterable<FeeItem[]>,
  run: IngestRun,
  context: LoadContext,
): Promise<Outcome | null> {
  await tx.query('SAVEPOINT fee_first_load');
  try {
    const summary = await firstRead(tx, read(), run, { target: { into: 'tables', file: context.patentFile }, onBatch: context.onBatch });
    if (summary.onePartEach) {
      await tx.query('RELEASE SAVEPOINT fee_first_load');
      return await finish(tx, run, summary, context, { inserted: storedLines(run, summary), updated: 0 }, () => sql.listStoredLapses(tx));
    }
  } catch (error) {
    if (!(error instanceof NotInPatentOrder)) throw error;
  }
  await tx.query('ROLLBACK TO SAVEPOINT fee_first_load');
  run.restartReading();
  return null;
}

/**
 * Any load: a first read stages one digest row per patent and finds the patents whose lines
 * changed; a second read stages their lines only (a first load staged every line in its one
 * read); the difference is applied set-based.
 */
async function loadByDifference(
  tx: Queryable,
  read: () => AsyncIterable<FeeItem[]>,
  run: IngestRun,
  context: LoadContext & { first: boolean },
): Promise<Outcome> {
  const { first, patentFile } = context;
  await sql.createStaging(tx);
  const summary = await firstRead(tx, read(), run, { target: { into: 'staging', alsoLines: first }, onBatch: context.onBatch });
  const { officeCodes } = summary;
  const { changed, patents } = await sql.findChangedPatents(tx, summary.onePartEach);
  let added: Awaited<ReturnType<typeof sql.insertNewEvents>> = { inserted: 0, lapses: [] };
  let updated = 0;
  if (changed > 0) {
    if (!first) {
      // Every patent changed: no need to hold their numbers.
      const which = changed === patents ? null : new Set(await sql.listChangedPatents(tx));
      await stageChangedLines(tx, read(), which, (code) => BUILT_IN_FEE_CODES.has(code) || (officeCodes?.has(code) ?? false));
    }
    if (first) await sql.insertFirstPatents(tx, patentFile);
    else updated = (await sql.upsertPatents(tx, patentFile)).updated;
    added = (first ? await sql.insertFirstEvents(tx, patentFile.fileDate) : null) ?? (await sql.insertNewEvents(tx, patentFile.fileDate));
  }
  return finish(tx, run, summary, context, { inserted: added.inserted, updated }, async () => added.lapses);
}

/** What both ways end with: the duplicates counted, the Desc file's codes stored, the new lapses announced. */
async function finish(
  tx: Queryable,
  run: IngestRun,
  summary: Summary,
  context: LoadContext,
  written: { inserted: number; updated: number },
  newLapses: () => Promise<sql.NewFeeEvent[]>,
): Promise<Outcome> {
  for (let i = 0; i < summary.duplicates; i += 1) run.skip('line repeats a patent, entry date and code already in the file');
  if (summary.officeCodes !== null) await sql.replaceCodeTable(tx, summary.officeCodes, context.patentFile.fileDate);
  const events = context.detect ? await detectLapses(tx, await newLapses()) : [];
  return {
    inserted: written.inserted,
    updated: written.updated,
    unchanged: storedLines(run, summary) - written.inserted,
    events: await insertEvents(tx, events, context.patentFile.now, run.runId),
  };
}

/**
 * The lines the file holds for the tables: those read, less the repeats and the ones refused for
 * their code. A line that did not fit the layout is a reject but was never counted as read.
 */
function storedLines(run: IngestRun, summary: Summary): number {
  return run.counts.read - summary.unknownCodes - summary.duplicates;
}

/** `maintenance_lapse` for every new `EXP.`, judged from the patent's facts in every product (facts/lapse-events.ts). */
async function detectLapses(tx: Queryable, lapses: readonly sql.NewFeeEvent[]): Promise<DetectedEvent[]> {
  if (lapses.length === 0) return [];
  const held = await readPatentFacts(tx, [...new Set(lapses.map((event) => event.patent_number))]);
  return [...held].flatMap(([patentNumber, patent]) =>
    lapseEvents(
      patent,
      lapses.filter((lapse) => lapse.patent_number === patentNumber).map((lapse) => lapse.event_date),
    ),
  );
}
