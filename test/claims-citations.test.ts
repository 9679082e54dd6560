import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackwardCitation } from '../src/products/full-text/document.js';
import { loadFullText } from '../src/products/full-text/load.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { claim, documentItems, grantDoc, publicationDoc } from './helpers/full-text-documents.js';

const examiner = { category: 'examiner', categoryDetail: null } as const;
const applicant = { category: 'applicant', categoryDetail: null } as const;

const citingOld: BackwardCitation[] = [
  { group: 'patents', seq: 1, number: '4630610', kind: 'A', name: 'Fischer', date: '1986-12', ...examiner },
  { group: 'patents', seq: 2, number: '11000001', kind: 'B2', name: 'Smith', date: '2022-01', ...applicant },
  { group: 'publications', seq: 3, number: 'US20050123456A1', name: 'Lee', date: '2005-06', ...applicant },
  { group: 'foreign', seq: 4, country: 'EP', number: '1234567', kind: 'A1', date: '2001-03', ...examiner },
  { group: 'npl', seq: 5, text: 'Smith, J., Clip design, J. Fastening 12 (1999).', category: 'other', categoryDetail: 'cited by other' },
  { group: 'defect', seq: 6, raw: 'US 12X456 A', defect: 'US number of no known shape', ...examiner },
];

const grants = [
  grantDoc('11000001', {
    applicationNumber: '16000001',
    date: '2022-01-04',
    title: 'Fastening device',
    claims: [
      claim(1, 'A fastening device comprising:\na clip; and\na spring.'),
      claim(2, 'The device of claim 1, wherein the clip is metal.', [1]),
      { number: 3, text: '3. (canceled)', dependent_on: [], canceled: true },
      claim(4, 'A method of fastening.'),
      claim(5, 'The method of claim 4 or 2.', [2, 4]),
    ],
    cpc: ['F16B 2/20', 'F16B 2/22'],
  }),
  grantDoc('11500000', { applicationNumber: '16500000', date: '2023-05-09', title: 'Improved clip', citations: citingOld }),
  // Two more grants cite 11000001: the forward list pages by grant date, newest first.
  grantDoc('11400000', {
    date: '2022-09-06',
    title: 'Clip holder',
    citations: [{ group: 'patents', seq: 1, number: '11000001', kind: 'B2', name: 'Smith', date: '2022-01', ...examiner }],
  }),
  grantDoc('11450000', {
    date: '2022-12-06',
    title: 'Spring clip',
    citations: [
      { group: 'patents', seq: 1, number: '11000001', kind: 'B2', name: 'Smith', date: '2022-01', ...examiner },
      { group: 'patents', seq: 2, number: '11000001', kind: 'B2', name: 'Smith', date: '2022-01', ...applicant },
    ],
  }),
  grantDoc('D900001', {
    kind: 'S1',
    title: 'Clip',
    abstract: null,
    claims: [{ number: 1, text: 'The ornamental design for a clip, as shown and described.', dependent_on: [] }],
    cpc: [],
  }),
];

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadFullText(ctx.db, documentItems(grants.slice(0, 3)), { product: 'PTGRXML', fileName: 'ipg221206.xml', fileDate: '2022-12-06' });
  await loadFullText(ctx.db, documentItems(grants.slice(3)), { product: 'PTGRXML', fileName: 'ipg230509.xml', fileDate: '2023-05-09' });
  await loadFullText(
    ctx.db,
    documentItems([
      publicationDoc('US20210000042A1', { applicationNumber: '16000001', title: 'Fastening device', date: '2021-07-08' }),
      publicationDoc('US20210000042A2', { applicationNumber: '16000001', title: 'Fastening device (republished)', date: '2021-09-02' }),
    ]),
    { product: 'APPXML', fileName: 'ipa210902.xml', fileDate: '2021-09-02' },
  );
  key = (await fundedKey(ctx, 'claims@example.com', 1000)).apiKey;
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

