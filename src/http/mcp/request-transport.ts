import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's Transport under a stateless streamable-HTTP endpoint in JSON mode, shared by every
 * HTTP request of the process: each request's message goes in under an id of its own (two
 * clients may both send id 1), and the server's response to it comes out with the client's id
 * again. This is what one WebStandardStreamableHTTPServerTransport per request does in that mode
 * (the route checks the headers and the message first), without a server, a web Request and a
 * Response built and the body parsed again per request, which cost more than a whole REST lookup
 * (bench/mcp.ts).
 */
export class RequestTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private nextId = 0;
  private readonly awaited = new Map<number, { clientId: RequestId; answer: (message: JSONRPCMessage) => void }>();

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    // Only responses to requests are sent: JSON mode has no stream for progress or log notifications.
    if (!('result' in message || 'error' in message) || typeof message.id !== 'number') return;
    const waiting = this.awaited.get(message.id);
    if (!waiting) return;
    this.awaited.delete(message.id);
    waiting.answer({ ...message, id: waiting.clientId });
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  /**
   * Hands one message to the server. `withId` learns the id the server will see (the tool call
   * finds its HTTP request by it); resolves with the response to a request, or null for a
   * notification or a response.
   */
  handle(message: JSONRPCMessage, extra: MessageExtraInfo, withId: (id: number) => void): Promise<JSONRPCMessage | null> {
    if (!('method' in message) || !('id' in message)) {
      // Of what a client may send besides requests, only `initialized` reaches the server: a
      // cancellation names the client's id, which here may be another request's, and this server
      // sends no requests a client's response could answer.
      if ('method' in message && message.method === 'notifications/initialized') this.onmessage?.(message, extra);
      return Promise.resolve(null);
    }
    const id = (this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER);
    withId(id);
    const answered = new Promise<JSONRPCMessage>((answer) => this.awaited.set(id, { clientId: message.id, answer }));
    this.onmessage?.({ ...message, id }, extra);
    return answered;
  }
}
