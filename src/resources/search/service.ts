import type { Database } from '../../db/database.js';
import { parseCpcFilter } from '../../domain/cpc.js';
import { CURSOR_DATE, CURSOR_DOC_NUMBER, CursorCodec, type CursorKey, type CursorScope } from '../../domain/cursor.js';
import { AppError, invalidParameter } from '../../domain/errors.js';
import { searchQueryIssue } from '../../domain/search-query.js';
import type { EntityService } from '../entities/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import * as sql from './search.sql.js';
import { wordsIndexOf, type WordsIndex } from '../../db/search-index.js';
import { FULL_TEXT_PRODUCTS } from '../../domain/products.js';
import { cursorKey } from '../cursor-key.js';

/** Spec §8: totals are counted up to this many matches. */
export const TOTAL_CAP = 10_000;
/** Spec §8: a search running longer is a 504 computation_timeout (statement_timeout). */
const SEARCH_TIMEOUT_MS = 10_000;
const SNIPPET_CHARS = 300;
/** How long a process trusts what it read of the words index: a rebuild (search-index) is seen within it. */
const WORDS_INDEX_TTL_MS = 60_000;

/** ts_rank is a float4 in [0, 1] in practice; the bound only keeps a forged value inside `real`. */
const RANKED_CURSOR = new CursorCodec('search-ranked', {
  r: { kind: 'number', min: 0, max: 1e6 } as const,
  d: CURSOR_DATE,
  n: CURSOR_DOC_NUMBER,
});
const NEWEST_CURSOR = new CursorCodec('search-newest', { d: CURSOR_DATE, n: CURSOR_DOC_NUMBER });

/** A cursor pages the query that issued it: every filter is part of its scope. */
const scopeOf = (filters: sql.SearchFilters & { entityId: string | null }): CursorScope => [
  filters.q,
  filters.cpcLevel,
  filters.docType,
  filters.filedAfter,
  filters.filedBefore,
  filters.entityId,
];

export interface SearchInput {
  q?: string;
  cpc?: string;
  doc_type?: 'grant' | 'publication';
  filed_after?: string;
  filed_before?: string;
  entity_id?: string;
  limit: number;
  cursor?: string;
}

/** Without a query word there is nothing to mark: the snippet is the abstract's start, cut at a word. */
function leadingSnippet(abstract: string | null): string | null {
  if (abstract === null || abstract.length <= SNIPPET_CHARS) return abstract;
  const cut = abstract.slice(0, SNIPPET_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SNIPPET_CHARS / 2))} …`;
}

/** Keyword and classification search over loaded grants and publications (spec §4 Search). */
export class SearchService {
  private wordsIndex: { method: Promise<WordsIndex>; readAt: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly provenance: ProvenanceService,
    private readonly entities: EntityService,
    private readonly timeoutMs = SEARCH_TIMEOUT_MS,
  ) {}

  /** Either words index answers the same; which one is there decides only how the candidates are asked for. */
  private words(): Promise<WordsIndex> {
    const now = Date.now();
    if (this.wordsIndex === null || now - this.wordsIndex.readAt > WORDS_INDEX_TTL_MS) {
      const method = wordsIndexOf(this.db);
      method.catch(() => (this.wordsIndex = null));
      this.wordsIndex = { method, readAt: now };
    }
    return this.wordsIndex.method;
  }

  private async filters(input: SearchInput): Promise<sql.SearchFilters & { entityId: string | null }> {
    const q = input.q?.trim() ? input.q.trim() : null;
    if (!q && input.cpc === undefined && input.entity_id === undefined)
      throw new AppError('missing_filter', 'Give at least one of q, cpc or entity_id.');
    const unparsable = q === null ? null : searchQueryIssue(q);
    if (unparsable) throw invalidParameter(unparsable);
    // An unknown entity or family id is a 404, as on the entity routes.
    const entityIds = input.entity_id === undefined ? null : await this.entities.idsOf(input.entity_id);
    let cpcLevel: string | null = null;
    if (input.cpc !== undefined) {
      const parsed = parseCpcFilter(input.cpc);
      if (!parsed) {
        throw invalidParameter({
          loc: ['query', 'cpc'],
          msg: 'Not one CPC level: give a section (H), class (H04), subclass (H04L), group (H04L9 or H04L 9/) or subgroup (H04L 9/3247)',
          type: 'cpc_format',
          input: input.cpc,
        });
      }
      cpcLevel = parsed.key;
    }
    return {
      q,
      cpcLevel,
      docType: input.doc_type ?? null,
      filedAfter: input.filed_after ?? null,
      filedBefore: input.filed_before ?? null,
      entityIds,
      entityId: input.entity_id ?? null,
    };
  }

  private keyset(
    key: CursorKey,
    filters: sql.SearchFilters & { entityId: string | null },
    cursor: string | undefined,
  ): sql.SearchKeyset | null {
    if (filters.q === null) {
      const after = NEWEST_CURSOR.decode(key, cursor, scopeOf(filters));
      return after && { rank: null, date: after.d, docNumber: after.n };
    }
    const after = RANKED_CURSOR.decode(key, cursor, scopeOf(filters));
    return after && { rank: after.r, date: after.d, docNumber: after.n };
  }

  async search(input: SearchInput) {
    const filters = await this.filters(input);
    const key = await cursorKey(this.db);
    const after = this.keyset(key, filters, input.cursor);
    // One transaction so the time limit covers both statements and ends with them.
    const { q } = filters;
    // Read before the transaction: the embedded engine has one connection, which the transaction holds.
    const words = q === null ? null : await this.words();
    const { rows, total } = await this.db.transaction(async (tx) => {
      await sql.limitStatementTime(tx, this.timeoutMs);
      if (q !== null && words !== null) return sql.rankedPage(tx, { ...filters, q }, after, input.limit + 1, TOTAL_CAP, words);
      const page = await sql.newestPage(tx, filters, after, input.limit + 1);
      return { rows: page, total: await sql.countMatches(tx, filters, TOTAL_CAP) };
    });
    const results = rows.slice(0, input.limit);
    const last = results.at(-1);
    const next =
      rows.length > input.limit && last
        ? filters.q === null
          ? NEWEST_CURSOR.encode(key, scopeOf(filters), { d: last.date, n: last.doc_number })
          : RANKED_CURSOR.encode(key, scopeOf(filters), { r: last.rank ?? 0, d: last.date, n: last.doc_number })
        : null;
    return {
      results: results.map((row) => ({ ...row, snippet: filters.q === null ? leadingSnippet(row.snippet) : row.snippet })),
      total: Math.min(total, TOTAL_CAP),
      total_capped: total > TOTAL_CAP,
      next_cursor: next,
      ...(await this.provenance.ofFamily([FULL_TEXT_PRODUCTS.grants, FULL_TEXT_PRODUCTS.publications])),
    };
  }
}
