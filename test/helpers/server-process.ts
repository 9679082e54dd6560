import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { App } from '../../src/http/app.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An API server as a test talks to it: a real child process over HTTP, or an app in this process. */
export interface ApiServer {
  readonly name: string;
  request(method: 'GET' | 'POST', path: string, key: string, body?: unknown): Promise<Answer>;
  /** Graceful stop: leases written back and returned. */
  stop(): Promise<void>;
}

export interface ServerProcess extends ApiServer {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Kills without any chance to clean up; resolves when the process is gone. */
  kill(): Promise<void>;
}

/** `patent-status serve` in a child process on a free port, with `env` added (DATABASE_URL or a data directory). */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'src/cli.ts'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  const baseUrl = await new Promise<string>((done, fail) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) done(listening[1]!);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => fail(new Error(`server ${name} exited (${code}) before listening:\n${output}`)));
  });
  return {
    name,
    child,
    baseUrl,
    async request(method, path, key, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: await response.text() };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** An app built in this process (the embedded engine allows one process per data directory). */
export function inProcessServer(name: string, app: App): ApiServer {
  return {
    name,
    async request(method, path, key, body) {
      const payload = body === undefined ? {} : { payload: body as Record<string, unknown> };
      const response = await app.inject({ method, url: path, headers: { 'x-api-key': key }, ...payload });
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)]));
      return { status: response.statusCode, headers, body: response.body };
    },
    stop: () => app.close(),
  };
}