describe('GET /v1/patents/{n}/claims', () => {
  it('returns the claims document with dependencies, independent and canceled claims', async () => {
    const response = await get('/v1/patents/11,000,001/claims');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('1');
    const body = response.json();
    expect(body).toMatchObject({
      doc_number: '11000001',
      doc_type: 'grant',
      kind: 'B2',
      application_number: '16000001',
      date: '2022-01-04',
      title: 'Fastening device',
      abstract: 'A device for fastening two parts.',
      cpc: ['F16B 2/20', 'F16B 2/22'],
      claim_count: 5,
      independent_claims: [1, 4],
      canceled_claims: [3],
      source: { product: 'PTGRXML', file_date: '2022-12-06' },
      stale: expect.any(Boolean),
    });
    expect(body.claims[0]).toEqual({ number: 1, text: '1. A fastening device comprising:\na clip; and\na spring.', dependent_on: [] });
    expect(body.claims[2]).toEqual({ number: 3, text: '3. (canceled)', dependent_on: [], canceled: true });
    expect(body.claims[4].dependent_on).toEqual([2, 4]);
  });

  it('serves a design patent: one claim, no abstract', async () => {
    const body = (await get('/v1/patents/D900001/claims')).json();
    expect(body).toMatchObject({ kind: 'S1', abstract: null, claim_count: 1, independent_claims: [1], cpc: [] });
    expect(body.claims[0].text).toBe('The ornamental design for a clip, as shown and described.');
  });

  it('answers 404 naming the covered issue dates for a patent outside the loaded weeks', async () => {
    const response = await get('/v1/patents/9999999/claims');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No grant full text for patent 9999999 is loaded.',
      detail: 'Grant full text is loaded for issue dates 2022-12-06, 2023-05-09.',
      request_id: response.headers['x-request-id'],
    });
    expect(response.headers['x-credits-charged']).toBe('0');
  });

  it('answers 422 for a malformed patent number', async () => {
    const response = await get('/v1/patents/12-34-AB/claims');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['path', 'patent_number'], input: '12-34-AB' });
  });
});

describe('GET /v1/publications/{n}/claims', () => {
  it('serves the printed kind asked for, and the latest kind for a bare number', async () => {
    expect((await get('/v1/publications/US20210000042A1/claims')).json()).toMatchObject({ doc_number: 'US20210000042A1', kind: 'A1' });
    const bare = (await get('/v1/publications/2021/0000042/claims')).json();
    expect(bare).toMatchObject({ doc_number: 'US20210000042A2', kind: 'A2', title: 'Fastening device (republished)' });
    expect(bare.source).toEqual({ product: 'APPXML', file_date: '2021-09-02' });
  });

  it('answers 404 naming the covered publication dates', async () => {
    const response = await get('/v1/publications/US20210000043A1/claims');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Publication full text is loaded for publication dates 2021-09-02.');
  });
});

describe('GET /v1/patents/{n}/citations', () => {
  it('groups backward citations with tallies and D7 item shapes', async () => {
    const response = await get('/v1/patents/11500000/citations?direction=backward');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.forward).toBeUndefined();
    expect(body.backward.patents).toEqual({
      count: 3,
      examiner_count: 2,
      applicant_count: 1,
      items: [
        { number: '4630610', kind: 'A', name: 'Fischer', date: '1986-12', category: 'examiner' },
        { number: '11000001', kind: 'B2', name: 'Smith', date: '2022-01', category: 'applicant' },
        { raw: 'US 12X456 A', defect: 'US number of no known shape', category: 'examiner' },
      ],
    });
    expect(body.backward.publications.items).toEqual([{ number: 'US20050123456A1', name: 'Lee', date: '2005-06', category: 'applicant' }]);
    expect(body.backward.foreign.items).toEqual([{ country: 'EP', number: '1234567', kind: 'A1', date: '2001-03', category: 'examiner' }]);
    expect(body.backward.npl).toEqual({
      count: 1,
      examiner_count: 0,
      applicant_count: 0,
      items: [{ text: 'Smith, J., Clip design, J. Fastening 12 (1999).', category: 'other', category_detail: 'cited by other' }],
    });
    // Six citation rows: one unit.
    expect(response.headers['x-credits-charged']).toBe('1');
  });

  it('lists citing grants newest first with distinct count, categories and a cursor', async () => {
    const first = (await get('/v1/patents/11000001/citations?direction=forward&limit=2')).json();
    expect(first.backward).toBeUndefined();
    expect(first.forward.count).toBe(3);
    expect(first.forward.patents).toEqual([
      { patent_number: '11500000', grant_date: '2023-05-09', title: 'Improved clip', categories: ['applicant'] },
      { patent_number: '11450000', grant_date: '2022-12-06', title: 'Spring clip', categories: ['applicant', 'examiner'] },
    ]);
    const second = (await get(`/v1/patents/11000001/citations?direction=forward&limit=2&cursor=${first.forward.next_cursor}`)).json();
    expect(second.forward.patents.map((p: { patent_number: string }) => p.patent_number)).toEqual(['11400000']);
    expect(second.forward.next_cursor).toBeNull();
  });

  it('gives both directions by default', async () => {
    const body = (await get('/v1/patents/11000001/citations')).json();
    expect(body.backward.patents.count).toBe(0);
    expect(body.forward.count).toBe(3);
  });

  it('answers backward null with the covered dates for a patent known only as cited', async () => {
    const response = await get('/v1/patents/4630610/citations');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.backward).toBeNull();
    expect(body.detail).toBe(
      'The grant file of patent 4630610 is not loaded. Grant full text is loaded for issue dates 2022-12-06, 2023-05-09.',
    );
    expect(body.forward.patents.map((p: { patent_number: string }) => p.patent_number)).toEqual(['11500000']);
  });

  it('answers 404 for a patent the service knows nothing of', async () => {
    const response = await get('/v1/patents/5555555/citations');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});
