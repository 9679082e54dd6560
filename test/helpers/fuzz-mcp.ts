import fc from 'fast-check';
import { type FuzzContext, type FuzzRequest, type FuzzSchema, jsonFor, wrongJson } from './fuzz-requests.js';

/** A tool as /openapi.json's x-mcp-tools lists it. */
export interface FuzzTool {
  name: string;
  input_schema: FuzzSchema;
}

/**
 * JSON-RPC messages to /mcp: tools/call of every tool with arguments built from its input schema
 * (the same edge values REST's parameters get: 1e309, other scripts' digits, operator runs,
 * rewritten cursors), and requests whose params do not fit their method at all.
 */
export function mcpRequestsFor(tools: readonly FuzzTool[], context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const call = fc
    .constantFrom(...tools)
    .chain((tool) => jsonFor(tool.input_schema, context).map((args) => ({ name: tool.name, arguments: args })));
  const malformed = fc.oneof(
    wrongJson().map((name) => ({ name })),
    fc.constantFrom(...tools).chain((tool) => wrongJson().map((args) => ({ name: tool.name, arguments: args }))),
    wrongJson(),
  );
  const message = fc.oneof(
    { arbitrary: call.map((params) => ({ method: 'tools/call', params })), weight: 8 },
    { arbitrary: malformed.map((params) => ({ method: 'tools/call', params })), weight: 2 },
    {
      arbitrary: fc.tuple(fc.constantFrom('tools/list', 'initialize', 'ping'), wrongJson()).map(([method, params]) => ({ method, params })),
      weight: 1,
    },
  );
  return fc.tuple(message, fc.nat(1_000_000)).map(([{ method, params }, id]) => ({
    method: 'POST',
    url: '/mcp',
    headers: { authorization: `Bearer ${context.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }),
  }));
}
