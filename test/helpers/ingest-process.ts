import type { ChildProcess } from 'node:child_process';
import { startCli } from './cli.js';

/**
 * `patent-status ingest <product> --progress …` in a child process, its committed batches read
 * from the progress lines it writes on stderr (one after each commit), so that a test or a bench
 * can SIGKILL it at a batch of its choosing.
 */
export class IngestProcess {
  /** The progress lines seen so far: one per committed batch, with the run's counts until then. */
  readonly batches: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private readonly waiters: { test: (batches: readonly string[]) => boolean; resolve: (reached: boolean) => void }[] = [];
  private stdout = '';
  private stderr = '';

  /** `args` as after `patent-status ingest` (the product first); `--progress` is added. */
  constructor(args: string[], env: Record<string, string | undefined>) {
    const [product, ...rest] = args;
    this.child = startCli(['ingest', product!, '--progress', ...rest], env);
    // 'close', not 'exit': the last progress lines may still be in the pipe when the process is gone.
    this.exited = new Promise((done) => this.child.once('close', (code) => done(code)));
    void this.exited.then(() => {
      for (const waiter of this.waiters.splice(0)) waiter.resolve(waiter.test(this.batches));
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    let buffered = '';
    this.child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      this.stderr += text;
      buffered += text;
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete) if (/: read \d+/.test(line)) this.batches.push(line);
      for (const waiter of [...this.waiters]) {
        if (!waiter.test(this.batches)) continue;
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(true);
      }
    });
  }

  /** True as soon as the batches committed pass `test`; false when the process ended before they did. */
  until(test: (batches: readonly string[]) => boolean): Promise<boolean> {
    if (test(this.batches)) return Promise.resolve(true);
    if (!this.running) return this.exited.then(() => test(this.batches));
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** True once `count` batches have committed; false when the process ended before. */
  untilBatches(count: number): Promise<boolean> {
    return this.until((batches) => batches.length >= count);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Kills without any chance to clean up (nothing when it ended already); resolves when the process is gone. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** What it printed: the summary on stdout, progress and errors on stderr. */
  get output(): { stdout: string; stderr: string } {
    return { stdout: this.stdout, stderr: this.stderr };
  }
}
