import { Type } from 'typebox';
import { MAX_EXCLUSIONS } from '../../domain/search-query.js';
import { component, Nullable, withProvenance } from '../schemas.js';
import { DocType } from '../claims/schemas.js';

export const SearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 500,
      description: `Web-search syntax over title, abstract and claims: words ANDed, "quoted phrases", -excluded (at most ${MAX_EXCLUSIONS}), or; English stemming`,
    }),
  ),
  cpc: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 30,
      description: 'Exactly one CPC level: section H, class H04, subclass H04L, group H04L9 or H04L 9/, subgroup H04L 9/3247',
    }),
  ),
  doc_type: Type.Optional(DocType),
  filed_after: Type.Optional(Type.String({ format: 'date', description: 'Filing date on or after' })),
  filed_before: Type.Optional(Type.String({ format: 'date', description: 'Filing date on or before' })),
  entity_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'An entity or family id: documents of the applications in its portfolio (alone, it satisfies the filter rule)',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
});

const SearchResult = component(
  'SearchResult',
  Type.Object({
    doc_number: Type.String(),
    doc_type: DocType,
    kind: Type.String(),
    application_number: Nullable(Type.String()),
    title: Nullable(Type.String()),
    date: Type.String({ format: 'date', description: 'Grant or publication date' }),
    filing_date: Nullable(Type.String({ format: 'date' })),
    cpc: Type.Array(Type.String()),
    snippet: Nullable(Type.String({ description: 'Abstract with the matched words between <mark> and </mark>' })),
    rank: Nullable(Type.Number({ description: 'Relevance (title over abstract over claims); null without q' })),
  }),
);

export const SearchResponse = component(
  'SearchPage',
  withProvenance({
    results: Type.Array(SearchResult, { description: 'Best rank first, then newest; of a q matching more than 10,000, the newest 10,000' }),
    total: Type.Integer({ description: 'Matches, counted up to 10,000' }),
    total_capped: Type.Boolean({ description: 'True when there are more than 10,000 matches' }),
    next_cursor: Nullable(Type.String()),
  }),
);
