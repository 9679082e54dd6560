/** The sync tests' retry policy: short back-off, and every wait recorded instead of slept. */
import type { RetryPolicy } from '../../src/sync/retry.js';

export function recordedRetry(): { policy: RetryPolicy; waits: number[] } {
  const waits: number[] = [];
  const policy: RetryPolicy = {
    attempts: 3,
    baseDelayMs: 1,
    maxDelayMs: 4,
    minRetryAfterMs: 5,
    maxRetryAfterMs: 60_000,
    sleep: async (ms) => void waits.push(ms),
  };
  return { policy, waits };
}
