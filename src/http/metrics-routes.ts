import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import type { Database } from '../db/database.js';
import { countQueuedJobs } from '../db/job-queue.sql.js';
import { AppError } from '../domain/errors.js';
import { httpDuration, httpRequests, jobQueueDepth, registry } from '../metrics.js';
import { within } from './time-limit.js';

/** Methods Node's parser accepts are many; labels keep the ones a route can have, the rest are `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A scrape must answer even when the database does not: the queue depth is then left out, not waited for. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

/**
 * Counts and times every response by its route pattern (`/v1/applications/:application_number`,
 * never the path a client sent, so the series stay bounded); a request no route matched is
 * `unmatched`. Router and parser errors answered before any hook runs are not counted.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const status = reply.statusCode;
    httpRequests.inc({ route, method, status_code: String(status) });
    httpDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
  });
}

/** Both sides hashed first: equal lengths for timingSafeEqual, and the comparison's time says nothing about the token. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function bearerOf(authorization: string | undefined): string | null {
  return (authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]) || null;
}

/** Read at scrape time (a process without a worker still reports the shared queue); on failure the gauge is emptied, never stale. */
async function refreshQueueDepth(db: Database, log: FastifyBaseLogger): Promise<void> {
  try {
    const rows = await within(countQueuedJobs(db), QUEUE_DEPTH_TIMEOUT_MS);
    jobQueueDepth.reset();
    for (const row of rows) jobQueueDepth.set({ job: row.job, state: row.state }, row.jobs);
  } catch (error) {
    jobQueueDepth.reset();
    log.warn({ err: error }, 'metrics: job queue depth not read');
  }
}

const MetricsText = {
  description: 'Prometheus text exposition format 0.0.4',
  content: { 'text/plain': { schema: Type.String() } },
};

/** `GET /metrics`: public unless METRICS_TOKEN is set; never charged. */
export function metricsRoutes(context: AppContext): FastifyPluginAsyncTypebox {
  const token = context.config.metricsToken;
  return async (app) => {
    app.get(
      '/metrics',
      {
        config: { access: 'public', cost: 'free', errors: ['invalid_api_key'] },
        schema: {
          operationId: 'getMetrics',
          summary: 'Prometheus metrics of this process',
          description:
            'Requests by route pattern, method and status (count and latency), units charged by channel, ingest records and rejects ' +
            "by product, job queue depth and job failures, webhook delivery outcomes, and Node's process metrics. When the operator " +
            'sets METRICS_TOKEN, send it as `Authorization: Bearer <token>` (else 401 invalid_api_key).',
          tags: ['meta'],
          response: { 200: MetricsText },
        },
      },
      async (request, reply) => {
        if (token !== null) {
          const sent = bearerOf(request.headers.authorization);
          if (sent === null || !sameToken(sent, token)) {
            reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
            throw new AppError(
              'invalid_api_key',
              'GET /metrics needs this deployment\'s METRICS_TOKEN as "Authorization: Bearer <token>".',
            );
          }
        }
        await refreshQueueDepth(context.db, request.log);
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  };
}
