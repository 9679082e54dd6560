/**
 * Part 1 of `kills.ts`: two `patent-status serve` processes on one database under charged
 * traffic from 200 clients (100 on each: lookups of loaded applications and batch status), which
 * saturate a small machine; one of them, in turn, SIGKILLed after a random count of its answers,
 * the other stopped gracefully, both restarted, again and again. After each kill the dead
 * process's lease is swept and the balance must obey the crash rule of charging
 * (test/helpers/charged-traffic.ts): nothing taken that no answer showed, at most the crash bound
 * forgiven (CRASH_BOUND_UNITS per killed process, whatever the load). The server restarted after
 * the last kill and stopped gracefully must charge exactly.
 */
import { loadavg } from 'node:os';
import { CRASH_BOUND_UNITS } from '../src/billing/credit-ledger.js';
import { sweepStaleLeases } from '../src/billing/lease-sweeper.js';
import { findOrgCredit } from '../src/billing/leases.sql.js';
import * as accounts from '../src/resources/accounts/accounts.sql.js';
import { signup } from '../src/resources/accounts/service.js';
import type { Rng } from '@patent-status/synth';
import { balanceEquation, type Traffic, type TrafficRequest, trafficThenKillOne } from '../test/helpers/charged-traffic.js';
import { startServerProcess } from '../test/helpers/server-process.js';
import { check, fileWrapperCorpus, loadCleanly, type PartOptions, type PartResult } from './kills-support.js';
import { benchDatabase, fmt } from './support.js';

const APPLICATIONS = 2_000;
const START = 10_000_000;
/** Clients on each of the two servers. */
const CLIENTS_PER_SERVER = 100;
/** A kill comes after 1 to this many answers of its server. */
const MOST_ANSWERS = 3_000;
/** A batch holds 1 to this many numbers, so it costs 1 to 3 units. */
const LARGEST_BATCH = 250;

/** Lookups of loaded applications, and now and then a batch status of some of them (with an unreadable one among them). */
function requestMix(rng: Rng, numbers: readonly string[]): () => TrafficRequest {
  return () => {
    if (rng.chance(0.7)) return { method: 'GET', path: `/v1/applications/${rng.pick(numbers)}` };
    const batch = Array.from({ length: rng.int(1, LARGEST_BATCH) }, () => rng.pick(numbers));
    if (rng.chance(0.2)) batch.push('nonsense');
    return { method: 'POST', path: '/v1/applications/status', body: { application_numbers: batch } };
  };
}

const unitsOf = (traffic: Traffic) => traffic.received.reduce((sum, [, units]) => sum + units, 0);

