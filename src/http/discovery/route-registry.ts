import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../access.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.js';
import { ErrorBodySchema } from '../schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route is charged, in words for the discovery documents ("1 unit", "free" …). */
    cost?: string;
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
function standardErrors(access: Access, schema: Record<string, unknown>): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  if (access !== 'public') responses[401] = errorResponse(['invalid_api_key']);
  if (access === 'data') responses[402] = errorResponse(['payment_required']);
  if (schema.params || schema.querystring || schema.body) responses[422] = errorResponse(['validation_error']);
  responses[500] = errorResponse(['internal_error']);
  return responses;
}

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
      const declared = (schema.response ?? {}) as Record<number, unknown>;
      schema.response = { ...standardErrors(access, schema), ...declared };
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
