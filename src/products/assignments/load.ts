import type { ConveyanceType } from '../../domain/conveyance.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import type { ProductLoader } from '../../ingest/loader.js';
import * as sql from './load.sql.js';
import { ownCopy } from './memo.js';
import type { AssignmentItem, AssignmentRecord } from './record.js';
import { batchRows, type StoredRecordation, storedRecordation } from './rows.js';

/** What the batch still asks of a recordation once its rows are made. */
interface RecordationFacts {
  reelFrame: string;
  recordedDate: string;
  lastUpdateDate: string | null;
  conveyanceType: ConveyanceType;
  assignees: string[];
  /** The application and patent numbers its properties name (the held applications it covers). */
  applicationNumbers: string[];
  patentNumbers: string[];
}

/**
 * A recordation as read: its facts and its rows (none when purged: nothing of it is written).
 * Not the record: its strings are slices of the record's XML text, and 2,000 records held until
 * their batch is written kept ~5 MB of text alive for the collector to copy at every scavenge
 * (1.5 s of the benchmark's load).
 */
export interface ReadRecordation {
  facts: RecordationFacts;
  rows: StoredRecordation | null;
}

function factsOf(record: AssignmentRecord): RecordationFacts {
  return {
    reelFrame: record.reelFrame,
    recordedDate: record.recordedDate,
    lastUpdateDate: record.lastUpdateDate,
    conveyanceType: record.conveyanceType,
    assignees: record.assignees.map((a) => ownCopy(a.name)),
    applicationNumbers: record.properties.flatMap((p) => (p.applicationNumber ? [p.applicationNumber] : [])),
    patentNumbers: record.properties.flatMap((p) => (p.patentNumber ? [p.patentNumber] : [])),
  };
}

/** One batch after reading what is stored. */
interface Plan {
  /** New or changed recordations (not purged), with their rows; `stored` when an older version is. */
  work: { facts: RecordationFacts; rows: StoredRecordation; stored: boolean }[];
  /** Purged recordations: deleted when stored. */
  purged: RecordationFacts[];
  storedPurged: number;
  unchanged: number;
  /** The held applications the batch's new recordations name (by application or patent number), when events are wanted. */
  held: sql.HeldProperty[];
}

/** The held applications a recordation covers: named by application number, or by the patent granted on one. */
function heldCovered(facts: RecordationFacts, held: readonly sql.HeldProperty[]): sql.HeldProperty[] {
  const applications = new Set(facts.applicationNumbers);
  const patents = new Set(facts.patentNumbers);
  return held.filter((h) => applications.has(h.application_number) || (h.patent_number !== null && patents.has(h.patent_number)));
}

/**
 * Patent assignments (PASDL daily, PASYR backfile), keyed by reel/frame. A changed recordation
 * is replaced whole; a purged one (the office withdrew it) is deleted. A recordation seen for the
 * first time announces itself (`assignment`) on every held application it covers (the
 * Application's `counts.assignments` is counted when read).
 */
export const ASSIGNMENT_LOADER: ProductLoader<AssignmentItem, ReadRecordation, Plan> = {
  unit: 'recordations',
  // A recordation is a few hundred bytes; some carry hundreds of properties. Each batch costs
  // ~13 round trips, each waiting for the parse to give way: 2,000 loaded the benchmark file
  // ~15% faster than 1,000, while 4,000 and 8,000 were no faster again and hold PGlite longer.
  batchSize: 2_000,
  tables: ['assignments', 'assignment_parties', 'assignment_properties', 'entity_relink_queue'],

  item(item) {
    if (item.kind === 'record') {
      // Rows and hash are made as the record is read, while the server writes the batch before.
      const { record } = item;
      return {
        kind: 'record',
        key: record.reelFrame,
        record: { facts: factsOf(record), rows: record.purged ? null : storedRecordation(record) },
      };
    }
    if (item.kind === 'header') return { kind: 'skip', reason: 'file header (action key code and transaction date)' };
    return item;
  },

  async plan(tx, batch, detect) {
    const stored = await sql.findStoredHashes(
      tx,
      batch.map((r) => r.facts.reelFrame),
    );
    const purged = batch.flatMap((r) => (r.rows === null ? [r.facts] : []));
    const work = batch.flatMap(({ facts, rows }) =>
      rows === null || stored.get(facts.reelFrame) === rows.hash ? [] : [{ facts, rows, stored: stored.has(facts.reelFrame) }],
    );
    // Only new recordations announce themselves, and only once the history is loaded (the runner's backfile rule).
    const fresh = work.filter((w) => !w.stored).map((w) => w.facts);
    const held = detect
      ? await sql.findHeldApplications(
          tx,
          fresh.flatMap((f) => f.applicationNumbers),
          fresh.flatMap((f) => f.patentNumbers),
        )
      : [];
    const storedPurged = purged.filter((r) => stored.has(r.reelFrame)).length;
    return { work, purged, storedPurged, unchanged: batch.length - work.length - storedPurged, held };
  },

  detect(plan): DetectedEvent[] {
    return plan.work
      .filter((w) => !w.stored)
      .flatMap(({ facts }) =>
        heldCovered(facts, plan.held).map((application) =>
          buildEvent(
            'assignment',
            { applicationNumber: application.application_number, patentNumber: application.patent_number },
            facts.recordedDate,
            facts.reelFrame,
            eventDetail.assignment({ reelFrame: facts.reelFrame, conveyanceType: facts.conveyanceType, assignees: facts.assignees }),
          ),
        ),
      );
  },

  async write(tx, plan, file) {
    const fresh = plan.work.filter((w) => !w.stored).length;
    const outcome = { inserted: fresh, updated: plan.work.length - fresh + plan.storedPurged, unchanged: plan.unchanged, rejects: [] };
    await sql.deleteAssignments(tx, [
      ...plan.purged.map((r) => r.reelFrame),
      ...plan.work.filter((w) => w.stored).map((w) => w.facts.reelFrame),
    ]);
    if (plan.work.length > 0)
      await sql.copyAssignments(
        tx,
        batchRows(
          plan.work.map((w) => w.rows),
          file,
        ),
      );
    return outcome;
  },
};
