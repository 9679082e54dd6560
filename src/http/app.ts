import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountRoutes } from '../resources/accounts/routes.js';
import { applicationRoutes } from '../resources/applications/routes.js';
import { citationRoutes } from '../resources/citations/routes.js';
import { claimsRoutes } from '../resources/claims/routes.js';
import { searchRoutes } from '../resources/search/routes.js';
import { maintenanceRoutes } from '../resources/maintenance/routes.js';
import { assignmentRoutes } from '../resources/assignments/routes.js';
import { eventRoutes } from '../resources/events/routes.js';
import { monitorRoutes } from '../resources/monitors/routes.js';
import { deadlineRoutes } from '../resources/deadlines/routes.js';
import { calendarRoutes } from '../resources/calendars/routes.js';
import { paymentRoutes } from '../resources/payments/routes.js';
import { statisticsRoutes } from '../resources/statistics/routes.js';
import { officeActionRoutes } from '../resources/office-actions/routes.js';
import { ptabRoutes } from '../resources/ptab/routes.js';
import { entityRoutes } from '../resources/entities/routes.js';
import { componentSchemas } from '../resources/schemas.js';
import type { ChargingService } from '../billing/charging-service.js';
import type { ProvenanceService } from '../resources/provenance/service.js';
import type { Services } from '../services.js';
import { ToolRegistry } from '../mcp/registry.js';
import { registerDataChain } from './data-chain.js';
import { swaggerOptions } from './discovery/openapi.js';
import { discoveryRoutes } from './discovery/routes.js';
import { RouteRegistry } from './discovery/route-registry.js';
import { registerErrorHandling } from './error-handler.js';
import { calendarFeedRoutes } from './calendar-feed.js';
import { answerClientError, refuseConnect, renderFrameworkError } from './framework-errors.js';
import { strictDateFormat } from './formats.js';
import { registerInputGuard } from './input-guard.js';
import { registerKnownParameters } from './known-parameters.js';
import { mcpRoutes } from './mcp/endpoint.js';
import { registerOriginCheck } from './mcp/origin.js';
import { metricsRoutes, registerHttpMetrics } from './metrics-routes.js';
import { encodeNumberSlashes } from './number-paths.js';
import { registerRequestId, requestIdFor } from './request-id.js';

type AjvPlugin = NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number];
/** ajv-formats types its options parameter more narrowly than Fastify's plugin slot: same function at run time. */
const formatsPlugin = ajvFormats.default as unknown as AjvPlugin;

export interface BuildOptions {
  /** A pino logger (the server's); tests run silent without one. */
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The charging service; `close()` writes spent units back and returns unspent ones to their orgs. */
    charging: ChargingService;
    /** Product freshness; `invalidate()` after an in-process ingest makes new data visible at once. */
    provenance: ProvenanceService;
  }
}

/**
 * The whole HTTP application as one Fastify instance, without listening: the server entry point
 * listens on it, tests call `inject`. Add routes before `ready()`; cross-cutting hooks (keys,
 * charging, error rendering, documentation) apply to every route, including ones added later.
 */
export async function buildApp(services: Services, options: BuildOptions = {}): Promise<App> {
  const { context, charging, authenticator, provenance } = services;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: context.config.bodyLimitBytes,
    // Bounded parameters: no path segment or query string can make the router or parser work hard.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // The client's X-Request-Id when well formed, else a new UUID; pino writes it as `reqId` on every line of the request.
    genReqId: requestIdFor,
    rewriteUrl: (request) => encodeNumberSlashes(request.url ?? '/'),
    frameworkErrors: renderFrameworkError,
    clientErrorHandler: answerClientError,
    ajv: {
      // An unknown member or parameter is refused, never dropped silently (known-parameters.ts); `verbose`
      // gives each error its schema, from which a 422 names the members a route does take.
      customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false, useDefaults: true, verbose: true },
      plugins: [formatsPlugin, strictDateFormat as unknown as AjvPlugin],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // A JSON API: a text body is a client mistake (415), not a string to validate as an object.
  app.removeContentTypeParser('text/plain');
  app.server.on('connect', refuseConnect);
  // First of the onRequest hooks: a request refused by any later one still answers with its id.
  registerRequestId(app);
  registerHttpMetrics(app);
  registerErrorHandling(app);
  // Before access control: malformed text is refused before any key lookup.
  registerInputGuard(app);
  // Before the key is read: MCP's transport refuses a browser of another origin with 403 (DNS rebinding).
  registerOriginCheck(app, context.config.mcpAllowedOrigins);
  // Order matters: access defaults must be on a route before the registry documents it.
  app.decorate('charging', charging);
  // Spent units are written and unspent ones go back to their orgs before the database closes.
  app.addHook('onClose', async () => charging.close());
  registerDataChain(app, { authenticator, charging });
  // Before the registry: the query schemas it documents are the closed ones that validate.
  registerKnownParameters(app);
  const registry = new RouteRegistry();
  registry.attach(app);

  // Named shapes first: routes and the OpenAPI document refer to them by $ref.
  for (const schema of componentSchemas()) app.addSchema(schema);
  const tools = new ToolRegistry(services);
  await app.register(swagger, swaggerOptions(context.config.publicBaseUrl, registry, tools));

  app.decorate('provenance', provenance);
  await app.register(accountRoutes(services));
  await app.register(paymentRoutes(services));
  await app.register(applicationRoutes(services));
  await app.register(claimsRoutes(services));
  await app.register(citationRoutes(services));
  await app.register(searchRoutes(services));
  await app.register(maintenanceRoutes(services));
  await app.register(assignmentRoutes(services));
  await app.register(officeActionRoutes(services));
  await app.register(ptabRoutes(services));
  await app.register(entityRoutes(services));
  await app.register(eventRoutes(services));
  await app.register(monitorRoutes(services));
  await app.register(deadlineRoutes(services));
  await app.register(calendarRoutes(services));
  await app.register(calendarFeedRoutes(services));
  await app.register(statisticsRoutes(services));
  await app.register(mcpRoutes({ charging, baseUrl: context.config.publicBaseUrl }, tools));
  await app.register(discoveryRoutes(context, registry, provenance, tools));
  await app.register(metricsRoutes(context));
  return app;
}
