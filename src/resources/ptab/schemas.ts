import { Type } from 'typebox';
import { CLAIMS_OUTCOMES, DECISION_KINDS } from '../../domain/ptab.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const DateString = Type.String({ format: 'date' });
const ClaimsOutcome = Nullable(
  Type.Unsafe<(typeof CLAIMS_OUTCOMES)[number]>({
    type: 'string',
    enum: [...CLAIMS_OUTCOMES],
    description:
      'What the latest final written decision held of the challenged claims; null without one (or when its title and text do not say)',
  }),
);

const Party = Nullable(
  Type.Object({
    name: Type.String({ description: 'The real party in interest as the office prints it' }),
    entity_id: Nullable(Type.String({ description: 'The resolved entity (ent_…); null until resolution has named one' })),
  }),
);

const Decision = component(
  'PtabDecision',
  Type.Object({
    kind: Type.Unsafe<(typeof DECISION_KINDS)[number]>({ type: 'string', enum: [...DECISION_KINDS] }),
    date: Nullable(DateString),
    outcome: Nullable(
      Type.String({ description: "The office's outcome category, verbatim (Institution Granted, Settled After Institution, Affirmed…)" }),
    ),
    claims_outcome: ClaimsOutcome,
    statutes: Type.Array(Type.String(), { description: 'Statutes and rules the decision cites (35 USC 314, 37 CFR 42.108…)' }),
    issue_types: Type.Array(Type.String(), { description: 'Grounds at issue (102, 103, 112…)' }),
    title: Nullable(Type.String()),
    document_type: Nullable(Type.String({ description: "The office's document type, verbatim (Institution Decision:  Grant…)" })),
    document_number: Nullable(Type.Integer({ description: 'The paper number in the trial' })),
    pdf_url: Nullable(Type.String()),
    text_chars: Nullable(Type.Integer({ description: 'Characters of the text the dataset carries; null without one' })),
    text_note: Nullable(
      Type.Unsafe<'truncated' | 'upload_failed'>({
        type: 'string',
        enum: ['truncated', 'upload_failed'],
        description: "truncated: the office's OCR text is cut short; upload_failed: the office holds no text for it",
      }),
    ),
    text: Type.Optional(Nullable(Type.String({ description: 'Only with include_text=true: the OCR text as the dataset carries it' }))),
  }),
);

const PROCEEDING = {
  trial_number: Type.String({ description: 'IPR2021-01599' }),
  type: Type.Unsafe<'IPR' | 'PGR' | 'CBM' | 'DER'>({ type: 'string', enum: ['IPR', 'PGR', 'CBM', 'DER'] }),
  type_name: Type.String({ description: 'inter partes review, post-grant review, covered business method review, derivation' }),
  patent_number: Nullable(Type.String({ description: 'The challenged patent' })),
  application_number: Nullable(Type.String()),
  petitioner: Party,
  patent_owner: Party,
  filed_date: Nullable(DateString),
  accorded_filing_date: Nullable(DateString),
  institution_decision_date: Nullable(DateString),
  termination_date: Nullable(DateString),
  status: Nullable(
    Type.String({ description: "The office's trial status category, verbatim (Pending, Trial Instituted, Terminated-Settled…)" }),
  ),
  instituted: Nullable(Type.Boolean({ description: 'Null while undecided, or when the data cannot tell' })),
  claims_outcome: ClaimsOutcome,
  final_decision_date: Nullable(DateString),
  decisions: Type.Array(Decision, { description: 'Oldest first' }),
};
const Proceeding = component('PtabProceeding', Type.Object(PROCEEDING));

export const IncludeTextQuery = Type.Object({
  include_text: Type.Boolean({ default: false, description: 'Add each decision text as the dataset carries it (long)' }),
});

export const TrialParams = Type.Object({
  trial_number: Type.String({ minLength: 1, maxLength: 40, description: 'IPR2021-01599; case and spaces ignored (ipr2021 01599)' }),
});

export const PatentProceedings = component(
  'PatentProceedings',
  withProvenance({
    patent_number: Type.String(),
    application_number: Nullable(Type.String()),
    proceedings: Type.Array(Proceeding, { description: 'Newest filed first; empty when no challenge is on record' }),
  }),
);

export const OneProceeding = component('OneProceeding', withProvenance(PROCEEDING));

const PartyFilter = (role: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: `The ${role}: an entity id (ent_…), a family id (fam_…), or a fragment of the printed name (case, punctuation, spacing and accents ignored)`,
    }),
  );

export const PtabSearchQuery = Type.Object({
  petitioner: PartyFilter('petitioner'),
  patent_owner: PartyFilter('patent owner'),
  filed_after: Type.Optional(Type.String({ format: 'date', description: 'Petitions filed strictly after this date' })),
  status: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: "The office's trial status category, case ignored (Instituted, Terminated-Settled…)",
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const PtabSearchResult = component(
  'PtabSearchResult',
  withProvenance({
    proceedings: Type.Array(Proceeding, { description: 'Newest filed first (undated last); decisions without text' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);
