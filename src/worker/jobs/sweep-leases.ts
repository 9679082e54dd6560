import { Type } from 'typebox';
import { LEASE_STALE_AFTER_MS, sweepStaleLeases } from '../../billing/lease-sweeper.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/**
 * Returns the unspent units of leases whose process stopped beating (DESIGN.md D22). Live
 * processes also sweep an org whose row runs dry; this job makes sure a crashed process's units
 * come back even when nobody asks for them. Idempotent: a swept lease is gone.
 */
export const sweepLeases = defineJob({
  name: 'billing.sweep-leases',
  payload: Type.Object({
    $version: Type.Literal(1),
    stale_after_ms: Type.Integer({ minimum: 1_000, maximum: 3_600_000 }),
  }),
  // The next slot comes within seconds: a failed sweep is not worth retrying.
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
  concurrency: 1,
  dedupeKey: () => 'sweep-leases',
  async handle(payload, { services, log }) {
    const swept = await sweepStaleLeases(services.context.db, { staleAfterMs: payload.stale_after_ms });
    if (swept.leases > 0) log.info(swept, 'stale credit leases returned to their orgs');
  },
});

export const sweepLeasesEvery15s = scheduleEntry({
  name: sweepLeases.name,
  job: sweepLeases,
  rule: { everySeconds: 15 },
  payload: () => ({ $version: 1 as const, stale_after_ms: LEASE_STALE_AFTER_MS }),
});
