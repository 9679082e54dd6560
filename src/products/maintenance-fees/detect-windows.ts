/**
 * `maintenance_due` (interface-spec §6): a fee window opening is in no file, it follows from the
 * grant date and the calendar. Nightly (the worker's events.detect-scheduled job), this finds the
 * windows that opened since the previous run looked (ingest/scheduled.ts keeps the mark) on
 * patents that owe fees and, by every product's evidence (facts/), have not paid that stage, have
 * not lapsed and are within their term. The event id is the window's (type, target, opening date,
 * window): the same window never yields two events.
 */
import type { Queryable } from '../../db/database.js';
import { addDays, addYears } from '../../domain/dates.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import { type FeeWindow, patentKindOf } from '../../domain/maintenance.js';
import { assessPatent } from '../../facts/assess.js';
import { readPatentFacts } from '../../facts/read.js';
import type { ScheduledDetector } from '../../ingest/scheduled.js';

const WINDOW_YEARS: ReadonlyArray<readonly [FeeWindow, number]> = [
  ['3.5y', 3],
  ['7.5y', 7],
  ['11.5y', 11],
];

/** Granted patents, from whichever product knows them, whose grant date can open a window in (since, today]. */
async function candidates(tx: Queryable, since: string, today: string): Promise<string[]> {
  // A day of slack on each side: 29 February grants open on 28 February (addYears), checked exactly below.
  const ranges = WINDOW_YEARS.flatMap(([, years]) => [addDays(addYears(since, -years), -1), addDays(addYears(today, -years), 1)]);
  const { rows } = await tx.query<{ patent_number: string }>(
    /* SQL */ `
    SELECT patent_number FROM applications
    WHERE patent_number IS NOT NULL AND (grant_date BETWEEN $1 AND $2 OR grant_date BETWEEN $3 AND $4 OR grant_date BETWEEN $5 AND $6)
    UNION
    SELECT patent_number FROM maintenance_fee_patents
    WHERE grant_date BETWEEN $1 AND $2 OR grant_date BETWEEN $3 AND $4 OR grant_date BETWEEN $5 AND $6
    UNION
    SELECT doc_number FROM documents
    WHERE doc_type = 'grant' AND (date BETWEEN $1 AND $2 OR date BETWEEN $3 AND $4 OR date BETWEEN $5 AND $6)
    UNION
    -- A reissue's windows count from its original's grant date (DOMAIN-RULES §2.2).
    SELECT doc_number FROM grant_relations
    WHERE relation = 'REI' AND (parent_patent_date BETWEEN $1 AND $2 OR parent_patent_date BETWEEN $3 AND $4
                                OR parent_patent_date BETWEEN $5 AND $6)
    ORDER BY 1`,
    ranges,
  );
  return rows.map((row) => row.patent_number).filter((number) => ['utility', 'reissue'].includes(patentKindOf(number)));
}

async function detectOpenedWindows(
  tx: Queryable,
  now: Date,
  since: string | null,
  closures: ReadonlySet<string>,
): Promise<DetectedEvent[]> {
  const today = now.toISOString().slice(0, 10);
  // A first run announces only what opens today: earlier openings are history, not news.
  const after = since ?? addDays(today, -1);
  if (after >= today) return [];
  const held = await readPatentFacts(tx, await candidates(tx, after, today));
  return [...held.values()].flatMap(({ facts, original }) => {
    const { status } = assessPatent(facts, original, today, closures);
    return WINDOW_YEARS.flatMap(([window]) => {
      const deadlines = status.deadlines[window];
      // Judged as of the data, a window just opened is due or still upcoming; paid, lapsed
      // (recorded or by law) and windows after the end of term are not announced.
      if (!deadlines || deadlines.opens <= after || deadlines.opens > today) return [];
      if (status.windows[window] !== 'due' && status.windows[window] !== 'upcoming') return [];
      return [
        buildEvent(
          'maintenance_due',
          { applicationNumber: facts.applicationNumber, patentNumber: facts.patentNumber },
          deadlines.opens,
          window,
          eventDetail.maintenance({ window, due: deadlines.due, surchargeUntil: deadlines.surcharge_until }),
        ),
      ];
    });
  });
}

export const MAINTENANCE_WINDOWS: ScheduledDetector = { name: 'maintenance-windows', detect: detectOpenedWindows };
