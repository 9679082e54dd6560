/**
 * Time-driven detection (interface-spec §6): some events are not in any file but follow from a
 * date passing, such as a maintenance-fee window opening or a reply deadline coming due. A
 * product declares such detectors in its registry entry; a scheduled worker job calls
 * `detectScheduledEvents` (say nightly). Events are written as a load's are (same ids, D17, so a
 * second run finds them recorded; same feed order, D24), one transaction per detector.
 */
import type { Database, Queryable } from '../db/database.js';
import { advanceWatermark, readWatermark } from '../db/detector-watermarks.sql.js';
import { insertEvents } from '../db/events.sql.js';
import type { DetectedEvent } from '../domain/events.js';
import { officeClosures } from '../domain/office-closures.js';

export interface ScheduledDetector {
  /** Names the detector in logs and in the job's result (`maintenance-windows`). */
  name: string;
  /**
   * The events due as of `now` and after `since` (the date its previous run looked through;
   * null on its first run), read from stored state; ids must be stable across runs. Deadlines
   * roll past `closures` (the operator's office closures) as answers do.
   */
  detect(tx: Queryable, now: Date, since: string | null, closures: ReadonlySet<string>): Promise<DetectedEvent[]>;
}

export interface ScheduledOutcome {
  name: string;
  detected: number;
  /** Events not recorded before this run. */
  inserted: number;
}

export async function detectScheduledEvents(
  db: Database,
  detectors: readonly ScheduledDetector[],
  now: Date = new Date(),
  closures: ReadonlySet<string> = officeClosures(),
): Promise<ScheduledOutcome[]> {
  const outcomes: ScheduledOutcome[] = [];
  for (const detector of detectors) {
    outcomes.push(
      await db.transaction(async (tx) => {
        const since = await readWatermark(tx, detector.name);
        const events = await detector.detect(tx, now, since, closures);
        await advanceWatermark(tx, detector.name, now.toISOString().slice(0, 10), now);
        return { name: detector.name, detected: events.length, inserted: await insertEvents(tx, events, now, null) };
      }),
    );
  }
  return outcomes;
}
