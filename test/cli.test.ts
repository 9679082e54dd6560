import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SUBCOMMANDS, USAGE as ADMIN_USAGE } from '../src/commands/admin.js';
import { COMMANDS } from '../src/commands/command-table.js';
import { USAGE as DEMO_USAGE } from '../src/commands/demo.js';
import { USAGE as ENTITIES_USAGE } from '../src/commands/entities.js';
import { ingestUsage, USAGE as INGEST_USAGE } from '../src/commands/ingest.js';
import { USAGE as MIGRATE_USAGE } from '../src/commands/migrate.js';
import { USAGE as SERVE_USAGE } from '../src/commands/serve.js';
import { USAGE as SYNC_USAGE } from '../src/commands/sync.js';
import { USAGE as SYNTH_USAGE } from '../src/commands/synth.js';
import { WORKER_USAGE } from '../src/commands/worker.js';
import { type Setting, SETTINGS } from '../src/domain/settings.js';
import { VERSION } from '../src/version.js';
import { REGISTRY } from '../src/worker/registry.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { runCli } from './helpers/cli.js';

/**
 * The CLI as an operator meets it, in a child process: `--help` does nothing but print, and every
 * mistake is one line on stderr with exit code 2 (never a stack trace).
 */
let dir: string;
/** A data directory that no command may create: the embedded engine would make it on opening. */
let untouched: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pss-cli-'));
  untouched = join(dir, 'never-created');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--help', () => {
  it.each([
    [['serve', '--help'], SERVE_USAGE],
    [['demo', '-h'], DEMO_USAGE],
    [['migrate', '--help'], MIGRATE_USAGE],
    [['ingest', '--help'], INGEST_USAGE],
    [['ingest', 'grants', '--help'], ingestUsage('grants')],
    [['ingest', 'file-wrapper', '--file-date', '2024-01-02', 'missing.json', '-h'], ingestUsage('file-wrapper')],
    [['worker', '--help'], WORKER_USAGE],
    [['synth', '--out', 'OUT', '--applications', '5', '--help'], SYNTH_USAGE],
    [['admin', '--help'], ADMIN_USAGE],
    [['entities', '--help'], ENTITIES_USAGE],
    [['sync', '--products', 'PTGRXML', '--help'], SYNC_USAGE],
    [['admin', 'credit', '--email', 'ops@example.com', '--units', '5', '--help'], ADMIN_USAGE],
    [['help', 'migrate'], MIGRATE_USAGE],
  ])('patent-status %j prints the usage and exits 0, creating nothing', async (args, usage) => {
    const out = join(dir, 'synth-out');
    const result = await runCli(
      args.map((arg) => (arg === 'OUT' ? out : arg)),
      { PATENT_STATUS_DATA_DIR: untouched, PORT: '1' },
    );
    expect(result).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' });
    expect(existsSync(untouched)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('lists every command of the table with one line each, and --version prints the version', async () => {
    const help = await runCli(['--help'], { PATENT_STATUS_DATA_DIR: untouched });
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    const commands = [...help.stdout.matchAll(/^ {2}([a-z][a-z-]*) {2,}\S/gm)].map((match) => match[1]);
    expect(commands).toEqual(Object.keys(COMMANDS));
    expect(commands).toEqual([
      'serve',
      'demo',
      'worker',
      'migrate',
      'ingest',
      'sync',
      'entities',
      'search-index',
      'statistics',
      'synth',
      'admin',
    ]);
    expect(help.stdout).toContain('\n  admin         operator commands: credit, orgs, usage, revoke-key\n');
    expect(ADMIN_SUBCOMMANDS).toEqual(['credit', 'orgs', 'usage', 'revoke-key']);
    expect(await runCli(['--version'], {})).toEqual({ code: 0, stdout: `patent-status ${VERSION}\n`, stderr: '' });
    expect(VERSION).toBe('0.1.0');
  });

  it('lists every setting loadConfig reads, with its default', async () => {
    const help = await runCli(['--help'], { PATENT_STATUS_DATA_DIR: untouched });
    const listed = [...help.stdout.matchAll(/^ {2}([A-Z][A-Z0-9_]+)(?:=(\S+))?/gm)].map((match) => [match[1], match[2] ?? null]);
    const declared: Setting[] = [...SETTINGS];
    expect(listed).toEqual(declared.map((setting) => [setting.name, setting.default ?? null]));
    // The settings of the worker's metrics, the read replica, webhooks and statistics, which an earlier help left out.
    expect(help.stdout).toMatch(/^ {2}WEBHOOK_RETRY_DELAYS=60,300,1800,7200,28800,86400\n {36}seconds before each retry$/m);
    expect(help.stdout).toMatch(/^ {2}DATABASE_READ_MAX_LAG_MS=5000 +how far behind/m);
    expect(help.stdout).toMatch(/^ {2}PORT=8080 +HTTP port$/m);
  });

  it('worker --help names webhook deliveries and every registered job', async () => {
    const help = await runCli(['worker', '--help'], { PATENT_STATUS_DATA_DIR: untouched });
    expect(help.stdout).toContain("Delivers the monitors' webhooks");
    const jobs = [...help.stdout.matchAll(/^ {4}([a-z-]+\.[a-z-]+)(?::|$)/gm)].map((match) => match[1]);
    expect(jobs).toEqual(REGISTRY.map(({ job }) => job.name));
    expect(jobs).toEqual(
      expect.arrayContaining(['sync.run-nightly', 'statistics.refresh', 'entities.resolve', 'deadlines.refresh', 'billing.sweep-leases']),
    );
  });
});

describe('operator mistakes: one line on stderr, exit code 2', () => {
  it.each([
    [['frobnicate'], {}, "patent-status: unknown command 'frobnicate' (see patent-status --help)"],
    [['--verbose'], {}, "patent-status: unknown option '--verbose' (see patent-status --help)"],
    [['help', 'frobnicate'], {}, "patent-status: unknown command 'frobnicate' (see patent-status --help)"],
    [['serve', '--port', '9000'], {}, "patent-status serve: unknown option '--port' (see patent-status serve --help)"],
    [['migrate', 'now'], {}, "patent-status migrate: unexpected argument 'now' (see patent-status migrate --help)"],
    [
      ['serve'],
      { LOG_LEVEL: 'loud' },
      'patent-status serve: invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [
      ['demo'],
      { PORT: 'http', LOG_LEVEL: 'loud' },
      'patent-status demo: invalid configuration: PORT must be an integer from 0 to 65535, got "http"; LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [
      ['migrate'],
      { DATABASE_URL: 'mysql://app@db/patents' },
      'patent-status migrate: invalid configuration: DATABASE_URL must start with postgres:// or postgresql://',
    ],
    [
      ['migrate'],
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/patents' },
      'patent-status migrate: cannot reach the database server: connection refused (check DATABASE_URL)',
    ],
    [['admin'], {}, 'patent-status admin: a subcommand is needed: credit, orgs, usage, revoke-key (see patent-status admin --help)'],
    [
      ['admin', 'grant'],
      {},
      "patent-status admin: unknown subcommand 'grant' (credit, orgs, usage, revoke-key) (see patent-status admin --help)",
    ],
    [['admin', 'credit', '--units', '5'], {}, 'patent-status admin: credit needs --email EMAIL (see patent-status admin --help)'],
    [
      ['admin', 'credit', '--email', 'ops@example.com', '--units', 'ten'],
      {},
      'patent-status admin: --units must be a positive whole number, got "ten" (see patent-status admin --help)',
    ],
    [
      ['admin', 'credit', '--email', 'ops@example.com', '--units'],
      {},
      "patent-status admin: option '--units <value>' argument missing (see patent-status admin --help)",
    ],
    [
      ['admin', 'credit', '--email', 'ops@example.com', '--units', '-5'],
      {},
      'patent-status admin: --units must be a positive whole number, got "-5": admin credit adds units and takes none away (see patent-status admin --help)',
    ],
    [
      ['admin', 'credit', '--email', 'ops@example.com', '--units=-5'],
      {},
      'patent-status admin: --units must be a positive whole number, got "-5": admin credit adds units and takes none away (see patent-status admin --help)',
    ],
    [
      ['admin', 'credit', '--email', 'ops@example.com', '--units', '5', '--reference', '-x'],
      {},
      "patent-status admin: option '--reference' is followed by a value starting with '-': write it joined, as --reference=-… (see patent-status admin --help)",
    ],
    [['admin', 'orgs', '--all'], {}, "patent-status admin: unknown option '--all' (see patent-status admin --help)"],
    [
      ['ingest', 'grants', '--bogus', 'ipg240611.xml'],
      {},
      "patent-status ingest: unknown option '--bogus' (see patent-status ingest --help)",
    ],
    [['worker', '--bogus'], {}, "patent-status worker: unknown option '--bogus' (see patent-status worker --help)"],
    [['admin', 'revoke-key'], {}, 'patent-status admin: revoke-key needs --key KEY_ID_OR_PREFIX (see patent-status admin --help)'],
    [['synth', '--applications', '5'], {}, 'patent-status synth: --out DIR is required (see patent-status synth --help)'],
    [['statistics', 'recompute'], {}, 'patent-status statistics: expected refresh (see patent-status statistics --help)'],
    [
      ['sync', '--products', 'PTGRXML,FOO'],
      { USPTO_API_KEY: 'k' },
      'patent-status sync: unknown product code FOO (codes: PTFWPRD, PTFWPRE, PTGRXML, APPXML, PASDL, PASYR, PTMNFEE2, PTAB, OA) (see patent-status sync --help)',
    ],
    [
      ['sync', '--since', '2026-02-30'],
      { USPTO_API_KEY: 'k' },
      'patent-status sync: --since 2026-02-30 is not a calendar date (YYYY-MM-DD) (see patent-status sync --help)',
    ],
    [
      ['sync'],
      { USPTO_API_KEY: '' },
      'patent-status sync: USPTO_API_KEY is not set (an Open Data Portal API key, see https://data.uspto.gov/apis/getting-started)',
    ],
  ] as [string[], Record<string, string>, string][])('patent-status %j (env %j)', async (args, env, line) => {
    const result = await runCli(args, { PATENT_STATUS_DATA_DIR: untouched, ...env });
    expect(result).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
    expect(existsSync(untouched)).toBe(false);
  });

  it('without a command, the usage goes to stderr with exit code 2', async () => {
    const result = await runCli([], { PATENT_STATUS_DATA_DIR: untouched });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^usage: patent-status <command>/);
  });

  it('synth refuses a bad count before writing anything', async () => {
    const out = join(dir, 'synth-refused');
    const result = await runCli(['synth', '--out', out, '--applications', '0'], {});
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'patent-status synth: --applications must be a positive whole number, got "0" (see patent-status synth --help)\n',
    });
    expect(existsSync(out)).toBe(false);
  });
});

