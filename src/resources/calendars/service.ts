import type { Charge } from '../../billing/charges.js';
import type { Database } from '../../db/database.js';
import { addDays } from '../../domain/dates.js';
import { AppError, notFound, type ValidationIssue } from '../../domain/errors.js';
import { toEasternDate } from '../../domain/provenance.js';
import { hashApiKey, keyPrefix, randomBase62, rowOfHash } from '../accounts/api-key.js';
import type { DeadlineService } from '../deadlines/service.js';
import * as sql from './calendars.sql.js';
import { readFeedDeadlines } from './feed.js';
import { renderCalendar } from './ics.js';
import { DEFAULT_ALARM_DAYS, DEFAULT_HORIZON_DAYS } from './schemas.js';

/** As monitors (D14): beyond, 409 limit_reached. */
const MAX_CALENDARS_PER_ORG = 100;
/** `psc_` + 32 base62 characters, about 190 bits: as guessable as an API key (D14). */
const TOKEN_PATTERN = /^psc_[0-9A-Za-z]{32}$/;
const SELECTION_MEMBERS = ['application_numbers', 'patent_numbers', 'entity_id', 'monitor_id', 'kinds'] as const;

export interface CalendarInput {
  name: string;
  application_numbers?: string;
  patent_numbers?: string;
  entity_id?: string;
  monitor_id?: string;
  kinds?: string;
  horizon_days?: number;
  alarm_days?: number | null;
}

/** A feed as its owner sees it, never with its token. */
function calendarRecord(row: sql.CalendarRow) {
  return {
    calendar_id: row.calendar_id,
    name: row.name,
    prefix: row.prefix,
    query: row.query,
    alarm_days: row.alarm_days,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** The docket names the query's members; a calendar's selection came in its body. */
function inBody(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'validation_error' || !Array.isArray(error.detail)) return error;
  const issues = (error.detail as ValidationIssue[]).map((issue) => ({
    ...issue,
    loc: issue.loc[0] === 'query' ? ['body', ...issue.loc.slice(1)] : issue.loc,
  }));
  return new AppError('validation_error', error.message, issues);
}

const unknownFeed = () => notFound('No calendar feed at this address: the token is unknown or the feed was deleted.');

/**
 * Calendar feeds (DESIGN.md D31): an org saves a docket query and gets a token that reads that
 * query, and nothing else, as iCalendar. Created, listed and revoked like keys; the token is shown
 * once and kept hashed.
 */
export class CalendarService {
  private readonly host: string;

  constructor(
    private readonly db: Database,
    private readonly docket: DeadlineService,
    private readonly publicBaseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.host = new URL(publicBaseUrl).host;
  }

  async create(orgId: string, input: CalendarInput) {
    const query: sql.SavedQuery = { horizon_days: input.horizon_days ?? DEFAULT_HORIZON_DAYS };
    for (const member of SELECTION_MEMBERS) if (input[member] !== undefined) query[member] = input[member];
    // The docket's own checks, once: one selector, numbers and kinds that read, an entity or monitor that exists.
    const { horizon_days: horizonDays, ...selection } = query;
    const from = toEasternDate(this.now());
    await this.docket.check({ ...selection, from, to: addDays(from, horizonDays) }, orgId).catch((error: unknown) => {
      throw inBody(error);
    });
    const token = `psc_${randomBase62(32)}`;
    const row = await this.db.transaction(async (tx) => {
      if ((await sql.lockAndCountActiveCalendars(tx, orgId)) >= MAX_CALENDARS_PER_ORG)
        throw new AppError('limit_reached', `An organization may have at most ${MAX_CALENDARS_PER_ORG} calendar feeds; delete one first.`);
      return sql.insertCalendar(tx, {
        calendarId: `cal_${randomBase62(20)}`,
        orgId,
        name: input.name,
        prefix: keyPrefix(token),
        hash: hashApiKey(token),
        query,
        alarmDays: input.alarm_days === undefined ? DEFAULT_ALARM_DAYS : input.alarm_days,
      });
    });
    return { ...calendarRecord(row), token, url: `${this.publicBaseUrl}/calendars/${token}.ics` };
  }

  async list(orgId: string) {
    return { calendars: (await sql.listActiveCalendars(this.db, orgId)).map(calendarRecord) };
  }

  /** 404 for an unknown id, another org's feed, or one already deleted. */
  async revoke(orgId: string, calendarId: string): Promise<void> {
    if (!(await sql.revokeCalendar(this.db, orgId, calendarId))) throw notFound(`No calendar feed ${calendarId} in this organization.`);
  }

  /** The active feed a token opens: 404 for anything else, a deleted feed's token and a mistyped one alike. */
  async open(token: string): Promise<sql.CalendarRow> {
    if (!TOKEN_PATTERN.test(token)) throw unknownFeed();
    const presented = hashApiKey(token);
    const match = rowOfHash(await sql.findActiveCalendarsByPrefix(this.db, keyPrefix(token)), presented, (row) => row.token_hash);
    if (!match) throw unknownFeed();
    const { token_hash: _hash, ...calendar } = match;
    return calendar;
  }

  /** The feed's iCalendar text; `charge` (held for the feed's org) is told the deadlines served, or refuses with a 402. */
  async feed(calendar: sql.CalendarRow, charge: Charge): Promise<string> {
    const read = await readFeedDeadlines(this.docket, calendar, toEasternDate(this.now()), charge);
    await sql.touchCalendar(this.db, calendar.calendar_id);
    return renderCalendar({ name: calendar.name, alarmDays: calendar.alarm_days, ...read, host: this.host });
  }
}
