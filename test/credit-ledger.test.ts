import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { CreditLedger } from '../src/billing/credit-ledger.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database.drop());

async function orgWith(units: number, id: string): Promise<string> {
  await accounts.insertOrg(db, id, `${id}@example.com`, null);
  await accounts.creditOrg(db, { orgId: id, units, source: 'admin', reference: null });
  return id;
}

const balance = async (orgId: string) => (await accounts.findOrgBalance(db, orgId)) ?? -1;

it('two processes racing for 100 units serve exactly 100 and never overdraw', async () => {
  const orgId = await orgWith(100, 'org_race');
  const first = new CreditLedger(db, { leaseUnits: 30 });
  const second = new CreditLedger(db, { leaseUnits: 30 });
  const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? first : second).charge(orgId, 1)));
  expect(results.filter((r) => r !== null)).toHaveLength(100);
  expect(await balance(orgId)).toBe(0);
  await Promise.all([first.flush(), second.flush()]);
  expect(await balance(orgId)).toBe(0);
});

it('returns unspent units to the row, so charges add up to the balance drop', async () => {
  const orgId = await orgWith(1000, 'org_sum');
  const ledger = new CreditLedger(db, { leaseUnits: 50 });
  const charges = [3, 1, 1, 7, 2];
  const remaining = [];
  for (const units of charges) remaining.push(await ledger.charge(orgId, units));
  expect(remaining).toEqual([997, 996, 995, 988, 986]);
  expect(await balance(orgId)).toBe(950);
  expect(ledger.unspent(orgId)).toBe(36);
  await ledger.flush();
  expect(await balance(orgId)).toBe(986);
  expect(ledger.unspent(orgId)).toBe(0);
});

it('gives leased units back after the org goes idle', async () => {
  const orgId = await orgWith(100, 'org_idle');
  const ledger = new CreditLedger(db, { leaseUnits: 40, idleReturnMs: 50 });
  await ledger.charge(orgId, 1);
  expect(await balance(orgId)).toBe(60);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await balance(orgId)).toBe(99);
});

it('refuses a charge larger than the whole balance and leaves the balance alone', async () => {
  const orgId = await orgWith(5, 'org_small');
  const ledger = new CreditLedger(db);
  expect(await ledger.charge(orgId, 6)).toBeNull();
  expect(await ledger.charge(orgId, 5)).toBe(0);
  await ledger.flush();
  expect(await balance(orgId)).toBe(0);
});
