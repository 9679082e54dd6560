import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../access.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../domain/errors.js';
import { ErrorBodySchema } from '../../resources/schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route is charged, in words for the discovery documents ("1 unit", "free" …). */
    cost?: string;
    /** Errors particular to this route (beyond those every route of its kind can give), for OpenAPI. */
    errors?: ErrorCode[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  summary: string;
  description: string;
  access: Access;
  cost: string;
  tags: string[];
  schema: Record<string, unknown>;
}

function errorResponse(codes: ErrorCode[]) {
  return { ...ErrorBodySchema, description: codes.map((code) => `${code}: ${ERROR_CATALOGUE[code].message}`).join(' ') };
}

/** The errors a route can give by construction, so OpenAPI lists them without each route repeating them. */
function standardErrors(access: Access, schema: Record<string, unknown>, own: ErrorCode[]): Record<number, unknown> {
  const codes: ErrorCode[] = [...own, 'internal_error'];
  if (access !== 'public') codes.push('invalid_api_key');
  if (access === 'data') codes.push('payment_required');
  if (schema.params || schema.querystring || schema.body) codes.push('validation_error');
  if (schema.body) codes.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CATALOGUE[code].status, [...(byStatus.get(ERROR_CATALOGUE[code].status) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, sameStatus]) => [status, errorResponse(sameStatus)]));
}

const hasSuccess = (responses: Record<string, unknown>) => Object.keys(responses).some((status) => /^2\d\d$/.test(status));

/**
 * Every route registers itself here as it is added; OpenAPI, `/agents.md` and the skill file are
 * generated from this list, so they name exactly the endpoints that exist.
 */
export class RouteRegistry {
  readonly entries: RouteEntry[] = [];

  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      if (schema.hide) return;
      const access = route.config?.access ?? 'public';
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      // Documenting errors replaces swagger's default 200, so a route without one gets it back here.
      const success = hasSuccess(declared) ? {} : { 200: { description: 'Success' } };
      schema.response = { ...standardErrors(access, schema, route.config?.errors ?? []), ...success, ...declared };
      if (access !== 'public') schema.security = [{ ApiKeyHeader: [] }, { BearerAuth: [] }];
      route.schema = schema;
      for (const method of methods) {
        if (method === 'HEAD') continue;
        this.entries.push({
          method,
          url: route.url,
          summary: String(schema.summary ?? ''),
          description: String(schema.description ?? ''),
          access,
          cost: route.config?.cost ?? (access === 'data' ? '1 unit' : 'free'),
          tags: (schema.tags as string[] | undefined) ?? [],
          schema,
        });
      }
    });
  }
}