describe('mistakes found on a real database', () => {
  let target: TestDatabase | null = null;
  let env: Record<string, string>;
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    // PostgreSQL: this file's own database. Embedded: a data directory the first command creates.
    if (process.env.DATABASE_URL) target = await createTestDatabase();
    env = target ? { DATABASE_URL: target.url! } : { PATENT_STATUS_DATA_DIR: join(dir, 'data') };
    busy = createServer();
    await new Promise<void>((listening) => busy.listen(0, '127.0.0.1', listening));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((closed) => busy?.close(closed));
    await target?.drop();
  });

  it('admin: an unknown key or e-mail is one line; a good command still works', async () => {
    expect(await runCli(['admin', 'revoke-key', '--key', 'pss_NoSuchKey0'], env)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'patent-status admin: no active key has the id or prefix pss_NoSuchKey0\n',
    });
    expect(await runCli(['admin', 'credit', '--email', 'nobody@example.com', '--units', '5'], env)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'patent-status admin: No organization has the owner e-mail nobody@example.com.\n',
    });
    expect(await runCli(['admin', 'orgs'], env)).toEqual({
      code: 0,
      stdout: 'org_id\towner_email\tbalance_units\tfunded_at\tactive_keys\n',
      stderr: '',
    });
  });

  it('serve: a port in use is one line, and the data is left as it was', async () => {
    const before = target ? null : readdirSync(join(dir, 'data')).sort();
    const result = await runCli(['serve'], { ...env, HOST: '127.0.0.1', PORT: String(busyPort), LOG_LEVEL: 'warn' });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `patent-status serve: cannot listen on 127.0.0.1:${busyPort}: address already in use (set HOST or PORT)\n`,
    });
    if (before) expect(readdirSync(join(dir, 'data')).sort()).toEqual(before);
  });
});
