import { Type } from 'typebox';
import { STATUS_CATEGORIES } from '../../domain/status-categories.js';
import { ExpirationEstimate } from '../maintenance/schemas.js';
import { component, Nullable, withProvenance } from '../schemas.js';

const EntityId = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'An entity id (ent_…) or a family id (fam_…)',
});

const Counts = Type.Object({
  applications: Type.Integer({ description: 'Applications linked as applicant, assignee or inventor' }),
  patents: Type.Integer({ description: 'Of them, granted' }),
  pending: Type.Integer({ description: 'Of them, in the pending bucket (pending or allowed, examined)' }),
});

const EntityProperties = {
  entity_id: Type.String({ description: 'ent_… (a family: fam_…)' }),
  name: Type.String({ description: 'The name shown: the first spelling seen (a family: its current name)' }),
  type: Type.Unsafe<'assignee' | 'inventor'>({
    type: 'string',
    enum: ['assignee', 'inventor'],
    description: 'assignee: an organisation (applicant, assignee or assignor); inventor: a person',
  }),
  aliases: Type.Array(Type.String(), { description: 'Spellings printed for it' }),
  location: Type.Object({ city: Nullable(Type.String()), state: Nullable(Type.String()), country: Nullable(Type.String()) }),
  family_id: Nullable(Type.String({ description: 'The family (fam_…) it belongs to, if any' })),
  counts: Counts,
};

export const EntityParams = Type.Object({ entity_id: EntityId });

export const EntitySearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 200, description: 'A name; punctuation, case and corporate suffixes are ignored' }),
  type: Type.Optional(Type.Unsafe<'assignee' | 'inventor'>({ type: 'string', enum: ['assignee', 'inventor'] })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const EntitySearchResults = component(
  'EntitySearchResults',
  withProvenance({
    query: Type.String(),
    count: Type.Integer(),
    results: Type.Array(
      Type.Object({
        ...EntityProperties,
        match: Type.Unsafe<'prefix' | 'similar'>({
          type: 'string',
          enum: ['prefix', 'similar'],
          description: 'prefix: the name starts with the query (listed first, largest first); similar: alike by trigram',
        }),
      }),
    ),
  }),
);

export const EntityRecord = component(
  'EntityRecord',
  withProvenance({
    ...EntityProperties,
    members: Type.Optional(
      Type.Array(
        Type.Object({
          entity_id: Type.String(),
          name: Type.String(),
          counts: Counts,
          basis: Type.Unsafe<'merger' | 'change_of_name' | 'near_identical_name'>({
            type: 'string',
            enum: ['merger', 'change_of_name', 'near_identical_name'],
            description: 'What joined it to the family: a MERGER or CHANGE OF NAME recordation, or a near-identical name at the same place',
          }),
          confidence: Type.Number({ minimum: 0, maximum: 1 }),
        }),
        { description: 'A family only: its entities, largest first' },
      ),
    ),
  }),
);

export const PortfolioQuery = Type.Object({
  status: Type.Optional(Type.Enum(STATUS_CATEGORIES, { description: 'A raw status category' })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const Portfolio = component(
  'Portfolio',
  withProvenance({
    entity_id: Type.String(),
    applications: Type.Array(
      Type.Object({
        application_number: Type.String(),
        title: Nullable(Type.String()),
        filing_date: Nullable(Type.String({ format: 'date' })),
        status: Type.Object({
          code: Nullable(Type.Integer()),
          description: Nullable(Type.String()),
          category: Nullable(Type.Enum(STATUS_CATEGORIES)),
          bucket: Nullable(
            Type.Unsafe<'pending' | 'granted' | 'abandoned' | 'other'>({
              type: 'string',
              enum: ['pending', 'granted', 'abandoned', 'other'],
              description:
                'allowed folds into pending, expired after grant into granted, never examined into other; null when the service does not hold the application',
            }),
          ),
          date: Nullable(Type.String({ format: 'date' })),
        }),
        patent_number: Nullable(Type.String()),
        role: Type.Unsafe<'applicant' | 'assignee' | 'inventor'>({ type: 'string', enum: ['applicant', 'assignee', 'inventor'] }),
        confidence: Type.Number({ minimum: 0, maximum: 1, description: 'How sure the link is (1: the name as filed)' }),
      }),
      { description: 'Newest serial first' },
    ),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);

export const PatentsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const EntityPatents = component(
  'EntityPatents',
  withProvenance({
    entity_id: Type.String(),
    patents: Type.Array(
      Type.Object({
        patent_number: Type.String(),
        application_number: Type.String(),
        title: Nullable(Type.String()),
        grant_date: Nullable(Type.String({ format: 'date' })),
        role: Type.Unsafe<'applicant' | 'assignee' | 'inventor'>({ type: 'string', enum: ['applicant', 'assignee', 'inventor'] }),
        confidence: Type.Number({ minimum: 0, maximum: 1 }),
        expired: Nullable(Type.Boolean({ description: 'Null when the grant is known only from a recordation' })),
        expiration_estimate: Nullable(ExpirationEstimate),
      }),
      { description: 'Newest grant first' },
    ),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);
