import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { loadFullText } from '../src/products/full-text/load.js';
import type { BackwardCitation } from '../src/products/full-text/document.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { documentItems, grantDoc } from './helpers/full-text-documents.js';

/**
 * DESIGN.md D23: answers that cannot be cut short (batch status, backward citations) are refused
 * with 402 before the work when the balance cannot pay for them, the message naming the units
 * needed and the balance; lists that can be cut return what the balance pays for (D15).
 */
const HELD = Array.from({ length: 150 }, (_, i) => String(18_000_000 + i));
const UNKNOWN = Array.from({ length: 150 }, (_, i) => String(19_000_000 + i));
const citations: BackwardCitation[] = Array.from({ length: 150 }, (_, i) => ({
  group: 'patents',
  seq: i + 1,
  number: String(10_000_001 + i),
  kind: 'B2',
  name: 'Smith',
  date: '2019-01',
  category: 'examiner',
  categoryDetail: null,
}));

/** Every statement the app sends, so a test can tell whether the work was done. */
const statements: string[] = [];
function recording(db: Database): Database {
  return { ...db, engine: db.engine, query: (sql, params, options) => (statements.push(sql), db.query(sql, params, options)) };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ wrapDatabase: recording });
  await loadFileWrapper(ctx.db, itemsOf(HELD.map((number) => fullRecord(number))), {
    product: 'PTFWPRE',
    fileName: 'backfile.json',
    fileDate: '2026-11-18',
  });
  const cited = grantDoc('11500000', { date: '2023-05-09', citations });
  const citing = grantDoc('11600000', {
    date: '2023-06-13',
    citations: [
      {
        group: 'patents',
        seq: 1,
        number: '11500000',
        kind: 'B2',
        name: 'Doe',
        date: '2023-05',
        category: 'applicant',
        categoryDetail: null,
      },
    ],
  });
  await loadFullText(ctx.db, documentItems([cited, citing]), { product: 'PTGRXML', fileName: 'ipg230613.xml', fileDate: '2023-06-13' });
});
afterAll(async () => ctx.close());

const headers = (apiKey: string) => ({ 'x-api-key': apiKey });
const balance = async (apiKey: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/agent/me', headers: headers(apiKey) })).json().balance_units as number;
const batch = (apiKey: string, numbers: string[]) =>
  ctx.app.inject({ method: 'POST', url: '/v1/applications/status', headers: headers(apiKey), payload: { application_numbers: numbers } });
const citationsOf = (apiKey: string, direction: string) =>
  ctx.app.inject({ method: 'GET', url: `/v1/patents/11500000/citations?direction=${direction}`, headers: headers(apiKey) });

describe('batch status', () => {
  it('answers 402 before the work when the balance cannot pay for every row, naming units and balance', async () => {
    const { apiKey } = await fundedKey(ctx, 'batch-short@example.com', 2);
    statements.length = 0;
    const response = await batch(apiKey, [...HELD, ...HELD.slice(0, 100)]);
    expect(statements.filter((sql) => sql.includes('status_code'))).toEqual([]);
    expect(response.statusCode).toBe(402);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json()).toEqual({
      error: 'payment_required',
      message:
        'This answer cannot be cut short: it costs 3 units (250 rows, 1 unit per 100) and the balance is 2 units. Buy credit to continue.',
      checkout: { method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } },
      minimum_usd: 20,
      request_id: response.headers['x-request-id'],
    });
    expect(await balance(apiKey)).toBe(2);
  });

  it('counts only the rows it would return: numbers not on file cost nothing', async () => {
    const { apiKey } = await fundedKey(ctx, 'batch-exact@example.com', 2);
    statements.length = 0;
    const response = await batch(apiKey, [...HELD, ...UNKNOWN]);
    expect(statements.filter((sql) => sql.includes('status_code'))).toHaveLength(1); // the recording sees the work when it is done
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(150);
    expect(response.json().not_found).toHaveLength(150);
    expect(response.headers['x-credits-charged']).toBe('2');
    expect(response.headers['x-credits-remaining']).toBe('0');
    expect(await balance(apiKey)).toBe(0);
  });
});

describe('citations', () => {
  it('answers 402 before the work when the backward list costs more than the balance', async () => {
    const { apiKey } = await fundedKey(ctx, 'backward-short@example.com', 1);
    for (const direction of ['backward', 'both']) {
      statements.length = 0;
      const response = await citationsOf(apiKey, direction);
      expect(statements.filter((sql) => sql.includes('ORDER BY position') || sql.includes('citing_number DESC'))).toEqual([]);
      expect(response.statusCode).toBe(402);
      expect(response.headers['x-credits-charged']).toBe('0');
      expect(response.json().message).toBe(
        `This answer cannot be cut short: it costs 2 units (${direction === 'both' ? 151 : 150} rows, 1 unit per 100) and the balance is 1 unit. Buy credit to continue.`,
      );
    }
    expect(await balance(apiKey)).toBe(1);
    // The forward list can be cut: it is served.
    const forward = await citationsOf(apiKey, 'forward');
    expect(forward.statusCode).toBe(200);
    expect(forward.json().forward.patents.map((p: { patent_number: string }) => p.patent_number)).toEqual(['11600000']);
    expect(forward.headers['x-credits-charged']).toBe('1');
  });

  it('serves the whole backward list and the forward page the rest of the balance pays for', async () => {
    const { apiKey } = await fundedKey(ctx, 'backward-paid@example.com', 2);
    const response = await citationsOf(apiKey, 'both');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.backward.patents.count).toBe(150);
    expect(body.forward.patents).toHaveLength(1);
    expect(response.headers['x-credits-charged']).toBe('2');
    expect(await balance(apiKey)).toBe(0);
  });
});
