#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { type ConfigDefaults, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { commandFailure, operatorMistake, UsageError } from './commands/operator-error.js';
import { VERSION } from './version.js';

/**
 * One entry per command. `--help` prints `usage()` and `run` is never called, so asking for help
 * opens no database, creates no directory and listens on no port. Command modules are imported
 * only when used: `--help`, `--version` and a mistaken command line answer without loading the
 * server, the engines or the generator.
 */
interface Command {
  summary: string;
  /** The command's usage; `args` may narrow it (`ingest grants --help`). */
  usage(args: string[]): Promise<string>;
  run(args: string[]): Promise<void>;
}

/** Commands without arguments still refuse unknown ones: `serve --port 9000` must not silently serve on 8080. */
function noArguments(args: string[]): void {
  parseArgs({ args, options: {}, strict: true });
}

/** Runs `work` on the configured database, migrated first. */
async function withDatabase(defaults: ConfigDefaults, work: (db: Database) => Promise<void>): Promise<void> {
  const config = loadConfig(process.env, defaults);
  const [{ openDatabase }, { migrate }] = await Promise.all([import('./db/open.js'), import('./db/migrate.js')]);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await work(db);
  } finally {
    await db.close();
  }
}

const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'serve the API (REST and discovery) on HOST:PORT',
    usage: async () => (await import('./commands/serve.js')).USAGE,
    run: async (args) => {
      noArguments(args);
      const config = loadConfig();
      await (await import('./commands/serve.js')).startServer(config);
    },
  },
  demo: {
    summary: 'embedded database, demo corpus, a funded demo key printed, API served on 127.0.0.1',
    usage: async () => (await import('./commands/demo.js')).USAGE,
    run: async (args) => {
      noArguments(args);
      // The demo prints a funded key: reachable from this machine only, unless HOST says otherwise.
      const config = loadConfig(process.env, { host: '127.0.0.1' });
      await (await import('./commands/demo.js')).runDemo(config);
    },
  },
  worker: {
    summary: 'run background jobs (lease sweeper, usage roll-up, maintenance) until SIGINT/SIGTERM',
    usage: async () => (await import('./commands/worker.js')).WORKER_USAGE,
    run: async (args) => {
      const config = loadConfig();
      await (await import('./commands/worker.js')).runWorker(config, args);
    },
  },
  migrate: {
    summary: 'apply pending database migrations',
    usage: async () => (await import('./commands/migrate.js')).USAGE,
    run: async (args) => {
      noArguments(args);
      const config = loadConfig();
      const [{ openDatabase }, { runMigrate }] = await Promise.all([import('./db/open.js'), import('./commands/migrate.js')]);
      const db = await openDatabase(config);
      try {
        await runMigrate(db);
      } finally {
        await db.close();
      }
    },
  },
  ingest: {
    summary: 'load bulk files: ingest <product> <files…>',
    usage: async (args) => (await import('./commands/ingest.js')).ingestUsage(args.find((arg) => !arg.startsWith('-'))),
    run: async (args) => {
      const { runIngest } = await import('./commands/ingest.js');
      await withDatabase({}, async (db) => void (await runIngest(db, args)));
    },
  },
  sync: {
    summary: 'download and load the newest bulk files from the Open Data Portal (USPTO_API_KEY)',
    usage: async () => (await import('./commands/sync.js')).USAGE,
    run: async (args) => {
      const { parseSyncCommand, runSync } = await import('./commands/sync.js');
      const config = loadConfig();
      // A mistaken command line or a missing key costs nothing: no database is opened for it.
      parseSyncCommand(args, config.sync);
      await withDatabase({}, async (db) => {
        const outcomes = await runSync(db, config.sync, args);
        // The report names each failure; no stack trace for a portal that failed us.
        if (outcomes.some((outcome) => outcome.outcome === 'failed')) process.exitCode = 1;
      });
    },
  },
  entities: {
    summary: 'entity resolution: entities resolve | entities rebuild',
    usage: async () => (await import('./commands/entities.js')).USAGE,
    run: async (args) => {
      const { runEntities } = await import('./commands/entities.js');
      await withDatabase({}, async (db) => void (await runEntities(db, args)));
    },
  },
  'search-index': {
    summary: 'which index answers search words; rebuild it: search-index [rum | gin]',
    usage: async () => (await import('./commands/search-index.js')).USAGE,
    run: async (args) => {
      const { parseSearchIndexArgs, runSearchIndex } = await import('./commands/search-index.js');
      const method = parseSearchIndexArgs(args);
      await withDatabase({}, (db) => runSearchIndex(db, method));
    },
  },
  statistics: {
    summary: 'examiner and art-unit statistics: statistics refresh',
    usage: async () => (await import('./commands/statistics.js')).USAGE,
    run: async (args) => {
      const { parseStatisticsArgs, runStatistics } = await import('./commands/statistics.js');
      parseStatisticsArgs(args);
      await withDatabase({}, (db) => runStatistics(loadConfig(), db));
    },
  },
  synth: {
    summary: 'write a synthetic corpus in the real bulk formats',
    usage: async () => (await import('./commands/synth.js')).USAGE,
    run: async (args) => void (await (await import('./commands/synth.js')).runSynth(args)),
  },
  admin: {
    summary: 'operator commands: credit, orgs, revoke-key',
    usage: async () => (await import('./commands/admin.js')).USAGE,
    run: async (args) => {
      const { parseAdminArgs, runAdmin } = await import('./commands/admin.js');
      // A mistaken command line costs nothing: no database is opened for it.
      parseAdminArgs(args);
      await withDatabase({}, (db) => runAdmin(db, args));
    },
  },
};

