import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator, Caller } from '../resources/accounts/authenticator.js';
import { AppError, paymentRequired } from '../domain/errors.js';

/**
 * Who may call a route: `public` needs no key; `account` needs a key of any org (account
 * endpoints, free); `data` needs a key of an org with credit and is charged (every `/v1` route).
 */
export type Access = 'public' | 'account' | 'data';

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
