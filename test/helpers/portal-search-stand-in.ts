/**
 * A local stand-in for the Open Data Portal's search APIs for PTAB trials and office actions, in
 * the shapes the live portal was seen to answer (not always what its swagger says): PTAB takes a
 * JSON body and pages by offset with a total `count`; office actions take a Solr-style form and
 * answer `{response: {numFound, start, docs}}`. Error codes are strings, as live. It misbehaves on
 * request: faults per stream, a weekly quota that runs out, and 429 for a second request in flight
 * (the portal allows one at a time per key). PortalStandIn owns one and hands it its search paths.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { FaultQueue } from './fault-queue.js';
import type { Fault, SeenRequest } from './portal-stand-in.js';

export type SearchStream = 'PTAB/proceedings' | 'PTAB/decisions' | 'OA/oa_actions' | 'OA/oa_rejections' | 'OA/oa_citations';

/** The bulk-data faults that answer with a status, plus garbled 200s and a connection dropped unanswered. */
export type SearchFault = Extract<Fault, { status: number }> | { malformed: 'not-json' | 'no-bag' } | { cut: true };

export interface SearchStandInOptions {
  /** Answers larger than this are 413, as the portal's 6 MB response cap; a test lowers it to reach it. */
  maxBodyBytes?: number;
  /** The clock behind the quota's Retry-After (milliseconds since the epoch). */
  now?: () => number;
}

export interface SearchRequest {
  /** Null for a path the portal does not serve. */
  stream: SearchStream | null;
  method: string;
  path: string;
  /** The parsed JSON (PTAB) or form fields (office actions); the raw text when it does not parse. */
  body: unknown;
}

export type SearchRecord = Record<string, unknown>;

interface Route {
  stream: SearchStream;
  /** PTAB's bag name; office actions always answer `response.docs`. */
  bag?: string;
  key: (record: SearchRecord) => string;
}

const byTrial = (record: SearchRecord) => textOf(record.trialNumber);
const byDocument = (record: SearchRecord) => textOf(isObject(record.documentData) ? record.documentData.documentIdentifier : undefined);
const byId = (record: SearchRecord) => textOf(record.id);

const ROUTES: Record<string, Route> = {
  '/api/v1/patent/trials/proceedings/search': { stream: 'PTAB/proceedings', bag: 'patentTrialProceedingDataBag', key: byTrial },
  // The swagger names this bag patentTrialDecisionDataBag; the live API answers with the documents' name.
  '/api/v1/patent/trials/decisions/search': { stream: 'PTAB/decisions', bag: 'patentTrialDocumentDataBag', key: byDocument },
  '/api/v1/patent/oa/oa_actions/v1/records': { stream: 'OA/oa_actions', key: byId },
  '/api/v1/patent/oa/oa_rejections/v2/records': { stream: 'OA/oa_rejections', key: byId },
  '/api/v1/patent/oa/oa_citations/v2/records': { stream: 'OA/oa_citations', key: byId },
};
const ROUTE_OF_STREAM = new Map(Object.values(ROUTES).map((route) => [route.stream, route]));

