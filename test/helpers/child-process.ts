import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** A TypeScript entry point run in a child Node process, with its stdout read line by line. */
export class Child {
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly process: ChildProcess;
  private readonly waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  private stderr = '';

  constructor(script: string, args: string[], env: Record<string, string>) {
    this.process = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((done) => this.process.once('exit', (code) => done(code)));
    let buffered = '';
    this.process.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) {
        this.lines.push(line);
        for (const waiter of [...this.waiters]) {
          if (!waiter.test(line)) continue;
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    });
    this.process.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  get pid(): number {
    return this.process.pid!;
  }

  /** The first stdout line (seen already or to come) that passes `test`. */
  waitForLine(test: (line: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    const seen = this.lines.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolveLine, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${what} within ${timeoutMs} ms; stdout: ${this.lines.join('\n')}\nstderr: ${this.stderr}`)),
        timeoutMs,
      );
      this.waiters.push({ test, resolve: (line) => (clearTimeout(timer), resolveLine(line)) });
      void this.exited.then((code) =>
        reject(new Error(`exited (${code}) before ${what}; stdout: ${this.lines.join('\n')}\nstderr: ${this.stderr}`)),
      );
    });
  }

  kill(signal: NodeJS.Signals): void {
    this.process.kill(signal);
  }

  get errors(): string {
    return this.stderr;
  }
}

/** A JSON log line's fields, or null for any other line. */
export function logLine(line: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
