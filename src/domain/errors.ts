import { boundedEcho } from './echo.js';

/**
 * The one error catalogue (spec §7, DESIGN.md D12/D14). Every error the API returns is built
 * here and rendered once by the error handler; `docs/errors.md` lists the same codes and a
 * unit test keeps the two in step.
 */
export const ERROR_CATALOGUE = {
  bad_request: { status: 400, message: 'The request could not be read: malformed percent-encoding in the URL or broken HTTP syntax.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  amount_below_minimum: { status: 400, message: 'The checkout amount is below the minimum of 20 US dollars.' },
  missing_filter: { status: 400, message: 'At least one filter is required.' },
  invalid_signature: {
    status: 400,
    message: 'The Stripe-Signature header is missing, does not match the body, or is more than 300 seconds old.',
  },
  invalid_api_key: { status: 401, message: 'The API key is missing, revoked or mistyped.' },
  payment_required: { status: 402, message: 'This account has no credit left. Buy credit to continue.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'This method is not offered on this path.' },
  request_timeout: { status: 408, message: 'The request did not arrive in time.' },
  org_exists: { status: 409, message: 'An organization with this owner e-mail has been funded; sign in with one of its keys.' },
  limit_reached: { status: 409, message: 'The organization has reached a limit.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  uri_too_long: { status: 414, message: 'A path parameter is longer than 200 characters.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  validation_error: { status: 422, message: 'The request is invalid.' },
  headers_too_large: { status: 431, message: 'The request headers are too large.' },
  internal_error: { status: 500, message: 'An unexpected error occurred.' },
  payment_processor_error: { status: 502, message: 'The payment processor did not answer as expected; retry shortly.' },
  billing_not_configured: { status: 503, message: 'This deployment does not take payments; ask its operator to add credit.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable; retry shortly.' },
  computation_timeout: { status: 504, message: 'The computation took too long.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One item of a 422 `detail` list (the shape pydantic-based clients already parse). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input: unknown;
  /** The limit that failed (`{le: 1000}`); rendered as `{}` when there is none. */
  ctx?: Record<string, unknown>;
}

/** A 422 lists at most this many problems: the first ones tell the caller what to fix. */
export const MAX_VALIDATION_ISSUES = 50;

/** Every item carries all five members, `input` and long `loc` names cut to a bounded size. */
function renderIssues(issues: readonly ValidationIssue[]): Required<ValidationIssue>[] {
  return issues.slice(0, MAX_VALIDATION_ISSUES).map((issue) => ({
    loc: issue.loc.map((part) => (typeof part === 'string' ? (boundedEcho(part) as string) : part)),
    msg: issue.msg,
    type: issue.type,
    input: boundedEcho(issue.input),
    ctx: issue.ctx ?? {},
  }));
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly detail?: unknown,
    /** Extra top-level body members some errors carry (the 402 checkout hint). */
    readonly extra?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message ?? ERROR_CATALOGUE[code].message, options);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }

  /** `requestId`: the request's id (its X-Request-Id), so a client can quote it to the operator, whose logs carry it. */
  toBody(requestId?: string): ErrorBody {
    const detail =
      this.code === 'validation_error' && Array.isArray(this.detail) ? renderIssues(this.detail as ValidationIssue[]) : this.detail;
    return {
      error: this.code,
      message: this.message,
      ...(detail === undefined ? {} : { detail }),
      ...this.extra,
      ...(requestId === undefined ? {} : { request_id: requestId }),
    };
  }
}

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  detail?: unknown;
  request_id?: string;
  [extra: string]: unknown;
}

export const MINIMUM_TOPUP_USD = 20;

/** D13; `message` states what an answer that cannot be cut short costs and what the balance is (D23). */
export function paymentRequired(message?: string): AppError {
  return new AppError('payment_required', message, undefined, {
    checkout: { method: 'POST', path: '/agent/checkout-link', body: { amount_usd: MINIMUM_TOPUP_USD } },
    minimum_usd: MINIMUM_TOPUP_USD,
  });
}

export function notFound(message: string, detail?: unknown): AppError {
  return new AppError('not_found', message, detail);
}

/** A 422 for a rule a JSON schema cannot express (e.g. a malformed application number). */
export function invalidParameter(issue: ValidationIssue): AppError {
  return new AppError('validation_error', undefined, [issue]);
}
