import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import type { ProductLoader } from '../loader.js';
import * as sql from './load.sql.js';
import type { AssignmentItem, AssignmentRecord } from './record.js';
import { batchRows, type StoredRecordation, storedRecordation } from './rows.js';

/** A recordation as read, with its rows (none when purged: nothing of it is written). */
export interface ReadRecordation {
  record: AssignmentRecord;
  rows: StoredRecordation | null;
}

/** One batch after reading what is stored. */
interface Plan {
  /** New or changed recordations (not purged), with their rows; `stored` when an older version is. */
  work: { record: AssignmentRecord; rows: StoredRecordation; stored: boolean }[];
  /** Purged recordations: deleted when stored. */
  purged: AssignmentRecord[];
  storedPurged: number;
  unchanged: number;
  /** The held applications the batch's recordations name (by application or patent number). */
  held: sql.HeldProperty[];
}

const applicationNumbers = (record: AssignmentRecord) =>
  record.properties.flatMap((p) => (p.applicationNumber ? [p.applicationNumber] : []));
const patentNumbers = (record: AssignmentRecord) => record.properties.flatMap((p) => (p.patentNumber ? [p.patentNumber] : []));

/** The held applications a recordation covers: named by application number, or by the patent granted on one. */
function heldCovered(record: AssignmentRecord, held: readonly sql.HeldProperty[]): sql.HeldProperty[] {
  const applications = new Set(applicationNumbers(record));
  const patents = new Set(patentNumbers(record));
  return held.filter((h) => applications.has(h.application_number) || (h.patent_number !== null && patents.has(h.patent_number)));
}

/**
 * Patent assignments (PASDL daily, PASYR backfile), keyed by reel/frame. A changed recordation
 * is replaced whole; a purged one (the office withdrew it) is deleted. Each batch recounts
 * `counts.assignments` of the applications it touched, and a recordation seen for the first
 * time announces itself (`assignment`) on every held application it covers.
 */
export const ASSIGNMENT_LOADER: ProductLoader<AssignmentItem, ReadRecordation, Plan> = {
  unit: 'recordations',
  // A recordation is a few hundred bytes; some carry hundreds of properties. Each batch costs
  // ~13 round trips, each waiting for the parse to give way: 2,000 loaded the benchmark file
  // ~15% faster than 1,000, while 4,000 and 8,000 were no faster again and hold PGlite longer.
  batchSize: 2_000,

  item(item) {
    if (item.kind === 'record') {
      // Rows and hash are made as the record is read, while the server writes the batch before.
      const { record } = item;
      return { kind: 'record', key: record.reelFrame, record: { record, rows: record.purged ? null : storedRecordation(record) } };
    }
    if (item.kind === 'header') return { kind: 'skip', reason: 'file header (action key code and transaction date)' };
    return item;
  },

  async plan(tx, batch) {
    const stored = await sql.findStoredHashes(
      tx,
      batch.map((r) => r.record.reelFrame),
    );
    const purged = batch.flatMap((r) => (r.rows === null ? [r.record] : []));
    const work = batch.flatMap(({ record, rows }) =>
      rows === null || stored.get(record.reelFrame) === rows.hash ? [] : [{ record, rows, stored: stored.has(record.reelFrame) }],
    );
    const touched = [...work.map((w) => w.record), ...purged];
    const held = await sql.findHeldApplications(tx, touched.flatMap(applicationNumbers), touched.flatMap(patentNumbers));
    const storedPurged = purged.filter((r) => stored.has(r.reelFrame)).length;
    return { work, purged, storedPurged, unchanged: batch.length - work.length - storedPurged, held };
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
    if (plan.work.length > 0)
      await sql.copyAssignments(
        tx,
        batchRows(
          plan.work.map((w) => w.rows),
          file,
        ),
      );
    await sql.recountApplications(tx, [...new Set(plan.held.map((h) => h.application_number))]);
    return outcome;
  },
};
