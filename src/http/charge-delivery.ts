import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Charge } from '../billing/charges.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The charges this request's answer pays (REST: one; MCP: its tool call's), spent only once it is delivered. */
    deliveries: Charge[] | null;
  }
}

/**
 * Charges follow delivery (DESIGN D30): a charge joins its request's answer here when it is
 * admitted. The answer's 'finish' on a sound socket (every byte handed to the connection) spends
 * what was prepared; its 'close' otherwise (the client hung up, the socket was reset, the server
 * answered a stray byte with 400 and closed) abandons them: released, never charged, and an
 * answer still being made holds nothing more. Every admitted charge ends here, so none can stay
 * held.
 */
export function chargeOnDelivery(request: FastifyRequest, reply: FastifyReply, charge: Charge): void {
  const response = reply.raw;
  const socket = request.raw.socket as { errored?: Error | null; destroyed?: boolean } | null;
  // The client left while the request waited for its admission: the close came before any listener.
  if (response.destroyed || socket?.destroyed) {
    charge.abandon();
    return;
  }
  if (request.deliveries) {
    request.deliveries.push(charge);
    return;
  }
  const charges = [charge];
  request.deliveries = charges;
  response.once('finish', () => {
    // Node also finishes an answer whose socket failed under the last write (a reset): that one was not delivered.
    if (socket?.errored) return;
    for (const each of charges) each.delivered();
  });
  response.once('close', () => {
    for (const each of charges) each.abandon();
  });
}
