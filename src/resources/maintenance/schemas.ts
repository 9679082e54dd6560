import { type TSchema, Type } from 'typebox';
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

export const MaintenanceRecord = component(
  'MaintenanceRecord',
  withProvenance({
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
    events: Type.Array(FeeEvent, {
      description: "Every fee event on file, oldest first: the fee file's and the file wrapper's fee transactions, each once",
    }),
    windows: windows(WindowValue),
    deadlines: windows(Nullable(Deadlines)),
    next_fee: Nullable(
      Type.Object({
        window: Type.String(),
        status: WindowValue,
        opens: Type.String({ format: 'date' }),
        due: Type.String({ format: 'date' }),
        surcharge_until: Type.String({ format: 'date' }),
      }),
    ),
    judged_as_of: Type.String({
      format: 'date',
      description:
        'The date the windows, next_fee and any lapse are judged as of: the newest date the fee evidence covers (the fee ' +
        "file's date, or the file wrapper's for its transactions; the grant's date when neither is loaded), never after " +
        'today. Nothing later than it is asserted; `stale` says when it is older than the product’s cadence',
    }),
    expired: Type.Boolean({
      description: 'True once a fee lapsed (not reinstated) as of judged_as_of, or the term ended (by the calendar)',
    }),
    expiration_reason: Nullable(Type.String({ description: '`maintenance fee not paid` or `term ended`' })),
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
