/**
 * One page of a portal search (ingest/portal-search.ts for the two request shapes), asked for
 * the records stamped within a range of days. The portal allows one request at a time per key
 * and 4 to 15 a second (its rate-limits page): requests go one after another, at least
 * `intervalMs` apart. A search that matches nothing answers 404 "No matching records found": an
 * empty page. An answer over the portal's 6 MB limit (413) is asked again with half the page.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { PortalSearchSpec } from '../ingest/portal-search.js';
import { portalRecords } from '../metrics.js';
import type { PortalClient } from './portal-client.js';
import { PortalError } from './retry.js';

/** Days, inclusive: `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface SearchAnswer {
  /** The answer's text, null for an empty one (404 no match). */
  text: string | null;
  /** The records the search matches in all (the portal's `count` / `numFound`). */
  total: number;
  /** Records in this page. */
  records: number;
  /** The page size that was answered (smaller than asked after a 413). */
  limit: number;
}

/** The portal's answer when nothing matches: `{code: "404", errorDetails: "No matching records found"}`. */
const NO_MATCH = /no matching record/i;

export class PortalSearchClient {
  private lastStart = 0;

  constructor(
    private readonly portal: PortalClient,
    private readonly baseUrl: string,
    /** Least time between the starts of two requests. */
    private readonly intervalMs: number,
  ) {}

  /** Records `offset…offset+limit` of the search over `range`. */
  async page(product: string, spec: PortalSearchSpec, range: DayRange, offset: number, limit: number): Promise<SearchAnswer> {
    for (let size = limit; ; size = Math.max(1, Math.floor(size / 2))) {
      try {
        return await this.ask(product, spec, range, offset, size);
      } catch (error) {
        if (!(error instanceof PortalError) || error.kind !== 'too-large' || size === 1) throw error;
      }
    }
  }

  private async ask(product: string, spec: PortalSearchSpec, range: DayRange, offset: number, limit: number): Promise<SearchAnswer> {
    const what = `${product} ${spec.name} ${range.from}..${range.to} from ${offset}`;
    const { headers, body } = request(spec, range, offset, limit);
    let response: Response;
    try {
      response = await this.portal.sendWithRetry(product, `${this.baseUrl}${spec.path}`, what, headers, body, () => this.pace());
    } catch (error) {
      if (error instanceof PortalError && error.kind === 'not-found' && NO_MATCH.test(error.message))
        return { text: null, total: 0, records: 0, limit };
      throw error;
    }
    const text = await response.text();
    const { total, records } = readEnvelope(spec, text, what);
    portalRecords.inc({ product }, records);
    return { text: records === 0 ? null : text, total, records, limit };
  }

  /** Waits until `intervalMs` after the previous request's start. */
  private async pace(): Promise<void> {
    const wait = this.lastStart + this.intervalMs - Date.now();
    if (wait > 0) await delay(wait);
    this.lastStart = Date.now();
  }
}

function request(spec: PortalSearchSpec, range: DayRange, offset: number, limit: number) {
  if (spec.protocol === 'odp-search') {
    const body = {
      rangeFilters: [{ field: spec.stampField, valueFrom: range.from, valueTo: range.to }],
      sort: [{ field: spec.stampField, order: 'asc' }],
      pagination: { offset, limit },
    };
    return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  }
  const form = new URLSearchParams({
    criteria: `${spec.stampField}:[${range.from}T00:00:00 TO ${range.to}T23:59:59]`,
    start: String(offset),
    rows: String(limit),
  });
  return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
}

/** The total and the page's record count, or a PortalError for an answer that is not the search's shape (the run fails). */
function readEnvelope(spec: PortalSearchSpec, text: string, what: string): { total: number; records: number } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PortalError('bad-response', `the portal's answer to ${what} is not JSON`, false);
  }
  const envelope = (spec.protocol === 'odp-search' ? value : (value as { response?: unknown } | null)?.response) as Record<
    string,
    unknown
  > | null;
  const bag = envelope?.[spec.protocol === 'odp-search' ? spec.bag! : 'docs'];
  const total = Number(envelope?.[spec.protocol === 'odp-search' ? 'count' : 'numFound']);
  if (!Array.isArray(bag) || !Number.isSafeInteger(total) || total < 0)
    throw new PortalError(
      'bad-response',
      `the portal's answer to ${what} is not a search answer (no ${spec.bag ?? 'response.docs'} and total)`,
      false,
    );
  return { total, records: bag.length };
}
