import { Type } from 'typebox';
import { component, Nullable, withProvenance } from '../schemas.js';

export const CitationsQuery = Type.Object({
  direction: Type.Unsafe<'both' | 'backward' | 'forward'>({ type: 'string', enum: ['both', 'backward', 'forward'], default: 'both' }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Forward citations per page' }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'Continues the forward list' })),
});

const Category = Type.Unsafe<'examiner' | 'applicant' | 'other'>({ type: 'string', enum: ['examiner', 'applicant', 'other'] });

/** DESIGN.md D7: each group has its own item shape; an unreadable reference is {raw, defect}. */
const BackwardItem = component(
  'BackwardCitation',
  Type.Object({
    number: Type.Optional(Nullable(Type.String())),
    country: Type.Optional(Nullable(Type.String())),
    kind: Type.Optional(Nullable(Type.String())),
    name: Type.Optional(Nullable(Type.String())),
    date: Type.Optional(Nullable(Type.String({ description: 'As printed: 1967, 1967-09 or 1967-09-12' }))),
    text: Type.Optional(Nullable(Type.String())),
    raw: Type.Optional(Nullable(Type.String())),
    defect: Type.Optional(Nullable(Type.String())),
    category: Category,
    category_detail: Type.Optional(Nullable(Type.String({ description: "The office's wording when category is other" }))),
  }),
);

const Group = component(
  'CitationGroup',
  Type.Object({
    count: Type.Integer(),
    examiner_count: Type.Integer(),
    applicant_count: Type.Integer(),
    items: Type.Array(BackwardItem),
  }),
);

const ForwardCitation = component(
  'ForwardCitation',
  Type.Object({
    patent_number: Type.String(),
    grant_date: Type.String({ format: 'date' }),
    title: Nullable(Type.String()),
    categories: Type.Array(Category),
  }),
);

export const CitationsResponse = component(
  'Citations',
  withProvenance({
    patent_number: Type.String(),
    backward: Type.Optional(
      Nullable(
        Type.Object({
          patents: Group,
          publications: Group,
          foreign: Group,
          npl: Group,
        }),
      ),
    ),
    detail: Type.Optional(Type.String({ description: 'Why backward is null: the covered issue dates' })),
    forward: Type.Optional(
      Type.Object({
        count: Type.Integer({ description: 'Distinct loaded grants citing this patent' }),
        patents: Type.Array(ForwardCitation, { description: 'Newest grant first' }),
        next_cursor: Nullable(Type.String()),
      }),
    ),
  }),
);
