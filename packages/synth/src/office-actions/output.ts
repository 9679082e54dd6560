/**
 * A Solr-style response file written record by record: `{"response":{"numFound":N,"start":0,
 * "docs":[` then one document a line, in ~1 MB chunks; a chunk is written while the next one
 * fills (at most two in memory). The total is only known at the end of the single pass, so the
 * header reserves twelve characters for it (the digits, then blanks — JSON whitespace) and
 * close() writes it in place.
 */
import { type FileHandle, open } from 'node:fs/promises';

const HEAD = '{"response":{"numFound":';
const WIDTH = 12;
const CHUNK = 1 << 20;

export class SolrResponseWriter {
  private chunk = `${HEAD}${'0'.padEnd(WIDTH)},"start":0,"docs":[`;
  count = 0;
  /** The chunk being written, awaited before the next one is handed over. */
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(path: string): Promise<SolrResponseWriter> {
    return new SolrResponseWriter(path, await open(path, 'w'));
  }

  /** Appends one document; when a chunk is full, waits for the previous one to be written. */
  async add(doc: object): Promise<void> {
    this.chunk += (this.count === 0 ? '\n' : ',\n') + JSON.stringify(doc);
    this.count++;
    if (this.chunk.length >= CHUNK) {
      const out = this.chunk;
      this.chunk = '';
      await this.writing;
      this.writing = this.handle.write(out);
      this.writing.catch(() => undefined); // a failure surfaces at the next await of `writing`
    }
  }

  /** Writes the tail and the total, and closes the file. */
  async close(): Promise<void> {
    try {
      await this.writing;
      await this.handle.write(`${this.chunk}${this.count === 0 ? '' : '\n'}]}}\n`);
      this.chunk = '';
      await this.handle.write(String(this.count).padEnd(WIDTH), HEAD.length, 'utf8');
    } finally {
      await this.handle.close();
    }
  }

  /** Closes without completing the file (after a failure). */
  async abandon(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.handle.close().catch(() => undefined);
  }
}
