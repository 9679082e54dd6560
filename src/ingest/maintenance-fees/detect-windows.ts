/**
 * `maintenance_due` (interface-spec §6): a fee window opening is in no file, it follows from the
 * grant date and the calendar. Nightly (the worker's events.detect-scheduled job), this finds the
 * windows that opened since the previous run looked (ingest/scheduled.ts keeps the mark) on
 * patents that owe fees, have not paid that stage and have not lapsed. The event id is the
 * window's (type, target, opening date, window): the same window never yields two events.
 */
import type { Queryable } from '../../db/database.js';
import { listFeeEventsOf } from '../../db/maintenance-fees.sql.js';
import { addDays, addYears } from '../../domain/dates.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import { type FeeWindow, maintenanceStatus, patentKindOf } from '../../domain/maintenance.js';
import type { ScheduledDetector } from '../scheduled.js';

const WINDOW_YEARS: ReadonlyArray<readonly [FeeWindow, number]> = [
  ['3.5y', 3],
  ['7.5y', 7],
  ['11.5y', 11],
];

interface Candidate {
  patent_number: string;
  application_number: string;
  grant_date: string;
  filing_date: string | null;
}

/** Granted patents (file wrapper first, else the fee file) whose grant date can open a window in (since, today]. */
async function candidates(tx: Queryable, since: string, today: string): Promise<Candidate[]> {
  // A day of slack on each side: 29 February grants open on 28 February (addYears), checked exactly below.
  const ranges = WINDOW_YEARS.flatMap(([, years]) => [addDays(addYears(since, -years), -1), addDays(addYears(today, -years), 1)]);
  const { rows } = await tx.query<Candidate>(
    /* SQL */ `
    WITH granted AS (
      SELECT patent_number, application_number, grant_date, filing_date FROM applications
      WHERE patent_number IS NOT NULL AND grant_date IS NOT NULL
      UNION ALL
      SELECT p.patent_number, p.application_number, p.grant_date, p.filing_date FROM maintenance_fee_patents p
      WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.patent_number = p.patent_number)
    )
    SELECT patent_number, application_number, grant_date, filing_date FROM granted
    WHERE grant_date BETWEEN $1 AND $2 OR grant_date BETWEEN $3 AND $4 OR grant_date BETWEEN $5 AND $6
    ORDER BY patent_number`,
    ranges,
  );
  return rows;
}

export async function detectOpenedWindows(tx: Queryable, now: Date, since: string | null): Promise<DetectedEvent[]> {
  const today = now.toISOString().slice(0, 10);
  // A first run announces only what opens today: earlier openings are history, not news.
  const after = since ?? addDays(today, -1);
  if (after >= today) return [];
  const found = (await candidates(tx, after, today)).filter((c) => {
    const kind = patentKindOf(c.patent_number);
    return kind === 'utility' || kind === 'reissue';
  });
  const history = await listFeeEventsOf(
    tx,
    found.map((c) => c.patent_number),
  );
  return found.flatMap((patent) => {
    const status = maintenanceStatus({
      kind: patentKindOf(patent.patent_number),
      scheduleGrantDate: patent.grant_date,
      feeFilingDate: patent.filing_date,
      events: history.get(patent.patent_number) ?? [],
      today,
    });
    return WINDOW_YEARS.flatMap(([window]) => {
      const deadlines = status.deadlines[window];
      // `due` only: not for a stage already paid, nor on a patent that lapsed (recorded or by law).
      if (!deadlines || deadlines.opens <= after || deadlines.opens > today || status.windows[window] !== 'due') return [];
      return [
        buildEvent(
          'maintenance_due',
          { applicationNumber: patent.application_number, patentNumber: patent.patent_number },
          deadlines.opens,
          window,
          eventDetail.maintenance({ window, due: deadlines.due, surchargeUntil: deadlines.surcharge_until }),
        ),
      ];
    });
  });
}

export const MAINTENANCE_WINDOWS: ScheduledDetector = { name: 'maintenance-windows', detect: detectOpenedWindows };
