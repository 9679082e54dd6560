import { Type } from 'typebox';
import { STATUS_CATEGORIES } from '../../domain/status-categories.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const DateString = Type.String({ format: 'date' });
const NullableDate = Nullable(DateString);
/** Nothing legitimate is longer (domain/numbers.ts reads at most this much). */
export const MAX_NUMBER_TEXT = 100;

/** Numbers arrive in any formatting the spec allows; the handler parses them (422 when it cannot). */
const NumberText = (description: string) => Type.String({ minLength: 1, maxLength: MAX_NUMBER_TEXT, description });

const Category = Type.Enum(STATUS_CATEGORIES, { description: 'pending, allowed, granted, abandoned, expired, provisional, pct or other' });

const StatusBlock = component(
  'StatusBlock',
  Type.Object({
    code: Nullable(Type.Integer({ description: "The office's status code" })),
    description: Nullable(Type.String()),
    category: Category,
    date: NullableDate,
  }),
);

const ContinuityStatus = Type.Object({
  code: Nullable(Type.Integer()),
  description: Nullable(Type.String()),
  category: Category,
});

const ContinuityItem = {
  application_number: Type.String(),
  relationship: Nullable(Type.String({ description: 'Office code: CON, DIV, CIP, PRO, NST …' })),
  relationship_description: Nullable(Type.String()),
  filing_date: NullableDate,
  patent_number: Nullable(Type.String()),
  status: ContinuityStatus,
};

const ContinuityParent = component(
  'ContinuityParent',
  Type.Object({ ...ContinuityItem, child_application_number: Type.String({ description: 'The application claiming this parent' }) }),
);
const ContinuityChild = component(
  'ContinuityChild',
  Type.Object({ ...ContinuityItem, parent_application_number: Type.String({ description: 'The application this child claims' }) }),
);

export const Application = component(
  'Application',
  withProvenance({
    application_number: Type.String(),
    status: StatusBlock,
    patent_number: Nullable(Type.String()),
    grant_date: NullableDate,
    publication_number: Nullable(Type.String()),
    publication_date: NullableDate,
    title: Nullable(Type.String()),
    application_type: Nullable(Type.String()),
    filing_date: NullableDate,
    effective_filing_date: NullableDate,
    applicant_name: Nullable(Type.String()),
    applicant_entity_id: Nullable(Type.String({ description: 'Entity id (ent_…); null until entity resolution covers it' })),
    examiner_name: Nullable(Type.String()),
    art_unit: Nullable(Type.String()),
    entity_status: Nullable(Type.Unsafe<'small' | 'micro' | 'undiscounted'>({ type: 'string', enum: ['small', 'micro', 'undiscounted'] })),
    cpc: Type.Array(Type.String()),
    pta_days: Nullable(Type.Integer()),
    continuity: Type.Object({ parents: Type.Array(ContinuityParent), children: Type.Array(ContinuityChild) }),
    counts: Type.Object({
      transactions: Type.Integer(),
      office_actions: Type.Integer(),
      assignments: Type.Integer(),
      ptab_proceedings: Type.Integer(),
      parents: Type.Integer(),
      children: Type.Integer(),
    }),
  }),
);

export const ApplicationParams = Type.Object({
  application_number: NumberText(
    '8 digits (slashes, commas and spaces ignored), or an international application PCT/US2007/019317 (PCT/US07/19317)',
  ),
});
export const PatentParams = Type.Object({ patent_number: NumberText('e.g. 11646472, D701016, PP18398, RE49257') });
export const PublicationParams = Type.Object({ publication_number: NumberText('Printed US20230080435A1 or bare 2023/0080435') });

/**
 * Entries carry no type for the validator: its coercion would turn `null` into `""` and `17248024`
 * into `"17248024"`, and `invalid` must show what the caller wrote. The route bounds the strings.
 */
const BatchEntry = Type.Unknown({
  description: `An application number as a string (at most ${MAX_NUMBER_TEXT} characters); any other JSON value is answered in invalid as sent`,
});

export const BatchStatusBody = Type.Object(
  { application_numbers: Type.Array(BatchEntry, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

const BatchStatusRow = component(
  'BatchStatusRow',
  Type.Object({
    application_number: Type.String(),
    status: StatusBlock,
    patent_number: Nullable(Type.String()),
    publication_number: Nullable(Type.String()),
    applicant_name: Nullable(Type.String()),
  }),
);

export const BatchStatusResponse = component(
  'BatchStatus',
  withProvenance({
    results: Type.Array(BatchStatusRow, { description: 'In request order' }),
    not_found: Type.Array(Type.String(), { description: 'Numbers not held, as the caller wrote them' }),
    invalid: Type.Array(Type.Unsafe<unknown>({}), {
      description: 'Entries that cannot be application numbers (unreadable strings, null, numbers …), exactly as the caller wrote them',
    }),
  }),
);

export const TransactionsQuery = Type.Object({
  since: Type.Optional(Type.String({ format: 'date', description: 'On or after this date' })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

const Transaction = component(
  'Transaction',
  Type.Object({
    date: DateString,
    code: Type.String({ description: "The office's own transaction code, verbatim" }),
    description: Type.String({ description: "The office's own text, verbatim" }),
    event_type: Nullable(Type.String({ description: 'Normalized: office_action, allowance, abandonment, grant, publication …' })),
  }),
);

export const TransactionsResponse = component(
  'TransactionPage',
  withProvenance({
    application_number: Type.String(),
    transactions: Type.Array(Transaction, { description: 'Newest first' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);