const USAGE = `usage: patent-status <command> [options]      patent-status <command> --help
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(9)}  ${command.summary}`)
  .join('\n')}
  --version  print the version

Settings come from the environment: DATABASE_URL (unset: the embedded engine, data in
PATENT_STATUS_DATA_DIR, default ./data), HOST, PORT (8080), PUBLIC_BASE_URL, LOG_LEVEL (info),
BODY_LIMIT_BYTES, SEARCH_TIMEOUT_MS, SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD,
SMTP_FROM, USPTO_API_KEY, USPTO_API_BASE_URL, SYNC_TIME (03:30, US Eastern), SYNC_DOWNLOAD_DIR,
SYNC_SEARCH_INTERVAL_MS (250), METRICS_TOKEN, WORKER_METRICS_PORT and WORKER_METRICS_HOST (worker only: its /metrics listener).
An invalid one stops the command with a message naming it (exit code 2).`;

/** The command called `name`; a mistyped name or option is an operator mistake. */
function commandNamed(name: string): Command {
  if (Object.hasOwn(COMMANDS, name)) return COMMANDS[name]!;
  throw new UsageError(name.startsWith('-') ? `unknown option '${name}'` : `unknown command '${name}'`);
}

/** `--help` or `-h` anywhere before a `--` (after which arguments are file names). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Exit codes: 0 done, 1 a failure (a bug's stack trace, or one line for work that could not be
 * done, such as a file that cannot be loaded), 2 a mistake of the operator (one line).
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  try {
    return await dispatch(name, args);
  } catch (error) {
    return fail(commandName(name), error);
  }
}

/** The command whose name a failure is reported under: none when the name itself was the mistake. */
const commandName = (name: string | undefined) => (name !== undefined && Object.hasOwn(COMMANDS, name) ? name : null);

async function dispatch(name: string | undefined, args: string[]): Promise<number> {
  if (name === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    process.stdout.write(`patent-status ${VERSION}\n`);
    return 0;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = args[0] === undefined ? undefined : commandNamed(args[0]);
    process.stdout.write(`${topic ? await topic.usage(args.slice(1)) : USAGE}\n`);
    return 0;
  }
  const command = commandNamed(name);
  if (asksForHelp(args)) {
    process.stdout.write(`${await command.usage(args)}\n`);
    return 0;
  }
  await command.run(args);
  return 0;
}

function fail(commandName: string | null, error: unknown): number {
  const failure = commandFailure(error);
  const mistake = failure ?? operatorMistake(error);
  if (mistake === null) {
    console.error(error);
    return 1;
  }
  const program = commandName === null ? 'patent-status' : `patent-status ${commandName}`;
  // A message that already names its command (`ingest grants: …`) is not prefixed twice.
  const named = commandName !== null && new RegExp(`^${commandName}\\b`).test(mistake.line);
  process.stderr.write(
    `${named ? 'patent-status ' : `${program}: `}${mistake.line}${mistake.usageHint ? ` (see ${program} --help)` : ''}\n`,
  );
  return failure === null ? 2 : 1;
}

// A server keeps the process alive after main returns; only a finished command or a failure ends it.
void main(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code);
});
