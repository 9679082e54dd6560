import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { AppContext } from '../context.js';
import { registerErrorHandling } from './error-handler.js';
import { answerClientError, refuseConnect, renderFrameworkError } from './framework-errors.js';
import { metricsRoutes } from './metrics-routes.js';
import { registerRequestId, requestIdFor } from './request-id.js';

/**
 * The HTTP listener of a `patent-status worker` process (WORKER_METRICS_PORT), which serves no
 * API: `GET /metrics` is the very route `serve` mounts (metrics-routes.ts: the same registry, the
 * same METRICS_TOKEN check, the same 401 body), `GET /health/live` answers 200 while the process
 * runs, and anything else is a 404 in the API's error shape. Scrapes are not logged or counted as
 * HTTP requests: the worker's series stay its jobs', deliveries' and ingests'.
 */
export async function buildMetricsServer(context: AppContext, options: { logger?: FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A scrape every 15 s would otherwise log two lines each; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    genReqId: requestIdFor,
    frameworkErrors: renderFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.on('connect', refuseConnect);
  registerRequestId(app);
  registerErrorHandling(app);
  // As on `serve`: no response is ever charged, and every one says so (spec §8).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Credits-Charged', '0');
  });
  await app.register(metricsRoutes(context));
  // Liveness only: the process and its event loop answer. The database is the scrape's concern (queue depth).
  app.get('/health/live', async () => ({ status: 'ok' as const }));
  return app;
}
