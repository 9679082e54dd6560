/**
 * The worker's schedule (schedule.ts: a claim per slot in `job_schedule`, ticking every 5 s on
 * the database's clock) against pg-boss's `schedule()` (its cron monitor and `send-it` queue,
 * `schedule: true`), both running for the same minutes on the same database, one of each per
 * connection pool given (two pools on PostgreSQL stand for two worker processes). Neither runs
 * the jobs: what is counted is the jobs each enqueued, per rule, and how long after its slot.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { Type } from 'typebox';
import type { Database } from '../src/db/database.js';
import { defineJob } from '../src/worker/job-type.js';
import { pgBossAdapter } from '../src/worker/pg-boss-adapter.js';
import { JobQueue } from '../src/worker/queue.js';
import { type ScheduleRule, latestSlot, Scheduler, scheduleEntry } from '../src/worker/schedule.js';
import { WORKER_DEFAULTS } from '../src/worker/start.js';

export interface RuleCount {
  rule: string;
  /** Slots from the newest one at the start to the end of the window. */
  slots: number;
  ours: number;
  oursLag: string;
  pgBoss: number;
  pgBossLag: string;
  /** Slots given more than one job. */
  duplicates: { ours: number; pgBoss: number };
}

interface Rule {
  key: string;
  text: string;
  ours: ScheduleRule;
  cron: string;
  /** Seconds between slots, to find a pg-boss job's slot (its jobs carry none). */
  period: number;
}

function rules(start: Date): Rule[] {
  // Its slot passed two minutes before the start, while no worker ran.
  const missed = new Date(start.getTime() - 2 * 60_000);
  const daily = `${missed.getUTCMinutes()} ${missed.getUTCHours()} * * *`;
  return [
    { key: '15s', text: 'every 15 s', ours: { everySeconds: 15 }, cron: '*/15 * * * * *', period: 15 },
    { key: 'minute', text: 'every minute', ours: { cron: '* * * * *' }, cron: '* * * * *', period: 60 },
    { key: 'daily', text: `daily, slot passed 2 min before the start ("${daily}")`, ours: { cron: daily }, cron: daily, period: 86_400 },
  ];
}

const jobOf = (name: string) =>
  defineJob({
    name,
    payload: Type.Object({ $version: Type.Literal(1), slot: Type.String() }),
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    expireInSeconds: 60,
    concurrency: 1,
    dedupeKey: (payload) => payload.slot,
    handle: async () => undefined,
  });

const options = { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined };

/** Runs both schedules for `minutes` on every pool in `pools` (the same database), then counts what each enqueued. */
export async function compareSchedules(pools: readonly Database[], minutes: number): Promise<RuleCount[]> {
  const db = pools[0]!;
  const start = new Date();
  const all = rules(start);
  const ourJobs = all.map((rule) => jobOf(`bench.ours-${rule.key}`));
  const entries = all.map((rule, i) =>
    scheduleEntry({
      name: ourJobs[i]!.name,
      job: ourJobs[i]!,
      rule: rule.ours,
      payload: (slot) => ({ $version: 1 as const, slot: slot.toISOString() }),
    }),
  );
  const queues = await Promise.all(pools.map((pool) => JobQueue.open(pool, ourJobs, options)));
  const errors: unknown[] = [];
  const bosses = pools.map((pool) => new PgBoss({ db: pgBossAdapter(pool), schedule: true, supervise: false, migrate: false }));
  for (const boss of bosses) boss.on('error', (error) => errors.push(error));
  for (const rule of all) {
    const name = `bench.pgboss-${rule.key}`;
    await bosses[0]!.createQueue(name, { name, policy: 'standard' });
    await bosses[0]!.schedule(name, rule.cron, {});
  }
  await Promise.all(bosses.map((boss) => boss.start()));

  const stopAt = start.getTime() + minutes * 60_000;
  const ticking = pools.map(async (pool, i) => {
    const scheduler = new Scheduler(pool, queues[i]!, entries);
    while (Date.now() < stopAt) {
      await scheduler.tick().catch((error: unknown) => errors.push(error));
      await sleep(Math.min(WORKER_DEFAULTS.scheduleTickMs, Math.max(0, stopAt - Date.now())));
    }
  });
  await Promise.all(ticking);
  const end = new Date();
  for (const boss of bosses) await boss.stop({ graceful: false, close: false });
  for (const queue of queues) await queue.close();
  if (errors.length > 0) console.log(`  schedules reported ${errors.length} errors, the first: ${String(errors[0])}`);

  // Slots that began by `settled` had time to be enqueued by both (pg-boss's cron monitor looks every 30 s).
  const settled = new Date(end.getTime() - SETTLE_MS);
  return Promise.all(
    all.map(async (rule) => {
      const first = latestSlot(rule.ours, start);
      const ours = await enqueued(db, `bench.ours-${rule.key}`, null, start, settled);
      // pg-boss enqueues a schedule at most once a minute: its job stands for the minute's first slot.
      const theirs = await enqueued(db, `bench.pgboss-${rule.key}`, Math.max(rule.period, 60), start, settled);
      return {
        rule: rule.text,
        slots: countSlots(rule, first, settled),
        ours: ours.jobs,
        oursLag: ours.lag,
        pgBoss: theirs.jobs,
        pgBossLag: theirs.lag,
        duplicates: { ours: ours.duplicates, pgBoss: theirs.duplicates },
      };
    }),
  );
}

const SETTLE_MS = 40_000;

function countSlots(rule: Rule, first: Date, until: Date): number {
  let slots = 0;
  for (let t = first.getTime(); t <= until.getTime(); t = latestSlot(rule.ours, new Date(t + rule.period * 1000)).getTime()) slots += 1;
  return slots;
}

/**
 * Jobs of a queue whose slot began by `until`: ours carry their slot; a pg-boss job's is taken as
 * the rule's period floored from its creation. The lag after the slot is over the slots after
 * `start` (the slot before it, caught up at the start, waited for the worker, not the schedule).
 */
async function enqueued(
  db: Database,
  name: string,
  period: number | null,
  start: Date,
  until: Date,
): Promise<{ jobs: number; duplicates: number; lag: string }> {
  const { rows } = await db.query<{ slot: Date; jobs: number; lag: number }>(
    `SELECT slot, count(*)::int AS jobs, min(extract(epoch FROM created_on - slot))::float8 AS lag
     FROM (SELECT created_on,
                  CASE WHEN $2::int IS NULL THEN (data->>'slot')::timestamptz
                       ELSE to_timestamp(floor(extract(epoch FROM created_on) / $2) * $2) END AS slot
           FROM pgboss.job WHERE name = $1) j
     WHERE slot <= $3
     GROUP BY slot`,
    [name, period, until],
  );
  const lags = rows
    .filter((row) => row.slot.getTime() >= start.getTime())
    .map((row) => row.lag)
    .sort((a, b) => a - b);
  const lag = lags.length === 0 ? '–' : `${lags[Math.floor(lags.length / 2)]!.toFixed(1)} / ${lags.at(-1)!.toFixed(1)} s`;
  return {
    jobs: rows.reduce((sum, row) => sum + row.jobs, 0),
    duplicates: rows.filter((row) => row.jobs > 1).length,
    lag,
  };
}
