import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../domain/errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * Errors raised before a request reaches a route, where no hook runs: Fastify's router (bad
 * percent-encoding, an over-long path parameter) and Node's HTTP parser (headers too large,
 * broken syntax, a request too slow). They leave in our shape with `X-Credits-Charged: 0`, like
 * every other error (spec §7, §8).
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

/** Fastify's `clientErrorHandler` option: the connection is answered once, then closed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has no one left to answer (Node's own handler does the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = new AppError(clientErrorCode(error));
  // No request was read, so none was named: a fresh id keeps "every error carries one" true.
  const requestId = randomUUID();
  const body = JSON.stringify(appError.toBody(requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Credits-Charged: 0\r\n${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n` +
        body,
    );
  }
  socket.destroy(error);
}
