import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../domain/errors.js';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.js';

/**
 * Errors raised before a request reaches a route, where no hook runs: Fastify's router (bad
 * percent-encoding, an over-long path parameter) and Node's HTTP parser (headers too large,
 * broken syntax, a request too slow), and a CONNECT, which Node keeps from Fastify. They leave in
 * our shape with `X-Credits-Charged: 0`, like every other error (spec §7, §8).
 */
const ROUTER_CODES: Record<string, ErrorCode> = {
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
};

/** Fastify's `frameworkErrors` option. */
export function renderFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const code = ROUTER_CODES[error.code];
  const appError = new AppError(code ?? 'internal_error', undefined, undefined, undefined, { cause: error });
  if (!code) request.log.error({ err: error }, 'framework error');
  void reply
    .code(appError.status)
    .header('X-Credits-Charged', '0')
    .header(REQUEST_ID_HEADER, request.id)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(appError.toBody(request.id)));
}

function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  return 'bad_request';
}

/** One answer written straight to a socket no request object stands for, in our shape. */
function writeError(socket: Duplex, appError: AppError, requestId: string, extraHeaders = ''): void {
  const body = JSON.stringify(appError.toBody(requestId));
  socket.write(
    `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}` +
      `X-Credits-Charged: 0\r\n${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n` +
      body,
  );
}

/** Fastify's `clientErrorHandler` option: the connection is answered once, then closed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has no one left to answer (Node's own handler does the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // No request was read, so none was named: a fresh id keeps "every error carries one" true.
  if (socket.writable) writeError(socket, new AppError(clientErrorCode(error)), randomUUID());
  socket.destroy(error);
}

/** How long a refused CONNECT's client has to read the answer and close its side. */
const CONNECT_LINGER_MS = 5_000;

/** The methods our routes answer (HEAD with every GET): what a 405 names in `Allow`. */
const ALLOWED_METHODS = 'GET, HEAD, POST, DELETE';

/**
 * Node's HTTP server hands a CONNECT request to its 'connect' listeners instead of the request
 * handler, so Fastify never sees it; with no listener Node drops the connection without a word.
 * This server is no proxy: a 405 in our shape, then the connection is ended cleanly.
 */
export function refuseConnect(request: IncomingMessage, socket: Duplex): void {
  if (socket.destroyed) return;
  const appError = new AppError('method_not_allowed', 'This server is not a proxy: CONNECT is not offered.');
  if (socket.writable) writeError(socket, appError, requestIdFor(request), `Allow: ${ALLOWED_METHODS}\r\n`);
  // Whatever the client sends after its CONNECT is not read: the answer is final.
  socket.on('error', () => undefined);
  socket.end();
  // Node no longer manages this socket: a client that never closes its side would hold it, and a
  // graceful shutdown waiting on it, for good.
  const linger = setTimeout(() => socket.destroy(), CONNECT_LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
