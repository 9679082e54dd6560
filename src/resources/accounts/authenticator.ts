import type { Database } from '../../db/database.js';
import { findActiveKeysByPrefix, touchKeys } from './accounts.sql.js';
import { hashApiKey, keyPrefix, looksLikeApiKey, rowOfHash } from './api-key.js';

/** Who is calling: the org and key behind a presented API key (credit is the charging service's business). */
export interface Caller {
  orgId: string;
  keyId: string;
}

/** `last_used_at` is written at most this often per key and process. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthenticatorOptions {
  /** How long a known key is trusted while every revocation reaches this process (notices heard). */
  heardTtlMs: number;
  /** How long while they may not (no listener yet, its connection lost, the embedded engine): a missed revocation lasts no longer. */
  unheardTtlMs: number;
  maxEntries: number;
}

const DEFAULTS: AuthenticatorOptions = { heardTtlMs: 60_000, unheardTtlMs: 1_000, maxEntries: 10_000 };

/**
 * Finds the org of a presented key. Known keys are remembered, so a busy client costs no key
 * lookup per request, and no hash either: the entry is found by the key as presented (hashing was
 * 3 % of a cached lookup's CPU). A key lives in this memory no longer than in the request that
 * brought it plus the entry's lifetime; the database keeps only its hash.
 *
 * A revocation made by this process drops what it remembered at once (`forgetAll`). One made
 * anywhere reaches it as a notice (`revoked`: revocation-notices.ts, server engine) delivered
 * when the revoking transaction commits; while notices are heard, entries live `heardTtlMs`
 * (a bound should a notice ever go astray). While they are not, entries live `unheardTtlMs`, and
 * every change between the two forgets everything, since notices may have been missed across it.
 * Residual window: while heard, the notice's trip (milliseconds) and requests already past the
 * check; after the listener's connection drops, `unheardTtlMs`; after it dies silently, until its
 * heartbeat notices (db/notice-listener.ts: about 3 s), then `unheardTtlMs`.
 */
export class Authenticator {
  private readonly known = new Map<string, { identity: Caller; expires: number }>();
  /** When this process last wrote each key's `last_used_at`. */
  private readonly touched = new Map<string, number>();
  private readonly options: AuthenticatorOptions;
  private heard = false;
  /** Turns at every forgetting: a lookup that spans one does not remember what it read. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    options: Partial<AuthenticatorOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  async identify(key: string): Promise<Caller | null> {
    const cached = this.known.get(key);
    if (cached && cached.expires > Date.now()) return this.used(cached.identity);
    if (!looksLikeApiKey(key)) return null;
    const presented = hashApiKey(key);
    const generation = this.generation;
    const row = rowOfHash(await findActiveKeysByPrefix(this.db, keyPrefix(key)), presented, (r) => r.key_hash);
    const match: Caller | null = row && { orgId: row.org_id, keyId: row.key_id };
    if (match) {
      // A revocation heard while the row was read may be this key's: the answer then serves this request only.
      if (generation === this.generation) {
        if (this.known.size >= this.options.maxEntries) this.known.clear();
        const ttl = this.heard ? this.options.heardTtlMs : this.options.unheardTtlMs;
        this.known.set(key, { identity: match, expires: Date.now() + ttl });
      }
      this.used(match);
    }
    return match;
  }

  /** Notes the key's use in the background: a failed write is retried at the next use after a minute. */
  private used(caller: Caller): Caller {
    const now = Date.now();
    if (now - (this.touched.get(caller.keyId) ?? 0) >= TOUCH_EVERY_MS) {
      if (this.touched.size >= this.options.maxEntries) this.touched.clear();
      this.touched.set(caller.keyId, now);
      touchKeys(this.db, [caller.keyId]).catch(() => this.touched.delete(caller.keyId));
    }
    return caller;
  }

  /** Keys were revoked in this process: nothing remembered may outlive that. */
  forgetAll(): void {
    this.generation += 1;
    this.known.clear();
  }

  /** A notice: this key was revoked (by any process). Revocations are rare, so a scan of the entries costs nothing that matters. */
  revoked(keyId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.known) if (entry.identity.keyId === keyId) this.known.delete(key);
  }

  /** Whether every revocation now reaches this process as a notice; what was remembered before goes either way. */
  hearsRevocations(heard: boolean): void {
    this.heard = heard;
    this.forgetAll();
  }
}
