import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import type { ProvenanceService } from '../../resources/provenance/service.js';
import { healthRoutes } from './health.js';
import { DOCS_PATH, docsPage } from './docs-page.js';
import { renderAgentGuide, renderSkill } from './agent-guide.js';
import type { RouteRegistry } from './route-registry.js';
import type { ToolRegistry } from '../../mcp/registry.js';

const Markdown = { description: 'A Markdown document', content: { 'text/markdown': { schema: Type.String() } } };
/** The document is built by @fastify/swagger; its shape is OpenAPI's own. */
const OpenApiDocument = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description: 'OpenAPI 3.0.3' });

/** `/health` and `/health/ready` (health.ts), the discovery documents and their reference page `/docs`; none of them needs a key. */
export function discoveryRoutes(
  context: AppContext,
  registry: RouteRegistry,
  provenance: ProvenanceService,
  tools: ToolRegistry,
): FastifyPluginAsyncTypebox {
  const baseUrl = context.config.publicBaseUrl;
  return async (app) => {
    await app.register(healthRoutes(context, provenance));
    await app.register(docsPage(baseUrl));

    app.get(
      '/openapi.json',
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'getOpenApi',
          summary: 'OpenAPI 3 description of every route',
          description:
            `Every operation with its parameters, bodies, answers and errors, each with an example from the demo corpus. ` +
            `People read it at ${DOCS_PATH}, an interactive reference served by this server.`,
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
          description: 'How to get a key and credit, every endpoint and MCP tool with its cost, the errors, and example requests.',
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
          description: 'The short form of /agents.md with YAML front matter (name, description), for agents that load skills.',
          tags: ['meta'],
          response: { 200: Markdown },
        },
      },
      async (_request, reply) =>
        reply.type('text/markdown; charset=utf-8').send((skill ??= renderSkill(registry.entries, baseUrl, tools.tools))),
    );
  };
}
