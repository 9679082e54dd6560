import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../access.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../domain/errors.js';
import { ErrorBodySchema, PaymentRequiredSchema, ValidationErrorSchema } from '../../resources/schemas.js';

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
  /** The error codes the route can answer, by status (the OpenAPI document shows an example of each). */
  errors: Record<number, ErrorCode[]>;
}

/** The 422 and 402 bodies have shapes of their own; every other error is the plain Error. */
function errorResponse(status: number, codes: ErrorCode[]) {
  const schema = status === 422 ? ValidationErrorSchema : status === 402 ? PaymentRequiredSchema : ErrorBodySchema;
  return { ...schema, description: codes.map((code) => `${code}: ${ERROR_CATALOGUE[code].message}`).join(' ') };
}

/** The errors a route can give by construction, by status, so OpenAPI lists them without each route repeating them. */
function standardErrors(access: Access, schema: Record<string, unknown>, own: ErrorCode[]): Record<number, ErrorCode[]> {
  // Every request can be unreadable (bad percent-encoding) or refused for its text (a NUL): 400 and 422.
  const codes: ErrorCode[] = ['bad_request', ...own, 'validation_error', 'internal_error'];
  if (access !== 'public') codes.push('invalid_api_key');
  if (access === 'data') codes.push('payment_required');
  if (schema.params) codes.push('uri_too_long');
  if (schema.body) codes.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CATALOGUE[code].status, [...(byStatus.get(ERROR_CATALOGUE[code].status) ?? []), code]);
  return Object.fromEntries(byStatus);
}

/** `GET /v1/applications/:application_number` → `getV1ApplicationsByApplicationNumber`, for a route that names none. */
function derivedOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split('_')] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * A parameter with a default need not be sent: the schema says so (Ajv still fills the default
 * in), and OpenAPI and the agent guide then call it optional.
 */
function defaultsNotRequired(schema: unknown): unknown {
  const object = schema as { properties?: Record<string, { default?: unknown }>; required?: string[] } | undefined;
  if (!object?.properties || !object.required) return schema;
  const required = object.required.filter((name) => object.properties![name]?.default === undefined);
  return required.length === object.required.length ? schema : { ...object, required };
}

/** A success response says what it holds (the route's summary) instead of swagger's "Default Response". */
function describeSuccess(responses: Record<string, unknown>, summary: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const described = /^2\d\d$/.test(status) && !(response as { description?: unknown }).description;
      return [status, described ? { ...(response as object), description: summary } : response];
    }),
  );
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
      const schema = (route.schema ?? {}) as Record<string, unknown> & { summary?: string; description?: string };
      if (schema.hide) return;
      const access = route.config?.access ?? 'public';
      const declared = describeSuccess((schema.response ?? {}) as Record<string, unknown>, schema.summary ?? 'Success');
      // Documenting errors replaces swagger's default 200, so a route without one gets it back here.
      const success = hasSuccess(declared) ? {} : { 200: { description: 'Success' } };
      const errors = standardErrors(access, schema, route.config?.errors ?? []);
      const errorResponses = Object.fromEntries(
        Object.entries(errors).map(([status, codes]) => [status, errorResponse(Number(status), codes)]),
      );
      schema.response = { ...errorResponses, ...success, ...declared };
      // Public operations say so (`security: []`): tools otherwise assume a document-wide default.
      schema.security = access === 'public' ? [] : [{ ApiKeyHeader: [] }, { BearerAuth: [] }];
      schema.operationId ??= derivedOperationId(methods.find((method) => method !== 'HEAD') ?? 'GET', route.url);
      schema.tags ??= [route.url.split('/').find((segment) => segment && segment !== 'v1' && !segment.startsWith(':')) ?? 'meta'];
      if (schema.querystring) schema.querystring = defaultsNotRequired(schema.querystring);
      route.schema = schema;
      for (const method of methods) {
        if (method === 'HEAD') continue;
        this.entries.push({
          method,
          url: route.url,
          summary: schema.summary ?? '',
          description: schema.description ?? '',
          access,
          cost: route.config?.cost ?? (access === 'data' ? '1 unit' : 'free'),
          tags: (schema.tags as string[] | undefined) ?? [],
          schema,
          errors,
        });
      }
    });
  }
}
