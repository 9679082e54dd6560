import type { Database } from '../../db/database.js';
import { findActiveKeysByPrefix, touchKeys } from './accounts.sql.js';
import { hashApiKey, hashesMatch, keyPrefix, looksLikeApiKey } from './api-key.js';

/** Who is calling: the org and key behind a presented API key (credit is the charging service's business). */
export interface Caller {
  orgId: string;
  keyId: string;
}

/**
 * Finds the org of a presented key. Known keys are remembered briefly (a revocation made by
 * another process, e.g. `admin revoke-key`, takes effect within `ttlMs`; one made by this process
 * at once), so a busy client costs no key lookup per request, and no hash either: the entry is
 * found by the key as presented (hashing was 3 % of a cached lookup's CPU). A key lives in this
 * memory no longer than in the request that brought it plus `ttlMs`; the database keeps only its hash.
 */
/** `last_used_at` is written at most this often per key and process. */
const TOUCH_EVERY_MS = 60_000;

export class Authenticator {
  private readonly known = new Map<string, { identity: Caller; expires: number }>();
  /** When this process last wrote each key's `last_used_at`. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async identify(key: string): Promise<Caller | null> {
    const cached = this.known.get(key);
    if (cached && cached.expires > Date.now()) return this.used(cached.identity);
    if (!looksLikeApiKey(key)) return null;
    const presented = hashApiKey(key);
    let match: Caller | null = null;
    // Every candidate is compared in full, so the time taken does not reveal which one matched.
    for (const row of await findActiveKeysByPrefix(this.db, keyPrefix(key))) {
      if (hashesMatch(presented, Buffer.from(row.key_hash))) match = { orgId: row.org_id, keyId: row.key_id };
    }
    if (match) {
      if (this.known.size >= this.maxEntries) this.known.clear();
      this.known.set(key, { identity: match, expires: Date.now() + this.ttlMs });
      this.used(match);
    }
    return match;
  }

  /** Notes the key's use in the background: a failed write is retried at the next use after a minute. */
  private used(caller: Caller): Caller {
    const now = Date.now();
    if (now - (this.touched.get(caller.keyId) ?? 0) >= TOUCH_EVERY_MS) {
      if (this.touched.size >= this.maxEntries) this.touched.clear();
      this.touched.set(caller.keyId, now);
      touchKeys(this.db, [caller.keyId]).catch(() => this.touched.delete(caller.keyId));
    }
    return caller;
  }

  /** Keys were revoked in this process: nothing remembered may outlive that. */
  forgetAll(): void {
    this.known.clear();
  }
}
