import { type TSchema, Type } from 'typebox';
import { MAX_NUMBER_TEXT } from '../applications/schemas.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const WindowValue = Type.Unsafe<'paid' | 'due' | 'grace' | 'expired' | 'upcoming' | 'n/a'>({
  type: 'string',
  enum: ['paid', 'due', 'grace', 'expired', 'upcoming', 'n/a'],
  description:
    'As of `judged_as_of`: paid; due (payable now, no surcharge); grace (overdue, surcharge applies); expired (lapsed unpaid); ' +
    'upcoming (not yet payable); n/a (no fee owed: design, plant and SIR patents, and windows left once the term has ended)',
});

const FeeEventKind = Type.Unsafe<'paid' | 'reminder' | 'expired' | 'reinstated' | 'surcharge' | 'refund' | 'other'>({
  type: 'string',
  enum: ['paid', 'reminder', 'expired', 'reinstated', 'surcharge', 'refund', 'other'],
});

const Deadlines = component(
  'FeeWindowDeadlines',
  Type.Object({
    opens: Type.String({ format: 'date', description: 'First day the fee can be paid (3, 7 or 11 years after grant)' }),
    due: Type.String({
      format: 'date',
      description: 'Last day without surcharge (3.5, 7.5 or 11.5 years), moved to the next business day',
    }),
    surcharge_until: Type.String({
      format: 'date',
      description: 'Last day of the grace period with surcharge (4, 8 or 12 years), moved to the next business day',
    }),
  }),
);

const windows = <T extends TSchema>(value: T) => Type.Object({ '3.5y': value, '7.5y': value, '11.5y': value });

const FeeEvent = component(
  'FeeEvent',
  Type.Object({
    code: Type.String({ description: "The office's event code, verbatim (M2551, EXP., REM.)" }),
    description: Nullable(Type.String({ description: "The office's description of the code; null for a code it does not describe" })),
    date: Type.String({ format: 'date', description: 'Event entry date' }),
    kind: FeeEventKind,
    window: Nullable(Type.Unsafe<'3.5y' | '7.5y' | '11.5y'>({ type: 'string', enum: ['3.5y', '7.5y', '11.5y'] })),
    source: Type.Object(
      {
        product: Type.String({ description: 'PTMNFEE2 (the fee file) or PTFWPRD/PTFWPRE (the file wrapper’s transactions)' }),
        file_date: Nullable(Type.String({ format: 'date' })),
      },
      { description: 'The file the event was read from; an event both print is listed once, from the fee file' },
    ),
  }),
);

const CalculationStep = component(
  'TermCalculationStep',
  Type.Object({
    step: Type.String({ description: 'What this step does: term start, base term, PTA, terminal disclaimer, lapse …' }),
    value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    source: Type.String({ description: 'Where the value comes from: a file, a record, a statute' }),
  }),
);

/** DESIGN.md D26: the end of term, with the steps that produced it. */
export const ExpirationEstimate = component(
  'ExpirationEstimate',
  Type.Object({
    date: Nullable(Type.String({ format: 'date', description: 'End of term; null when it cannot be computed (see calculation)' })),
    estimate: Type.Literal(true),
    possibly_shorter: Type.Boolean({
      description:
        'A terminal disclaimer is on record (in the transactions or printed on the grant), or an ancestor’s filing date is ' +
        'unknown: the term may end earlier',
    }),
    calculation: Type.Array(CalculationStep, { description: 'The steps that produced the date, each with its source' }),
  }),
);

/** The patent a record or a batch row is about, the same members in both. */
const PatentMembers = {
  patent_number: Type.String(),
  application_number: Nullable(Type.String()),
  patent_type: Type.String({ description: 'utility, design, plant, reissue, sir …' }),
  grant_date: Type.String({ format: 'date' }),
  entity_status: Nullable(
    Type.Unsafe<'small' | 'micro' | 'undiscounted'>({
      type: 'string',
      enum: ['small', 'micro', 'undiscounted'],
      description: "The owner's current status in the fee record",
    }),
  ),
};

const NextFee = Nullable(
  Type.Object({
    window: Type.String(),
    status: WindowValue,
    opens: Type.String({ format: 'date' }),
    due: Type.String({ format: 'date' }),
    surcharge_until: Type.String({ format: 'date' }),
  }),
);

