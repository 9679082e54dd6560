import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import type { FileWrapperRecord } from '../src/products/file-wrapper/record.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { backfile, dailyUpdate, itemsOf, tx } from './helpers/file-wrapper-records.js';

/**
 * Every column has one owning product (DESIGN.md §4): the Application's `counts.assignments`
 * and `counts.ptab_proceedings` are counted from the assignment and PTAB products' own tables
 * (migration 0016), so a file wrapper record loaded again, changed, leaves them, and a
 * recordation or trial that arrived before its application counts once the application does.
 */
let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'ownership@example.com', 100)).apiKey;
  await loadFileWrapper(ctx.db, itemsOf(backfile()), { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-11-18' });
});
afterAll(async () => ctx?.close());

const application = async (number: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/applications/${number}`, headers: { 'x-api-key': key } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** What the assignment and PTAB loads store of an application: three recordations and a trial naming it. */
async function recordedAndChallenged(applicationNumber: string, trialNumber: string): Promise<void> {
  for (const reelFrame of ['050000/0001', '050000/0002', '050000/0003'].map((r) => r.replace('0000', applicationNumber.slice(4, 8))))
    await ctx.db.query(`INSERT INTO assignment_properties (reel_frame, seq, application_number) VALUES ($1, 1, $2)`, [
      reelFrame,
      applicationNumber,
    ]);
  await ctx.db.query(
    `INSERT INTO ptab_proceedings (trial_number, trial_type, application_number, source_product, source_file_date, first_seen_at, updated_at)
     VALUES ($1, 'IPR', $2, 'PTAB', '2026-11-01', now(), now())`,
    [trialNumber, applicationNumber],
  );
}

it('a changed file wrapper record leaves the counts that the assignment and PTAB products own', async () => {
  await recordedAndChallenged('18000001', 'IPR2026-00001');

  const summary = await loadFileWrapper(ctx.db, itemsOf(dailyUpdate()), {
    product: 'PTFWPRD',
    fileName: 'daily.json',
    fileDate: '2026-11-20',
  });
  expect(summary).toMatchObject({ updated: 2, events: 4 });

  const body = await application('18000001');
  // The file wrapper's own columns moved with the record…
  expect(body.status).toMatchObject({ code: 41, date: '2024-05-10' });
  expect(body.counts).toEqual({ transactions: 3, office_actions: 1, assignments: 3, ptab_proceedings: 1, parents: 0, children: 0 });
});

it('a partial record (transactions only) leaves them too', async () => {
  const partial: FileWrapperRecord = {
    applicationNumber: '18000001',
    metadata: null,
    transactions: [tx('2024-08-12', 'MCTFR', 'Mail Final Rejection'), tx('2024-05-10', 'MCTNF', 'Mail Non-Final Rejection')],
    parents: null,
    children: null,
    parties: null,
    recordations: null,
    ptaDays: null,
    ptaParts: null,
    lastIngestionAt: null,
  };
  await loadFileWrapper(ctx.db, itemsOf([partial]), { product: 'PTFWPRD', fileName: 'partial.json', fileDate: '2026-11-21' });
  const body = await application('18000001');
  expect(body.counts).toMatchObject({ assignments: 3, ptab_proceedings: 1 });
  const stored = await ctx.db.query(`SELECT count(*)::int AS n FROM transactions WHERE application_number = '18000001'`);
  expect(stored.rows[0]).toEqual({ n: 2 });
});

it('an application new to the file wrapper counts what other products loaded before it', async () => {
  expect((await application('18100002')).counts).toMatchObject({ assignments: 0, ptab_proceedings: 0 });
  const fresh = { ...dailyUpdate()[0]!, applicationNumber: '18100077' };
  await recordedAndChallenged('18100077', 'IPR2026-00002');
  await loadFileWrapper(ctx.db, itemsOf([fresh]), { product: 'PTFWPRD', fileName: 'new.json', fileDate: '2026-11-22' });
  expect((await application('18100077')).counts).toMatchObject({ assignments: 3, ptab_proceedings: 1 });
});
