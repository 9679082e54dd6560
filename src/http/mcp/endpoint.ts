import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode as JsonRpcErrorCode,
  JSONRPCMessageSchema,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  McpError,
  SUPPORTED_PROTOCOL_VERSIONS,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Charge, Settled } from '../../billing/charges.js';
import type { ChargingService } from '../../billing/charging-service.js';
import { AppError } from '../../domain/errors.js';
import type { ToolRegistry } from '../../mcp/registry.js';
import { VERSION } from '../../version.js';
import { chargeOnDelivery } from '../charge-delivery.js';
import { argumentSchema, callTool } from './tool-call.js';
import { serializeAnswer } from './answer-text.js';
import { invalidParamsAnswer } from './params.js';
import { RequestTransport } from './request-transport.js';
import { JsonRpcMessage, JsonRpcReply } from './schemas.js';

function notJsonRpc(body: unknown): AppError {
  return new AppError('validation_error', undefined, [
    { loc: ['body'], msg: 'Not a JSON-RPC 2.0 request, notification or response', type: 'jsonrpc_message', input: body },
  ]);
}

/** The tool a message calls, when it is a `tools/call` of a tool we have: its charge is held before the SDK sees it. */
function calledTool(message: unknown, tools: ToolRegistry) {
  const call = message as { method?: unknown; id?: unknown; params?: { name?: unknown } };
  if (call.method !== 'tools/call' || call.id === undefined || typeof call.params?.name !== 'string') return undefined;
  return tools.get(call.params.name);
}

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
    if (!tool || !context) throw new McpError(JsonRpcErrorCode.InvalidParams, `Unknown tool: ${call.params.name.slice(0, 100)}`);
    return callTool(tool, call.params.arguments ?? {}, context);
  });
  const transport = new RequestTransport();

  return async (app) => {
    await server.connect(transport);
    app.addHook('onClose', async () => server.close());
    app.post(
      '/mcp',
      {
        config: {
          access: 'account',
          checksOwnNumbers: true,
          cost: "initialize and tools/list free; tools/call as the tool's REST twin (1 unit, lists 1 unit per 100 rows); errors free",
          errors: ['payment_required'],
        },
        schema: {
          operationId: 'mcp',
          summary: 'MCP endpoint for AI agents (streamable HTTP, stateless, JSON answers)',
          description:
            `Model Context Protocol over streamable HTTP with the API key as a bearer token. Tools: ${tools.tools.map((t) => t.name).join(', ')}; ` +
            "each takes its REST twin's parameters and returns its REST body (as JSON text and structuredContent); an error " +
            'result (isError) carries the REST error body and costs nothing. A tools/call of an organization without credit is ' +
            "answered 402 payment_required before any work. See x-mcp-tools for each tool's arguments.",
          tags: ['mcp'],
          body: JsonRpcMessage,
          response: { 200: JsonRpcReply, 202: { type: 'null', description: 'A notification or response was accepted' } },
        },
      },
      async (request, reply) => {
        // The check the SDK's protocol makes of every message, a request (the usual message) tried first.
        const parsed = JSONRPCRequestSchema.safeParse(request.body);
        const checked = parsed.success ? parsed : JSONRPCMessageSchema.safeParse(request.body);
        if (!checked.success) throw notJsonRpc(request.body);
        const message = checked.data;
        const version = request.headers['mcp-protocol-version'];
        if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
          throw new AppError('validation_error', undefined, [
            {
              loc: ['header', 'mcp-protocol-version'],
              msg: `Supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
              type: 'enum',
              input: version,
            },
          ]);
        }
        // Params the method cannot take: −32602 before any unit is held or the SDK sees the message.
        const refused = invalidParamsAnswer(message);
        if (refused) return (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(refused));
        const tool = calledTool(message, tools);
        const charge = tool ? await services.charging.admit(request.caller!.orgId, tool.usage) : undefined;
        if (charge) chargeOnDelivery(request, reply, charge);
        let callId: number | null = null;
        try {
          const answer = await transport.handle(message, { requestInfo: { headers: request.headers } }, (id) => {
            callId = id;
            if (charge) calls.set(id, { request, reply, charge, settled: (settled) => (request.settled = settled) });
          });
          // The SDK's JSON-RPC answer is sent as it is: the response schema documents it, nothing re-serializes it.
          const untyped = reply as unknown as FastifyReply;
          if (answer === null) return untyped.code(202).send();
          return untyped.type('application/json; charset=utf-8').send(serializeAnswer(answer));
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
