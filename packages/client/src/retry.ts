/**
 * Retrying fetch: the service answers 503 service_unavailable while its database is unreachable,
 * restarting or overloaded, and a gateway in front of it may answer 503 or 504; both say "try again
 * shortly". Retried with exponential back-off (doubling, with jitter so many clients do not come
 * back at once), or after exactly the wait a Retry-After header asks for, a bounded number of times.
 * A network error is retried only on GET and HEAD: a POST that failed on the wire may have been
 * carried out, and sending it again could do it twice.
 */

export interface RetryOptions {
  /** Further attempts after the first; 0 turns retrying off. Default 3. */
  limit?: number;
  /** The first back-off; each later one doubles, up to `maxDelayMs`. Default 500 ms. */
  baseDelayMs?: number;
  /** The longest wait between attempts; a Retry-After asking for more ends the retries. Default 30 s. */
  maxDelayMs?: number;
}

const DEFAULTS: Required<RetryOptions> = { limit: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** 503 and 504 codes no wait mends: a deployment without payments, a search too broad for its time limit. */
const LASTING_CODES = new Set(['billing_not_configured', 'computation_timeout']);

const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its weekday and month; Date.parse alone would read "-5" as a year.
  const date = /[A-Za-z]/.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** Whether a 503 or 504 may pass with time: not when the body names a lasting cause. */
async function transient(response: Response): Promise<boolean> {
  if (response.status !== 503 && response.status !== 504) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return !(typeof body?.error === 'string' && LASTING_CODES.has(body.error));
}

/** `fetch` with the retries above; the request is cloned per attempt so its body can be sent again. */
export function retryingFetch(fetch: (request: Request) => Promise<Response>, options: RetryOptions = {}) {
  const { limit, baseDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  const backoff = (retry: number) => {
    const full = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
    return full / 2 + (Math.random() * full) / 2;
  };
  return async (request: Request): Promise<Response> => {
    for (let retry = 0; ; retry += 1) {
      let response: Response;
      try {
        response = await fetch(request.clone());
      } catch (error) {
        if (retry >= limit || !IDEMPOTENT.has(request.method) || request.signal.aborted) throw error;
        await sleep(backoff(retry), request.signal);
        continue;
      }
      if (retry >= limit || !(await transient(response))) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      if (asked !== null && asked > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(asked ?? backoff(retry), request.signal);
    }
  };
}
