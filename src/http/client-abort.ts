import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How a request's own streams fail when its client hangs up: Node's request 'aborted'
 * (ECONNRESET) while the body is read, a reset or broken socket, a stream closed early.
 */
const HUNG_UP = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * nginx's "client closed request": the status the reply's own hooks see (not a 2xx, so no unit is
 * charged, D30). Nobody receives it.
 */
const CLIENT_CLOSED_STATUS = 499;

/**
 * True when the error is the client's hang-up, not ours: one of those codes while the client's
 * connection is gone. The same code with the client still there (a database connection reset,
 * say) is a real failure and stays a 503.
 */
export function clientWentAway(error: { code?: unknown }, request: FastifyRequest): boolean {
  if (typeof error.code !== 'string' || !HUNG_UP.has(error.code)) return false;
  // The socket, not the request stream: a request whose body was read in full is destroyed too.
  const socket = request.raw.socket as { destroyed?: boolean } | null | undefined;
  return !socket || socket.destroyed === true;
}

/** Logged once, at info and without a stack: a client leaving early is routine, not an error of the service. */
export function answerClientGone(error: { code?: unknown }, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.info({ code: error.code }, 'client closed the connection before the answer');
  return reply.code(CLIENT_CLOSED_STATUS).send();
}

/**
 * A client that left while the request's own hooks ran (key check, admission) took its unread
 * body with it, and the stream's end came before anyone listened: Fastify would wait for that
 * body forever, with no answer, no log line and no end to the request. It ends here instead, as
 * the hang-up it is.
 */
async function bodyGoneUnread(request: FastifyRequest): Promise<void> {
  if (request.raw.destroyed && !request.raw.complete) {
    throw Object.assign(new Error('the client closed the connection before its body was read'), { code: 'ECONNRESET' });
  }
}

/** Client hang-ups are answered by the error handler (`clientWentAway`), including those before the body is read. */
export function registerClientAbort(app: FastifyInstance): void {
  app.addHook('preParsing', bodyGoneUnread);
}
