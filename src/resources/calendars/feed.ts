/**
 * What one read of a calendar feed holds: every page of its saved docket query, from today to
 * today + horizon_days, paid for as paging the same query would be (1 unit per 100 deadlines, at
 * least 1: DESIGN.md D15).
 */
import type { Charge } from '../../billing/charges.js';
import { addDays } from '../../domain/dates.js';
import { AppError, paymentRequired } from '../../domain/errors.js';
import type { DeadlineService, DeadlineView } from '../deadlines/service.js';
import type { CalendarRow } from './calendars.sql.js';

/** A calendar program keeps whatever it is given: the soonest 10,000 deadlines at most. */
const MAX_FEED_DEADLINES = 10_000;
/** Deadlines read per docket page: the charge counts rows, so the page size only sets how many statements a feed costs. */
const PAGE_ROWS = 1_000;

export interface FeedDeadlines {
  deadlines: DeadlineView[];
  window: { from: string; to: string };
  /** False when the cap cut it with more deadlines behind. */
  complete: boolean;
}

/** The charge's own 402 names the org's balance; whoever holds the token reads the query, not the account. */
async function affordFeed(charge: Charge, rows: number): Promise<void> {
  try {
    await charge.requireRows(rows);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'payment_required') throw error;
    throw paymentRequired(
      "This calendar holds more deadlines than its organization's balance pays for (1 unit per 100 deadlines). Buy credit to continue.",
    );
  }
}

/**
 * Reads every page. A calendar cannot be cut short as a list can (its program would drop the
 * events left out), so before each further page the charge must hold what the deadlines read so
 * far and at least one more cost (D23): an org that cannot pay gets a 402 before the rest is
 * read, and never one it could have paid.
 */
export async function readFeedDeadlines(
  docket: DeadlineService,
  calendar: CalendarRow,
  today: string,
  charge: Charge,
): Promise<FeedDeadlines> {
  const { horizon_days: horizonDays, ...selection } = calendar.query;
  const window = { from: today, to: addDays(today, horizonDays) };
  const deadlines: DeadlineView[] = [];
  let cursor: string | undefined;
  for (;;) {
    const limit = Math.min(PAGE_ROWS, MAX_FEED_DEADLINES - deadlines.length);
    const page = await docket.page({ ...selection, ...window, limit, ...(cursor === undefined ? {} : { cursor }) }, calendar.org_id);
    deadlines.push(...page.deadlines);
    const more = page.next_cursor !== null && deadlines.length < MAX_FEED_DEADLINES;
    await affordFeed(charge, deadlines.length + (more ? 1 : 0));
    if (!more) {
      charge.served(deadlines.length);
      return { deadlines, window, complete: page.next_cursor === null };
    }
    cursor = page.next_cursor!;
  }
}
