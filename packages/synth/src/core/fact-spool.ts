/**
 * A temporary file of facts (one JSON value each, appended in corpus order), read back by where
 * they sit, so a generator can write its files in another order than the corpus's without
 * holding the corpus in memory. FactSpool holds the full-text generator's document facts, with a
 * per-week index costing two numbers per document; assignment-spool.ts is another user.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { DocFacts } from '../full-text/facts.js';

const FLUSH_BYTES = 1 << 20;

export class JsonSpool<T> {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private size = 0;
  private closed = false;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'w+');
  }

  /** Appends the facts; returns where they are (byte offset and length). */
  append(facts: T): { offset: number; length: number } {
    const json = JSON.stringify(facts);
    const length = Buffer.byteLength(json);
    const offset = this.size;
    this.size += length;
    this.pending.push(json);
    this.pendingBytes += length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    return { offset, length };
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const buffer = Buffer.from(this.pending.join(''));
    for (let written = 0; written < buffer.length;) written += writeSync(this.fd, buffer, written, buffer.length - written);
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** The facts at `refs` (flat `offset, length` pairs), in the order given. */
  read(refs: readonly number[]): T[] {
    this.flush();
    const out: T[] = [];
    for (let i = 0; i < refs.length; i += 2) {
      const [offset, length] = [refs[i]!, refs[i + 1]!];
      const buffer = Buffer.allocUnsafe(length);
      for (let read = 0; read < length;) {
        const n = readSync(this.fd, buffer, read, length - read, offset + read);
        if (n === 0) throw new Error(`fact spool ${this.path} is truncated at ${offset + read}`);
        read += n;
      }
      out.push(JSON.parse(buffer.toString('utf8')) as T);
    }
    return out;
  }

  /** Closes and deletes the file (safe to call twice). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    rmSync(this.path, { force: true });
  }
}

/** The full-text generator's document facts. */
export class FactSpool extends JsonSpool<DocFacts> {}

/** Day (epoch day) → flat `offset, length` pairs of the documents of that day. */
export class WeekIndex {
  private readonly weeks = new Map<number, number[]>();

  add(epochDay: number, ref: { offset: number; length: number }): void {
    let refs = this.weeks.get(epochDay);
    if (!refs) this.weeks.set(epochDay, (refs = []));
    refs.push(ref.offset, ref.length);
  }

  get(epochDay: number): readonly number[] | undefined {
    return this.weeks.get(epochDay);
  }

  days(): number[] {
    return [...this.weeks.keys()];
  }
}
