import { Type } from 'typebox';
import { DeadlineSelection } from '../deadlines/schemas.js';
import { component, Nullable } from '../schemas.js';

export const DEFAULT_HORIZON_DAYS = 365;
/** Five years: the farthest a maintenance-fee window or a term's end is worth a reminder. */
const MAX_HORIZON_DAYS = 1830;
export const DEFAULT_ALARM_DAYS = 7;

const HORIZON_TEXT = 'How far ahead the feed looks: at every refresh, deadlines from today (US Eastern) to today + horizon_days';

export const CalendarInput = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      // A control character would break the calendar's lines.
      pattern: '^[^\\u0000-\\u001F\\u007F]+$',
      description: "The calendar's name in the calendar program (X-WR-CALNAME)",
    }),
    application_numbers: DeadlineSelection.application_numbers,
    patent_numbers: DeadlineSelection.patent_numbers,
    entity_id: DeadlineSelection.entity_id,
    monitor_id: DeadlineSelection.monitor_id,
    kinds: DeadlineSelection.kinds,
    horizon_days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_HORIZON_DAYS, default: DEFAULT_HORIZON_DAYS, description: `${HORIZON_TEXT} (default 365)` }),
    ),
    alarm_days: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 0,
          maximum: 90,
          default: DEFAULT_ALARM_DAYS,
          description: 'A reminder this many days before each due date (default 7); null for none',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

const SavedQuery = Type.Object(
  {
    application_numbers: Type.Optional(Type.String()),
    patent_numbers: Type.Optional(Type.String()),
    entity_id: Type.Optional(Type.String()),
    monitor_id: Type.Optional(Type.String()),
    kinds: Type.Optional(Type.String({ description: 'Absent: every kind' })),
    horizon_days: Type.Integer({ description: HORIZON_TEXT }),
  },
  { description: 'The docket selection the feed answers, as given (GET /v1/deadlines takes the same members)' },
);

const CalendarProperties = {
  calendar_id: Type.String({ description: 'cal_…' }),
  name: Type.String(),
  prefix: Type.String({ description: "The token's first 12 characters, to tell feeds apart (the token itself is shown once)" }),
  query: SavedQuery,
  alarm_days: Nullable(Type.Integer({ description: 'Days before each due date a reminder goes off; null for none' })),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'When a calendar program last read the feed; null if never' })),
};

const Calendar = component('Calendar', Type.Object(CalendarProperties));

export const CreatedCalendar = component(
  'CreatedCalendar',
  Type.Object({
    ...CalendarProperties,
    token: Type.String({ description: 'Shown this once: whoever holds it reads this feed (and nothing else)' }),
    url: Type.String({
      format: 'uri',
      description: 'Subscribe to this address in a calendar program (it needs no key: the token is in it); shown this once',
    }),
  }),
);

export const CalendarList = component(
  'CalendarList',
  Type.Object({ calendars: Type.Array(Calendar, { description: 'Active feeds, oldest first; never their tokens' }) }),
);

export const CalendarParams = Type.Object({ calendar_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const CalendarFeedParams = Type.Object({
  token: Type.String({ maxLength: 200, description: 'The token POST /v1/calendars returned' }),
});

export const CalendarText = {
  description: 'An iCalendar document (RFC 5545): one all-day event per deadline on its due date',
  content: { 'text/calendar': { schema: Type.String() } },
};
