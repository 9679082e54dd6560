import { Type } from 'typebox';
import { OFFICE_ACTION_TYPES } from '../../domain/office-action-types.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const DateString = Type.String({ format: 'date' });

const Basis = Nullable(
  Type.Object(
    {
      rule: Type.String({ description: 'The rules the period comes from, e.g. "35 USC 133; 37 CFR 1.134; MPEP 710.02(b)"' }),
      counts_from: DateString,
      transaction: Nullable(
        Type.Object(
          { code: Type.String(), date: DateString },
          { description: 'The mailing transaction the period counts from (MCTNF, MN/=. …); null when only the document is on file' },
        ),
      ),
      note: Nullable(Type.String({ description: 'Why a special rule moved the date (the advisory-action rule, a restart, a roll)' })),
    },
    { description: 'Beyond the spec (D27): where the deadline comes from; null when the period is set in the letter' },
  ),
);

const Rejection = Type.Object({
  statute: Type.String({ description: '101, 102, 103(a), 112(b), double_patenting …' }),
  claims: Type.Array(Type.Integer()),
  references: Type.Array(Type.String(), { description: 'Cited references for this ground, as the office parsed them' }),
});

const Section = Type.Object({
  statute: Type.String({ description: '101, 102, 102/103, 103, 112, double_patenting' }),
  heading: Type.String(),
  chars: Type.Integer(),
  text: Type.Optional(Type.String({ description: 'Only with include_text=true' })),
});

const OfficeAction = component(
  'OfficeAction',
  Type.Object({
    mailed_date: DateString,
    type: Type.Unsafe<(typeof OFFICE_ACTION_TYPES)[number]>({ type: 'string', enum: [...OFFICE_ACTION_TYPES] }),
    document_code: Nullable(
      Type.String({ description: "The office's document code (CTNF, CTFR, NOA …); null until the text or rejections load" }),
    ),
    document_id: Nullable(Type.String()),
    response_due_estimate: Nullable(DateString),
    response_due_max: Nullable(DateString),
    response_period_months: Nullable(Type.Integer()),
    response_extendable: Nullable(Type.Boolean()),
    restarts_period: Nullable(Type.Boolean()),
    basis: Basis,
    withdrawn: Type.Boolean({
      description:
        'True when a later letter withdrew or vacated the action (W/AC): its period no longer runs, and its deadline fields are null',
    }),
    statutes: Nullable(Type.Array(Type.String(), { description: 'Null when the office sent no parsed rejections for this action' })),
    rejections: Type.Array(Rejection),
    sections: Type.Array(Section),
    text_available: Type.Boolean({ description: 'False while the text has not arrived (it lags the mailing by 0 to 7 days)' }),
    text_chars: Nullable(Type.Integer()),
    section_chars: Nullable(Type.Integer()),
    body_text: Type.Optional(Nullable(Type.String({ description: 'Only with include_text=true' }))),
  }),
);

export const OfficeActionsQuery = Type.Object({
  include_text: Type.Boolean({ default: false, description: 'Add the full text and the section texts (tens of kB per action)' }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const OfficeActionsResponse = component(
  'OfficeActions',
  withProvenance({
    application_number: Type.String(),
    office_actions: Type.Array(OfficeAction, { description: 'Newest mailed first' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);
