#!/usr/bin/env node
import { type Config, ConfigError, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { AppError } from './domain/errors.js';
import { runAdmin, UsageError } from './commands/admin.js';
import { runDemo } from './commands/demo.js';
import { runIngest } from './commands/ingest.js';
import { runSynth } from './commands/synth.js';
import { startServer } from './commands/serve.js';
import { runWorker } from './commands/worker.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';

const USAGE = `usage: patent-status <command>
  serve      serve the API (REST and discovery) on HOST:PORT
  demo       embedded database, a funded demo key printed, API served
  worker     run background jobs (maintenance, schedule) until SIGINT/SIGTERM
  migrate    apply pending database migrations
  ingest     load bulk files: ingest file-wrapper|grants|publications <files…>
  synth      write a synthetic corpus: synth --out DIR --applications N --seed S [--full-text]
  admin      operator commands: credit, orgs, revoke-key`;

async function withDatabase(config: Config, work: (db: Database) => Promise<void>): Promise<void> {
  const db = await openDatabase(config);
  try {
    await work(db);
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  switch (command) {
    case 'serve':
      await startServer(config);
      return;
    case 'demo':
      await runDemo(config);
      return;
    case 'worker':
      await runWorker(config, rest);
      return;
    case 'migrate':
      await withDatabase(config, async (db) => {
        const applied = await migrate(db);
        console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
      });
      return;
    case 'ingest':
      await withDatabase(config, async (db) => {
        await migrate(db);
        await runIngest(db, rest);
      });
      return;
    case 'synth':
      await runSynth(rest);
      return;
    case 'admin':
      await withDatabase(config, async (db) => {
        await migrate(db);
        await runAdmin(db, rest);
      });
      return;
    default:
      throw new UsageError(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
