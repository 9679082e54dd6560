import type { Database, Queryable } from '../../db/database.js';
import { AppError, notFound } from '../../domain/errors.js';
import { generateApiKey, hashApiKey, keyPrefix, newId } from './api-key.js';
import * as sql from './accounts.sql.js';

/** DESIGN.md D14. */
export const MAX_KEYS_PER_ORG = 25;
/** Spec §8: 20 dollars = 1,000 units. */
export const UNITS_PER_USD = 50;

export interface MintedKey {
  api_key: string;
  key_id: string;
  prefix: string;
  name: string | null;
  created_at: string;
}

export interface SignupResult {
  orgId: string;
  /** The owner e-mail as stored (trimmed, lower-cased). */
  ownerEmail: string;
  key: MintedKey;
  /** True when an unfunded org signed up again and its earlier keys were revoked. */
  rekeyed: boolean;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A new key on the org, stored as its hash; the key itself is returned once, never kept. */
export async function mintKey(db: Queryable, orgId: string, name: string | null): Promise<MintedKey> {
  const apiKey = generateApiKey();
  const row = await sql.insertKey(db, { keyId: newId('key'), orgId, prefix: keyPrefix(apiKey), hash: hashApiKey(apiKey), name });
  return { api_key: apiKey, key_id: row.key_id, prefix: row.prefix, name: row.name, created_at: row.created_at.toISOString() };
}

/**
 * The signup state machine (spec §3 "Account funding"): a new e-mail creates an unfunded org;
 * the same e-mail before any funding revokes the old keys and mints a new one; after funding
 * the answer is 409 org_exists.
 */
export async function signup(db: Database, email: string, agentName: string | null): Promise<SignupResult> {
  const owner = normalizeEmail(email);
  return db.transaction(async (tx) => {
    const created = await sql.insertOrg(tx, newId('org'), owner, agentName);
    if (created) return { orgId: created.org_id, ownerEmail: owner, key: await mintKey(tx, created.org_id, agentName), rekeyed: false };
    const org = await sql.findOrgByEmailForUpdate(tx, owner);
    if (!org) throw new Error(`org for ${owner} vanished during signup`);
    if (org.funded_at) throw new AppError('org_exists');
    await sql.revokeOrgKeys(tx, org.org_id);
    await sql.updateOrgAgentName(tx, org.org_id, agentName);
    return { orgId: org.org_id, ownerEmail: owner, key: await mintKey(tx, org.org_id, agentName), rekeyed: true };
  });
}

export async function createKey(db: Database, orgId: string, name: string | null): Promise<MintedKey> {
  return db.transaction(async (tx) => {
    const active = await sql.countActiveKeysForUpdate(tx, orgId);
    if (active >= MAX_KEYS_PER_ORG) {
      throw new AppError('limit_reached', `An organization may hold at most ${MAX_KEYS_PER_ORG} active keys; revoke one first.`, {
        limit: MAX_KEYS_PER_ORG,
        resource: 'keys',
      });
    }
    return mintKey(tx, orgId, name);
  });
}

export interface AccountView {
  org_id: string;
  owner_email: string;
  agent_name: string | null;
  balance_units: number;
  funded: boolean;
  keys: KeySummaryView[];
}

export async function accountView(db: Queryable, orgId: string): Promise<AccountView> {
  const org = await sql.findOrgById(db, orgId);
  if (!org) throw new AppError('invalid_api_key');
  const keys = await sql.listActiveKeys(db, orgId);
  return {
    org_id: org.org_id,
    owner_email: org.owner_email,
    agent_name: org.agent_name,
    balance_units: org.balance_units,
    funded: org.funded_at !== null,
    keys: keys.map(keySummary),
  };
}

export interface KeySummaryView {
  key_id: string;
  prefix: string;
  name: string | null;
  created_at: string;
  last_used_at: string | null;
}

function keySummary(k: sql.KeyRow): KeySummaryView {
  return {
    key_id: k.key_id,
    prefix: k.prefix,
    name: k.name,
    created_at: k.created_at.toISOString(),
    last_used_at: k.last_used_at?.toISOString() ?? null,
  };
}

/** D28: the org's active keys. */
export async function listKeys(db: Queryable, orgId: string): Promise<{ keys: KeySummaryView[] }> {
  return { keys: (await sql.listActiveKeys(db, orgId)).map(keySummary) };
}

/** D28: revokes one of the org's keys; another org's (or an unknown or revoked) key is a 404, and the last active one stays. */
export async function deleteKey(db: Database, orgId: string, keyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const active = await sql.countActiveKeysForUpdate(tx, orgId);
    const keys = await sql.listActiveKeys(tx, orgId);
    if (!keys.some((k) => k.key_id === keyId)) throw notFound(`No active key ${keyId.slice(0, 64)} in this organization.`);
    if (active <= 1)
      throw new AppError(
        'limit_reached',
        'An organization keeps at least one active key: mint another (POST /keys) before deleting this one.',
      );
    await sql.revokeOrgKey(tx, orgId, keyId);
  });
}

/** Operator or payment credit; counts as funding in the signup state machine. */
export async function creditByEmail(
  db: Database,
  input: { email: string; units: number; source: string; reference: string | null },
): Promise<{ orgId: string; applied: boolean; balance: number }> {
  return db.transaction(async (tx) => {
    const org = await sql.findOrgByEmailForUpdate(tx, normalizeEmail(input.email));
    if (!org) throw new AppError('not_found', `No organization has the owner e-mail ${input.email}.`);
    const result = await sql.creditOrg(tx, { orgId: org.org_id, units: input.units, source: input.source, reference: input.reference });
    return { orgId: org.org_id, ...result };
  });
}