const JudgedAsOf = Type.String({
  format: 'date',
  description:
    'The date the windows, next_fee and any lapse are judged as of: the newest date the fee evidence covers (the fee ' +
    "file's date, or the file wrapper's for its transactions; the grant's date when neither is loaded), never after " +
    'today. Nothing later than it is asserted; `stale` says when it is older than the product’s cadence',
});

const Expired = Type.Boolean({
  description: 'True once a fee lapsed (not reinstated) as of judged_as_of, or the term ended (by the calendar)',
});

const ExpirationReason = Nullable(Type.String({ description: '`maintenance fee not paid` or `term ended`' }));

export const MaintenanceRecord = component(
  'MaintenanceRecord',
  withProvenance({
    ...PatentMembers,
    events: Type.Array(FeeEvent, {
      description: "Every fee event on file, oldest first: the fee file's and the file wrapper's fee transactions, each once",
    }),
    windows: windows(WindowValue),
    deadlines: windows(Nullable(Deadlines)),
    next_fee: NextFee,
    judged_as_of: JudgedAsOf,
    expired: Expired,
    expiration_reason: ExpirationReason,
    expiration_estimate: ExpirationEstimate,
    note: Nullable(
      Type.String({
        description:
          'Set when the answer rests on less than a complete, current fee record: no fee events on file, windows counted as ' +
          "paid without a payment, windows made moot by the end of term, a reissue's original unknown, stale fee data",
      }),
    ),
  }),
);

/**
 * A batch's default row. A renewal docket acts on whether the patent is alive, why not, when its
 * term ends and which fee is next with its dates; the events, the three windows and the term
 * calculation are what a reader checks it against, so they come with `full: true` only.
 */
const MaintenanceSummary = component(
  'MaintenanceSummary',
  Type.Object(
    {
      ...PatentMembers,
      expired: Expired,
      expiration_reason: ExpirationReason,
      expiration_date: Nullable(
        Type.String({
          format: 'date',
          description: "The record's expiration_estimate.date: the end of term, an estimate; null when it cannot be computed",
        }),
      ),
      possibly_shorter: Type.Boolean({
        description:
          "The record's expiration_estimate.possibly_shorter: a terminal disclaimer or an unknown ancestor's filing date may end the term earlier",
      }),
      next_fee: NextFee,
      judged_as_of: JudgedAsOf,
    },
    {
      description:
        'One patent of a batch, for a renewal docket: whether it is alive (expired), why not (expiration_reason), when its ' +
        'term ends (expiration_date, possibly_shorter) and which fee is next with its dates (next_fee), as judged_as_of. ' +
        'The fee events, the three windows and the term calculation behind them come with full: true',
    },
  ),
);

/**
 * Entries carry no type for the validator: its coercion would turn `null` into `""` and `11646472`
 * into `"11646472"`, and `invalid` must show what the caller wrote. The route bounds the strings.
 */
const BatchPatentEntry = Type.Unknown({
  description: `A patent number as a string (at most ${MAX_NUMBER_TEXT} characters); any other JSON value is answered in invalid as sent`,
});

export const BatchMaintenanceBody = Type.Object(
  {
    patent_numbers: Type.Array(BatchPatentEntry, { minItems: 1, maxItems: 1000 }),
    full: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'false: one MaintenanceSummary per patent, what a renewal docket acts on (alive or not and why, end of term, the ' +
          'next fee with its dates). true: one MaintenanceRecord per patent, the very object ' +
          'GET /v1/patents/{patent_number}/maintenance returns (with the fee events, the three windows and their deadlines, ' +
          'the term calculation, and its own source, as_of and stale)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const BatchMaintenanceResponse = component(
  'BatchMaintenance',
  withProvenance({
    // The serializer writes each row as the first shape it validates against: each requires members the other lacks
    // (expiration_date; events), so a record is never cut to a summary. Summaries first: they are the default.
    results: Type.Array(Type.Union([MaintenanceSummary, MaintenanceRecord]), {
      description: 'In request order, a number asked twice answered twice: MaintenanceSummary rows, or with full: true MaintenanceRecords',
    }),
    not_found: Type.Array(Type.String(), {
      description: 'Patent numbers without a maintenance record (no product gives them a grant date), as the caller wrote them',
    }),
    invalid: Type.Array(Type.Unsafe<unknown>({}), {
      description: 'Entries that cannot be patent numbers (unreadable strings, null, numbers …), exactly as the caller wrote them',
    }),
  }),
);
