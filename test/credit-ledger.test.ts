import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { CreditLedger } from '../src/billing/credit-ledger.js';
import { sweepStaleLeases } from '../src/billing/lease-sweeper.js';
import { findOrgCredit, takeFromOrg } from '../src/billing/leases.sql.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let database: TestDatabase;
let db: Database;
const ledgers: CreditLedger[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  for (const ledger of ledgers) await ledger.close();
  await database.drop();
});

const usage = { channel: 'test', what: 'probe' };

function ledger(options: ConstructorParameters<typeof CreditLedger>[1] = {}): CreditLedger {
  const created = new CreditLedger(db, { onError: (error) => console.error(error), ...options });
  ledgers.push(created);
  return created;
}

async function orgWith(units: number, id: string): Promise<string> {
  await accounts.insertOrg(db, id, `${id}@example.com`, null);
  await accounts.creditOrg(db, { orgId: id, units, source: 'admin', reference: null });
  return id;
}

/** One request's worth: hold, then spend what was held. Null when the org could not pay. */
async function charge(from: CreditLedger, orgId: string, units: number): Promise<number | null> {
  const hold = await from.hold(orgId, units);
  return hold ? from.spend(hold, units, usage) : null;
}

/** The org's row and the unspent units of all its lease rows, as on disk. */
const onDisk = async (orgId: string) => (await findOrgCredit(db, orgId, null))!;
const leaseRows = async (orgId: string) =>
  (
    await db.query<{ units_reserved: number; units_spent: number }>(
      `SELECT units_reserved, units_spent FROM credit_leases WHERE org_id = $1 ORDER BY lease_id`,
      [orgId],
    )
  ).rows;

it('two processes racing for 100 units serve exactly 100 and never overdraw', async () => {
  const orgId = await orgWith(100, 'org_race');
  const first = ledger({ leaseUnits: 30, tickMs: 20 });
  const second = ledger({ leaseUnits: 30, tickMs: 20 });
  const results = await Promise.all(Array.from({ length: 300 }, (_, i) => charge(i % 2 ? first : second, orgId, 1)));
  expect(results.filter((r) => r !== null)).toHaveLength(100);
  await Promise.all([first.close(), second.close()]);
  expect(await onDisk(orgId)).toEqual({ row: 0, leased: 0 });
});

it('keeps reserved units on disk and returns the unspent ones, so charges add up to the balance drop', async () => {
  const orgId = await orgWith(1000, 'org_sum');
  const book = ledger({ leaseUnits: 50 });
  const remaining = [];
  for (const units of [3, 1, 1, 7, 2]) remaining.push(await charge(book, orgId, units));
  expect(remaining).toEqual([997, 996, 995, 988, 986]);
  await book.flush();
  // The lease row holds what was taken from the org and what was spent of it.
  expect(await leaseRows(orgId)).toEqual([{ units_reserved: 50, units_spent: 14 }]);
  expect(await onDisk(orgId)).toEqual({ row: 950, leased: 36 });
  expect(await book.balance(orgId)).toBe(986);
  await book.close();
  expect(await onDisk(orgId)).toEqual({ row: 986, leased: 0 });
  expect(await leaseRows(orgId)).toEqual([]);
});

it('gives leased units back after the org goes idle', async () => {
  const orgId = await orgWith(100, 'org_idle');
  const book = ledger({ leaseUnits: 40, idleReturnMs: 50, tickMs: 20 });
  await charge(book, orgId, 1);
  expect((await onDisk(orgId)).row).toBe(60);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await onDisk(orgId)).toEqual({ row: 99, leased: 0 });
});

it('refuses a charge larger than the whole balance and leaves the balance alone', async () => {
  const orgId = await orgWith(5, 'org_small');
  const book = ledger();
  expect(await charge(book, orgId, 6)).toBeNull();
  expect(await charge(book, orgId, 5)).toBe(0);
  await book.close();
  expect(await onDisk(orgId)).toEqual({ row: 0, leased: 0 });
});

it('writes spent units back within a tick, without being asked', async () => {
  const orgId = await orgWith(500, 'org_tick');
  const book = ledger({ tickMs: 50, idleReturnMs: 60_000 });
  for (let i = 0; i < 7; i += 1) await charge(book, orgId, 1);
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(await leaseRows(orgId)).toEqual([{ units_reserved: 50, units_spent: 7 }]);
});

