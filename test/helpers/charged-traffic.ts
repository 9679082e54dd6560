import { CRASH_BOUND_UNITS } from '../../src/billing/credit-ledger.js';
import type { ServerProcess } from './server-process.js';

/** One request of a client's mix. */
export interface TrafficRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface Traffic {
  /** [time received, units charged] of every 2xx answer. */
  received: [number, number][];
  /** Every answer that was not a 2xx: charged traffic against a live server expects none. */
  unexpected: { status: number; path: string; body: string }[];
  /** Requests left without an answer because the server was killed under them. */
  cut: number;
  killedAt: number;
}

/**
 * `clients` clients send the requests `next()` gives until `killAfter` answers were received,
 * then the server is SIGKILLed under them. A request that gets no answer before the kill is an
 * error (thrown); after it, a lost connection is what a kill does (counted in `cut`).
 */
export async function trafficThenKill(
  server: ServerProcess,
  key: string,
  options: { clients: number; killAfter: number; next: () => TrafficRequest },
): Promise<Traffic> {
  const [traffic] = await trafficThenKillOne([server], 0, key, {
    clientsPerServer: options.clients,
    killAfter: options.killAfter,
    next: options.next,
  });
  return traffic!;
}

/**
 * The same over several servers of one database: `clientsPerServer` clients on each, and the
 * server `victim` SIGKILLed once it has answered `killAfter`; every client stops then, the others'
 * servers stay up (their leases live on). One Traffic per server, in order; only the victim's
 * has `killedAt`.
 */
export async function trafficThenKillOne(
  servers: readonly ServerProcess[],
  victim: number,
  key: string,
  options: { clientsPerServer: number; killAfter: number; next: () => TrafficRequest },
): Promise<Traffic[]> {
  const traffics: Traffic[] = servers.map(() => ({ received: [], unexpected: [], cut: 0, killedAt: 0 }));
  // Assigned inside the clients: declared this way so the await below is not narrowed to null.
  let killing = null as Promise<void> | null;
  const client = async (index: number) => {
    const server = servers[index]!;
    const traffic = traffics[index]!;
    while (!killing) {
      const request = options.next();
      try {
        const answer = await server.request(request.method, request.path, key, request.body);
        if (answer.status >= 200 && answer.status < 300) traffic.received.push([Date.now(), Number(answer.headers['x-credits-charged'])]);
        else traffic.unexpected.push({ status: answer.status, path: request.path, body: answer.body });
      } catch (error) {
        if (!killing || index !== victim) throw error;
        traffic.cut += 1; // the connection died with the server
        return;
      }
      if (index === victim && traffic.received.length >= options.killAfter && !killing) {
        traffic.killedAt = Date.now();
        killing = servers[victim]!.kill();
      }
    }
  };
  await Promise.all(servers.flatMap((_, index) => Array.from({ length: options.clientsPerServer }, () => client(index))));
  await killing;
  return traffics;
}

/**
 * The crash rule of charging (README, "Charging"): once the killed processes' leases are swept
 * and every other server stopped gracefully, balance = start − Σ X-Credits-Charged of the answers
 * received, give or take what each killed process had delivered and not yet written back, and
 * that only in the customer's favour and at most `bound` units per killed process (its ledger's
 * crash bound, whatever the load), never more than it charged. `forgiven` is what the balance
 * kept beyond the sum; `allowance` its bound.
 */
export function balanceEquation(
  start: number,
  traffics: readonly Traffic[],
  balance: number,
  bound: number = CRASH_BOUND_UNITS,
): { charged: number; forgiven: number; allowance: number; holds: boolean } {
  const sum = (pairs: [number, number][]) => pairs.reduce((total, [, units]) => total + units, 0);
  const charged = traffics.reduce((total, traffic) => total + sum(traffic.received), 0);
  const allowance = traffics.filter((t) => t.killedAt > 0).reduce((total, t) => total + Math.min(bound, sum(t.received)), 0);
  const forgiven = balance - (start - charged);
  return { charged, forgiven, allowance, holds: forgiven >= 0 && forgiven <= allowance };
}
