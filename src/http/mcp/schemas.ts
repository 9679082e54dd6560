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

/** What `/mcp` answers when the exchange itself fails (no JSON, a batch, a refused origin): a JSON-RPC error, no result. */
const JsonRpcErrorReply = (description: string) =>
  Type.Object(
    {
      jsonrpc: Type.Literal('2.0'),
      id: Type.Unsafe<string | number | null>({ description: "The request's id, null when it could not be read" }),
      error: Type.Object({
        code: Type.Integer({ description: '−32700 parse error, −32600 invalid request, −32603 internal error' }),
        message: Type.String(),
        data: Type.Optional(Type.Unknown({ description: 'The REST error body of the refusal, when there is one' })),
      }),
    },
    { description },
  );

/** The statuses `/mcp` answers with a JSON-RPC error (401 and 405 stay REST's error body). */
export const JsonRpcRefusals = {
  400: JsonRpcErrorReply('The body is no JSON (−32700), a batch, or not one JSON-RPC message (−32600)'),
  403: JsonRpcErrorReply('A browser Origin not in MCP_ALLOWED_ORIGINS (−32600)'),
  413: JsonRpcErrorReply('The body is larger than BODY_LIMIT_BYTES (−32600)'),
  415: JsonRpcErrorReply('The body is not application/json (−32600)'),
  500: JsonRpcErrorReply('The server failed (−32603)'),
};
