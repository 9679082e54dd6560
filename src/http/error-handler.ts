import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../domain/errors.js';
import { answerClientGone, clientWentAway, registerClientAbort } from './client-abort.js';
import { toValidationIssues } from './validation-detail.js';

/** Fastify's own request errors → our codes (the rest of its 4xx become validation errors). */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
};

/**
 * Failures that pass: the client retries later. 53100 disk_full is among them: a write the database
 * cannot store for want of space (a new monitor, a lease) is the operator's disk to free, not a bug.
 */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53100', '53300', '40001', '40P01', 'ECONNREFUSED', 'ECONNRESET']);

/** Database failures by SQLSTATE (never by message text), after PostgREST's table. */
function fromDatabase(error: { code?: unknown }): AppError | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === '57014') return new AppError('computation_timeout', undefined, undefined, undefined, { cause: error });
  if (code.startsWith('08') || UNAVAILABLE.has(code)) {
    return new AppError('service_unavailable', undefined, undefined, undefined, { cause: error });
  }
  return null;
}

function requestPart(request: FastifyRequest, context: string): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

export function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    return new AppError('validation_error', undefined, toValidationIssues(error.validation, context, requestPart(request, context)));
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped, undefined, undefined, undefined, { cause: error });
  if (error instanceof SyntaxError && error.statusCode === 400)
    return new AppError('invalid_json', undefined, undefined, undefined, { cause: error });
  // Any other request error of Fastify's own is the caller's, never a 500.
  if (error.code?.startsWith('FST_') && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('bad_request', undefined, undefined, undefined, { cause: error });
  }
  return fromDatabase(error) ?? new AppError('internal_error', undefined, undefined, undefined, { cause: error });
}

/** The single renderer: every error leaves as `{error, message, detail?, request_id}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  registerClientAbort(app);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (clientWentAway(error, request)) return answerClientGone(error, request, reply);
    const appError = toAppError(error, request);
    if (appError.status >= 500) {
      // Details go to the log only; the client sees the catalogue's generic message.
      request.log.error({ err: appError.cause ?? error, code: appError.code }, 'request failed');
    }
    return reply.code(appError.status).send(appError.toBody(request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The path is echoed, cut to a bounded length like every other echo of input.
    const error = new AppError('not_found', `No route ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}.`);
    return reply.code(error.status).send(error.toBody(request.id));
  });
}
