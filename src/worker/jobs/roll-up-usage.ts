import { Type } from 'typebox';
import { MINUTE_ROWS_KEPT_DAYS, rollUpUsageJournal } from '../../billing/usage-journal.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';

/** Folds usage-journal minute rows older than `keep_days` into day rows. Idempotent. */
export const rollUpUsage = defineJob({
  name: 'billing.roll-up-usage',
  payload: Type.Object({
    $version: Type.Literal(1),
    keep_days: Type.Integer({ minimum: 1, maximum: 366 }),
  }),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 15 * 60,
  concurrency: 1,
  dedupeKey: () => 'roll-up-usage',
  async handle(payload, { services, log }) {
    const folded = await rollUpUsageJournal(services.context.db, { keepDays: payload.keep_days });
    log.info(folded, 'usage journal rolled up');
  },
});

/** Hourly: a day's minute rows are folded soon after they pass the kept window. */
export const rollUpUsageHourly = scheduleEntry({
  name: rollUpUsage.name,
  job: rollUpUsage,
  rule: { cron: '7 * * * *' },
  payload: () => ({ $version: 1 as const, keep_days: MINUTE_ROWS_KEPT_DAYS }),
});
