import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { loadFullText } from '../src/products/full-text/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { documentItems, grantDoc } from './helpers/full-text-documents.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

/**
 * `POST /v1/patents/maintenance`: the maintenance of a renewal docket at once, over the real
 * MaintFeeEvents sample lines (its file dated 2008-04-22) and patents only one other product knows.
 */
const SAMPLE = join(SAMPLES_DIR, 'maintenance-fee', 'MaintFeeEvents.sample.txt');
const present = samplesPresent('maintenance-fee');

/** Granted patents that one product alone knows: two the file wrapper, one the grants' full text. */
const ONE_PRODUCT_PATENTS = ['11000001', '11000003', '11500000'];
/** A file wrapper application naming a patent that no product dates: it has no maintenance record. */
const UNDATED_PATENT = '11000002';

/** Every statement the app sends, so a test can tell whether the work was done. */
const statements: string[] = [];
function recording(db: Database): Database {
  return { ...db, engine: db.engine, query: (sql, params, options) => (statements.push(sql), db.query(sql, params, options)) };
}
/** Reading a patent's evidence is the work a batch does: its statement walks the continuity chains. */
const evidenceReads = () => statements.filter((sql) => sql.includes('WITH RECURSIVE')).length;

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp({ wrapDatabase: recording });
  if (present) await ingestFile(ctx.db, productNamed('maintenance-fees')!, SAMPLE, { fileDate: '2008-04-22' });
  await loadFileWrapper(
    ctx.db,
    itemsOf([
      fullRecord('16900001', { patentNumber: '11000001', grantDate: '2024-05-14', filingDate: '2020-03-02' }),
      fullRecord('16900003', { patentNumber: '11000003', grantDate: '2024-05-21', filingDate: '2021-06-01' }),
      fullRecord('16900002', { patentNumber: UNDATED_PATENT, grantDate: null }),
    ]),
    { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-11-18' },
  );
  await loadFullText(ctx.db, documentItems([grantDoc('11500000', { date: '2023-05-09' })]), {
    product: 'PTGRXML',
    fileName: 'ipg230509.xml',
    fileDate: '2023-05-09',
  });
  key = (await fundedKey(ctx, 'docket@example.com', 1000)).apiKey;
});
afterAll(async () => ctx.close());

const headers = (apiKey: string) => ({ 'x-api-key': apiKey });
const batch = (payload: unknown, apiKey = key) =>
  ctx.app.inject({ method: 'POST', url: '/v1/patents/maintenance', headers: headers(apiKey), payload: payload as object });
const single = (patent: string, apiKey = key) =>
  ctx.app.inject({ method: 'GET', url: `/v1/patents/${patent}/maintenance`, headers: headers(apiKey) });
const balance = async (apiKey: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/agent/me', headers: headers(apiKey) })).json().balance_units as number;

let clockKeys = 0;
/**
 * Runs `work` with the clock set to `instant` (null: the real one); the data's own dates stay as
 * they are. The clock keeps running, and the calls go on a key of their own: charging keeps
 * its time by it, and a clock that stopped or went back would hold its write-backs.
 */
async function at<T>(instant: string | null, work: (apiKey: string) => Promise<T>): Promise<T> {
  const { apiKey } = await fundedKey(ctx, `clock-${(clockKeys += 1)}@example.com`, 1000);
  if (instant) vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant), shouldAdvanceTime: true });
  try {
    return await work(apiKey);
  } finally {
    vi.useRealTimers();
  }
}

/** Three days after the fee file: the 2004 grants are alive, their windows judged as of the file's date. */
const AFTER_THE_FILE = '2008-04-25T15:00:00Z';

