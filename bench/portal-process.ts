/**
 * The portal stand-in of `sync-search.ts` (test/helpers/portal-stand-in.ts, search APIs and all),
 * in a process of its own so that its request handler does not share a thread with the sync it
 * answers (the real portal is remote: its work is not the sync's). It reports `{ url }` once it
 * listens, then answers each IPC message with `{ id, ... }`: `put` adds records to a stream (sent
 * in chunks, to keep messages modest); `counts` returns the search requests seen per stream, the
 * milliseconds its search handler spent on them (from a request's arrival to its answer's end)
 * and the process's CPU time; `delayMs` sets the wait before each answer; `close` closes the
 * server and exits.
 *
 *   started by bench/sync-search.ts (fork with execArgv ['--import', 'tsx'], the API key as argument)
 */
import { PortalStandIn } from '../test/helpers/portal-stand-in.js';
import type { SearchRecord, SearchStream } from '../test/helpers/portal-search-stand-in.js';

export type PortalRequest =
  { put: { stream: SearchStream; records: SearchRecord[] } } | { counts: readonly SearchStream[] } | { delayMs: number } | { close: true };

export interface PortalCounts {
  /** Search requests seen per stream, in the order asked. */
  requests: number[];
  /** Milliseconds in the search handler over every request so far. */
  handlerMs: number;
  /** CPU milliseconds of this process so far (user and system, every thread). */
  cpuMs: number;
}

/** The key the stand-in expects in `x-api-key`, given as the first argument. */
const portal = new PortalStandIn(process.argv[2] ?? 'bench-key', []);
let handlerMs = 0;
const handle = portal.search.handle.bind(portal.search);
portal.search.handle = (request, response, seen) => {
  const t0 = performance.now();
  response.once('finish', () => (handlerMs += performance.now() - t0));
  return handle(request, response, seen);
};

process.on('message', (message: PortalRequest & { id: number }) => {
  const reply = (answer: object) => process.send!({ id: message.id, ...answer });
  if ('put' in message) {
    for (const record of message.put.records) portal.search.put(message.put.stream, record);
    reply({});
  } else if ('counts' in message) {
    const { user, system } = process.cpuUsage();
    const requests = message.counts.map((stream) => portal.search.searchRequests(stream).length);
    const counts: PortalCounts = { requests, handlerMs, cpuMs: (user + system) / 1000 };
    reply(counts);
  } else if ('delayMs' in message) {
    portal.search.delayMs = message.delayMs;
    reply({});
  } else {
    void portal.close().then(() => {
      reply({});
      process.disconnect();
    });
  }
});
process.on('disconnect', () => process.exit(0));

await portal.start();
process.send!({ url: portal.url });
