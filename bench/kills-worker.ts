/**
 * Part 2 of `kills.ts`: the real `patent-status worker` delivering signed webhooks of monitored
 * applications to a local receiver, SIGKILLed at a random moment (a delay after its spawn, or a
 * count of webhooks received) and restarted, again and again; then left to finish and stopped
 * with SIGTERM. Deliveries are at least once (D16): a kill between the send and the written
 * outcome sends it again, so redeliveries are counted, not refused. Each delivery is charged once
 * at most: its unit is spent after the outcome is written, and a kill before that spend reaches
 * the database forgives it (the crash rule of charging). So after each kill, its lease swept,
 * every org's balance fell by the deliveries the dead worker wrote delivered, less at most those
 * it wrote in the second before the kill; the last worker, stopped gracefully, charges exactly.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sweepStaleLeases } from '../src/billing/lease-sweeper.js';
import { findOrgCredit } from '../src/billing/leases.sql.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, eventDetail } from '../src/domain/events.js';
import { verifySignature } from '../src/domain/webhook-signature.js';
import { creditByEmail, signup } from '../src/resources/accounts/service.js';
import { buildServices } from '../src/services.js';
import { Child, logLine } from '../test/helpers/child-process.js';
import { WebhookReceiver } from '../test/helpers/webhook-receiver.js';
import { check, type PartOptions, type PartResult, until } from './kills-support.js';
import { benchDatabase, fmt } from './support.js';

const ORGS = 2;
const MONITORS_PER_ORG = 2;
const EVENTS_PER_MONITOR = 2_500;
/** Events are recorded in transactions of this many per monitor: the deliveries of one transaction are claimed monitor by monitor. */
const EVENTS_PER_TURN = 25;
const START = 100_000;
/** A kill comes after a delay of up to this long from the spawn (maybe before the worker started)… */
const LONGEST_DELAY_MS = 4_000;
/** …or after 1 to this many webhooks received since the spawn. */
const MOST_RECEIVED = 1_500;
/**
 * The receiver answers after this long, as a real one takes a while: a worker then lives for
 * seconds before its kill and writes its spent units back several times, so each kill's charge
 * check covers more than the last second, where forgiving is allowed.
 */
const ANSWER_MS = 100;
/** An attempt's time-out: a claim of a killed worker is due again this long + 5 s after it was made. */
const ATTEMPT_TIMEOUT_MS = 2_000;
/** How long the last worker gets to deliver everything that is left. */
const FINISH_TIMEOUT_MS = 180_000;

interface Setup {
  /** Each monitor's secret, by its receiver path. */
  secrets: Map<string, string>;
  orgIds: string[];
}

/**
 * Orgs with monitors, each on an application of its own, and the events that make their
 * deliveries: recorded in small transactions, the monitors taking turns, so that the oldest due
 * deliveries (claimed first) belong to every org and every kill falls on each.
 */
async function monitoredEvents(db: Database, url: string, receiver: WebhookReceiver): Promise<Setup> {
  const services = buildServices({
    config: loadConfig({ DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE: '1' }),
    db,
    notifier: { send: async () => undefined },
  });
  const setup: Setup = { secrets: new Map(), orgIds: [] };
  const monitored: string[] = [];
  for (let o = 0; o < ORGS; o += 1) {
    const email = `kills-${o}@example.com`;
    const { orgId } = await signup(db, email, null);
    await creditByEmail(db, { email, units: START, source: 'admin', reference: null });
    setup.orgIds.push(orgId);
    for (let m = 0; m < MONITORS_PER_ORG; m += 1) {
      const path = `/hooks/${o}-${m}`;
      const applicationNumber = String(18_800_000 + o * 10 + m);
      const monitor = await services.monitors.create(orgId, {
        targets: { application_numbers: [applicationNumber] },
        webhook_url: `${receiver.url}${path}`,
      });
      setup.secrets.set(path, monitor.secret);
      receiver.script(path, [{ status: 200, afterMs: ANSWER_MS }]);
      monitored.push(applicationNumber);
    }
  }
  for (let from = 0; from < EVENTS_PER_MONITOR; from += EVENTS_PER_TURN) {
    const events = monitored.flatMap((applicationNumber) =>
      Array.from({ length: Math.min(EVENTS_PER_TURN, EVENTS_PER_MONITOR - from) }, (_, i) => {
        const patentNumber = String(12_000_000 + from + i);
        return buildEvent('grant', { applicationNumber, patentNumber }, '2026-11-20', `kills-${from + i}`, eventDetail.grant(patentNumber));
      }),
    );
    await db.transaction((tx) => insertEvents(tx, events, new Date(), null));
  }
  await services.charging.close();
  return setup;
}

