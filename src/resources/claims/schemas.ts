import { Type } from 'typebox';
import { component, Nullable, withProvenance } from '../schemas.js';

export const DocType = Type.Unsafe<'grant' | 'publication'>({ type: 'string', enum: ['grant', 'publication'] });

const Claim = component(
  'Claim',
  Type.Object({
    number: Type.Integer({ description: 'The claim number as printed' }),
    text: Type.String({ description: 'Claim text without markup; each limb on its own line' }),
    dependent_on: Type.Array(Type.Integer(), { description: 'Claims this one refers to; empty for an independent claim' }),
    canceled: Type.Optional(Type.Boolean({ description: 'Present (true) when the claim was canceled' })),
    number_raw: Type.Optional(Type.String({ description: 'The printed number when the office mis-numbered the claim' })),
  }),
);

export const ClaimsDocument = component(
  'ClaimsDocument',
  withProvenance({
    doc_number: Type.String({ description: 'Patent number (11646472, D701016) or printed publication number (US20230080435A1)' }),
    doc_type: DocType,
    kind: Type.String({ description: 'B1, B2, S1, P2, E, H1, A1, A2, A9 …' }),
    application_number: Nullable(Type.String()),
    date: Type.String({ format: 'date', description: 'Issue or publication date' }),
    title: Nullable(Type.String()),
    abstract: Nullable(Type.String({ description: 'Null for design patents' })),
    cpc: Type.Array(Type.String(), { description: 'CPC symbols at issue or publication, main symbol first' }),
    claim_count: Type.Integer(),
    independent_claims: Type.Array(Type.Integer(), { description: 'Numbers of the independent claims not canceled' }),
    canceled_claims: Type.Array(Type.Integer()),
    claims: Type.Array(Claim),
  }),
);
