import { findTablesNeverAnalyzed, vacuumAnalyze } from '../db/analyze.sql.js';
import type { Queryable } from '../db/database.js';
import type { IngestCounts } from './ingest-run.js';

/** What insertEvents (db/events.sql.ts) writes besides a loader's own tables: the feed and its deliveries. */
const EVENT_TABLES = ['events', 'webhook_deliveries'];

type Changed = Pick<IngestCounts, 'inserted' | 'updated' | 'events'>;

/**
 * The planner's statistics after one ingest run's batches have committed, before the run is
 * recorded as done (db/analyze.sql.ts: VACUUM (ANALYZE)): the tables its loader declares when it
 * changed rows, the event tables when it recorded events. A run that changed nothing (a file loaded
 * again) takes only those of its tables never analyzed at all: a load killed between its last
 * commit and its ANALYZE is re-run to find every record stored, and its data must not stay
 * without statistics for it.
 *
 * Once per run that changed rows, not by a threshold of changed rows against the table's size
 * (autovacuum's 10 %): the embedded engine never analyzes on its own, so under a threshold a
 * table filled by many small runs (a sync catching up from an empty database) would keep the
 * statistics of its first run; and a first bulk load, the case that costs lookups 100×, must never
 * be missed. Not per batch: a long run would pay the sample once per batch. The price stays
 * bounded: ANALYZE samples a bounded number of rows and VACUUM reads only the pages changed since
 * the last one, so after a daily file it costs a fraction of the file's load.
 */
export async function analyzeAfterRun(db: Queryable, tables: readonly string[], counts: Changed): Promise<void> {
  const changed = counts.inserted + counts.updated > 0;
  const own = changed ? tables : await findTablesNeverAnalyzed(db, tables);
  await vacuumAnalyze(db, [...own, ...(counts.events > 0 ? EVENT_TABLES : [])]);
}

/**
 * Runs a run's `load`, then analyzes what it changed (`counts` is the run's own, read once `load`
 * has ended). A load that fails still kept its committed batches, so they are analyzed too; the
 * load's error is the one reported, whatever the VACUUM (ANALYZE) does.
 */
export async function loadThenAnalyze(db: Queryable, tables: readonly string[], counts: Changed, load: () => Promise<void>): Promise<void> {
  try {
    await load();
  } catch (error) {
    await analyzeAfterRun(db, tables, counts).catch(() => undefined);
    throw error;
  }
  await analyzeAfterRun(db, tables, counts);
}