it('lends a funded org units another process holds: the short one recalls them', async () => {
  const orgId = await orgWith(40, 'org_recall');
  const holder = ledger({ leaseUnits: 40, tickMs: 20, idleReturnMs: 60_000 });
  const other = ledger({ tickMs: 20 });
  await charge(holder, orgId, 1); // takes half of the row: 20
  expect(await charge(other, orgId, 19)).not.toBeNull(); // the other half, bar one
  // The row is empty, `holder` has 19 spare: 20 units at once still come through.
  expect(await charge(other, orgId, 20)).toBe(0);
  expect(await charge(other, orgId, 1)).toBeNull();
  expect(await charge(holder, orgId, 1)).toBeNull();
});

it('takes from the row a concurrent return has just committed, never from the version before it', async () => {
  const orgId = await orgWith(1, 'org_return_race');
  let returning!: () => void;
  let updated!: () => void;
  const held = new Promise<void>((resolve) => (returning = resolve));
  const rowHeld = new Promise<void>((resolve) => (updated = resolve));
  // A holder's return (+19) holds the org row while a short process asks for 20 units.
  const giveBack = db.transaction(async (tx) => {
    await tx.query(`UPDATE orgs SET balance_units = balance_units + 19 WHERE org_id = $1`, [orgId]);
    updated();
    await held;
  });
  // On the embedded engine the transactions run one after the other: the return cannot hold the row first.
  if (db.engine === 'postgresql') await rowHeld;
  const take = db.transaction((tx) => takeFromOrg(tx, { orgId, holderId: 'short', need: 20, want: 20, halve: false }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  returning();
  await giveBack;
  // On PostgreSQL the take waited for the return; on the embedded engine it ran after it.
  expect(await take).toEqual({ taken: 20, rest: 0 });
  expect(await onDisk(orgId)).toEqual({ row: 0, leased: 0 });
});

it('forgives what a swept process spent but never wrote, and never takes a unit twice', async () => {
  const orgId = await orgWith(100, 'org_swept');
  // A holder that never beats again after its first reservation: its heartbeat goes stale.
  const frozen = ledger({ tickMs: 3_600_000, idleReturnMs: 3_600_000 });
  for (let i = 0; i < 5; i += 1) await charge(frozen, orgId, 1);
  expect(await onDisk(orgId)).toEqual({ row: 50, leased: 50 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await sweepStaleLeases(db, { staleAfterMs: 10, orgId })).toEqual({ leases: 1, units: 50 });
  // The five unwritten charges are forgiven: the whole balance is back.
  expect(await onDisk(orgId)).toEqual({ row: 100, leased: 0 });
  // The holder learns its lease is gone at its next write and drops it instead of writing into a row that is no more.
  await frozen.flush();
  expect(await charge(frozen, orgId, 1)).not.toBeNull();
  await frozen.close();
  expect(await onDisk(orgId)).toEqual({ row: 99, leased: 0 });
});

it('bounds what a crash could forgive by count, however late the write-backs run', async () => {
  const orgId = await orgWith(1_000, 'org_bounded');
  // Every transaction of this ledger takes 100 ms longer, and its timer never fires: only the
  // count can make it write. A process this slow would otherwise hold every charge unwritten.
  const slow: Database = {
    ...db,
    engine: db.engine,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    copyFrom: db.copyFrom.bind(db),
    copyText: db.copyText.bind(db),
    close: async () => undefined,
    // No lane of its own: the ledger must use these slow transactions.
    lane: undefined,
    transaction: async (fn) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return db.transaction(fn);
    },
  };
  const book = new CreditLedger(slow, { tickMs: 3_600_000, idleReturnMs: 3_600_000, maxUnwrittenUnits: 20, leaseUnits: 500 });
  ledgers.push(book);
  let delivered = 0;
  let worst = 0;
  const written = async () => (await leaseRows(orgId)).reduce((sum, row) => sum + row.units_spent, 0);
  const watching = (async () => {
    while (delivered < 400) {
      worst = Math.max(worst, delivered - (await written()));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  // 200 requests at once, each admitted with 1 unit and grown to 2 by its handler (a list of
  // 101–200 rows), prepared, and delivered (spent) 1–20 ms later, as a slow socket would.
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      const hold = (await book.hold(orgId, 1))!;
      expect(await book.ensure(hold, 2, false)).toBe(2);
      await book.prepare(hold, 2);
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 19));
      book.spend(hold, 2, usage, true);
      delivered += 2;
    }),
  );
  await watching;
  // Delivered but not on disk at any moment: at most the bound (20), whatever the load.
  expect(worst).toBeGreaterThan(0);
  expect(worst).toBeLessThanOrEqual(20);
  await book.close();
  // 1,000 − 200 × 2 = 600 left, all of it back in the org's row.
  expect(await onDisk(orgId)).toEqual({ row: 600, leased: 0 });
});