/** An answer to send: a string body goes as is (to send what is not JSON). */
type Answer = { status: number; body: unknown; headers?: Record<string, string> };
/** A search worked out but not yet shaped: an error answer, or the matches and the page of them. */
type Outcome = Answer | { total: number; start: number; page: SearchRecord[] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OA_BOUND = String.raw`(\*|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\S*)`;
const OA_RANGE = new RegExp(String.raw`^createDateTime:\[${OA_BOUND} TO ${OA_BOUND}\]$`);

const failure = (status: number, error: string, errorDetails: string): Answer => ({
  status,
  body: { code: String(status), error, errorDetails, requestIdentifier: randomUUID() },
});
const badRequest = (details: string) => failure(400, 'Bad Request', details);
const PTAB_BAD = 'Invalid request, review patent data request filter section and try again';

export class PortalSearchStandIn {
  /** Wait before each answer, so that a client's overlapping requests are caught in flight. */
  delayMs = 0;
  /** Requests refused because another was in flight: tests expect a well-behaved client to keep it 0. */
  concurrentRejected = 0;
  private readonly data = new Map<SearchStream, Map<string, SearchRecord>>();
  /** Each stream's records by the day of their stamp, built when asked after a change: a range reads its days only. */
  private readonly days = new Map<SearchStream, Map<string, SearchRecord[]>>();
  private readonly faults = new FaultQueue<SearchFault>();
  private readonly seen: SearchRequest[] = [];
  private inFlight = 0;
  private quotaLeft: number | null = null;
  private readonly maxBodyBytes: number;
  private readonly now: () => number;

  constructor(options: SearchStandInOptions = {}) {
    this.maxBodyBytes = options.maxBodyBytes ?? 6 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** Adds a record, or replaces the one with its key (the office modified it); a replaced one moves last. */
  put(stream: SearchStream, record: SearchRecord): void {
    const key = ROUTE_OF_STREAM.get(stream)!.key(record);
    if (key === '') throw new Error(`put(${stream}): the record has no key`);
    const records = this.data.get(stream) ?? new Map<string, SearchRecord>();
    records.delete(key);
    this.data.set(stream, records.set(key, record));
    this.days.delete(stream);
  }

  remove(stream: SearchStream, key: string): boolean {
    this.days.delete(stream);
    return this.data.get(stream)?.delete(key) ?? false;
  }

  /** The stream's records stamped (by `field`) on a day from `from` to `to`, inclusive; null bounds are open. */
  private stampedWithin(stream: SearchStream, field: string, from: string | null, to: string | null): SearchRecord[] {
    let byDay = this.days.get(stream);
    if (!byDay) {
      byDay = new Map();
      for (const record of this.records(stream)) {
        const day = textOf(record[field]).slice(0, 10);
        const records = byDay.get(day);
        if (records) records.push(record);
        else byDay.set(day, [record]);
      }
      this.days.set(stream, byDay);
    }
    const days = [...byDay.entries()].filter(([day]) => day !== '' && (from === null || day >= from) && (to === null || day <= to));
    // One day (a sync's usual range) is its own array, not a copy: a page is sliced from it.
    return days.length === 1 ? days[0]![1] : days.flatMap(([, records]) => records);
  }

  records(stream: SearchStream): SearchRecord[] {
    return [...(this.data.get(stream)?.values() ?? [])];
  }

  /** Faults for the key `search:<stream>`, each used once, in order. */
  fail(key: string, ...faults: SearchFault[]): void {
    this.faults.add(key, ...faults);
  }

  failAlways(key: string, fault: SearchFault): void {
    this.faults.always(key, fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** After `remaining` more answers every search is 429 until next Sunday 00:00 UTC; null lifts the quota. */
  quota(remaining: number | null): void {
    this.quotaLeft = remaining;
  }

  searchRequests(stream?: SearchStream): SearchRequest[] {
    return this.seen.filter((seen) => stream === undefined || seen.stream === stream);
  }

  /** Everything under /api/v1/patent/ is the search APIs' (an unknown route there answers as the gateway does). */
  serves(path: string): boolean {
    return path.startsWith('/api/v1/patent/');
  }

  /** Answers one request; never rejects, since the server that calls it does not wait. */
  async handle(request: IncomingMessage, response: ServerResponse, seen: SeenRequest): Promise<void> {
    // In flight from arrival to the answer's end, counting this one while its body is still arriving.
    const overlapping = this.inFlight > 0;
    this.inFlight++;
    response.once('close', () => this.inFlight--);
    try {
      await this.answer(request, response, seen, overlapping);
    } catch {
      response.destroy();
    }
  }

  private async answer(request: IncomingMessage, response: ServerResponse, seen: SeenRequest, overlapping: boolean): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const route = request.method === 'POST' ? ROUTES[path] : undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    // Office actions take a form; PTAB takes JSON, where even an empty body means "everything".
    const body = route && !route.bag ? Object.fromEntries(new URLSearchParams(text)) : text === '' ? {} : parseJson(text);
    seen.body = body;
    this.seen.push({ stream: route?.stream ?? null, method: request.method ?? '', path, body });

    if (!route) return this.send(response, { status: 403, body: { message: 'Forbidden' } });
    if (overlapping) {
      this.concurrentRejected++;
      return this.send(response, failure(429, 'Too Many Requests', 'Too many concurrent requests'));
    }
    if (this.delayMs > 0) await sleep(this.delayMs);
    if (this.quotaLeft === 0) {
      const answer = failure(429, 'Too Many Requests', 'Weekly quota exceeded');
      return this.send(response, { ...answer, headers: { 'retry-after': String(secondsUntilSundayUtc(this.now())) } });
    }
    const fault = this.faults.next(`search:${route.stream}`);
    if (fault && 'cut' in fault) return void request.socket.destroy();
    if (fault && 'status' in fault) return this.send(response, faultAnswer(fault));

    const outcome = route.bag
      ? this.searchTrials(route, body)
      : this.searchOfficeActions(route, request.headers['content-type'] ?? '', body as Record<string, string>);
    if (fault && 'malformed' in fault) return this.send(response, this.garbled(route, outcome, fault.malformed));
    if ('status' in outcome) return this.send(response, outcome);
    if (outcome.total === 0) return this.send(response, failure(404, 'Not Found', 'No matching records found'));
    this.send(response, { status: 200, body: envelope(route, outcome) });
  }

  /** A JSON body `{q?, rangeFilters?, sort?, pagination?}`; only what the pager needs is understood, the rest is 400. */
  private searchTrials(route: Route, body: unknown): Outcome {
    if (!isObject(body)) return badRequest(PTAB_BAD);
    const { q, rangeFilters = [], sort = [], pagination = {} } = body;
    if (!Array.isArray(rangeFilters) || !Array.isArray(sort) || !isObject(pagination)) return badRequest(PTAB_BAD);
    const { offset = 0, limit = 25 } = pagination;
    if (!isCount(offset) || !isCount(limit) || limit < 1) return badRequest(PTAB_BAD);
    const matches = queryMatcher(q);
    if (!matches) return badRequest(PTAB_BAD);
    const stamp = (record: SearchRecord) => textOf(record.lastModifiedDateTime);
    let from: string | null = null;
    let to: string | null = null;
    for (const range of rangeFilters as unknown[]) {
      const { field, valueFrom, valueTo } = isObject(range) ? range : {};
      const [rangeFrom, rangeTo] = [textOf(valueFrom), textOf(valueTo)];
      // Only yyyy-MM-dd bounds are documented for date ranges, and both are required.
      if (field !== 'lastModifiedDateTime' || !DAY.test(rangeFrom) || !DAY.test(rangeTo)) return badRequest(PTAB_BAD);
      // Several ranges on the field: their intersection.
      if (from === null || rangeFrom > from) from = rangeFrom;
      if (to === null || rangeTo < to) to = rangeTo;
    }
    const records =
      rangeFilters.length === 0
        ? this.records(route.stream).filter(matches)
        : this.stampedWithin(route.stream, 'lastModifiedDateTime', from, to).filter(matches);
    const first: unknown = sort[0];
    const ascending = isObject(first) && first.field === 'lastModifiedDateTime' && textOf(first.order).toLowerCase() === 'asc';
    records.sort(
      ascending
        ? (a, b) => compare(stamp(a), stamp(b)) || compare(route.key(a), route.key(b))
        : // Unsorted, the live API was seen answering newest trial first.
          (a, b) => compare(byTrial(b), byTrial(a)) || compare(route.key(b), route.key(a)),
    );
    return { total: records.length, start: offset, page: records.slice(offset, offset + limit) };
  }

  /** A form `criteria=…&start=…&rows=…`: all records, or a createDateTime range; in insertion order (none is promised). */
  private searchOfficeActions(route: Route, contentType: string, form: Record<string, string>): Outcome {
    if (!contentType.startsWith('application/x-www-form-urlencoded'))
      return badRequest('Expected an application/x-www-form-urlencoded body');
    const start = Number(form.start ?? 0);
    const rows = Number(form.rows ?? 100);
    if (!isCount(start) || !isCount(rows)) return badRequest('Invalid start or rows');
    const criteria = form.criteria ?? '*:*';
    let records = this.records(route.stream);
    if (criteria !== '*:*') {
      const range = OA_RANGE.exec(criteria);
      if (!range) return badRequest('Invalid criteria');
      // Stamps carry no zone, and some have fractions or a Z: compare the first 19 characters.
      const bound = (text: string) => (text === '*' ? null : text.slice(0, 19));
      const [from, to] = [bound(range[1]!), bound(range[2]!)];
      const stamp = (record: SearchRecord) => textOf(record.createDateTime).slice(0, 19);
      records = this.stampedWithin(route.stream, 'createDateTime', from?.slice(0, 10) ?? null, to?.slice(0, 10) ?? null);
      // Bounds inside a day (not its first and last second) are compared record by record.
      if (!(from === null || from.endsWith('T00:00:00')) || !(to === null || to.endsWith('T23:59:59')))
        records = records.filter((record) => (from === null || stamp(record) >= from) && (to === null || stamp(record) <= to));
    }
    return { total: records.length, start, page: records.slice(start, start + rows) };
  }

  /** A 200 the client cannot use: cut-off JSON, or an envelope missing its records. */
  private garbled(route: Route, outcome: Outcome, kind: 'not-json' | 'no-bag'): Answer {
    const found = 'status' in outcome ? { total: 0, start: 0, page: [] } : outcome;
    const whole = envelope(route, found);
    if (kind === 'not-json') {
      const text = JSON.stringify(whole);
      return { status: 200, body: text.slice(0, Math.ceil(text.length / 2)) };
    }
    if (route.bag) delete whole[route.bag];
    else delete (whole.response as Record<string, unknown>).docs;
    return { status: 200, body: whole };
  }

  /** Sends JSON (a string body as is); every answer but a 429 counts against the quota, as every call counts at the portal. */
  private send(response: ServerResponse, answer: Answer): void {
    let text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    let status = answer.status;
    if (status === 200 && Buffer.byteLength(text) > this.maxBodyBytes) {
      status = 413;
      // The gateway's 413 uses other keys than the API's errors.
      text = JSON.stringify({
        code: '413',
        message: 'Payload Too Large',
        detailedMessage: 'Response payload exceeds allowed limit of 6MB, please reduce payload size by reducing page size',
        requestIdentifier: randomUUID(),
      });
    }
    if (status !== 429 && this.quotaLeft !== null) this.quotaLeft = Math.max(0, this.quotaLeft - 1);
    const requestId = /"requestIdentifier":"([^"]+)"/.exec(text)?.[1] ?? randomUUID();
    response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': requestId, ...answer.headers });
    response.end(text);
  }
}

function envelope(route: Route, found: { total: number; start: number; page: SearchRecord[] }): Record<string, unknown> {
  if (route.bag) return { count: found.total, requestIdentifier: randomUUID(), [route.bag]: found.page };
  return { response: { numFound: found.total, start: found.start, docs: found.page } };
}

function faultAnswer(fault: Extract<SearchFault, { status: number }>): Answer {
  if (fault.status !== 429) return failure(fault.status, 'Internal Server Error', 'Internal Server Error. Please contact Help Desk.');
  const answer = failure(429, 'Too Many Requests', 'Rate limit exceeded');
  return fault.retryAfter ? { ...answer, headers: { 'retry-after': fault.retryAfter } } : answer;
}

/** `q` as the pager might send it: everything, or one `field.path:value` equality. Null when not understood. */
function queryMatcher(q: unknown): ((record: SearchRecord) => boolean) | null {
  if (q === undefined || q === null || q === '' || q === '*' || q === '*:*') return () => true;
  const term = typeof q === 'string' ? /^([\w.]+):("?)([^"*]+)\2$/.exec(q.trim()) : null;
  if (!term) return null;
  const [, path, , value] = term;
  return (record) => textOf(path!.split('.').reduce<unknown>((node, name) => (isObject(node) ? node[name] : undefined), record)) === value;
}

/** Seconds to the weekly reset, Sunday 00:00 UTC; on a Sunday the reset just passed, so the next is a week off. */
function secondsUntilSundayUtc(now: number): number {
  const day = new Date(now);
  const next = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + (7 - day.getUTCDay()));
  return Math.ceil((next - now) / 1000);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
