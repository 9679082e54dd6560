/**
 * Data changes only when an ingest finishes, so reads can be remembered until then: every
 * entry belongs to one version (ProvenanceService.dataVersion, or answerVersion for finished
 * answers that also carry `stale`), and a new version empties the cache. Bounded: past
 * `maxEntries` it starts over rather than tracking recency.
 */
export class ReadCache<V> {
  private entries = new Map<string, V>();
  private version: string | null = null;

  constructor(
    private readonly currentVersion: () => Promise<string>,
    private readonly maxEntries = 50_000,
  ) {}

  /** `keep` false: the value is returned but not remembered (a stand-in until the real answer exists). */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const version = await this.currentVersion();
    if (version !== this.version) {
      this.entries = new Map();
      this.version = version;
    }
    if (this.entries.has(key)) return this.entries.get(key)!;
    const value = await load();
    if (!keep(value)) return value;
    if (this.entries.size >= this.maxEntries) this.entries = new Map();
    this.entries.set(key, value);
    return value;
  }
}
