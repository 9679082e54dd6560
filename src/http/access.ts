import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { findActiveKeysByPrefix } from '../resources/accounts/accounts.sql.js';
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

export async function authenticate(db: Database, key: string): Promise<Caller | null> {
  if (!looksLikeApiKey(key)) return null;
  const presented = hashApiKey(key);
  let match: Caller | null = null;
  // Every candidate is compared in full, so the time taken does not reveal which one matched.
  for (const row of await findActiveKeysByPrefix(db, keyPrefix(key))) {
    if (hashesMatch(presented, Buffer.from(row.key_hash))) {
      match = { orgId: row.org_id, keyId: row.key_id, balanceUnits: row.balance_units };
    }
  }
  return match;
}

/** Every /v1 request needs a key (spec §5.1), including one for a path that does not exist. */
export function accessOf(request: FastifyRequest): Access {
  const declared = request.routeOptions.config.access;
  if (declared) return declared;
  return request.url === '/v1' || request.url.startsWith('/v1/') || request.url.startsWith('/v1?') ? 'data' : 'public';
}

export function registerAccessControl(app: FastifyInstance, db: Database): void {
  app.decorateRequest('caller', null);
  // Every /v1 route is a data route unless it says otherwise (spec §5.1).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/v1/') && !route.config?.access) route.config = { ...route.config, access: 'data' };
  });
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === 'public') return;
    const key = presentedKey(request);
    const caller = key ? await authenticate(db, key) : null;
    if (!caller) throw new AppError('invalid_api_key');
    request.caller = caller;
    if (access === 'data' && caller.balanceUnits < 1) throw paymentRequired();
  });
}