describe.skipIf(!present)('the real MaintFeeEvents sample, a docket at once', () => {
  let samplePatents: string[];
  beforeAll(() => {
    const lines = readFileSync(SAMPLE, 'latin1').split(/\r?\n/).filter(Boolean);
    samplePatents = [...new Set(lines.map((line) => String(Number(line.slice(0, 13)))))];
    expect(samplePatents).toHaveLength(49);
  });

  it.each([
    ['today', null],
    ['three days after the fee file', AFTER_THE_FILE],
  ])('full: true answers, %s, every patent with the very record its GET answers', async (_, instant) => {
    const patents = [...samplePatents, ...ONE_PRODUCT_PATENTS];
    const { batchBody, singles } = await at(instant, async (apiKey) => ({
      batchBody: (await batch({ patent_numbers: patents, full: true }, apiKey)).json(),
      singles: await Promise.all(patents.map((patent) => single(patent, apiKey))),
    }));
    expect(batchBody.results).toHaveLength(patents.length);
    batchBody.results.forEach((row: unknown, index: number) => {
      expect(singles[index]!.statusCode).toBe(200);
      expect(row).toStrictEqual(singles[index]!.json());
      // The same members in the same order: the same serializer shape as the single route's.
      expect(JSON.stringify(row)).toBe(singles[index]!.body);
    });
    // Each row names the file that judged it: the file wrapper's for its patents, else the fee file's (it covers every patent).
    expect(new Set(batchBody.results.map((row: { source: { product: string } }) => row.source.product))).toEqual(
      new Set(['PTMNFEE2', 'PTFWPRE']),
    );
    expect(batchBody).toMatchObject({ not_found: [], invalid: [], source: { product: 'PTMNFEE2', file_date: '2008-04-22' } });
  });

  it('answers a summary row a patent by default, worked out by hand three days after the fee file', async () => {
    const response = await at(AFTER_THE_FILE, (apiKey) => batch({ patent_numbers: ['6788974', '6788804', '4297619'] }, apiKey));
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toStrictEqual([
      {
        // 0000006788974 09940373 Y 20010827 20040907 20080307 M2551: a small entity paid its 4th-year fee.
        patent_number: '6788974',
        application_number: '09940373',
        patent_type: 'utility',
        grant_date: '2004-09-07',
        entity_status: 'small',
        expired: false,
        expiration_reason: null,
        // Filed 2001-08-27 + 20 years; no PTA on file, no terminal disclaimer.
        expiration_date: '2021-08-27',
        possibly_shorter: false,
        // Next is the 8th-year fee: opens at grant + 7 years (2011-09-07), due at + 7½ (2012-03-07, a Wednesday),
        // surcharge until + 8 (2012-09-07, a Friday).
        next_fee: { window: '7.5y', status: 'upcoming', opens: '2011-09-07', due: '2012-03-07', surcharge_until: '2012-09-07' },
        judged_as_of: '2008-04-22',
      },
      {
        // 0000006788804 09579622 N 20000526 20040907 20080317 REM.: reminded, nothing paid.
        patent_number: '6788804',
        application_number: '09579622',
        patent_type: 'utility',
        grant_date: '2004-09-07',
        entity_status: 'undiscounted',
        expired: false,
        expiration_reason: null,
        // Filed 2000-05-26 + 20 years.
        expiration_date: '2020-05-26',
        possibly_shorter: false,
        // The 4th-year fee opened at grant + 3 years (2007-09-07) and was due at + 3½ (2008-03-07, a Friday); on
        // 2008-04-22 it is in its grace period, which ends at + 4 years: 2008-09-07 is a Sunday, so Monday 2008-09-08.
        next_fee: { window: '3.5y', status: 'grace', opens: '2007-09-07', due: '2008-03-07', surcharge_until: '2008-09-08' },
        judged_as_of: '2008-04-22',
      },
      {
        // Paid at 3½ (M170) and 7½ years (M171), reminded (REM. 1993-05-25), lapsed (EXP. 1993-10-24).
        patent_number: '4297619',
        application_number: '06222205',
        patent_type: 'utility',
        grant_date: '1981-10-27',
        entity_status: 'undiscounted',
        expired: true,
        expiration_reason: 'maintenance fee not paid',
        // Filed 1981-01-02, before 1995-06-08: the greater of 20 years from filing (2001-01-02) and 17 from grant
        // (1998-10-27). The term's end, not the lapse: the lapse is expiration_reason.
        expiration_date: '2001-01-02',
        possibly_shorter: false,
        next_fee: null,
        judged_as_of: '2008-04-22',
      },
    ]);
  });

  it('answers the same patents today: the 2004 grants have reached the end of their term', async () => {
    const rows = (await batch({ patent_numbers: ['6788974', '6788804'] })).json().results;
    for (const row of rows) expect(row).toMatchObject({ expired: true, expiration_reason: 'term ended', next_fee: null });
    expect(rows.map((row: { expiration_date: string }) => row.expiration_date)).toEqual(['2021-08-27', '2020-05-26']);
  });

  it('keeps request order and repeats, lists unknown numbers as written and anything unreadable as sent', async () => {
    const response = await batch({
      patent_numbers: ['6,788,974', 'US 9,999,999 B2', null, '4297619', 12345, 'nonsense', 'US6788974B1', UNDATED_PATENT, '', { n: 1 }],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((row: { patent_number: string }) => row.patent_number)).toEqual(['6788974', '4297619', '6788974']);
    expect(body.results[2]).toStrictEqual(body.results[0]);
    expect(body.not_found).toEqual(['US 9,999,999 B2', UNDATED_PATENT]);
    expect(body.invalid).toStrictEqual([null, 12345, 'nonsense', '', { n: 1 }]);
    expect(response.headers['x-credits-charged']).toBe('1');
  });
});

describe('the body', () => {
  const refused = async (payload: unknown) => {
    const response = await batch(payload);
    expect(response.statusCode).toBe(422);
    expect(response.headers['x-credits-charged']).toBe('0');
    return response.json().detail[0];
  };

  it('holds 1 to 1,000 entries', async () => {
    expect(await refused({ patent_numbers: Array.from({ length: 1001 }, () => '11000001') })).toMatchObject({
      loc: ['body', 'patent_numbers'],
      type: 'too_long',
      ctx: { max_length: 1000 },
    });
    expect(await refused({ patent_numbers: [] })).toMatchObject({ loc: ['body', 'patent_numbers'], type: 'too_short' });
    expect((await batch({ patent_numbers: Array.from({ length: 1000 }, () => '11000001') })).statusCode).toBe(200);
  });

  it('needs the list, as a list', async () => {
    expect(await refused({ full: true })).toMatchObject({ loc: ['body', 'patent_numbers'], type: 'missing' });
    expect(await refused({ patent_numbers: '11000001' })).toStrictEqual({
      loc: ['body', 'patent_numbers'],
      msg: 'Input should be of type array',
      type: 'array_type',
      input: '11000001',
      ctx: { expected: 'array' },
    });
  });

  it('bounds the length of each string, at its position', async () => {
    const long = '1'.repeat(101);
    expect(await refused({ patent_numbers: ['11000001', long] })).toStrictEqual({
      loc: ['body', 'patent_numbers', 1],
      msg: 'String should have at most 100 characters',
      type: 'string_too_long',
      input: long,
      ctx: { max_length: 100 },
    });
  });
});

describe('charging (D15, D23)', () => {
  const held = (rows: number) => Array.from({ length: rows }, (_, i) => ONE_PRODUCT_PATENTS[i % ONE_PRODUCT_PATENTS.length]!);
  const unknown = (count: number) => Array.from({ length: count }, (_, i) => String(9_000_000 + i));

  it('answers 402 before the work when the balance cannot pay for every row, charging nothing', async () => {
    const { apiKey } = await fundedKey(ctx, 'docket-short@example.com', 2);
    statements.length = 0;
    const response = await batch({ patent_numbers: held(250) }, apiKey);
    expect(evidenceReads()).toBe(0);
    expect(response.statusCode).toBe(402);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json()).toMatchObject({
      error: 'payment_required',
      message:
        'This answer cannot be cut short: it costs 3 units (250 rows, 1 unit per 100) and the balance is 2 units. Buy credit to continue.',
    });
    expect(await balance(apiKey)).toBe(2);
  });

  it('counts only the rows it will return: numbers without a grant date on file cost nothing', async () => {
    const { apiKey } = await fundedKey(ctx, 'docket-exact@example.com', 2);
    statements.length = 0;
    const response = await batch(
      { patent_numbers: [...held(150), ...unknown(140), ...Array.from({ length: 10 }, () => UNDATED_PATENT)] },
      apiKey,
    );
    expect(evidenceReads()).toBeGreaterThan(0);
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(150);
    expect(response.json().not_found).toHaveLength(150);
    expect(response.headers['x-credits-charged']).toBe('2');
    expect(response.headers['x-credits-remaining']).toBe('0');
    expect(await balance(apiKey)).toBe(0);
  });

  it.each([
    [1, '1'],
    [100, '1'],
    [101, '2'],
    [250, '3'],
    [1000, '10'],
  ])('charges %i rows ceil(rows / 100) units, summary or full', async (rows, units) => {
    for (const full of [false, true]) {
      const response = await batch({ patent_numbers: held(rows), full });
      expect(response.json().results).toHaveLength(rows);
      expect(response.headers['x-credits-charged']).toBe(units);
    }
  });

  it('charges one unit for an answer without rows', async () => {
    const response = await batch({ patent_numbers: ['nonsense', ...unknown(3)] });
    expect(response.json()).toMatchObject({ results: [], invalid: ['nonsense'] });
    expect(response.headers['x-credits-charged']).toBe('1');
  });
});
