/**
 * The webhook receiver of `deliveries.ts`, in a process of its own so that it does not share an
 * event loop with the worker it measures: a bare node:http server on 127.0.0.1 that reads each
 * body, answers 200 with a 2-byte body at once, and counts per path the requests, their bytes
 * and the distinct `delivery_id`s (found by a slice of the raw body, not a JSON parse). One
 * request in 100 on a path with a secret has its X-Signature checked (D16, written here from the
 * spec alone). Driven over IPC: `{ secret: { path, secret } }`, `{ stats: path }` → the counts.
 *
 *   started by bench/deliveries.ts (node --import tsx bench/deliveries-receiver.ts)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PathStats {
  requests: number;
  bytes: number;
  distinct: number;
  checked: number;
  badSignatures: number;
}

export type ReceiverMessage = { secret: { path: string; secret: string } } | { stats: string };

const SAMPLE_EVERY = 100;
const stats = new Map<string, { requests: number; bytes: number; ids: Set<string>; checked: number; badSignatures: number }>();
const secrets = new Map<string, string>();

function signedBy(secret: string, raw: string, header: string | undefined): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest();
  return Math.abs(Date.now() / 1000 - Number(match[1])) < 300 && timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    const path = request.url ?? '/';
    let entry = stats.get(path);
    if (!entry) stats.set(path, (entry = { requests: 0, bytes: 0, ids: new Set(), checked: 0, badSignatures: 0 }));
    entry.requests += 1;
    entry.bytes += raw.length;
    const start = raw.indexOf('"delivery_id":"') + 15;
    entry.ids.add(raw.slice(start, raw.indexOf('"', start)));
    const secret = secrets.get(path);
    if (secret !== undefined && entry.requests % SAMPLE_EVERY === 1) {
      entry.checked += 1;
      if (!signedBy(secret, raw, request.headers['x-signature'] as string | undefined)) entry.badSignatures += 1;
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: ReceiverMessage) => {
  if ('secret' in message) {
    secrets.set(message.secret.path, message.secret.secret);
    process.send!({ ok: true });
  } else {
    const entry = stats.get(message.stats);
    const answer: PathStats = entry
      ? {
          requests: entry.requests,
          bytes: entry.bytes,
          distinct: entry.ids.size,
          checked: entry.checked,
          badSignatures: entry.badSignatures,
        }
      : { requests: 0, bytes: 0, distinct: 0, checked: 0, badSignatures: 0 };
    process.send!(answer);
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
