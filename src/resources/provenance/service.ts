import type { Queryable } from '../../db/database.js';
import { type Catalogue, isStale, type ProductState, type Provenance, provenanceOf, toEasternDate } from '../../domain/provenance.js';
import { catalogueEntry } from '../../domain/products.js';
import { listProductStates, readEntityResolutionTime } from '../../db/product-state.sql.js';

/** product_state changes only when an ingest finishes (possibly in another process): a short cache is exact enough. */
const CACHE_MS = 5_000;

/** The one place every resource gets its `source`, `as_of` and `stale` from. */
export class ProvenanceService {
  private cached: { at: number; states: Map<string, ProductState>; version: string } | null = null;
  private today: { minute: number; date: string } | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date = () => new Date(),
    /** The cadence of each product the deployment loads (the product modules' catalogue entries). */
    private readonly catalogue: Catalogue = catalogueEntry,
  ) {}

  async states(): Promise<Map<string, ProductState>> {
    const at = Date.now();
    if (!this.cached || at - this.cached.at > CACHE_MS) {
      const [rows, resolved] = await Promise.all([listProductStates(this.db), readEntityResolutionTime(this.db)]);
      // Entity ids and portfolios change when resolution runs, after the ingest that fed it.
      const version = [
        ...rows.map((row) => `${row.product}@${row.ingested_at.toISOString()}`),
        `entities@${resolved?.toISOString() ?? ''}`,
      ].join(',');
      this.cached = { at, states: new Map(rows.map((row) => [row.product, row])), version };
    }
    return this.cached.states;
  }

  /** Changes whenever any product finishes an ingest, or entity resolution changes something: read caches key on it. */
  async dataVersion(): Promise<string> {
    await this.states();
    return this.cached!.version;
  }

  /**
   * Changes with the data, with any product's `stale` and with the Eastern date: all that a
   * finished answer depends on besides its rows (it carries `stale`; fee windows and expiry are
   * judged as of today). So answers live until one of them turns, not a fixed few seconds.
   */
  async answerVersion(): Promise<string> {
    const states = await this.states();
    const now = this.now();
    let staleness = '';
    for (const state of states.values()) staleness += isStale(state, now, this.catalogue) ? 's' : 'f';
    return `${this.cached!.version}#${staleness}#${this.easternToday(now)}`;
  }

  /** Today in the office's time zone; it can only turn on a whole minute, so it is formatted once a minute. */
  private easternToday(now: Date): string {
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.today?.minute !== minute) this.today = { minute, date: toEasternDate(now) };
    return this.today.date;
  }

  /** Drop the cache (an in-process ingest just finished). */
  invalidate(): void {
    this.cached = null;
  }

  async of(product: string): Promise<Provenance> {
    return provenanceOf(product, (await this.states()).get(product) ?? null, this.now(), this.catalogue);
  }

  private async freshest(family: readonly string[]): Promise<ProductState | null> {
    const states = await this.states();
    const loaded = family.map((product) => states.get(product)).filter((state): state is ProductState => state !== undefined);
    // The newest data names the family: a backfile stays fresh while its daily product loads.
    const newer = (a: ProductState, b: ProductState) =>
      a.file_date !== b.file_date ? (a.file_date > b.file_date ? -1 : 1) : b.ingested_at.getTime() - a.ingested_at.getTime();
    return loaded.sort(newer)[0] ?? null;
  }

  /** Provenance of a product family as a whole (list envelopes): its freshest member names it. */
  async ofFamily(family: readonly string[]): Promise<Provenance> {
    const freshest = await this.freshest(family);
    return provenanceOf(freshest?.product ?? family[0]!, freshest, this.now(), this.catalogue);
  }

  /**
   * Provenance of one stored row: `source` names the file that wrote it; `as_of` and `stale`
   * follow the freshest product of its family (a backfile row stays fresh while dailies load).
   */
  async ofRow(source: { product: string; fileDate: string }, family: readonly string[]): Promise<Provenance> {
    return { ...(await this.ofFamily(family)), source: { product: source.product, file_date: source.fileDate } };
  }

  async all(): Promise<Provenance[]> {
    const now = this.now();
    return [...(await this.states()).values()].map((state) => provenanceOf(state.product, state, now, this.catalogue));
  }
}
