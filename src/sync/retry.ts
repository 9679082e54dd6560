/**
 * Retries of portal requests (STYLE.md #9: only what is classified retryable). The portal's
 * rate-limits page: "On HTTP 429, wait at least 5 seconds before retrying"; a download of the same
 * file past 20 a year is a 429 too, so a Retry-After longer than we are willing to wait fails the
 * file for this run (reported, retried by the next sync) instead of blocking the night.
 */
import { setTimeout as delay } from 'node:timers/promises';

export type PortalErrorKind =
  'forbidden' | 'not-found' | 'rate-limited' | 'server' | 'network' | 'truncated' | 'too-large' | 'bad-response';

/** A failed portal request, with whether asking again may succeed. */
export class PortalError extends Error {
  constructor(
    readonly kind: PortalErrorKind,
    message: string,
    readonly retryable: boolean,
    /** The wait the portal asked for (429 Retry-After), in milliseconds. */
    readonly retryAfterMs: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PortalError';
  }
}

export interface RetryPolicy {
  /** Tries per request, the first included. */
  attempts: number;
  /** Server errors, lost connections and short downloads wait base·2^(n−1), at most maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A 429 without Retry-After waits this long (the portal says at least 5 s). */
  minRetryAfterMs: number;
  /** A 429 asking for a longer wait fails the request for this run. */
  maxRetryAfterMs: number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  minRetryAfterMs: 5_000,
  maxRetryAfterMs: 120_000,
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Why a retry happens, for the caller's log line. */
export interface RetryNotice {
  attempt: number;
  waitMs: number;
  error: PortalError;
}

/** Runs `attempt` until it succeeds, fails for good, or runs out of tries; the last error is thrown. */
export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  options: { signal?: AbortSignal; onRetry?: (notice: RetryNotice) => void } = {},
): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof PortalError) || !error.retryable || n >= policy.attempts) throw error;
      const waitMs =
        error.kind === 'rate-limited'
          ? Math.max(error.retryAfterMs ?? 0, policy.minRetryAfterMs)
          : Math.min(policy.baseDelayMs * 2 ** (n - 1), policy.maxDelayMs);
      if (waitMs > policy.maxRetryAfterMs) throw error;
      options.signal?.throwIfAborted();
      options.onRetry?.({ attempt: n, waitMs, error });
      await policy.sleep(waitMs, options.signal);
    }
  }
}
