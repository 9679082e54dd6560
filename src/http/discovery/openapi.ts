import type { SwaggerOptions } from '@fastify/swagger';
import { API_VERSION } from '../../version.js';
import type { RouteRegistry } from './route-registry.js';
import type { ToolRegistry } from '../../mcp/registry.js';
import { argumentSchema } from '../mcp/tool-arguments.js';
import { documentExamples } from './operation-examples/attach.js';

/** The tags of our operations, in the order a reader meets them. */
const TAGS = [
  { name: 'applications', description: 'Status of applications, patents and publications' },
  { name: 'prosecution', description: 'Prosecution timeline' },
  { name: 'claims', description: 'Claims, abstract and classification of grants and publications' },
  { name: 'citations', description: 'Citations of a patent, both ways' },
  { name: 'search', description: 'Keyword and classification search' },
  { name: 'maintenance', description: 'Maintenance fees, fee windows and the end of term of a patent' },
  { name: 'ownership', description: 'Assignment recordations and the current owner of a patent' },
  { name: 'entities', description: 'Companies and inventors resolved from every printed name, their families and portfolios' },
  { name: 'ptab', description: 'Board trials (IPR, PGR, CBM, DER) by patent, by trial and by party, with their decisions' },
  { name: 'events', description: 'The feed of detected events, in commit order' },
  { name: 'monitors', description: 'Monitors that POST detected events to a webhook, signed (X-Signature)' },
  { name: 'deadlines', description: 'The docket: every open deadline of applications, patents or a portfolio, soonest first' },
  { name: 'calendars', description: 'Calendar feeds (RFC 5545) of a saved docket query, read by a token in the URL' },
  { name: 'statistics', description: 'Examiner and art-unit statistics, computed nightly, each number defined' },
  { name: 'mcp', description: 'The same data as MCP tools for AI agents (Model Context Protocol, streamable HTTP)' },
  { name: 'account', description: 'Signup, keys, balance and credit' },
  { name: 'meta', description: 'Health and the discovery documents' },
];

/** Spec §8: every response says what it cost; a charged one also what is left. And which request it answers. */
const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description:
      "The request's id: the client's X-Request-Id when it was 1 to 100 of A-Z a-z 0-9 . _ -, else a new UUID; error bodies repeat it as request_id",
    schema: { type: 'string', maxLength: 100 },
  },
  'X-Credits-Charged': {
    description: 'Units this request cost: 0 on every error and on free routes',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-Credits-Remaining': {
    description: "The organization's balance in units after the charge (charged responses only)",
    schema: { type: 'integer', minimum: 0 },
  },
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

interface Operation {
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> } & Record<string, unknown>;

/** Credit headers on every response of every operation (charged on a data route's 2xx, 0 elsewhere), and the request id. */
function documentCredits(document: Document, registry: RouteRegistry): void {
  const dataOperations = new Set(
    registry.entries
      // The MCP endpoint charges its tool calls as their REST twins.
      .filter((entry) => entry.access === 'data' || entry.url === '/mcp')
      .map((entry) => `${entry.method.toLowerCase()} ${entry.url.replace(/:(\w+)/g, '{$1}')}`),
  );
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        // An MCP notification's 202 never runs a tool.
        const charged = dataOperations.has(`${method} ${path}`) && (path === '/mcp' ? status === '200' : /^2/.test(status));
        response.headers = {
          ...response.headers,
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          'X-Credits-Charged': { $ref: '#/components/headers/X-Credits-Charged' },
          ...(charged ? { 'X-Credits-Remaining': { $ref: '#/components/headers/X-Credits-Remaining' } } : {}),
        };
      }
    }
  }
}

/** `x-mcp-tools` on `POST /mcp`: each tool's name, description, cost, REST twins and argument schema, from the tool registry. */
function documentTools(document: Document, tools: ToolRegistry): void {
  const operation = document.paths?.['/mcp']?.post as Record<string, unknown> | undefined;
  if (!operation) return;
  operation['x-mcp-tools'] = tools.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    cost: tool.cost,
    rest_twins: tool.restTwins,
    input_schema: argumentSchema(tool),
  }));
}

/**
 * The OpenAPI document of `/openapi.json`, made for tools (Redocly's recommended rules, typed
 * client generators): shared shapes are named components (`component()` in resources/schemas.ts,
 * named here by their `$id`), every operation has an operationId, tags and its security, and the
 * credit headers are documented on every response.
 */
export function swaggerOptions(publicBaseUrl: string, registry: RouteRegistry, tools: ToolRegistry): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Patent Status Service',
        version: API_VERSION,
        description:
          'Status of US patent applications and patents from a nightly copy of USPTO bulk data. ' +
          'Guide: [/agents.md](/agents.md); interactive reference: [/docs](/docs)',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      servers: [{ url: publicBaseUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
          BearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`),
    },
    transformObject: (generated) => {
      if (!('openapiObject' in generated)) return generated.swaggerObject;
      const document = generated.openapiObject as Document;
      document.components = { ...document.components, headers: RESPONSE_HEADERS };
      documentCredits(document, registry);
      documentTools(document, tools);
      const errorsByOperation = new Map(registry.entries.map((entry) => [String(entry.schema.operationId), entry.errors]));
      documentExamples(document, errorsByOperation);
      return generated.openapiObject;
    },
  };
}
