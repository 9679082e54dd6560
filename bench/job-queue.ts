/**
 * One job system or two: what the worker's own pieces (the schedule, the job runner's loop, the
 * webhook delivery table and its loop) give against pg-boss's (`schedule()`, `work()`, one job per
 * delivery with its retries), on the PostgreSQL server and on the embedded engine, in the same run.
 *
 *   deliveries  N deliveries at 64 in flight, receivers simulated (1 ms each; then one in
 *               100 taking --slow-ms): the table and its loop; the same loop over pg-boss's
 *               fetch and complete; pg-boss's work() with a batch of 64, and 64 work() loops
 *               of one. Then the waits pg-boss's retries put between attempts.
 *   jobs        a backlog of no-op jobs drained 4 at a time; a run outliving its expiry; a
 *               failed acknowledgement.
 *   schedule    both schedules side by side for --minutes (two of each on PostgreSQL, one per
 *               pool, as two worker processes would run them).
 *
 *   npx tsx bench/job-queue.ts [--only deliveries,jobs,schedule] [--engines postgresql,embedded]
 *     [--paths table,fetch,work,work-n]
 *     [--deliveries 10000] [--slow-deliveries 2000 (0: none)] [--slow-ms 2000] [--jobs 200] [--minutes 3]
 */
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { creditByEmail, signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { JobQueue } from '../src/worker/queue.js';
import type { Scenario } from './job-queue-deliveries.js';
import { arg, benchDatabase, fmt } from './support.js';

interface Engine {
  name: string;
  db: Database;
  /** Pools standing for worker processes: two on PostgreSQL, the one session embedded. */
  pools: Database[];
  close(): Promise<void>;
}

async function openEngine(name: string): Promise<Engine> {
  if (name === 'postgresql') {
    const target = await benchDatabase();
    const second = openPostgres({ connectionString: target.url });
    return {
      name: `PostgreSQL (${target.url.split('/').pop()})`,
      db: target.db,
      pools: [target.db, second],
      async close() {
        await second.close();
        await target.drop();
      },
    };
  }
  const db = await openPglite({ dataDir: null });
  await migrate(db);
  return { name: 'embedded (PGlite, in memory)', db, pools: [db], close: () => db.close() };
}

const list = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return (index === -1 ? fallback : process.argv[index + 1]!).split(',');
};

// Each part loaded when asked for: a part not run need not load.
async function deliveries(engine: Engine): Promise<void> {
  const { PATHS, pgBossRetryWaits, runPath } = await import('./job-queue-deliveries.js');
  const { db } = engine;
  const services = buildServices({ config: loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }), db, notifier: { send: async () => undefined } });
  const email = `bench-job-queue-${Date.now()}@example.com`;
  const { orgId } = await signup(db, email, null);
  await creditByEmail(db, { email, units: 1_000, source: 'admin', reference: null });
  // pg-boss's schema, as a worker's start makes it.
  await (await JobQueue.open(db, [], { supervise: false, maintenanceIntervalSeconds: 30, onError: () => undefined })).close();
  const fast: Scenario = { deliveries: arg('deliveries', 10_000), concurrency: 64, fastMs: 1, slowEvery: 0, slowMs: 0 };
  const slow: Scenario = { ...fast, deliveries: arg('slow-deliveries', 2_000), slowEvery: 100, slowMs: arg('slow-ms', 2_000) };
  const paths = list('paths', Object.keys(PATHS).join(',')).map((key) => PATHS[key as keyof typeof PATHS]);
  let run = 0;
  await runPath('table', { services, db, orgId, run: run++, limitMs: 60_000 }, { ...fast, deliveries: 500 });
  for (const [label, scenario] of [
    ['1 ms receivers', fast],
    [`one receiver in 100 taking ${slow.slowMs / 1000} s`, slow],
  ] as const) {
    if (scenario.deliveries === 0) continue;
    console.log(`\n${engine.name}: ${fmt(scenario.deliveries)} deliveries, ${label}`);
    console.log('| path | recording the events | pg-boss jobs inserted | all delivered | deliveries/s | fast receivers done | errors |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const path of paths) {
      const result = await runPath(path, { services, db, orgId, run: run++, limitMs: 900_000 }, scenario);
      console.log(
        `| ${path} | ${fmt(result.recordMs)} ms | ${result.enqueueMs ? `${fmt(result.enqueueMs)} ms` : '–'} | ${result.seconds.toFixed(2)} s | ` +
          `**${fmt(result.rate)}** | ${result.fastSeconds.toFixed(2)} s | ${result.errors} |`,
      );
    }
  }
  const waits = await pgBossRetryWaits(db, 3, 6);
  console.log(
    `\n${engine.name}: pg-boss retry waits (retryDelay 60, retryBackoff), seconds, against D16's 60, 300, 1800, 7200, 28800, 86400:`,
  );
  for (const row of waits) console.log(`  ${row.map((w) => w.toFixed(0)).join(', ')}`);
  await services.charging.close();
}

async function jobs(engine: Engine): Promise<void> {
  const { drain, expiryOverlap, failedAcknowledgement } = await import('./job-queue-jobs.js');
  const { db } = engine;
  const n = arg('jobs', 200);
  console.log(`\n${engine.name}: ${fmt(n)} no-op jobs waiting, 4 at a time`);
  console.log('| path | drained in | jobs/s |');
  console.log('| --- | --- | --- |');
  for (const result of await drain(db, n))
    console.log(`| ${result.path} | ${result.seconds.toFixed(1)} s | **${result.rate.toFixed(1)}** |`);
  const overlap = await expiryOverlap(db);
  console.log(`most runs of one job at once, its first run outliving its 2 s expiry: runner ${overlap.runner}, work() ${overlap.work}`);
  const acknowledgement = await failedAcknowledgement(db);
  console.log(
    `unhandled rejections after one failed acknowledgement: runner ${acknowledgement.runner}, work() ${acknowledgement.work} (Node 20 ends the process on one)`,
  );
}

async function schedule(engine: Engine): Promise<void> {
  const { compareSchedules } = await import('./job-queue-schedule.js');
  const minutes = arg('minutes', 3);
  const counts = await compareSchedules(engine.pools, minutes);
  const per = engine.pools.length === 1 ? 'one of each' : `${engine.pools.length} of each, one per pool`;
  console.log(`\n${engine.name}: ${minutes} minutes, ${per}`);
  console.log('| rule | slots | ours: jobs | lag p50 / max | pg-boss: jobs | lag p50 / max | slots enqueued twice (ours / pg-boss) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const c of counts)
    console.log(
      `| ${c.rule} | ${c.slots} | **${c.ours}** | ${c.oursLag} | **${c.pgBoss}** | ${c.pgBossLag} | ${c.duplicates.ours} / ${c.duplicates.pgBoss} |`,
    );
}

async function main(): Promise<void> {
  const parts = list('only', 'deliveries,jobs,schedule');
  const engines = list('engines', 'postgresql,embedded');
  for (const name of engines) {
    const engine = await openEngine(name);
    try {
      if (parts.includes('deliveries')) await deliveries(engine);
      if (parts.includes('jobs')) await jobs(engine);
      if (parts.includes('schedule')) await schedule(engine);
    } finally {
      await engine.close();
    }
  }
}

await main();