const count = async (db: Database, where: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM webhook_deliveries WHERE ${where}`)).rows[0]!.n);

/**
 * Per org: the deliveries written delivered in [from, to) (from one worker's death to the next's,
 * when only one worker was alive), and those of them written in the second before `killedAt`.
 */
async function writtenBetween(
  db: Database,
  from: number,
  to: number,
  killedAt: number,
): Promise<Map<string, { written: number; lastSecond: number }>> {
  const { rows } = await db.query<{ org_id: string; written: number; last_second: number }>(
    `SELECT org_id, count(*)::int AS written,
            count(*) FILTER (WHERE delivered_at >= to_timestamp($3 / 1000.0) - interval '1 second')::int AS last_second
     FROM webhook_deliveries
     WHERE status = 'delivered' AND delivered_at >= to_timestamp($1 / 1000.0) AND delivered_at < to_timestamp($2 / 1000.0)
     GROUP BY org_id`,
    [from, to, killedAt],
  );
  return new Map(rows.map((row) => [row.org_id, { written: row.written, lastSecond: row.last_second }]));
}

async function balances(db: Database, orgIds: readonly string[]): Promise<{ units: Map<string, number>; leased: number }> {
  const units = new Map<string, number>();
  let leased = 0;
  for (const orgId of orgIds) {
    const credit = (await findOrgCredit(db, orgId, null))!;
    units.set(orgId, credit.row);
    leased += credit.leased;
  }
  return { units, leased };
}

/** What one worker cost each org against what it wrote delivered: a unit per delivery, at most the last second's forgiven. */
function charges(
  before: Map<string, number>,
  after: Map<string, number>,
  written: Map<string, { written: number; lastSecond: number }>,
): { written: number; charged: number; forgiven: number; allowance: number; holds: boolean } {
  const total = { written: 0, charged: 0, forgiven: 0, allowance: 0, holds: true };
  for (const [orgId, was] of before) {
    const charged = was - after.get(orgId)!;
    const { written: delivered, lastSecond } = written.get(orgId) ?? { written: 0, lastSecond: 0 };
    const forgiven = delivered - charged;
    total.written += delivered;
    total.charged += charged;
    total.forgiven += forgiven;
    total.allowance += lastSecond;
    if (forgiven < 0 || forgiven > lastSecond) total.holds = false;
  }
  return total;
}

export async function workerKills(options: PartOptions): Promise<PartResult> {
  const started = performance.now();
  const result: PartResult = { part: 'worker', cycles: [], checks: [], seconds: 0 };
  const target = await benchDatabase();
  const receiver = await new WebhookReceiver().start();
  const env = {
    DATABASE_URL: target.url,
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    // A slow answer under the machine's load is retried within seconds, not the production minutes.
    WEBHOOK_RETRY_DELAYS: '1,1,1,1,1,1,1,1',
    LOG_LEVEL: 'info',
    USPTO_API_KEY: '',
  };
  const workers: Child[] = [];
  try {
    const setup = await monitoredEvents(target.db, target.url, receiver);
    const expected = await target.db.query<{ delivery_id: string }>(`SELECT delivery_id FROM webhook_deliveries`);
    options.log(`worker: ${fmt(expected.rows.length)} deliveries pending for ${setup.secrets.size} monitors of ${ORGS} orgs`);

    const endedByThemselves: string[] = [];
    const perKill: ReturnType<typeof charges>[] = [];
    let leases = 0;
    let leftLeased = 0;
    let balance = (await balances(target.db, setup.orgIds)).units;
    let lastDeath = 0;
    for (let cycle = 1; cycle <= options.kills; cycle += 1) {
      const byDelay = options.rng.chance(0.25);
      const drawn = byDelay ? options.rng.int(0, LONGEST_DELAY_MS) : options.rng.int(1, MOST_RECEIVED);
      const before = receiver.received.length;
      const worker = new Child('src/cli.ts', ['worker'], env);
      workers.push(worker);
      let ended = false;
      void worker.exited.then(() => (ended = true));
      if (byDelay) await Promise.race([sleep(drawn), worker.exited]);
      // Bounded: near the end of the work, fewer than drawn may be left to send.
      else await until(() => ended || receiver.received.length - before >= drawn, 20_000);
      if (ended) endedByThemselves.push(`worker ${cycle} exited (${await worker.exited}) before its kill: ${worker.errors.slice(0, 300)}`);
      const killedAt = Date.now();
      worker.kill('SIGKILL');
      await worker.exited;
      // Nothing it wrote can be dated later (the database's clock is this machine's).
      const dead = Date.now() + 1;

      // Swept at once (no worker is alive, so every holder is dead): each kill's charges are measured on their own.
      const swept = await sweepStaleLeases(target.db, { staleAfterMs: 0 });
      const after = await balances(target.db, setup.orgIds);
      const cost = charges(balance, after.units, await writtenBetween(target.db, lastDeath, dead, killedAt));
      perKill.push(cost);
      leases += swept.leases;
      leftLeased += after.leased;
      balance = after.units;
      lastDeath = dead;

      const startedUp = worker.lines.map(logLine).find((line) => line?.msg === 'worker started');
      const claimed = await count(target.db, `status = 'pending' AND attempts > 0 AND next_attempt_at > now()`);
      const state =
        `${startedUp ? `started ${((killedAt - Number(startedUp.time)) / 1000).toFixed(1)} s before` : 'not started yet'}, ` +
        `${receiver.received.length - before} received, ${cost.written} written delivered, ${claimed} claims left behind; ` +
        `charged ${cost.charged}, forgiven ${cost.forgiven} (allowed 0 to ${cost.allowance})${cost.holds ? '' : ' **WRONG**'}`;
      result.cycles.push({ drawn: byDelay ? `${drawn} ms after the spawn` : `after ${drawn} webhooks received`, state });
      options.log(`  worker ${cycle}: killed ${result.cycles.at(-1)!.drawn}: ${state}`);
    }

    // The last worker finishes the work (claims of killed workers come due again) and is stopped as an operator stops it.
    const last = new Child('src/cli.ts', ['worker'], env);
    workers.push(last);
    const finishing = performance.now();
    const finished = await until(async () => (await count(target.db, `status = 'pending'`)) === 0, FINISH_TIMEOUT_MS, 200);
    last.kill('SIGTERM');
    const exitCode = await last.exited;
    const stoppedCleanly = exitCode === 0 && last.lines.some((line) => logLine(line)?.msg === 'worker stopped');
    const final = await balances(target.db, setup.orgIds);
    const lastCost = charges(balance, final.units, await writtenBetween(target.db, lastDeath, Date.now() + 1, 0));
    options.log(
      `  worker: the last one ${finished ? 'finished' : 'did NOT finish'} in ${((performance.now() - finishing) / 1000).toFixed(1)} s`,
    );

    const rows = await target.db.query<{ delivery_id: string; status: string; attempts: number }>(
      `SELECT delivery_id, status, attempts FROM webhook_deliveries`,
    );
    const byId = new Map(rows.rows.map((row) => [row.delivery_id, row]));
    const receipts = new Map<string, number>();
    let badSignatures = 0;
    for (const got of receiver.received) {
      receipts.set(got.body.delivery_id, (receipts.get(got.body.delivery_id) ?? 0) + 1);
      const signature = String(got.headers['x-signature'] ?? '');
      if (!verifySignature(setup.secrets.get(got.path) ?? '', got.raw, signature, Date.now() / 1000, 3_600)) badSignatures += 1;
    }
    const missing = expected.rows.filter((row) => !receipts.has(row.delivery_id));
    const strangers = [...receipts.keys()].filter((id) => !byId.has(id));
    const beyondAttempts = [...receipts].filter(([id, n]) => n > (byId.get(id)?.attempts ?? 0));
    const statuses = new Map<string, number>();
    for (const row of rows.rows) statuses.set(row.status, (statuses.get(row.status) ?? 0) + 1);
    const journal = await target.db.query<{ units: string }>(
      `SELECT COALESCE(sum(units), 0)::text AS units FROM usage_journal WHERE channel = 'delivery'`,
    );
    const fell = setup.orgIds.reduce((sum, orgId) => sum + START - final.units.get(orgId)!, 0);
    const sum = (key: 'written' | 'charged' | 'forgiven' | 'allowance') => perKill.reduce((total, cost) => total + cost[key], 0);

    result.checks.push(
      check('no worker ended by itself', endedByThemselves.length === 0, endedByThemselves[0] ?? 'none'),
      check(
        'every delivery written delivered, none left pending',
        finished && statuses.get('delivered') === expected.rows.length,
        [...statuses].map(([status, n]) => `${fmt(n)} ${status}`).join(', '),
      ),
      check(
        'every delivery received at least once, nothing else',
        missing.length === 0 && strangers.length === 0,
        `${fmt(receipts.size)} of ${fmt(expected.rows.length)} distinct ids received, ${missing.length} missing, ${strangers.length} unknown`,
      ),
      check(
        'redeliveries only of attempts claimed (at least once, D16)',
        beyondAttempts.length === 0,
        `${fmt(receiver.received.length)} requests, ${fmt(receiver.received.length - receipts.size)} redeliveries of ` +
          `${[...receipts.values()].filter((n) => n > 1).length} deliveries; ${beyondAttempts.length} received more often than attempted`,
      ),
      check('every request signed', badSignatures === 0, `${badSignatures} of ${fmt(receiver.received.length)} signatures wrong`),
      check(
        "each killed worker's lease swept back",
        leftLeased === 0 && final.leased === 0,
        `${leases} leases of ${options.kills} killed workers returned; ${leftLeased + final.leased} units left leased`,
      ),
      check(
        'each kill, per org: a unit per delivery written, at most the last second before the kill forgiven, never taken twice',
        perKill.every((cost) => cost.holds),
        `${perKill.filter((cost) => cost.holds).length} of ${perKill.length} kills; in all ${fmt(sum('written'))} written by killed workers, ` +
          `${fmt(sum('charged'))} charged, ${fmt(sum('forgiven'))} forgiven (allowed 0 to ${fmt(sum('allowance'))}, written in the second before a kill)`,
      ),
      check(
        'the last worker: stopped on SIGTERM (exit 0), charged exactly one unit per delivery',
        stoppedCleanly && lastCost.forgiven === 0,
        `exit ${exitCode}; ${fmt(lastCost.written)} written delivered, ${fmt(lastCost.charged)} charged`,
      ),
      check(
        'the usage journal holds what the balances lost',
        Number(journal.rows[0]!.units) === fell,
        `journal ${fmt(Number(journal.rows[0]!.units))} units, balances fell by ${fmt(fell)} for ${fmt(expected.rows.length)} deliveries`,
      ),
    );
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    await receiver.close();
    await target.drop();
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
