import {
  CallToolRequestSchema,
  ErrorCode as JsonRpcErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

interface RequestSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The SDK's own schema of each request this server answers. The SDK parses a request's params
 * with it only inside its protocol handler, where a failure is thrown as a plain error: the client
 * got −32603 (internal error) with the validator's whole issue list as the message. Checked here
 * first, the same failure is what JSON-RPC calls it, −32602 (invalid params), in one short line.
 */
const REQUEST_SCHEMAS = new Map<string, RequestSchema>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

/** A message's text stays bounded whatever was sent (a path of a thousand keys, a long name). */
const MAX_MESSAGE = 200;

/**
 * The JSON-RPC error answering a request whose params do not fit its method; null when they fit
 * or when the message is no request of a method this server has (the SDK answers those: −32601).
 * A tool's arguments that fit the SDK's shape (an object) are the tool's to check: those errors are
 * tool results (isError) with the REST body, which a model can read and correct.
 */
export function invalidParamsAnswer(message: JSONRPCMessage): JSONRPCMessage | null {
  if (!('method' in message) || !('id' in message)) return null;
  const schema = REQUEST_SCHEMAS.get(message.method);
  const parsed = schema?.safeParse(message);
  if (!parsed || parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'params';
  const text = `Invalid params: ${where}: ${issue?.message ?? 'does not fit the method'}`;
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: { code: JsonRpcErrorCode.InvalidParams, message: text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text },
  };
}
