/**
 * How a product the Open Data Portal publishes as searchable records, not files, is fetched
 * (PTAB trials, office actions): each of its searches is asked for the records the portal stamped
 * within a range of days, page by page, and each page is loaded whole (in one transaction). A product
 * module declares its searches; sync/search-sync.ts runs them.
 */
import type { Queryable } from '../db/database.js';

/**
 * The two request shapes of the portal's search APIs (reference/odp/: ODP-API.yaml, the PTAB
 * trials Search pages; the office-action APIs moved from the DS-API):
 * - `odp-search`: POST JSON `{q, rangeFilters: [{field, valueFrom, valueTo}], sort, pagination:
 *   {offset, limit}}`, answered `{count, requestIdentifier, <bag>: [...]}`;
 * - `solr-records`: POST form `criteria=<Lucene>&start=&rows=`, answered
 *   `{response: {numFound, start, docs: [...]}}`.
 * Both answer a search that matches nothing with 404 "No matching records found".
 */
export type PortalSearchProtocol = 'odp-search' | 'solr-records';

export interface PortalSearchSpec {
  /** Its name within the product, in logs, /health and the watermark table: `proceedings`, `oa_actions`. */
  name: string;
  /** Path on the portal's host: `/api/v1/patent/trials/proceedings/search`. */
  path: string;
  protocol: PortalSearchProtocol;
  /** The bag an `odp-search` answer holds its records in. */
  bag?: string;
  /** The record field the portal stamps when it loads or changes a record (`YYYY-MM-DDTHH:MM:SS`, no zone). */
  stampField: string;
  /**
   * Days before the watermark asked again: a record can carry a stamp earlier than the moment it
   * became visible (an office-action text is stamped when its load starts, up to days before it
   * is served; the stamps carry no zone).
   */
  overlapDays: number;
  /** Days asked per search request range: the watermark moves once such a range is loaded whole. */
  rangeDays: number;
  /** Records asked per page (halved while the portal answers 413, its 6 MB answer limit). */
  pageSize: number;
}

/** One page of a search's answer, as the runner loads it: its records and what to write with them. */
export interface SearchPage {
  /** The answer's text, parsed as the product parses its files; null for an answer with no records. */
  text: string | null;
  /** Written in the transaction that stores the page, after its records (the watermark when the page ends a range). */
  commit(tx: Queryable): Promise<void>;
}
