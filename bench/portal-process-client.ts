/** The parent's side of portal-process.ts: the stand-in started in a process of its own and asked over IPC. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SearchRecord, SearchStream } from '../test/helpers/portal-search-stand-in.js';
import type { PortalCounts, PortalRequest } from './portal-process.js';

/** Records a `put` message carries at most: the day's 134,000 records go in about 30 messages. */
const CHUNK = 5_000;

/** The stand-in in its own process (portal-process.ts), one question at a time over IPC. */
export class PortalProcess {
  private asked = 0;
  private readonly waiting = new Map<number, { resolve: (answer: unknown) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.on('message', (message: { id: number }) => {
      this.waiting.get(message.id)?.resolve(message);
      this.waiting.delete(message.id);
    });
    child.on('exit', (code) => {
      for (const { reject } of this.waiting.values()) reject(new Error(`the portal process exited (${code})`));
      this.waiting.clear();
    });
  }

  /** The stand-in expecting `key`. */
  static async start(key: string): Promise<PortalProcess> {
    const child = fork(fileURLToPath(new URL('./portal-process.ts', import.meta.url)), [key], { execArgv: ['--import', 'tsx'] });
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { url: string }));
      child.once('exit', (code) => reject(new Error(`the portal process exited (${code})`)));
    });
    return new PortalProcess(child, url);
  }

  private ask<T>(message: PortalRequest): Promise<T> {
    const id = ++this.asked;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: (answer) => resolve(answer as T), reject });
      this.child.send({ id, ...message });
    });
  }

  async put(stream: SearchStream, records: SearchRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += CHUNK) await this.ask({ put: { stream, records: records.slice(i, i + CHUNK) } });
  }

  /** Search requests seen per stream (in the order asked), and the stand-in's handler time so far. */
  counts(streams: readonly SearchStream[]): Promise<PortalCounts> {
    return this.ask({ counts: streams });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask({ close: true });
    await exited;
  }
}
