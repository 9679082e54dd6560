import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Charge, Settled } from '../../billing/charges.js';
import { AppError, invalidParameter, paymentRequired } from '../../domain/errors.js';
import { findUnsafeNumber } from '../../domain/input-numbers.js';
import { advertisedInput, type McpTool } from '../../mcp/tool.js';
import { toAppError } from '../error-handler.js';
import { toValidationIssues } from '../validation-detail.js';
import { SAME_AS_TEXT } from './answer-text.js';

/** The JSON Schema each tool's arguments are checked against, made once per tool (Fastify caches validators by schema object). */
const ADVERTISED = new WeakMap<McpTool, Record<string, unknown>>();

export function argumentSchema(tool: McpTool): Record<string, unknown> {
  let schema = ADVERTISED.get(tool);
  if (!schema) ADVERTISED.set(tool, (schema = advertisedInput(tool.input)));
  return schema;
}

/** The REST error body as a tool error (D18), with the HTTP request's id: text for any client, structured for those that read it. */
function errorResult(error: AppError, requestId: string): CallToolResult {
  const body = error.toBody(requestId) as unknown as Record<string, unknown>;
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

function checkedArguments(tool: McpTool, args: Record<string, unknown>, request: FastifyRequest): Record<string, unknown> {
  // The route's own validator (Ajv with REST's options): defaults filled in, the same 422 items.
  const validate = request.compileValidationSchema(argumentSchema(tool));
  if (!validate(args)) {
    const errors = (validate.errors ?? []) as Parameters<typeof toValidationIssues>[0];
    throw new AppError('validation_error', undefined, toValidationIssues(errors, 'body', args));
  }
  // As REST's preHandler: what coercion made of a string ("1e309" is Infinity by now).
  const unsafe = findUnsafeNumber(args, ['body']);
  if (unsafe) throw invalidParameter(unsafe);
  return args;
}

/**
 * One `tools/call`: arguments checked, the tool's service called, the answer rendered by the REST
 * twin's response serializer (the same bytes REST sends), the held charge prepared on success (spent
 * once the answer is delivered) and released on an error result (never charged). `settled` reports
 * what is charged.
 */
export async function callTool(
  tool: McpTool,
  args: Record<string, unknown>,
  context: { request: FastifyRequest; reply: FastifyReply; charge: Charge; settled: (settled: Settled) => void },
): Promise<CallToolResult> {
  const { request, reply, charge } = context;
  try {
    // The arguments are the parsed message's own object: the check may fill defaults in place.
    const answer = await tool.run(checkedArguments(tool, args, request), { orgId: request.caller!.orgId, charge });
    const render = reply.compileSerializationSchema(answer.schema as Record<string, unknown>, '200') as (view: unknown) => string;
    const text = 'rendered' in answer ? await answer.rendered(render) : render(answer.view);
    const settled = await charge.prepare();
    if (!settled) return errorResult(paymentRequired(), request.id);
    context.settled(settled);
    return {
      content: [{ type: 'text', text }],
      structuredContent: SAME_AS_TEXT,
      _meta: { credits_charged: settled.charged, credits_remaining: settled.remaining },
    };
  } catch (error) {
    charge.release();
    const appError = toAppError(error as FastifyError, request);
    if (appError.status >= 500)
      request.log.error({ err: appError.cause ?? error, code: appError.code, tool: tool.name }, 'tool call failed');
    return errorResult(appError, request.id);
  }
}
