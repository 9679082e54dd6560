import { parseArgs } from 'node:util';
import { type ConfigDefaults, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { type Setting, SETTINGS } from '../domain/settings.js';

/**
 * One entry per command. `--help` prints `usage()` and `run` is never called, so asking for help
 * opens no database, creates no directory and listens on no port. Command modules are imported
 * only when used: `--help`, `--version` and a mistaken command line answer without loading the
 * server, the engines or the generator (the list of commands reads admin's subcommands from
 * admin.ts, which loads none of them; the worker's jobs are listed by `worker --help` alone, as
 * its registry loads every job's module).
 */
export interface Command {
  summary: string;
  /** Named after the summary in the list of commands, from the command's own table. */
  subcommands?(): Promise<readonly string[]>;
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
  const [{ openDatabase }, { migrate }] = await Promise.all([import('../db/open.js'), import('../db/migrate.js')]);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await work(db);
  } finally {
    await db.close();
  }
}

export const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'serve the API (REST and discovery) on HOST:PORT',
    usage: async () => (await import('./serve.js')).USAGE,
    run: async (args) => {
      noArguments(args);
      const config = loadConfig();
      await (await import('./serve.js')).startServer(config);
    },
  },
  demo: {
    summary: 'embedded database, demo corpus, a funded demo key printed, API served on 127.0.0.1',
    usage: async () => (await import('./demo.js')).USAGE,
    run: async (args) => {
      noArguments(args);
      // The demo prints a funded key: reachable from this machine only, unless HOST says otherwise.
      const config = loadConfig(process.env, { host: '127.0.0.1' });
      await (await import('./demo.js')).runDemo(config);
    },
  },
  worker: {
    summary: 'deliver webhooks and run the background jobs `worker --help` lists, until SIGINT/SIGTERM',
    usage: async () => (await import('./worker.js')).WORKER_USAGE,
    run: async (args) => {
      noArguments(args);
      const config = loadConfig();
      await (await import('./worker.js')).runWorker(config);
    },
  },
  migrate: {
    summary: 'apply pending database migrations',
    usage: async () => (await import('./migrate.js')).USAGE,
    run: async (args) => {
      noArguments(args);
      const config = loadConfig();
      const [{ openDatabase }, { runMigrate }] = await Promise.all([import('../db/open.js'), import('./migrate.js')]);
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
    usage: async (args) => (await import('./ingest.js')).ingestUsage(args.find((arg) => !arg.startsWith('-'))),
    run: async (args) => {
      const { parseIngestCommand, runIngest } = await import('./ingest.js');
      // A mistaken command line costs nothing: no database is opened for it.
      parseIngestCommand(args);
      await withDatabase({}, async (db) => void (await runIngest(db, args)));
    },
  },
  sync: {
    summary: 'download and load the newest bulk files from the Open Data Portal (USPTO_API_KEY)',
    usage: async () => (await import('./sync.js')).USAGE,
    run: async (args) => {
      const { parseSyncCommand, runSync } = await import('./sync.js');
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
    usage: async () => (await import('./entities.js')).USAGE,
    run: async (args) => {
      const { runEntities } = await import('./entities.js');
      await withDatabase({}, async (db) => void (await runEntities(db, args)));
    },
  },
  'search-index': {
    summary: 'which index answers search words; rebuild it: search-index [rum | gin]',
    usage: async () => (await import('./search-index.js')).USAGE,
    run: async (args) => {
      const { parseSearchIndexArgs, runSearchIndex } = await import('./search-index.js');
      const method = parseSearchIndexArgs(args);
      await withDatabase({}, (db) => runSearchIndex(db, method));
    },
  },
  statistics: {
    summary: 'examiner and art-unit statistics: statistics refresh',
    usage: async () => (await import('./statistics.js')).USAGE,
    run: async (args) => {
      const { parseStatisticsArgs, runStatistics } = await import('./statistics.js');
      parseStatisticsArgs(args);
      await withDatabase({}, (db) => runStatistics(loadConfig(), db));
    },
  },
  synth: {
    summary: 'write a synthetic corpus in the real bulk formats',
    usage: async () => (await import('./synth.js')).USAGE,
    run: async (args) => void (await (await import('./synth.js')).runSynth(args)),
  },
  admin: {
    summary: 'operator commands',
    subcommands: async () => (await import('./admin.js')).ADMIN_SUBCOMMANDS,
    usage: async () => (await import('./admin.js')).USAGE,
    run: async (args) => {
      const { parseAdminArgs, runAdmin } = await import('./admin.js');
      // A mistaken command line costs nothing: no database is opened for it.
      parseAdminArgs(args);
      await withDatabase({}, (db) => runAdmin(db, args));
    },
  },
};

/** Width of the settings' first column: the few longer ones (the webhook retry delays) would push every meaning far right. */
const SETTING_COLUMN = 32;

/** `NAME=default  meaning`: a setting as the list of settings shows it; a longer name and default put the meaning on a line of its own. */
function settingLines(setting: Setting, width: number): string[] {
  const assignment = `${setting.name}${setting.default === undefined ? '' : `=${setting.default}`}`;
  if (assignment.length > width) return [`  ${assignment}`, `  ${''.padEnd(width)}  ${setting.meaning}`];
  return [`  ${assignment.padEnd(width)}  ${setting.meaning}`];
}

/**
 * `patent-status --help`: every command of the table (with its subcommands) and every setting
 * `loadConfig` reads, from their one declaration each.
 */
export async function topLevelUsage(): Promise<string> {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((name) => name.length), '--version'.length);
  const commands = await Promise.all(
    Object.entries(COMMANDS).map(async ([name, command]) => {
      const subcommands = (await command.subcommands?.()) ?? [];
      return `  ${name.padEnd(width)}  ${command.summary}${subcommands.length > 0 ? `: ${subcommands.join(', ')}` : ''}`;
    }),
  );
  const settings = (SETTINGS as readonly Setting[]).flatMap((setting) => settingLines(setting, SETTING_COLUMN));
  return [
    'usage: patent-status <command> [options]      patent-status <command> --help',
    ...commands,
    `  ${'--version'.padEnd(width)}  print the version`,
    '',
    'Settings come from the environment (NAME=default; an invalid one stops the command with a message',
    'naming it, exit code 2):',
    ...settings,
  ].join('\n');
}
