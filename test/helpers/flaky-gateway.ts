import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the gateway does with one request instead of forwarding it: answer with a status (a
 * service-shaped error body, with Retry-After when given), or drop the connection unanswered.
 */
export type Failure = { status: number; retryAfter?: string; error?: string } | 'drop';

export interface GatewayRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Milliseconds since the gateway started. */
  at: number;
}

export interface FlakyGateway {
  readonly baseUrl: string;
  /** Every request that reached the gateway, failed or forwarded, in order. */
  readonly requests: GatewayRequest[];
  /** The next requests fail as listed, in order; after them the gateway forwards again. */
  fail(failures: Failure[]): void;
  close(): Promise<void>;
}

/** Headers that belong to one connection, not to the request or answer carried on it. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

/**
 * A reverse proxy in front of a real server (a real HTTP server on a free port) that fails the
 * requests it is told to fail, as a load balancer does while the service restarts, and forwards
 * the others unchanged.
 */
export async function startFlakyGateway(target: string): Promise<FlakyGateway> {
  const started = Date.now();
  const requests: GatewayRequest[] = [];
  const queue: Failure[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { method = 'GET', url: path = '/', headers } = request;
      requests.push({ method, path, headers, at: Date.now() - started });
      const failure = queue.shift();
      if (failure === 'drop') {
        request.socket.destroy();
        return;
      }
      if (failure) {
        const body = {
          error: failure.error ?? 'service_unavailable',
          message: 'The gateway stands in for a restart.',
          request_id: 'gateway',
        };
        const retryAfter = failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter };
        response.writeHead(failure.status, { 'content-type': 'application/json', 'x-credits-charged': '0', ...retryAfter });
        response.end(JSON.stringify(body));
        return;
      }
      const forwarded = Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)) as [string, string][];
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${path}`, { method, headers: forwarded, ...(body ? { body } : {}) })
        .then(async (answer) => {
          const payload = Buffer.from(await answer.arrayBuffer());
          const kept = [...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'content-encoding');
          response.writeHead(answer.status, Object.fromEntries(kept)).end(payload);
        })
        .catch((error: Error) => response.writeHead(502, { 'content-type': 'text/plain' }).end(error.message));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail: (failures) => queue.push(...failures),
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
