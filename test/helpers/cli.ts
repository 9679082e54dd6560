import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a CLI child: this one's, without the settings a test run may carry
 * (DATABASE_URL, HOST, PORT …), plus `env`; `undefined` removes a variable.
 */
function cliEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'HOST', 'PORT', 'PUBLIC_BASE_URL', 'LOG_LEVEL', 'PATENT_STATUS_DATA_DIR']) delete base[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete base[name];
    else base[name] = value;
  }
  return base;
}

/** Starts `patent-status …` from the sources (as `npm run build` would compile them). */
export function startCli(args: string[], env: Record<string, string | undefined>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli.ts'), ...args], {
    cwd: ROOT,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `patent-status …` to its end. */
export async function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const child = startCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('close', (exitCode) => done(exitCode)));
  return { code, stdout, stderr };
}
