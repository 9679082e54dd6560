import { Type } from 'typebox';
import { DEADLINE_KINDS, MISSED_OUTCOMES } from '../../domain/docket.js';
import { OFFICE_ACTION_TYPES } from '../../domain/office-action-types.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const DateString = Type.String({ format: 'date' });
const list = (what: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 20_000, description: `${what}, comma-separated (at most 1,000)` }));

/** The query a docket answers; a calendar feed saves the same members (cursor and limit aside). */
export const DeadlineSelection = {
  application_numbers: list('Application numbers'),
  patent_numbers: list('Patent numbers: the deadlines of the application behind each'),
  entity_id: Type.Optional(
    Type.String({ maxLength: 40, description: 'An entity (ent_…) or family (fam_…) id: the deadlines of its whole portfolio' }),
  ),
  monitor_id: Type.Optional(
    Type.String({
      maxLength: 40,
      description: "One of your monitors (mon_…): the deadlines of its targets (applications, patents, entities' portfolios)",
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date', description: 'Deadlines whose last date is on or after this day (default: today, US Eastern)' }),
  ),
  to: Type.Optional(Type.String({ format: 'date', description: 'Deadlines due on or before this day (default: one year after `from`)' })),
  kinds: list(`Kinds to list (default: all): ${DEADLINE_KINDS.join(', ')}`),
};

export const DeadlinesQuery = Type.Object({
  ...DeadlineSelection,
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
});

const Basis = Type.Object(
  {
    rule: Type.String({ description: 'The rules the dates come from, e.g. "35 USC 133; 37 CFR 1.134; MPEP 710.02(b)"' }),
    counts_from: DateString,
    transaction: Nullable(
      Type.Object(
        { code: Type.String(), date: DateString },
        { description: 'The transaction the period counts from (MCTNF, MN/=., N/AP …); null when none records it (a grant, a term)' },
      ),
    ),
    note: Nullable(Type.String({ description: 'Why a special rule moved a date, or what the date rests on' })),
  },
  { description: 'Where the deadline comes from' },
);

const Deadline = component(
  'Deadline',
  Type.Object({
    deadline_id: Type.String({
      description:
        'Stable: the same deadline keeps its id as data arrives (the application number and what it is, e.g. 17248024:issue_fee:2024-03-05:notice_of_allowance)',
    }),
    application_number: Type.String(),
    patent_number: Nullable(Type.String()),
    kind: Type.Unsafe<(typeof DEADLINE_KINDS)[number]>({
      type: 'string',
      enum: [...DEADLINE_KINDS],
      description:
        'office_action_reply (the period of the latest office action that set one), issue_fee (notice of allowance), ' +
        'appeal_brief (after a notice of appeal), maintenance_fee (a fee window not paid yet), end_of_term (the estimated end ' +
        'of the patent term), nonprovisional_filing (a provisional that no application claims yet)',
    }),
    action_type: Nullable(Type.Unsafe<(typeof OFFICE_ACTION_TYPES)[number]>({ type: 'string', enum: [...OFFICE_ACTION_TYPES] })),
    window: Nullable(Type.Unsafe<'3.5y' | '7.5y' | '11.5y'>({ type: 'string', enum: ['3.5y', '7.5y', '11.5y'] })),
    due_date: Type.String({
      format: 'date',
      description: 'The last day without an extension of time or a surcharge, moved past weekends, federal holidays and office closures',
    }),
    last_date: Type.String({
      format: 'date',
      description:
        'The last day with every extension the rules allow (37 CFR 1.136(a)), the surcharge (maintenance fees) or the restoration ' +
        'petition (provisionals); equal to due_date when none exists',
    }),
    opens: Nullable(Type.String({ format: 'date', description: 'The first day a maintenance fee can be paid' })),
    extendable: Type.Boolean({ description: 'Whether extensions of time can be bought (the issue fee and the reply brief cannot)' }),
    if_missed: Type.Unsafe<(typeof MISSED_OUTCOMES)[number]>({
      type: 'string',
      enum: [...MISSED_OUTCOMES],
      description:
        'What passing last_date costs: abandonment of the application, appeal_dismissed, reply_brief_waived, lapse of the patent, ' +
        'term_ends (nothing to file: the patent expires), benefit_lost (the provisional can no longer be claimed)',
    }),
    basis: Basis,
    source: Type.Object(
      { product: Type.String(), file_date: Nullable(DateString) },
      { description: 'The file the deadline was read from: the file wrapper row for prosecution, the fee evidence for a fee window' },
    ),
  }),
);

export const DeadlinesResponse = component(
  'Deadlines',
  withProvenance({
    deadlines: Type.Array(Deadline, { description: 'Soonest due first (then by application number)' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
    window: Type.Object({ from: DateString, to: DateString }, { description: 'The dates the list covers' }),
    not_found: Type.Array(Type.String(), {
      description: 'Application or patent numbers asked for that no product holds, as written (empty for an entity or a monitor)',
    }),
  }),
);