export async function serveKills(options: PartOptions): Promise<PartResult> {
  const started = performance.now();
  const result: PartResult = { part: 'serve', cycles: [], checks: [], seconds: 0 };
  const target = await benchDatabase();
  try {
    const { args } = await fileWrapperCorpus(options.dir, APPLICATIONS);
    await loadCleanly(target.db, args);
    const { rows } = await target.db.query<{ n: string }>(`SELECT application_number AS n FROM applications ORDER BY 1`);
    const { orgId, key } = await signup(target.db, 'kills@example.com', null);
    await accounts.creditOrg(target.db, { orgId, units: START, source: 'admin', reference: null });
    const next = requestMix(
      options.rng.fork('requests'),
      rows.map((row) => row.n),
    );
    options.log(
      `serve: ${fmt(rows.length)} applications loaded; two servers, ${CLIENTS_PER_SERVER} clients on each; the org starts with ${fmt(START)} units`,
    );

    const traffics: Traffic[] = [];
    const equations: ReturnType<typeof balanceEquation>[] = [];
    let balance = START;
    let leases = 0;
    let leftLeased = 0;
    for (let cycle = 1; cycle <= options.kills; cycle += 1) {
      const killAfter = options.rng.int(1, MOST_ANSWERS);
      const victim = cycle % 2;
      const servers = await Promise.all([0, 1].map((n) => startServerProcess(`serve-${cycle}-${n}`, { DATABASE_URL: target.url })));
      const trafficStarted = Date.now();
      let pair: Traffic[];
      let load = '';
      try {
        pair = await trafficThenKillOne(servers, victim, key.api_key, {
          clientsPerServer: CLIENTS_PER_SERVER,
          killAfter,
          next,
        });
        load = loadavg()[0]!.toFixed(1);
      } finally {
        // The victim is gone already; the survivor writes back and returns its lease, as a SIGTERM does.
        await servers[victim]!.kill();
        await servers[1 - victim]!.stop();
      }
      traffics.push(...pair);
      // Swept at once (no process is alive, so every holder is dead): each kill's forgiveness is measured on its own.
      const swept = await sweepStaleLeases(target.db, { staleAfterMs: 0 });
      const credit = (await findOrgCredit(target.db, orgId, null))!;
      const equation = balanceEquation(balance, pair, credit.row);
      equations.push(equation);
      balance = credit.row;
      leases += swept.leases;
      leftLeased += credit.leased;
      const killed = pair[victim]!;
      const seconds = ((killed.killedAt - trafficStarted) / 1000).toFixed(1);
      const state =
        `${fmt(pair[0]!.received.length + pair[1]!.received.length)} answers in ${seconds} s (load ${load}), ` +
        `${fmt(unitsOf(pair[0]!) + unitsOf(pair[1]!))} units charged, ${killed.cut} requests cut; ` +
        `forgiven ${equation.forgiven} (bound ${CRASH_BOUND_UNITS}; allowed 0 to ${equation.allowance})${equation.holds ? '' : ' **WRONG**'}`;
      result.cycles.push({ drawn: `server ${victim + 1} after ${killAfter} answers`, state });
      options.log(`  serve ${cycle}: server ${victim + 1} killed after ${killAfter} answers: ${state}`);
    }

    // Restarted once more, it serves on from there and is stopped gracefully: its charges are written back exactly.
    const last = await startServerProcess('serve-after', { DATABASE_URL: target.url });
    const lastAnswer = await last.request('GET', `/v1/applications/${rows[0]!.n}`, key.api_key).finally(() => last.stop());
    const lastCharged = lastAnswer.status === 200 ? Number(lastAnswer.headers['x-credits-charged']) : 0;
    const final = (await findOrgCredit(target.db, orgId, null))!;
    const journal = await target.db.query<{ units: string }>(
      `SELECT COALESCE(sum(units), 0)::text AS units FROM usage_journal WHERE org_id = $1`,
      [orgId],
    );
    const whole = balanceEquation(START - lastCharged, traffics, final.row);
    const answers = traffics.reduce((sum, t) => sum + t.received.length, 0);
    const unexpected = traffics.flatMap((t) => t.unexpected);
    const fivexx = unexpected.filter((answer) => answer.status >= 500);
    const kept = equations.filter((equation) => equation.holds).length;

    result.checks.push(
      check(
        'no 5xx answer (connection errors at the kill aside)',
        fivexx.length === 0,
        `${fmt(answers)} answers 2xx, ${fivexx.length} 5xx, ${traffics.reduce((sum, t) => sum + t.cut, 0)} requests cut by the kills` +
          (fivexx.length > 0 ? `; first: ${fivexx[0]!.status} ${fivexx[0]!.body.slice(0, 200)}` : ''),
      ),
      check(
        'no other answer but 2xx',
        unexpected.length === fivexx.length,
        unexpected.length === fivexx.length ? 'none' : `${unexpected.length - fivexx.length}, first: ${JSON.stringify(unexpected[0])}`,
      ),
      check(
        "each dead process's lease swept back",
        leftLeased === 0,
        `${leases} leases of ${options.kills} killed processes returned; ${fmt(leftLeased)} units left leased`,
      ),
      check(
        `each kill: balance = before − Σ X-Credits-Charged, at most ${CRASH_BOUND_UNITS} units forgiven, never taken twice`,
        kept === equations.length,
        `${kept} of ${equations.length} kills; in all: start ${fmt(START)}, charged ${fmt(whole.charged)}, ` +
          `forgiven ${fmt(whole.forgiven)} (allowed 0 to ${fmt(whole.allowance)}: the bound per kill)`,
      ),
      check(
        'restarted after the last kill, it served, stopped and charged exactly',
        lastAnswer.status === 200 && final.leased === 0 && balance - final.row === lastCharged,
        `GET answered ${lastAnswer.status}, charged ${lastCharged}; the balance fell by ${fmt(balance - final.row)} to ${fmt(final.row)}`,
      ),
      check(
        'the usage journal holds what the balance lost',
        Number(journal.rows[0]!.units) === START - final.row,
        `journal ${fmt(Number(journal.rows[0]!.units))} units, balance fell by ${fmt(START - final.row)}`,
      ),
    );
  } finally {
    await target.drop();
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
