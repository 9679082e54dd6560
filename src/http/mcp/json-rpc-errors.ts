import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode as JsonRpcErrorCode, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { AppError, type ValidationIssue } from '../../domain/errors.js';
import { clientWentAway } from '../client-abort.js';
import { toAppError } from '../error-handler.js';
import { errorResult } from './tool-call.js';

/** A JSON-RPC error response; `id` is null where the request's id could not be read (JSON-RPC 2.0 §5). */
export function jsonRpcError(id: RequestId | null, code: number, message: string, data?: unknown): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } } as unknown as JSONRPCMessage;
}

/** The id of a parsed message, when it has one JSON-RPC allows (a string or an integer). */
export function idOf(body: unknown): RequestId | null {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as RequestId) : null;
}

export function sendJsonRpc(reply: FastifyReply, status: number, answer: JSONRPCMessage): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(answer));
}

/**
 * What a failure of the exchange itself is in JSON-RPC terms: a body that is no JSON is a parse
 * error; one the server refuses before reading it as a message (too deep, bad text, too large, not
 * JSON) is an invalid request; a failure of the server is an internal error. Null: the REST body
 * stays (401 invalid_api_key, which MCP's transport leaves to HTTP, and 405 on GET or DELETE).
 */
function jsonRpcCodeOf(error: AppError): number | null {
  if (error.code === 'invalid_json') return JsonRpcErrorCode.ParseError;
  if (error.code === 'invalid_api_key' || error.code === 'method_not_allowed') return null;
  return error.status >= 500 ? JsonRpcErrorCode.InternalError : JsonRpcErrorCode.InvalidRequest;
}

const MESSAGES: Record<number, string> = {
  [JsonRpcErrorCode.ParseError]: 'Parse error: the body is not JSON',
  [JsonRpcErrorCode.InternalError]: 'Internal error',
};

/** A message's text stays bounded whatever was sent (a key of a thousand characters). */
const MAX_MESSAGE = 200;

/**
 * Text refused inside a request's params (the input guard's NUL or unpaired surrogate) is the
 * method's error, not the exchange's: in a tool's arguments, the tool's error result with REST's
 * 422 (its locations as the tool's own checks give them); elsewhere in params, −32602. Null when
 * the refusal is not about params.
 */
function paramsAnswer(error: AppError, body: unknown, requestId: string, baseUrl: string): JSONRPCMessage | null {
  const id = idOf(body);
  const method = (body as { method?: unknown } | undefined)?.method;
  if (error.code !== 'validation_error' || id === null || typeof method !== 'string' || !Array.isArray(error.detail)) return null;
  const issues = error.detail as ValidationIssue[];
  if (issues.length === 0 || !issues.every((issue) => issue.loc[0] === 'body' && issue.loc[1] === 'params')) return null;
  if (method === 'tools/call' && issues.every((issue) => issue.loc[2] === 'arguments')) {
    const asTool = new AppError(
      'validation_error',
      undefined,
      issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc.slice(3)] })),
    );
    return { jsonrpc: '2.0', id, result: errorResult(asTool, requestId, baseUrl) } as unknown as JSONRPCMessage;
  }
  const first = issues[0]!;
  const text = `Invalid params: ${first.loc.slice(1).join('.')}: ${first.msg}`;
  return jsonRpcError(id, JsonRpcErrorCode.InvalidParams, text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);
}

/**
 * The `/mcp` routes' error handler: a JSON-RPC error object with the REST error body as `data`
 * and the REST status (a parse error and a refused message are 400, as MCP's transport answers
 * them), or the method's own error for text refused in its params. Whatever stays REST goes on to
 * the application's handler, which renders every other route.
 */
export function registerJsonRpcErrors(app: FastifyInstance, baseUrl: string): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // No one is left to read an answer: the application's handler records it as such.
    if (clientWentAway(error, request)) throw error;
    const appError = toAppError(error, request);
    const answer = paramsAnswer(appError, request.body, request.id, baseUrl);
    if (answer) return sendJsonRpc(reply, 200, answer);
    const code = jsonRpcCodeOf(appError);
    if (code === null) throw error;
    if (appError.status >= 500) request.log.error({ err: appError.cause ?? error, code: appError.code }, 'request failed');
    const status = appError.status === 422 ? 400 : appError.status;
    const message = MESSAGES[code] ?? `Invalid Request: ${appError.message}`;
    return sendJsonRpc(reply, status, jsonRpcError(idOf(request.body), code, message, appError.toBody(request.id)));
  });
}
