import type { FastifyInstance, RouteOptions } from 'fastify';
import { isDataPath } from './access.js';

/**
 * Spec §7 (an invalid parameter or body is a 422 `validation_error`): a query parameter a route
 * does not take is refused, never ignored. A typo such as `?limt=5` would
 * otherwise be served (and charged) as the default 100 rows. Every route but those listed below
 * (so every one that takes a key, and POST /agent/signup) gets a closed query schema here
 * (`additionalProperties: false`; none declared means none taken): Ajv reports each unknown name
 * as one `extra_forbidden` item at `["query", name]`, which validation-detail.ts words, listing
 * the names the route takes. Bodies need nothing here: every body schema is closed where it is
 * declared, and the app's Ajv does not drop unknown members silently (`removeAdditional: false`),
 * so they are refused the same way at `["body", name]`. The 422 is free like every error (DESIGN.md
 * D30, charging follows delivery): the unit admission held is released unspent (data-chain.ts).
 *
 * Left open, their query string ignored (none charges by a query parameter):
 * - public GET routes, fetched by programs that treat the address as opaque or add to it: the free
 *   documents (/openapi.json, /agents.md, the skill file, /health, /metrics), where a `?v=…`
 *   cache-buster is common and harmless; Stripe's redirect to /checkout/return; the calendar feed a
 *   calendar program subscribes to (a refused refresh would leave the subscriber's calendar stale);
 * - the POST routes others call at an address configured once: Stripe's webhook (a refusal would
 *   be retried for days while the payment stays uncredited) and /mcp, whose parameters are the
 *   JSON-RPC message's (a tool's unknown argument is refused there, as the tool's error result) and
 *   whose address an MCP host or proxy may add its own query parameter to.
 */
const CALLED_BY_OTHERS = new Set(['/webhooks/stripe', '/mcp']);

interface QuerySchema {
  type?: unknown;
  properties?: Record<string, unknown>;
  additionalProperties?: boolean;
}

/** The route's query schema closed to names it does not declare; a route without one takes none. */
function closedQuery(querystring: unknown, route: RouteOptions): QuerySchema {
  if (querystring === undefined) return { type: 'object', properties: {}, additionalProperties: false };
  const schema = querystring as QuerySchema;
  if (schema.type !== 'object' || !schema.properties) {
    throw new Error(`${String(route.method)} ${route.url}: the query schema must be a plain object schema to refuse unknown parameters`);
  }
  // A copy: MCP tools build their arguments from the same TypeBox objects.
  return { ...schema, additionalProperties: false };
}

function ignoresQueryString(route: RouteOptions): boolean {
  if (CALLED_BY_OTHERS.has(route.url)) return true;
  // Access as the data chain and the route registry read it: /v1 routes default to data, the rest to public.
  const access = route.config?.access ?? (isDataPath(route.url) ? 'data' : 'public');
  return access === 'public' && [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
}

export function registerKnownParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (ignoresQueryString(route)) return;
    const schema = route.schema ?? {};
    route.schema = { ...schema, querystring: closedQuery(schema.querystring, route) };
  });
}
