import type { Queryable } from '../../db/database.js';

export interface OrgRow {
  org_id: string;
  owner_email: string;
  agent_name: string | null;
  balance_units: number;
  funded_at: Date | null;
  created_at: Date;
}

export interface KeyRow {
  key_id: string;
  org_id: string;
  prefix: string;
  key_hash: Uint8Array;
  name: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

export async function findOrgByEmailForUpdate(db: Queryable, email: string): Promise<OrgRow | null> {
  const { rows } = await db.query<OrgRow>(/* SQL */ `SELECT * FROM orgs WHERE owner_email = $1 FOR UPDATE`, [email]);
  return rows[0] ?? null;
}

export async function findOrgByEmail(db: Queryable, email: string): Promise<OrgRow | null> {
  const { rows } = await db.query<OrgRow>(/* SQL */ `SELECT * FROM orgs WHERE owner_email = $1`, [email]);
  return rows[0] ?? null;
}

export async function findOrgById(db: Queryable, orgId: string): Promise<OrgRow | null> {
  const { rows } = await db.query<OrgRow>(/* SQL */ `SELECT * FROM orgs WHERE org_id = $1`, [orgId]);
  return rows[0] ?? null;
}

/** Null when another request created the same e-mail first (the caller then takes the update path). */
export async function insertOrg(db: Queryable, orgId: string, email: string, agentName: string | null): Promise<OrgRow | null> {
  const { rows } = await db.query<OrgRow>(
    /* SQL */ `INSERT INTO orgs (org_id, owner_email, agent_name) VALUES ($1, $2, $3)
               ON CONFLICT (owner_email) DO NOTHING RETURNING *`,
    [orgId, email, agentName],
  );
  return rows[0] ?? null;
}

export async function updateOrgAgentName(db: Queryable, orgId: string, agentName: string | null): Promise<void> {
  await db.query(/* SQL */ `UPDATE orgs SET agent_name = COALESCE($2, agent_name) WHERE org_id = $1`, [orgId, agentName]);
}

export async function insertKey(
  db: Queryable,
  key: { keyId: string; orgId: string; prefix: string; hash: Buffer; name: string | null },
): Promise<KeyRow> {
  const { rows } = await db.query<KeyRow>(
    /* SQL */ `INSERT INTO api_keys (key_id, org_id, prefix, key_hash, name) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [key.keyId, key.orgId, key.prefix, key.hash, key.name],
  );
  return rows[0]!;
}

export async function revokeOrgKeys(db: Queryable, orgId: string): Promise<number> {
  const { rowCount } = await db.query(/* SQL */ `UPDATE api_keys SET revoked_at = now() WHERE org_id = $1 AND revoked_at IS NULL`, [orgId]);
  return rowCount;
}

export async function revokeKey(db: Queryable, keyIdOrPrefix: string): Promise<KeyRow | null> {
  const { rows } = await db.query<KeyRow>(
    /* SQL */ `UPDATE api_keys SET revoked_at = now()
               WHERE (key_id = $1 OR prefix = $1) AND revoked_at IS NULL RETURNING *`,
    [keyIdOrPrefix],
  );
  return rows[0] ?? null;
}

export async function listActiveKeys(db: Queryable, orgId: string): Promise<KeyRow[]> {
  const { rows } = await db.query<KeyRow>(
    /* SQL */ `SELECT * FROM api_keys WHERE org_id = $1 AND revoked_at IS NULL ORDER BY created_at, key_id`,
    [orgId],
  );
  return rows;
}

/** Records that these keys were used now (the authenticator batches it, at most once a minute per key). */
export async function touchKeys(db: Queryable, keyIds: readonly string[]): Promise<void> {
  await db.query(/* SQL */ `UPDATE api_keys SET last_used_at = now() WHERE key_id = ANY ($1)`, [keyIds]);
}

/** Revokes one active key of the org; null when the org has no such active key. */
export async function revokeOrgKey(db: Queryable, orgId: string, keyId: string): Promise<KeyRow | null> {
  const { rows } = await db.query<KeyRow>(
    /* SQL */ `UPDATE api_keys SET revoked_at = now() WHERE key_id = $1 AND org_id = $2 AND revoked_at IS NULL RETURNING *`,
    [keyId, orgId],
  );
  return rows[0] ?? null;
}

export async function countActiveKeysForUpdate(db: Queryable, orgId: string): Promise<number> {
  // Locking the org row serializes concurrent key creation, so the limit cannot be overshot.
  await db.query(/* SQL */ `SELECT 1 FROM orgs WHERE org_id = $1 FOR UPDATE`, [orgId]);
  const { rows } = await db.query<{ n: number }>(
    /* SQL */ `SELECT count(*)::int AS n FROM api_keys WHERE org_id = $1 AND revoked_at IS NULL`,
    [orgId],
  );
  return rows[0]?.n ?? 0;
}

export interface AuthRow {
  key_id: string;
  key_hash: Uint8Array;
  org_id: string;
}

export async function findActiveKeysByPrefix(db: Queryable, prefix: string): Promise<AuthRow[]> {
  const { rows } = await db.query<AuthRow>(
    /* SQL */ `SELECT key_id, key_hash, org_id FROM api_keys WHERE prefix = $1 AND revoked_at IS NULL`,
    [prefix],
    { name: 'api_keys_select_active_by_prefix' },
  );
  return rows;
}

/** Adds units and marks the first funding; a repeated `reference` (a retried payment) adds nothing. */
export async function creditOrg(
  db: Queryable,
  grant: { orgId: string; units: number; source: string; reference: string | null },
): Promise<{ applied: boolean; balance: number }> {
  const inserted = await db.query(
    /* SQL */ `INSERT INTO credit_grants (org_id, units, source, reference) VALUES ($1, $2, $3, $4)
               ON CONFLICT (reference) DO NOTHING RETURNING grant_id`,
    [grant.orgId, grant.units, grant.source, grant.reference],
  );
  const applied = inserted.rowCount > 0;
  const { rows } = await db.query<{ balance_units: number }>(
    /* SQL */ `UPDATE orgs SET balance_units = balance_units + $2, funded_at = COALESCE(funded_at, now())
               WHERE org_id = $1 RETURNING balance_units`,
    [grant.orgId, applied ? grant.units : 0],
  );
  return { applied, balance: rows[0]!.balance_units };
}

export interface OrgSummaryRow extends OrgRow {
  active_keys: number;
}

export async function listOrgs(db: Queryable): Promise<OrgSummaryRow[]> {
  const { rows } =
    await db.query<OrgSummaryRow>(/* SQL */ `SELECT o.*, (SELECT count(*)::int FROM api_keys k WHERE k.org_id = o.org_id AND k.revoked_at IS NULL) AS active_keys
               FROM orgs o ORDER BY o.created_at, o.org_id`);
  return rows;
}
