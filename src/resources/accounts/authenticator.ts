import type { Database } from '../../db/database.js';
import type { CreditLedger } from '../../billing/credit-ledger.js';
import { findActiveKeysByPrefix, findOrgBalance } from './accounts.sql.js';
import { hashApiKey, hashesMatch, keyPrefix, looksLikeApiKey } from './api-key.js';

/** Who is calling: the org and key behind a presented API key. */
export interface Caller {
  orgId: string;
  keyId: string;
  /** Balance when the request arrived; the charge itself re-checks atomically. */
  balanceUnits: number;
}

export interface Identity {
  orgId: string;
  keyId: string;
}

/**
 * Finds the org of a presented key. Known keys are remembered briefly (a revocation made by
 * another process, e.g. `admin revoke-key`, takes effect within `ttlMs`; one made by this process
 * at once), so a busy client costs no key lookup per request.
 */
export class Authenticator {
  private readonly known = new Map<string, { identity: Identity; expires: number }>();

  constructor(
    private readonly db: Database,
    private readonly ledger: CreditLedger,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async identify(key: string): Promise<Identity | null> {
    if (!looksLikeApiKey(key)) return null;
    const presented = hashApiKey(key);
    const cacheKey = presented.toString('base64');
    const cached = this.known.get(cacheKey);
    if (cached && cached.expires > Date.now()) return cached.identity;
    let match: Identity | null = null;
    // Every candidate is compared in full, so the time taken does not reveal which one matched.
    for (const row of await findActiveKeysByPrefix(this.db, keyPrefix(key))) {
      if (hashesMatch(presented, Buffer.from(row.key_hash))) match = { orgId: row.org_id, keyId: row.key_id };
    }
    if (match) {
      if (this.known.size >= this.maxEntries) this.known.clear();
      this.known.set(cacheKey, { identity: match, expires: Date.now() + this.ttlMs });
    }
    return match;
  }

  /** Keys were revoked in this process: nothing remembered may outlive that. */
  forgetAll(): void {
    this.known.clear();
  }

  async caller(key: string): Promise<Caller | null> {
    const identity = await this.identify(key);
    if (!identity) return null;
    const balanceUnits =
      this.ledger.knownBalance(identity.orgId) ??
      ((await findOrgBalance(this.db, identity.orgId)) ?? 0) + this.ledger.unspent(identity.orgId);
    return { ...identity, balanceUnits };
  }
}
