import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { ReadRouter, type ReplicaStatus } from '../../db/read-router.js';
import { listLastSyncs } from '../../sync/sync.sql.js';
import { listWatermarks } from '../../sync/watermarks.sql.js';
import type { ProvenanceService } from '../../resources/provenance/service.js';
import { component, Nullable, ProvenanceProperties } from '../../resources/schemas.js';
import { VERSION } from '../../version.js';
import { within } from '../time-limit.js';

/**
 * A database that has not answered `SELECT 1` in this long counts as unreachable: a load balancer
 * polls every few seconds and must get an answer, not a request hanging on a pool that waits for a
 * connection (or, on PGlite, behind a long transaction).
 */
const DATABASE_PROBE_TIMEOUT_MS = 2_000;

const DatabaseState = Type.Object({
  reachable: Type.Boolean({ description: `The database answered a trivial query within ${DATABASE_PROBE_TIMEOUT_MS / 1000} s` }),
  latency_ms: Nullable(Type.Number({ description: 'How long that query took, in milliseconds; null when unreachable' })),
});

const READY_TEXT =
  'True when this process can serve requests: its database is reachable (migrations are applied before the server listens). ' +
  'Loaded products are not a condition: every server process shares one database, so missing or stale data is reported ' +
  'by products[].stale (alert on it) and does not take the service out of rotation';

const HealthResponse = component(
  'Health',
  Type.Object({
    status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
    ready: Type.Boolean({ description: READY_TEXT }),
    version: Type.String(),
    engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
    database: DatabaseState,
    replica: Nullable(
      Type.Object(
        {
          reads: Type.Union([Type.Literal('replica'), Type.Literal('primary')], {
            description: 'Where the data routes read now: the replica while it has caught up, else the primary',
          }),
          lag_bytes: Nullable(
            Type.Number({ description: "WAL the replica's replay is behind the primary; null when it cannot be reached" }),
          ),
          lag_ms: Nullable(Type.Number({ description: 'Time since its last replayed transaction while behind (0 when caught up)' })),
          checked_at: Nullable(Type.String({ format: 'date-time' })),
        },
        { description: 'DATABASE_READ_URL: the streaming replica; null without one' },
      ),
    ),
    products: Type.Array(
      Type.Object({
        product: Type.String(),
        file_date: ProvenanceProperties.source.properties.file_date,
        as_of: ProvenanceProperties.as_of,
        stale: Type.Boolean(),
        last_sync_at: Nullable(
          Type.String({
            format: 'date-time',
            description:
              'When `patent-status sync` (or the nightly run) last fetched this product from the Open Data Portal without a failure; null when never',
          }),
        ),
        watermark: Nullable(
          Type.String({
            format: 'date',
            description:
              "PTAB and OA, fetched through the portal's search APIs: every record the portal stamped on or before this day is loaded (the earliest of the product's searches; the next sync asks again from a few days before it). Null for a product of files, or before its first whole day",
          }),
        ),
      }),
    ),
    time: Type.String({ format: 'date-time' }),
  }),
);

const ReadyResponse = component('Readiness', Type.Object({ ready: Type.Boolean({ description: READY_TEXT }), database: DatabaseState }));

/** The read router's view of the replica (DATABASE_READ_URL), or null without one. */
function replicaOf(context: AppContext): ReplicaStatus | null {
  return context.readDb instanceof ReadRouter ? context.readDb.replicaStatus() : null;
}

/** `SELECT 1` timed, never longer than DATABASE_PROBE_TIMEOUT_MS. */
async function probeDatabase(db: Database, log: FastifyBaseLogger): Promise<{ reachable: boolean; latency_ms: number | null }> {
  const started = performance.now();
  try {
    await within(db.query('SELECT 1'), DATABASE_PROBE_TIMEOUT_MS);
    return { reachable: true, latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    log.warn({ err: error }, 'health check: database unreachable');
    return { reachable: false, latency_ms: null };
  }
}

/** `/health` (DESIGN.md D11, with readiness) and `/health/ready` for load balancers; no key. */
export function healthRoutes(context: AppContext, provenance: ProvenanceService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getHealth',
          summary: 'Service and data-freshness report',
          description:
            'The version, the engine, the database and its replica, and for each bulk product loaded its file date, when it was ' +
            'loaded and whether it is stale. 503 while the database is unreachable.',
          tags: ['meta'],
          response: { 200: HealthResponse, 503: { ...HealthResponse, description: 'The database is unreachable: status unavailable' } },
        },
      },
      async (request, reply) => {
        const base = { version: VERSION, engine: context.db.engine, replica: replicaOf(context), time: new Date().toISOString() };
        const database = await probeDatabase(context.db, request.log);
        if (database.reachable) {
          try {
            const [synced, watermarks] = await Promise.all([listLastSyncs(context.db), listWatermarks(context.db)]);
            const products = (await provenance.all()).map((p) => ({
              product: p.source.product,
              file_date: p.source.file_date,
              as_of: p.as_of,
              stale: p.stale,
              last_sync_at: synced.get(p.source.product)?.toISOString() ?? null,
              watermark: watermarks.get(p.source.product) ?? null,
            }));
            return { status: 'ok' as const, ready: true, ...base, database, products };
          } catch (error) {
            request.log.error({ err: error }, 'health check: reading product freshness failed');
          }
        }
        return reply.code(503).send({ status: 'unavailable' as const, ready: false, ...base, database, products: [] });
      },
    );

    app.get(
      '/health/ready',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getReadiness',
          summary: 'Readiness for load balancers: 200 when this process can serve, 503 when not',
          description: `Only probes the database (at most ${DATABASE_PROBE_TIMEOUT_MS / 1000} s); stale data does not make a process unready: /health reports it.`,
          tags: ['meta'],
          response: { 200: ReadyResponse, 503: { ...ReadyResponse, description: 'Not ready: the database is unreachable' } },
        },
      },
      async (request, reply) => {
        const database = await probeDatabase(context.db, request.log);
        return reply.code(database.reachable ? 200 : 503).send({ ready: database.reachable, database });
      },
    );
  };
}
