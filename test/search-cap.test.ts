import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFullText } from '../src/products/full-text/load.js';
import { TOTAL_CAP } from '../src/resources/search/service.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { documentItems, grantDoc } from './helpers/full-text-documents.js';

// Just past the spec's cap of 10,000 matches, so the count must stop and say so, and only the
// newest 10,000 matches are ranked and listed.
const MATCHING = TOTAL_CAP + 25;

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const documents = Array.from({ length: MATCHING }, (_, i) =>
    grantDoc(String(13_000_000 + i), {
      // Spread over five years (2019–2023), so that the newest 10,000 span more than the last year.
      date: `${2019 + (i % 5)}-05-09`,
      title: `Widget holder ${i}`,
      abstract: 'A widget holder.',
      claims: [{ number: 1, text: '1. A widget holder.', dependent_on: [] }],
      cpc: ['A47G 1/00'],
    }),
  );
  documents.push(
    grantDoc('13999999', { title: 'Gadget', abstract: 'A gadget.', cpc: ['A47G 1/00'] }),
    // The best-ranked widget of all, and the newest: first.
    grantDoc('13999997', { title: 'Widget widget widget', abstract: 'A widget.', cpc: ['A47G 1/00'], date: '2024-01-02' }),
    // As well ranked, but older than the newest 10,000 widgets: not listed, found by a narrower query.
    grantDoc('13999998', {
      title: 'Widget widget widget holder',
      abstract: 'A widget.',
      cpc: ['A47G 1/00'],
      date: '2019-01-01',
      filingDate: '2017-01-01',
    }),
    // The only "holder widget" phrase, the oldest of all.
    grantDoc('13999996', { title: 'Holder widget', abstract: 'A holder.', cpc: ['A47G 1/00'], date: '2018-01-02' }),
  );
  await loadFullText(ctx.db, documentItems(documents), {
    product: 'PTGRXML',
    fileName: 'ipg240604.xml',
    fileDate: '2024-06-04',
    batchSize: 2000,
  });
  key = (await fundedKey(ctx, 'cap@example.com', 10_000)).apiKey;
}, 120_000);
afterAll(async () => ctx.close());

const search = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/search?${query}`, headers: { 'x-api-key': key } });

it('counts matches up to 10,000 and then says the total is capped', async () => {
  for (const query of ['q=widget', 'cpc=A47G', 'q=widget&cpc=A47G1/']) {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ total: 10_000, total_capped: true });
  }
  const below = (await search('q=gadget')).json();
  expect(below).toMatchObject({ total: 1, total_capped: false });
});

it('pages through more than one full page with the cursor and charges 1 unit per 100 rows', async () => {
  const first = await search('q=widget&limit=1000');
  expect(first.headers['x-credits-charged']).toBe('10');
  const firstPage = first.json();
  expect(firstPage.results).toHaveLength(1000);
  const second = (await search(`q=widget&limit=1000&cursor=${firstPage.next_cursor}`)).json();
  const numbers = [...firstPage.results, ...second.results].map((r: { doc_number: string }) => r.doc_number);
  expect(new Set(numbers).size).toBe(2000);
});

it('lists the newest 10,000 matches of a larger query, best rank first, and pages to their end', async () => {
  const listed: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await search(`q=widget&limit=1000${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ results: { doc_number: string; rank: number }[]; total: number; next_cursor: string | null }>();
    expect(page.total).toBe(10_000);
    if (pages === 0) expect(page.results[0]!.doc_number).toBe('13999997');
    listed.push(...page.results.map((r) => r.doc_number));
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor !== null && pages < 20);
  expect(pages).toBe(10);
  expect(new Set(listed).size).toBe(10_000);
  // 10,028 widgets: the newest is 13999997 (2024), then 2,005 a year from 2023 back to 2020, then
  // of 2019's (every fifth number) the 1,979 highest: down to 13000130.
  expect(listed).toContain('13000130');
  expect(listed).not.toContain('13000125');
  expect(listed).toContain('13000004');
  expect(listed).not.toContain('13999998');
  const older = (await search('q=widget&filed_before=2018-01-01')).json();
  expect(older).toMatchObject({ total: 1, total_capped: false, results: [{ doc_number: '13999998' }] });
});

it('checks a phrase in every candidate when its words alone match more than 10,000', async () => {
  // "widget holder" is in 10,026 documents; "holder widget" only in the oldest.
  const reversed = (await search('q="holder widget"')).json();
  expect(reversed).toMatchObject({ total: 1, total_capped: false, results: [{ doc_number: '13999996' }] });
  const phrase = (await search('q="widget holder"&limit=3')).json();
  expect(phrase).toMatchObject({ total: 10_000, total_capped: true });
  expect(phrase.results.map((r: { doc_number: string }) => r.doc_number)).not.toContain('13999998');
});
