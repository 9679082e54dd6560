import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadFileWrapper } from '../src/ingest/file-wrapper/load.js';
import type { FileWrapperRecord } from '../src/ingest/file-wrapper/record.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { backfile, dailyUpdate, itemsOf, tx } from './helpers/file-wrapper-records.js';

/**
 * Every column has one owning product (DESIGN.md §4): the Application's `counts.assignments`
 * and `counts.ptab_proceedings` are fed by the assignment and PTAB products, so a file wrapper
 * record loaded again, changed, must leave them as those products wrote them.
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

it('a changed file wrapper record leaves the counts that the assignment and PTAB products own', async () => {
  // What the assignment and PTAB loads write (those products arrive in later issues).
  await ctx.db.query(`UPDATE applications SET assignment_count = 3, ptab_proceeding_count = 1 WHERE application_number = '18000001'`);

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

it('an application new to the file wrapper starts with none', async () => {
  expect((await application('18100002')).counts).toMatchObject({ assignments: 0, ptab_proceedings: 0 });
});
