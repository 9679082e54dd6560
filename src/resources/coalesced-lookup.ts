/**
 * Lookups by key asked in the same turn of the event loop, answered by one query for all of them:
 * under load, requests arrive together, and one round trip for many costs the database, the
 * driver and the kernel far less than one each (a first lookup was mostly the round
 * trip's fixed cost). A key asked twice in a turn is read once.
 */
export class CoalescedLookup<V> {
  private pending: Map<string, { resolve: (value: V | null) => void; reject: (error: unknown) => void }[]> | null = null;

  /** `loadMany` gets distinct keys and answers those it found; keys it leaves out are null. */
  constructor(
    private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxKeys = 500,
  ) {}

  get(key: string): Promise<V | null> {
    if (this.pending === null || this.pending.size >= this.maxKeys) {
      this.pending = new Map();
      const batch = this.pending;
      setImmediate(() => void this.flush(batch));
    }
    const batch = this.pending;
    return new Promise((resolve, reject) => {
      const waiting = batch.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(batch: Map<string, { resolve: (value: V | null) => void; reject: (error: unknown) => void }[]>): Promise<void> {
    if (this.pending === batch) this.pending = null;
    try {
      const found = await this.loadMany([...batch.keys()]);
      for (const [key, waiting] of batch) for (const { resolve } of waiting) resolve(found.get(key) ?? null);
    } catch (error) {
      for (const waiting of batch.values()) for (const { reject } of waiting) reject(error);
    }
  }
}
