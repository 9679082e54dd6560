import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode as JsonRpcErrorCode,
  JSONRPCMessageSchema,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Charge, Settled } from '../../billing/charges.js';
import type { ChargingService } from '../../billing/charging-service.js';
import { AppError } from '../../domain/errors.js';
import { outputSchema } from '../../mcp/output-schema.js';
import type { ToolRegistry } from '../../mcp/registry.js';
import { VERSION } from '../../version.js';
import { chargeOnDelivery } from '../charge-delivery.js';
import { argumentSchema } from './tool-arguments.js';
import { callTool, errorResult } from './tool-call.js';
import { serializeAnswer } from './answer-text.js';
import { idOf, jsonRpcError, registerJsonRpcErrors, sendJsonRpc } from './json-rpc-errors.js';
import { invalidParamsAnswer } from './params.js';
import { RequestTransport } from './request-transport.js';
import { JsonRpcMessage, JsonRpcRefusals, JsonRpcReply } from './schemas.js';

/** The tool name a message calls, when it is a `tools/call` request: its charge is held before the SDK sees it. */
function calledToolName(message: unknown): string | undefined {
  const call = message as { method?: unknown; id?: unknown; params?: { name?: unknown } };
  if (call.method !== 'tools/call' || call.id === undefined || typeof call.params?.name !== 'string') return undefined;
  return call.params.name;
}

/** MCP's answer to a tool it does not have (the spec's example): −32602 with the name, bounded. */
function unknownTool(name: string): { code: number; message: string } {
  return { code: JsonRpcErrorCode.InvalidParams, message: `Unknown tool: ${name.length > 100 ? `${name.slice(0, 100)}…` : name}` };
}

/** Fastify validates nothing of the body: the message is checked against the SDK's own schemas, and refused in JSON-RPC's terms. */
const acceptAsParsed = () => () => true;

/**
 * `{base_url}/mcp` (spec §1, DESIGN.md D18 and §8): MCP over streamable HTTP, stateless — one SDK
 * server for the process behind a RequestTransport that takes each message Fastify already parsed
 * and checked, JSON answers (no SSE). The key is a bearer token (401 as REST); a
 * `tools/call` holds its unit before any work (402 as REST), and its tool settles or releases it.
 */
