import type { components } from './schema.js';
import { answerMeta, type AnswerMeta } from './answer-meta.js';

/**
 * The codes of the service's error catalogue (docs/errors.md). An error body carries one of them in
 * `error`; a client branches on it, never on the message. A newer server may add codes, so a code
 * outside this list is still passed through as the string it is.
 */
export const ERROR_CODES = [
  'bad_request',
  'invalid_json',
  'amount_below_minimum',
  'missing_filter',
  'invalid_signature',
  'invalid_api_key',
  'payment_required',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'org_exists',
  'limit_reached',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'validation_error',
  'headers_too_large',
  'internal_error',
  'payment_processor_error',
  'billing_not_configured',
  'service_unavailable',
  'computation_timeout',
] as const;

/** `unexpected_response`: the body was not the service's error shape (e.g. a proxy's own 502 page). */
export type ErrorCode = (typeof ERROR_CODES)[number] | 'unexpected_response' | (string & {});

type ErrorBody = components['schemas']['Error'];
type ValidationIssue = components['schemas']['ValidationIssue'];

function isErrorBody(body: unknown): body is ErrorBody {
  const candidate = body as Partial<ErrorBody> | null;
  return (
    typeof candidate === 'object' && candidate !== null && typeof candidate.error === 'string' && typeof candidate.message === 'string'
  );
}

/** A non-2xx answer of the service: its status, its catalogue code, and what the body said. */
export class PatentStatusError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** The request's id (X-Request-Id, also the body's request_id): quote it to the operator, whose logs carry it. */
  readonly requestId: string | null;
  /** Code-specific: the list of problems of a 422 (see `issues`), the covered dates of a claims 404 … */
  readonly detail: unknown;
  /** The whole parsed body, for members some errors add (a 402's `checkout` and `minimum_usd`). */
  readonly body: unknown;
  /** An error is never charged: `charged` is 0 and `remaining` null. */
  readonly credits: AnswerMeta['credits'];

  constructor(response: Response, body: unknown) {
    const known = isErrorBody(body);
    const code = known ? body.error : 'unexpected_response';
    const text = known ? body.message : `HTTP ${response.status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
    super(`${code}: ${text}`);
    this.name = 'PatentStatusError';
    this.status = response.status;
    this.code = code;
    this.detail = known ? body.detail : undefined;
    this.body = body;
    const meta = answerMeta(response);
    this.requestId = (known && typeof body.request_id === 'string' ? body.request_id : null) ?? meta.requestId;
    this.credits = meta.credits;
  }

  /** The problems a 422 validation_error lists (`loc`, `msg`, `type`, `input`, `ctx`); empty for any other error. */
  get issues(): ValidationIssue[] {
    return this.code === 'validation_error' && Array.isArray(this.detail) ? (this.detail as ValidationIssue[]) : [];
  }
}
