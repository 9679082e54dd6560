import { Type } from 'typebox';

/**
 * A string or an integer, checked by the SDK's own schema: typed here, the validator's coercion
 * would answer a client's id 1 as "1".
 */
const RequestId = Type.Unsafe<string | number>({ description: 'The JSON-RPC id, a string or an integer (absent on a notification)' });

/** One JSON-RPC 2.0 message, as MCP's streamable HTTP transport takes it (batches are not part of MCP since 2025-06-18). */
export const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(RequestId),
    method: Type.Optional(
      Type.String({ maxLength: 200, description: 'initialize, notifications/initialized, tools/list, tools/call, ping …' }),
    ),
    params: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'tools/call: {name, arguments}; see x-mcp-tools' })),
    result: Type.Optional(Type.Object({}, { additionalProperties: true })),
    error: Type.Optional(
      Type.Object({ code: Type.Integer(), message: Type.String({ maxLength: 2000 }), data: Type.Optional(Type.Unknown()) }),
    ),
  },
  { additionalProperties: false, description: 'A JSON-RPC 2.0 request, notification or response' },
);

/** What the SDK answers: a result or a JSON-RPC error, passed through as it is. */
export const JsonRpcReply = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Type.Unsafe<string | number | null>({ description: 'The id of the request answered' })),
  },
  { additionalProperties: true, description: 'The JSON-RPC response: `result` (for tools/call a CallToolResult) or `error`' },
);
