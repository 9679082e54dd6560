import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids: a client may name its request with `X-Request-Id` so its logs and ours
 * meet; anything else gets a fresh UUID. The accepted form is bounded (no spaces, quotes or
 * control characters, 100 characters at most) because the id is written into every log line of
 * the request and echoed in headers and error bodies.
 */
const ACCEPTED = /^[A-Za-z0-9._-]{1,100}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Fastify's `genReqId`: the client's id when it has the accepted form, else a new one. */
export function requestIdFor(request: { headers: IncomingHttpHeaders }): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && ACCEPTED.test(sent) ? sent : randomUUID();
}

/** Every response carries its id, errors included: the header is set first, before any hook can refuse the request. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
