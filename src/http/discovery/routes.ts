import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { listLastSyncs } from '../../ingest/sync/sync.sql.js';
import { component, Nullable, ProvenanceProperties } from '../../resources/schemas.js';
import { VERSION } from '../../version.js';
import type { ProvenanceService } from '../../resources/provenance/service.js';
import { renderAgentGuide, renderSkill } from './agent-guide.js';
import type { RouteRegistry } from './route-registry.js';
import type { ToolRegistry } from '../../mcp/registry.js';

const HealthResponse = component(
  'Health',
  Type.Object({
    status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
    version: Type.String(),
    engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
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
      }),
    ),
    time: Type.String({ format: 'date-time' }),
  }),
);

const Markdown = { description: 'A Markdown document', content: { 'text/markdown': { schema: Type.String() } } };
/** The document is built by @fastify/swagger; its shape is OpenAPI's own. */
const OpenApiDocument = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description: 'OpenAPI 3.0.3' });

/** `/health` (DESIGN.md D11) and the discovery documents; none of them needs a key. */
export function discoveryRoutes(
  context: AppContext,
  registry: RouteRegistry,
  provenance: ProvenanceService,
  tools: ToolRegistry,
): FastifyPluginAsyncTypebox {
  const baseUrl = context.config.publicBaseUrl;
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getHealth',
          summary: 'Service and data-freshness report',
          tags: ['meta'],
          response: { 200: HealthResponse, 503: { ...HealthResponse, description: 'The database is unreachable: status unavailable' } },
        },
      },
      async (_request, reply) => {
        const base = { version: VERSION, engine: context.db.engine, time: new Date().toISOString() };
        try {
          await context.db.query('SELECT 1');
          const synced = await listLastSyncs(context.db);
          const products = (await provenance.all()).map((p) => ({
            product: p.source.product,
            file_date: p.source.file_date,
            as_of: p.as_of,
            stale: p.stale,
            last_sync_at: synced.get(p.source.product)?.toISOString() ?? null,
          }));
          return { status: 'ok' as const, ...base, products };
        } catch (error) {
          reply.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable' as const, ...base, products: [] });
        }
      },
    );

    app.get(
      '/openapi.json',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getOpenApi',
          summary: 'OpenAPI 3 description of every route',
          tags: ['meta'],
          response: { 200: OpenApiDocument },
        },
      },
      async () => app.swagger() as unknown as Record<string, unknown>,
    );

    // Rendered on first request: by then every route has registered itself.
    let guide: string | null = null;
    let skill: string | null = null;
    app.get(
      '/agents.md',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getAgentGuide',
          summary: 'Guide for AI agents (Markdown)',
          tags: ['meta'],
          response: { 200: Markdown },
        },
      },
      async (_request, reply) =>
        reply.type('text/markdown; charset=utf-8').send((guide ??= renderAgentGuide(registry.entries, baseUrl, tools.tools))),
    );
    app.get(
      '/.well-known/skills/default/skill.md',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getSkill',
          summary: 'Skill file for AI agents (Markdown)',
          tags: ['meta'],
          response: { 200: Markdown },
        },
      },
      async (_request, reply) =>
        reply.type('text/markdown; charset=utf-8').send((skill ??= renderSkill(registry.entries, baseUrl, tools.tools))),
    );
  };
}
