/**
 * Loads one MaintFeeEvents file as one ingest run, whole and in one transaction: a first read
 * stages one digest row per patent and finds the patents whose lines changed since the last
 * file; a second read stages their lines only; the difference is applied set-based and the new
 * events detected (passes.ts, load.sql.ts). The file is cumulative, so a reload of the same file
 * finds nothing changed: it changes nothing and records no event, and reads the lines once.
 */
import type { Database, Queryable } from '../../db/database.js';
import { insertEvents } from '../../db/events.sql.js';
import { listFeeEventsOf } from '../../db/maintenance-fees.sql.js';
import { anyProductLoaded } from '../../db/product-state.sql.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { maintenanceStatus, patentKindOf } from '../../domain/maintenance.js';
import { IngestRun, type IngestSummary } from '../ingest-run.js';
import type { RunOptions } from '../runner.js';
import type { FeeItem } from './parse.js';
import { stageChangedLines, stagePatents } from './passes.js';
import * as sql from './load.sql.js';

export async function loadMaintenanceFees(db: Database, read: () => AsyncIterable<FeeItem[]>, options: RunOptions): Promise<IngestSummary> {
  const file = { product: options.product, fileName: options.fileName, fileDate: options.fileDate };
  return IngestRun.perform(db, file, 'fee events', async (run) => {
    // The backfile rule: the first file ever loaded records history, not news.
    const detect = await anyProductLoaded(db, [options.product]);
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      await sql.createStaging(tx);
      // A first load stages every line in its one read; later loads read again for the changed patents only.
      const first = await sql.holdsNoPatents(tx);
      const { officeCodes, duplicates, onePartEach } = await stagePatents(tx, read(), run, {
        alsoLines: first,
        onBatch: () => options.onProgress?.(run.counts),
      });
      for (let i = 0; i < duplicates; i += 1) run.skip('line repeats a patent, entry date and code already in the file');
      if (officeCodes !== null) await sql.replaceCodeTable(tx, officeCodes, options.fileDate);
      const { changed, patents } = await sql.findChangedPatents(tx, onePartEach);
      let added: Awaited<ReturnType<typeof sql.insertNewEvents>> = { inserted: 0, lapses: [] };
      let updated = 0;
      if (changed > 0) {
        if (!first) {
          // Every patent changed: no need to hold their numbers.
          const which = changed === patents ? null : new Set(await sql.listChangedPatents(tx));
          await stageChangedLines(tx, read(), which, (code) => BUILT_IN_FEE_CODES.has(code) || (officeCodes?.has(code) ?? false));
        }
        const patentFile = { product: options.product, fileDate: options.fileDate, now };
        if (first) await sql.insertFirstPatents(tx, patentFile);
        else updated = (await sql.upsertPatents(tx, patentFile)).updated;
        added = (first ? await sql.insertFirstEvents(tx, options.fileDate) : null) ?? (await sql.insertNewEvents(tx, options.fileDate));
      }
      const events = detect ? await detectLapses(tx, added.lapses) : [];
      const stored = run.counts.read - run.counts.rejected - duplicates;
      return {
        inserted: added.inserted,
        updated,
        unchanged: stored - added.inserted,
        events: await insertEvents(tx, events, now, run.runId),
      };
    });
    run.addCommitted(outcome);
  });
}

/** `maintenance_lapse` for every new `EXP.`: the window that lapsed, read from all of the patent's events. */
async function detectLapses(tx: Queryable, lapses: readonly sql.NewFeeEvent[]): Promise<DetectedEvent[]> {
  if (lapses.length === 0) return [];
  const history = await listFeeEventsOf(tx, [...new Set(lapses.map((event) => event.patent_number))]);
  return lapses.flatMap((lapse) => {
    const status = maintenanceStatus({
      kind: patentKindOf(lapse.patent_number),
      scheduleGrantDate: lapse.grant_date,
      feeFilingDate: null,
      events: (history.get(lapse.patent_number) ?? []).filter((event) => event.date <= lapse.event_date),
      today: lapse.event_date,
    });
    const lapsed = status.lapse;
    const deadlines = lapsed ? status.deadlines[lapsed.window] : null;
    if (!lapsed || !deadlines) return [];
    return [
      buildEvent(
        'maintenance_lapse',
        { applicationNumber: lapse.application_number, patentNumber: lapse.patent_number },
        lapse.event_date,
        lapsed.window,
        eventDetail.maintenance({ window: lapsed.window, due: deadlines.due, surchargeUntil: deadlines.surcharge_until }),
      ),
    ];
  });
}
