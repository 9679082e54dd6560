import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result's structuredContent when it is its text content parsed (D18: the REST body as
 * text and as structured content): a stand-in that serializeAnswer replaces with the text itself,
 * so the body is never parsed and serialized again (that was a tenth of an MCP lookup's CPU).
 */
export const SAME_AS_TEXT: Record<string, unknown> = Object.freeze({ '\u0000same_as_text': true });

/** The stand-in as JSON writes it. Inside the encoded text content its quotes would be escaped, so it can only match itself. */
const STAND_IN = JSON.stringify(SAME_AS_TEXT);

/** The JSON-RPC answer as sent: a stand-in structuredContent becomes the text content it stands for. */
export function serializeAnswer(answer: JSONRPCMessage): string {
  const result = (answer as { result?: { content?: { text?: unknown }[]; structuredContent?: Record<string, unknown> } }).result;
  const text = result?.content?.[0]?.text;
  const json = JSON.stringify(answer);
  if (result?.structuredContent?.['\u0000same_as_text'] !== true || typeof text !== 'string') return json;
  return json.replace(STAND_IN, () => text);
}
