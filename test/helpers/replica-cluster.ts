import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

/**
 * A PostgreSQL 15 primary and a streaming replica made from it with pg_basebackup, each a
 * cluster of its own in a temporary directory on a free port: real replication, started and
 * removed by the test. PostgreSQL refuses to run as root, so under root the tools run as `postgres`.
 */
const BIN = ['/usr/lib/postgresql/15/bin'].find((dir) => existsSync(join(dir, 'pg_ctl'))) ?? '';
const asRoot = process.getuid?.() === 0;

async function run(tool: string, args: string[]): Promise<string> {
  const path = BIN ? join(BIN, tool) : tool;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  const { stdout } = await promisify(execFile)(command, commandArgs, { timeout: 120_000 });
  return stdout;
}

function ownedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) chownSync(dir, ...postgresIds());
  return dir;
}

/** The uid and gid of `postgres`, which must own a cluster's directory (and a tablespace's). */
export function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user to run the test clusters as');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

export interface Cluster {
  port: number;
  url(database: string): string;
  /** Runs statements in order as `postgres` on its `postgres` database (CREATE DATABASE, settings), one connection. */
  admin(...statements: string[]): Promise<void>;
  /** Shuts the server down (fast: open connections are cut) and keeps its data. */
  halt(): Promise<void>;
  /** Starts it again after halt(). */
  resume(): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

async function start(dir: string, port: number): Promise<Cluster> {
  appendFileSync(
    join(dir, 'postgresql.conf'),
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\n`,
  );
  const startServer = () => run('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  await startServer();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async admin(...statements) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
    },
    halt: async () => void (await run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop'])),
    resume: async () => void (await startServer()),
    async stop() {
      await run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A primary that accepts replication connections from this machine. */
export async function startPrimary(): Promise<Cluster> {
  const dir = ownedDir('pss-primary-');
  await run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  writeFileSync(
    join(dir, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  appendFileSync(join(dir, 'postgresql.conf'), `\nwal_level = replica\nmax_wal_senders = 4\n`);
  return start(dir, await freePort());
}

/** A hot standby streaming from `primary` (pg_basebackup -R writes its standby.signal and primary_conninfo). */
export async function startReplica(primary: Cluster): Promise<Cluster> {
  const dir = ownedDir('pss-replica-');
  await run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  appendFileSync(join(dir, 'postgresql.conf'), `\nhot_standby = on\n`);
  return start(dir, await freePort());
}
