import type { Database } from '../../db/database.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import type { IngestSummary } from '../ingest-run.js';
import type { ProductLoader } from '../loader.js';
import { ingestItems, type RunOptions } from '../runner.js';
import * as sql from './load.sql.js';
import type { AssignmentItem, AssignmentRecord } from './record.js';
import { AssignmentRows, type Fingerprint, fingerprint } from './rows.js';

/** One batch after reading what is stored. */
interface Plan {
  /** New or changed recordations (not purged), with their fingerprints. */
  work: { record: AssignmentRecord; fingerprint: Fingerprint; stored: boolean }[];
  /** Purged recordations: deleted when stored. */
  purged: AssignmentRecord[];
  storedPurged: number;
  unchanged: number;
  /** The held applications the batch's recordations name (by application or patent number). */
  held: sql.HeldProperty[];
}

/** The held applications a recordation covers: named by application number, or by the patent granted on one. */
function heldCovered(record: AssignmentRecord, held: readonly sql.HeldProperty[]): sql.HeldProperty[] {
  const applications = new Set(record.properties.flatMap((p) => (p.applicationNumber ? [p.applicationNumber] : [])));
  const patents = new Set(record.properties.flatMap((p) => (p.patentNumber ? [p.patentNumber] : [])));
  return held.filter((h) => applications.has(h.application_number) || (h.patent_number !== null && patents.has(h.patent_number)));
}

/**
 * Patent assignments (PASDL daily, PASYR backfile), keyed by reel/frame. A changed recordation
 * is replaced whole; a purged one (the office withdrew it) is deleted. Each batch recounts
 * `counts.assignments` of the applications it touched, and a recordation seen for the first
 * time announces itself (`assignment`) on every held application it covers.
 */
export const ASSIGNMENT_LOADER: ProductLoader<AssignmentItem, AssignmentRecord, Plan> = {
  unit: 'recordations',
  // A recordation is a few hundred bytes; some carry hundreds of properties. Each batch costs
  // ~13 round trips, each waiting for the parse to give way: 2,000 loaded the benchmark file
  // ~15% faster than 1,000, while 4,000 and 8,000 were no faster again and hold PGlite longer.
  batchSize: 2_000,

  item(item) {
    if (item.kind === 'record') return { kind: 'record', key: item.record.reelFrame, record: item.record };
    if (item.kind === 'header') return { kind: 'skip', reason: 'file header (action key code and transaction date)' };
    return item;
  },

  async plan(tx, records) {
    // Sent before the hashing, which the server's lookup then overlaps.
    const lookup = sql.findStoredHashes(
      tx,
      records.map((r) => r.reelFrame),
    );
    const read = records.filter((r) => !r.purged).map((record) => ({ record, fingerprint: fingerprint(record) }));
    const stored = await lookup;
    const purged = records.filter((r) => r.purged);
    const work = read
      .filter((w) => stored.get(w.record.reelFrame) !== w.fingerprint.hash)
      .map((w) => ({ ...w, stored: stored.has(w.record.reelFrame) }));
    const touched = [...work.map((w) => w.record), ...purged];
    const held = await sql.findHeldApplications(
      tx,
      touched.flatMap((r) => r.properties.flatMap((p) => (p.applicationNumber ? [p.applicationNumber] : []))),
      touched.flatMap((r) => r.properties.flatMap((p) => (p.patentNumber ? [p.patentNumber] : []))),
    );
    const storedPurged = purged.filter((r) => stored.has(r.reelFrame)).length;
    return { work, purged, storedPurged, unchanged: records.length - work.length - storedPurged, held };
  },

  detect(plan): DetectedEvent[] {
    return plan.work
      .filter((w) => !w.stored)
      .flatMap(({ record }) =>
        heldCovered(record, plan.held).map((application) =>
          buildEvent(
            'assignment',
            { applicationNumber: application.application_number, patentNumber: application.patent_number },
            record.recordedDate,
            record.reelFrame,
            eventDetail.assignment({
              reelFrame: record.reelFrame,
              conveyanceType: record.conveyanceType,
              assignees: record.assignees.map((a) => a.name),
            }),
          ),
        ),
      );
  },

  async write(tx, plan, file) {
    const fresh = plan.work.filter((w) => !w.stored).length;
    const outcome = { inserted: fresh, updated: plan.work.length - fresh + plan.storedPurged, unchanged: plan.unchanged, rejects: [] };
    await sql.deleteAssignments(tx, [
      ...plan.purged.map((r) => r.reelFrame),
      ...plan.work.filter((w) => w.stored).map((w) => w.record.reelFrame),
    ]);
    if (plan.work.length > 0) {
      const rows = new AssignmentRows(file);
      for (const w of plan.work) rows.add(w.record, w.fingerprint);
      await sql.copyAssignments(tx, rows);
    }
    await sql.recountApplications(tx, [...new Set(plan.held.map((h) => h.application_number))]);
    return outcome;
  },
};

/** Loads parsed assignment items (a file's, or a test's) as one ingest run. */
export function loadAssignments(db: Database, items: AsyncIterable<AssignmentItem>, options: RunOptions): Promise<IngestSummary> {
  return ingestItems(db, ASSIGNMENT_LOADER, items, options);
}
