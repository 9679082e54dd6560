import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFullText } from '../src/ingest/full-text/load.js';
import { TOTAL_CAP } from '../src/resources/search/service.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { documentItems, grantDoc } from './helpers/full-text-documents.js';

// Just past the spec's cap of 10,000 matches, so the count must stop and say so.
const MATCHING = TOTAL_CAP + 25;

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const documents = Array.from({ length: MATCHING }, (_, i) =>
    grantDoc(String(13_000_000 + i), {
      title: `Widget holder ${i}`,
      abstract: 'A widget holder.',
      claims: [{ number: 1, text: '1. A widget holder.', dependent_on: [] }],
      cpc: ['A47G 1/00'],
    }),
  );
  documents.push(grantDoc('13999999', { title: 'Gadget', abstract: 'A gadget.', cpc: ['A47G 1/00'] }));
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
