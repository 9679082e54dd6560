/**
 * Keyed batches written one transaction each, with the write of one batch overlapping the
 * reading of the next: parsing is this process's CPU, writing is the database server's. Every
 * product's loader shares it, so they share its guarantees: a key seen twice in one file applies
 * in file order (the second copy starts a new batch), and a failed write is rethrown once the
 * batch in flight settled, never lost as an unhandled rejection.
 */
export class BatchPipeline<V> {
  private batch = new Map<string, V>();
  private writing: Promise<void> | null = null;

  constructor(
    private readonly size: number,
    private readonly write: (values: V[]) => Promise<void>,
  ) {}

  async add(key: string, value: V): Promise<void> {
    if (this.batch.has(key) || this.batch.size >= this.size) await this.flush();
    this.batch.set(key, value);
  }

  /** Sends the batch being filled; waits only for the one before it. */
  async flush(): Promise<void> {
    if (this.batch.size === 0) return;
    const values = [...this.batch.values()];
    this.batch = new Map();
    if (this.writing) await this.writing;
    this.writing = this.write(values);
    // Observed at the next flush or in finish(); this keeps an early failure from counting as unhandled.
    this.writing.catch(() => undefined);
  }

  /**
   * Feeds every item of `read` (which calls `add`), then writes the rest. Whatever ended the
   * reading, the batch already sent finishes (or fails) before this returns or throws.
   */
  async run(read: () => Promise<void>): Promise<void> {
    let failure: unknown = null;
    try {
      await read();
      await this.flush();
    } catch (error) {
      failure = error;
    }
    await this.writing?.catch((error: unknown) => {
      failure ??= error;
    });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the read or a write threw, unchanged
    if (failure !== null) throw failure;
  }
}