export function mcpRoutes(services: { charging: ChargingService; baseUrl: string }, tools: ToolRegistry): FastifyPluginAsyncTypebox {
  const listed: ListToolsResult = {
    tools: tools.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: argumentSchema(tool) as ListToolsResult['tools'][number]['inputSchema'],
      outputSchema: outputSchema(tool.output) as ListToolsResult['tools'][number]['outputSchema'],
      annotations: { title: tool.title, readOnlyHint: tool.name !== 'create_monitor', openWorldHint: false },
    })),
  };
  const instructions =
    'US patent applications and patents from a nightly copy of USPTO bulk data: status, prosecution history, ownership, ' +
    'PTAB trials, maintenance fees and expiry, companies and inventors, and monitors that push new events to a webhook. ' +
    'Each tool returns the same JSON as its REST twin and costs the same units (1 per answer, 1 per 100 rows of a list); ' +
    `errors cost nothing. Guide: ${services.baseUrl}/agents.md`;

  /** What a tools/call needs of its HTTP request, by the id the server gave the call. */
  interface CallContext {
    request: FastifyRequest;
    reply: FastifyReply;
    charge: Charge;
    baseUrl: string;
    settled: (settled: Settled) => void;
  }
  const calls = new Map<number, CallContext>();
  // One server for the process: stateless, it keeps nothing between requests that a tool reads.
  const server = new Server(
    { name: 'patent-status', title: 'Patent Status Service', version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => listed);
  server.setRequestHandler(CallToolRequestSchema, async (call, extra) => {
    const tool = tools.get(call.params.name);
    const context = typeof extra.requestId === 'number' ? calls.get(extra.requestId) : undefined;
    // A plain error with its code: an McpError's message already carries "MCP error -32602: ", which the client adds again.
    if (!tool || !context) throw Object.assign(new Error(unknownTool(call.params.name).message), unknownTool(call.params.name));
    return callTool(tool, call.params.arguments ?? {}, context);
  });
  const transport = new RequestTransport();

  return async (app) => {
    await server.connect(transport);
    app.addHook('onClose', async () => server.close());
    registerJsonRpcErrors(app, services.baseUrl);
    app.post(
      '/mcp',
      {
        config: {
          access: 'account',
          checksOwnNumbers: true,
          cost: "initialize and tools/list free; tools/call as the tool's REST twin (1 unit, lists 1 unit per 100 rows); errors free",
        },
        validatorCompiler: acceptAsParsed,
        schema: {
          operationId: 'mcp',
          summary: 'MCP endpoint for AI agents (streamable HTTP, stateless, JSON answers)',
          description:
            `Model Context Protocol over streamable HTTP with the API key as a bearer token. Tools: ${tools.tools.map((t) => t.name).join(', ')}; ` +
            "each takes its REST twin's parameters and returns its REST body (as JSON text and as structuredContent, which " +
            "conforms to the tool's outputSchema: the twin's 200 response schema); an error result (isError) carries the REST " +
            'error body as text and costs nothing, payment_required (no credit) included, with the checkout instructions. ' +
            'Without a valid key: 401 invalid_api_key. A body that is no JSON: 400 with JSON-RPC −32700; a batch (JSON array) ' +
            'or anything but one JSON-RPC message: 400 with −32600; a browser Origin not in MCP_ALLOWED_ORIGINS: 403. ' +
            "See x-mcp-tools for each tool's arguments.",
          tags: ['mcp'],
          body: JsonRpcMessage,
          response: {
            ...JsonRpcRefusals,
            200: JsonRpcReply,
            202: { type: 'null', description: 'A notification or response was accepted' },
          },
        },
      },
      async (request, untypedReply) => {
        const reply = untypedReply as unknown as FastifyReply;
        const body = request.body as unknown;
        if (Array.isArray(body)) {
          const batch = 'Invalid Request: a batch (JSON array) is not accepted; since MCP 2025-06-18 each POST carries one message';
          return sendJsonRpc(reply, 400, jsonRpcError(null, JsonRpcErrorCode.InvalidRequest, batch));
        }
        // The check the SDK's protocol makes of every message, a request (the usual message) tried first.
        const parsed = JSONRPCRequestSchema.safeParse(body);
        const checked = parsed.success ? parsed : JSONRPCMessageSchema.safeParse(body);
        if (!checked.success) {
          const notMessage = 'Invalid Request: not a JSON-RPC 2.0 request, notification or response';
          return sendJsonRpc(reply, 400, jsonRpcError(idOf(body), JsonRpcErrorCode.InvalidRequest, notMessage));
        }
        const message = checked.data;
        const version = request.headers['mcp-protocol-version'];
        if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
          const shown = version.length > 50 ? `${version.slice(0, 50)}…` : version;
          const unsupported = `Bad Request: unsupported MCP-Protocol-Version ${shown} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`;
          return sendJsonRpc(reply, 400, jsonRpcError(idOf(body), JsonRpcErrorCode.InvalidRequest, unsupported));
        }
        // Params the method cannot take: −32602 before any unit is held or the SDK sees the message.
        const refused = invalidParamsAnswer(message);
        if (refused) return sendJsonRpc(reply, 200, refused);
        const name = calledToolName(message);
        const tool = name === undefined ? undefined : tools.get(name);
        const id = idOf(message);
        if (name !== undefined && !tool) {
          const { code, message: text } = unknownTool(name);
          return sendJsonRpc(reply, 200, jsonRpcError(id, code, text));
        }
        let charge: Charge | undefined;
        try {
          charge = tool ? await services.charging.admit(request.caller!.orgId, tool.usage) : undefined;
        } catch (error) {
          // No credit (or none to be had now) is the tool's failure, told to the model with what to do, not an HTTP error.
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          return sendJsonRpc(reply, 200, {
            jsonrpc: '2.0',
            id,
            result: errorResult(error, request.id, services.baseUrl),
          } as JSONRPCMessage);
        }
        if (charge) chargeOnDelivery(request, reply, charge);
        let callId: number | null = null;
        try {
          const answer = await transport.handle(message, { requestInfo: { headers: request.headers } }, (id) => {
            callId = id;
            if (charge)
              calls.set(id, { request, reply, charge, baseUrl: services.baseUrl, settled: (settled) => (request.settled = settled) });
          });
          // The SDK's JSON-RPC answer is sent as it is: the response schema documents it, nothing re-serializes it.
          if (answer === null) return reply.code(202).send();
          return reply.type('application/json; charset=utf-8').send(serializeAnswer(answer));
        } finally {
          if (callId !== null) calls.delete(callId);
          // A call that never prepared its answer (an error, no tool) holds nothing; a prepared one waits for delivery.
          charge?.releaseUnlessPrepared();
        }
      },
    );

    // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({
        method,
        url: '/mcp',
        config: { access: 'public', cost: 'free' },
        schema: { hide: true },
        handler: async (_request, reply) => {
          reply.header('allow', 'POST');
          throw new AppError('method_not_allowed', 'This MCP endpoint is stateless: POST JSON-RPC messages to it.');
        },
      });
    }
  };
}
