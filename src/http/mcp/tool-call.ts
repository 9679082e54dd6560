import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Charge, Settled } from '../../billing/charges.js';
import { type AppError, paymentRequired } from '../../domain/errors.js';
import type { McpTool } from '../../mcp/tool.js';
import { toAppError } from '../error-handler.js';
import { SAME_AS_TEXT } from './answer-text.js';
import { checkedArguments } from './tool-arguments.js';

/** What REST's 402 body says, in words a model acts on: which call buys credit, where, and what to do next. */
function checkoutInstructions(body: Record<string, unknown>, baseUrl: string): string {
  const checkout = body.checkout as { method: string; path: string; body: unknown };
  return (
    `This organization has no credit left: the tool did not run and nothing was charged. To buy credit, call ` +
    `${checkout.method} ${baseUrl}${checkout.path} with the same API key and the JSON body ${JSON.stringify(checkout.body)} ` +
    `(at least ${String(body.minimum_usd)} US dollars), give the returned url to a human to pay, poll ` +
    `GET ${baseUrl}/agent/me until balance_units is positive, then call the tool again.`
  );
}

/**
 * The REST error body as a tool error (D18), with the HTTP request's id, as text: structuredContent
 * is left out because a client checks it against the tool's outputSchema, which is the success
 * body's. A 402 adds the checkout instructions in words.
 */
export function errorResult(error: AppError, requestId: string, baseUrl: string): CallToolResult {
  const body = error.toBody(requestId) as unknown as Record<string, unknown>;
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
  if (error.code === 'payment_required') content.push({ type: 'text', text: checkoutInstructions(body, baseUrl) });
  return { isError: true, content };
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
  context: { request: FastifyRequest; reply: FastifyReply; charge: Charge; baseUrl: string; settled: (settled: Settled) => void },
): Promise<CallToolResult> {
  const { request, reply, charge, baseUrl } = context;
  try {
    // The arguments are the parsed message's own object: the check may fill defaults in place.
    const answer = await tool.run(checkedArguments(tool, args), { orgId: request.caller!.orgId, charge });
    const render = reply.compileSerializationSchema(answer.schema as Record<string, unknown>, '200') as (view: unknown) => string;
    const text = 'rendered' in answer ? await answer.rendered(render) : render(answer.view);
    const settled = await charge.prepare();
    if (!settled) return errorResult(paymentRequired(), request.id, baseUrl);
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
    return errorResult(appError, request.id, baseUrl);
  }
}
