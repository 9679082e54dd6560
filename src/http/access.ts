import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { findActiveKeysByPrefix, findOrgBalance } from '../resources/accounts/accounts.sql.js';
import type { CreditLedger } from '../resources/accounts/credit-ledger.js';
import { hashApiKey, hashesMatch, keyPrefix, looksLikeApiKey } from '../resources/accounts/api-key.js';
import { AppError, paymentRequired } from './errors.js';

/**
 * Who may call a route: `public` needs no key; `account` needs a key of any org (account
 * endpoints, free); `data` needs a key of an org with credit and is charged (every `/v1` route).
 */
export type Access = 'public' | 'account' | 'data';

export interface Caller {
  orgId: string;
  keyId: string;
  /** Balance when the request arrived; the charge itself re-checks atomically. */
  balanceUnits: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** `X-API-KEY: <key>` or `Authorization: Bearer <key>` (spec §5.1). */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct && direct.trim()) return direct.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1] ?? null;
}

interface Identity {
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

/** Spec §5.1 and §9.2: data lives under /v1, and every request there needs a key. */
function isDataPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** Every /v1 request needs a key (spec §5.1), including one for a path that does not exist. */
export function accessOf(request: FastifyRequest): Access {
  const declared = request.routeOptions.config.access;
  if (declared) return declared;
  return isDataPath(request.url) ? 'data' : 'public';
}

export function registerAccessControl(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('caller', null);
  // Every /v1 route is a data route unless it says otherwise (spec §5.1).
  app.addHook('onRoute', (route) => {
    if (isDataPath(route.url) && !route.config?.access) route.config = { ...route.config, access: 'data' };
  });
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === 'public') return;
    const key = presentedKey(request);
    const caller = key ? await authenticator.caller(key) : null;
    if (!caller) throw new AppError('invalid_api_key');
    request.caller = caller;
    if (access === 'data' && caller.balanceUnits < 1) throw paymentRequired();
  });
}
