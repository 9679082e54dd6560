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
  const traffic: Traffic = { received: [], unexpected: [], cut: 0, killedAt: 0 };
  let killing: Promise<void> | null = null;
  const client = async () => {
    while (!killing) {
      const request = options.next();
      try {
        const answer = await server.request(request.method, request.path, key, request.body);
        if (answer.status >= 200 && answer.status < 300) traffic.received.push([Date.now(), Number(answer.headers['x-credits-charged'])]);
        else traffic.unexpected.push({ status: answer.status, path: request.path, body: answer.body });
      } catch (error) {
        if (!killing) throw error;
        traffic.cut += 1; // the connection died with the server
        return;
      }
      if (traffic.received.length >= options.killAfter && !killing) {
        traffic.killedAt = Date.now();
        killing = server.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  await killing;
  return traffic;
}

/**
 * The crash rule of charging (issue 8): after the dead processes' leases are swept, balance =
 * start − Σ X-Credits-Charged of the answers received, give or take the charges of the last
 * second before each kill (spent in memory, not yet written back), and those only in the
 * customer's favour. `forgiven` is what the balance kept beyond that sum; `allowance` its bound.
 */
export function balanceEquation(
  start: number,
  traffics: readonly Traffic[],
  balance: number,
): { charged: number; forgiven: number; allowance: number; holds: boolean } {
  const sum = (pairs: [number, number][]) => pairs.reduce((total, [, units]) => total + units, 0);
  const charged = traffics.reduce((total, traffic) => total + sum(traffic.received), 0);
  const allowance = traffics.reduce((total, t) => total + sum(t.received.filter(([at]) => at >= t.killedAt - 1_000)), 0);
  const forgiven = balance - (start - charged);
  return { charged, forgiven, allowance, holds: forgiven >= 0 && forgiven <= allowance };
}
