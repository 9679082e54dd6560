/**
 * A worker process for tests: the real startWorker and shutdown signal with the test job types
 * (test-jobs.ts) and short intervals. Prints "ready" once it takes jobs, then its log as JSON lines; SIGTERM stops it
 * gracefully (exit 0). WORKER_TEST_SCHEDULE=1 adds the every-second schedule.
 */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';
import { buildServices } from '../../src/services.js';
import { startWorker } from '../../src/worker/start.js';
import { aborted, shutdownSignal } from '../../src/commands/shutdown.js';
import { FAST, TEST_REGISTRY, TEST_REGISTRY_WITH_SCHEDULE } from './test-jobs.js';

/** One JSON line per log call on stdout: the test reads "job done" lines, since it cannot read an embedded database the child holds. */
const line = (level: string) => (fields: object, message: string) =>
  process.stdout.write(
    `${JSON.stringify({ level, message, ...fields, pid: process.pid }, (_key, value: unknown) => (value instanceof Error ? value.message : value))}\n`,
  );
const log = { info: line('info'), warn: line('warn'), error: line('error') };
const config = loadConfig();
const signal = shutdownSignal(log);
const db = await openDatabase(config);
const services = buildServices({ config, db, notifier: { send: async () => undefined } });
const registry = process.env.WORKER_TEST_SCHEDULE === '1' ? TEST_REGISTRY_WITH_SCHEDULE : TEST_REGISTRY;
const worker = await startWorker(services, { ...FAST, log, signal, registry });
process.stdout.write('ready\n');
await aborted(signal);
await worker.stop();
await db.close();
process.exit(0);
