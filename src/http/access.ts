import type { FastifyRequest } from 'fastify';

/**
 * Who may call a route: `public` needs no key; `account` needs a key of any org (account
 * endpoints, free); `data` needs a key of an org with credit and is charged (every `/v1` route).
 */
export type Access = 'public' | 'account' | 'data';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** `X-API-KEY: <key>` or `Authorization: Bearer <key>` (spec §5.1). */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct && direct.trim()) return direct.trim();
  const authorization = request.headers.authorization;
  if (!authorization) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return bearer?.[1] ?? null;
}

/** Spec §5.1 and §9.2: data lives under /v1, and every request there needs a key. */
export function isDataPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}
