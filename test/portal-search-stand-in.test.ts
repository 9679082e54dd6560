import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchRecord } from './helpers/portal-search-stand-in.js';
import { PortalStandIn } from './helpers/portal-stand-in.js';

/**
 * The search half of the portal stand-in (helpers/portal-search-stand-in.ts) through real HTTP:
 * the tests of the PTAB and office-action pagers trust it to answer as the live portal does, so
 * its paging, filters, errors and throttling are pinned here.
 */
const KEY = 'stand-in-key';
const PROCEEDINGS = '/api/v1/patent/trials/proceedings/search';
const DECISIONS = '/api/v1/patent/trials/decisions/search';
const OA_ACTIONS = '/api/v1/patent/oa/oa_actions/v1/records';
// A Wednesday noon: the weekly reset (Sunday 00:00 UTC) is 3.5 days off.
const NOW = Date.UTC(2026, 3, 22, 12, 0, 0);
let portal: PortalStandIn;

const postJson = (path: string, body: unknown, key = KEY) =>
  fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${portal.url}${path}`, { method: 'POST', headers: { 'x-api-key': KEY }, body: new URLSearchParams(fields) });

const proceeding = (n: number, stamp: string): SearchRecord => ({
  trialNumber: `IPR2026-${String(n).padStart(5, '0')}`,
  lastModifiedDateTime: stamp,
  trialMetaData: { trialTypeCode: 'IPR' },
});
/** The answer of a PTAB search (either bag) or an office-action search. */
interface SearchBody {
  count: number;
  patentTrialProceedingDataBag: SearchRecord[];
  patentTrialDocumentDataBag: SearchRecord[];
  response: { numFound: number; docs: SearchRecord[] };
}
const bodyOf = async (response: Response | Promise<Response>) => (await (await response).json()) as SearchBody;
const trials = (bag: SearchRecord[]) => bag.map((record) => record.trialNumber);
const dateRange = (valueFrom: string, valueTo: string) => ({
  rangeFilters: [{ field: 'lastModifiedDateTime', valueFrom, valueTo }],
  sort: [{ field: 'lastModifiedDateTime', order: 'asc' }],
});

beforeEach(async () => {
  portal = new PortalStandIn(KEY, [], { now: () => NOW });
  await portal.start();
});
afterEach(async () => {
  await portal.close();
});

describe('portal search stand-in: PTAB', () => {
  it('pages by offset with the total count, newest trial first unsorted; past the end is an empty 200', async () => {
    for (const n of [3, 1, 5, 2, 4]) portal.search.put('PTAB/proceedings', proceeding(n, '2026-04-01T10:00:00'));
    const first = await postJson(PROCEEDINGS, { pagination: { offset: 0, limit: 2 } });
    expect(first.status).toBe(200);
    const page = await bodyOf(first);
    expect(page).toMatchObject({ count: 5, requestIdentifier: expect.any(String) });
    expect(trials(page.patentTrialProceedingDataBag)).toEqual(['IPR2026-00005', 'IPR2026-00004']);
    const last = await bodyOf(postJson(PROCEEDINGS, { pagination: { offset: 4, limit: 2 } }));
    expect(trials(last.patentTrialProceedingDataBag)).toEqual(['IPR2026-00001']);
    const beyond = await postJson(PROCEEDINGS, { pagination: { offset: 9, limit: 2 } });
    expect(beyond.status).toBe(200);
    expect(await beyond.json()).toMatchObject({ count: 5, patentTrialProceedingDataBag: [] });
    // Recorded on both lists, with the parsed body.
    expect(portal.search.searchRequests('PTAB/proceedings')).toHaveLength(3);
    expect(portal.requests.at(-1)).toMatchObject({ method: 'POST', path: PROCEEDINGS, body: { pagination: { offset: 9, limit: 2 } } });
  });

  it('filters on the date part of lastModifiedDateTime, both bounds inclusive, sorted ascending with the key breaking ties', async () => {
    const stamps = ['2026-04-01T23:59:59', '2026-04-02T00:00:00', '2026-04-03T23:59:59', '2026-04-04T00:00:00', '2026-04-02T00:00:00'];
    stamps.forEach((stamp, i) => portal.search.put('PTAB/proceedings', proceeding(10 - i, stamp)));
    const body = await bodyOf(postJson(PROCEEDINGS, dateRange('2026-04-02', '2026-04-03')));
    expect(body.count).toBe(3);
    expect(trials(body.patentTrialProceedingDataBag)).toEqual(['IPR2026-00006', 'IPR2026-00009', 'IPR2026-00008']);
    const oneDay = await bodyOf(postJson(PROCEEDINGS, dateRange('2026-04-01', '2026-04-01')));
    expect(trials(oneDay.patentTrialProceedingDataBag)).toEqual(['IPR2026-00010']);
    // A bound with a time part is not the documented form.
    expect((await postJson(PROCEEDINGS, dateRange('2026-04-01T00:00:00', '2026-04-02'))).status).toBe(400);
  });

  it('decisions: the documents bag, keyed by documentIdentifier; no match is a 404 with a string code', async () => {
    const decision = (id: string, stamp: string) => ({
      trialNumber: 'IPR2025-00112',
      lastModifiedDateTime: stamp,
      documentData: { documentIdentifier: id },
    });
    portal.search.put('PTAB/decisions', decision('171340177', '2026-04-01T01:00:00'));
    portal.search.put('PTAB/decisions', decision('171340177', '2026-04-05T01:00:00'));
    portal.search.put('PTAB/decisions', decision('171340178', '2026-04-02T01:00:00'));
    expect(portal.search.records('PTAB/decisions')).toHaveLength(2);
    const body = await bodyOf(postJson(DECISIONS, dateRange('2026-04-01', '2026-04-30')));
    expect(body.patentTrialDocumentDataBag.map((d: SearchRecord) => d.lastModifiedDateTime)).toEqual([
      '2026-04-02T01:00:00',
      '2026-04-05T01:00:00',
    ]);
    const none = await postJson(DECISIONS, dateRange('2026-05-01', '2026-05-31'));
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      code: '404',
      error: 'Not Found',
      errorDetails: 'No matching records found',
      requestIdentifier: expect.any(String),
    });
    portal.search.remove('PTAB/decisions', '171340178');
    expect((await postJson(DECISIONS, dateRange('2026-04-02', '2026-04-02'))).status).toBe(404);
  });

  it('answers 413 for a page over the size cap, 403 for a wrong key or an unknown path', async () => {
    const small = new PortalStandIn(KEY, [], { maxBodyBytes: 400 });
    await small.start();
    try {
      for (let n = 1; n <= 10; n++) small.search.put('PTAB/proceedings', proceeding(n, '2026-04-01T10:00:00'));
      const post = (limit: number) =>
        fetch(`${small.url}${PROCEEDINGS}`, {
          method: 'POST',
          headers: { 'x-api-key': KEY },
          body: JSON.stringify({ pagination: { limit } }),
        });
      const big = await post(10);
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({
        code: '413',
        message: 'Payload Too Large',
        detailedMessage: expect.stringContaining('page size'),
      });
      expect((await post(2)).status).toBe(200);
    } finally {
      await small.close();
    }
    expect((await postJson(PROCEEDINGS, {}, 'wrong-key')).status).toBe(403);
    const unknown = await postJson('/api/v1/patent/trials/nonsense/search', {});
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual({ message: 'Forbidden' });
  });
});

describe('portal search stand-in: office actions', () => {
  it('all records or a createDateTime range (inclusive, open at either end), paged by start and rows', async () => {
    const stamps = ['2025-07-07T01:12:35', '2025-07-15T21:22:06', '2022-07-23T03:52:57.322Z', '2025-07-15T21:22:07'];
    stamps.forEach((createDateTime, i) => portal.search.put('OA/oa_actions', { id: `doc-${i}`, createDateTime }));
    const ids = async (fields: Record<string, string>) => {
      const body = await bodyOf(postForm(OA_ACTIONS, fields));
      return [body.response.numFound, body.response.docs.map((doc: SearchRecord) => doc.id)];
    };
    expect(await ids({ criteria: '*:*', start: '1', rows: '2' })).toEqual([4, ['doc-1', 'doc-2']]);
    expect(await ids({ criteria: 'createDateTime:[2025-07-07T01:12:35 TO 2025-07-15T21:22:06]' })).toEqual([2, ['doc-0', 'doc-1']]);
    expect(await ids({ criteria: 'createDateTime:[2025-07-15T21:22:06 TO *]' })).toEqual([2, ['doc-1', 'doc-3']]);
    expect(await ids({ criteria: 'createDateTime:[* TO 2022-07-23T03:52:57]' })).toEqual([1, ['doc-2']]);

    const none = await postForm(OA_ACTIONS, { criteria: 'createDateTime:[2030-01-01T00:00:00 TO *]' });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: '404', errorDetails: 'No matching records found' });
    const invalid = await postForm(OA_ACTIONS, { criteria: 'submissionDate:[2025-01-01 TO *]' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: '400', errorDetails: 'Invalid criteria' });
  });

  it('plays faults in order: 503, a 200 that is not JSON, one without docs, a lost connection', async () => {
    portal.search.put('OA/oa_actions', { id: 'doc-1', createDateTime: '2025-07-07T01:12:35' });
    portal.search.fail('search:OA/oa_actions', { status: 503 }, { malformed: 'not-json' }, { malformed: 'no-bag' }, { cut: true });
    expect((await postForm(OA_ACTIONS, {})).status).toBe(503);
    const garbled = await postForm(OA_ACTIONS, {});
    expect(garbled.status).toBe(200);
    const text = await garbled.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(await (await postForm(OA_ACTIONS, {})).json()).toEqual({ response: { numFound: 1, start: 0 } });
    await expect(postForm(OA_ACTIONS, {})).rejects.toThrow();
    expect((await postForm(OA_ACTIONS, {})).status).toBe(200);
  });
});

describe('portal search stand-in: throttling', () => {
  it('a spent weekly quota answers 429 with Retry-After to Sunday 00:00 UTC until lifted', async () => {
    portal.search.put('PTAB/proceedings', proceeding(1, '2026-04-01T10:00:00'));
    portal.search.quota(2);
    expect((await postJson(PROCEEDINGS, {})).status).toBe(200);
    expect((await postJson(PROCEEDINGS, {})).status).toBe(200);
    const spent = await postJson(PROCEEDINGS, {});
    expect(spent.status).toBe(429);
    expect(spent.headers.get('retry-after')).toBe(String(3.5 * 24 * 3600));
    expect(await spent.json()).toMatchObject({ code: '429', error: 'Too Many Requests', errorDetails: 'Weekly quota exceeded' });
    expect((await postForm(OA_ACTIONS, {})).status).toBe(429);
    portal.search.quota(null);
    expect((await postJson(PROCEEDINGS, {})).status).toBe(200);
  });

  it('a second request while one is in flight is 429 and counted; one after another is fine', async () => {
    portal.search.put('PTAB/proceedings', proceeding(1, '2026-04-01T10:00:00'));
    portal.search.delayMs = 100;
    const [first, second] = await Promise.all([postJson(PROCEEDINGS, {}), postJson(PROCEEDINGS, {})]);
    expect([first.status, second.status].sort()).toEqual([200, 429]);
    const rejected = first.status === 429 ? first : second;
    expect(await rejected.json()).toMatchObject({ code: '429', errorDetails: 'Too many concurrent requests' });
    expect(portal.search.concurrentRejected).toBe(1);
    for (let i = 0; i < 3; i++) expect((await postJson(PROCEEDINGS, {})).status).toBe(200);
    expect(portal.search.concurrentRejected).toBe(1);
  });
});
