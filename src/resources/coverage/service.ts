import type { Queryable } from '../../db/database.js';
import { type CoverageRange, coverageRanges, describeRanges } from '../../domain/coverage.js';
import type { ProvenanceService } from '../provenance/service.js';
import { ReadCache } from '../read-cache.js';
import { listLoadedFileDates } from './coverage.sql.js';
import { FULL_TEXT_PRODUCTS, type FullTextProduct } from '../../domain/products.js';

const WHAT: Record<FullTextProduct, { documents: string; dates: string }> = {
  [FULL_TEXT_PRODUCTS.grants]: { documents: 'grant full text', dates: 'issue dates' },
  [FULL_TEXT_PRODUCTS.publications]: { documents: 'publication full text', dates: 'publication dates' },
};

/** Which weeks of a full-text product are loaded, remembered until the next ingest finishes. */
export class CoverageService {
  private readonly cache: ReadCache<CoverageRange[]>;

  constructor(
    private readonly db: Queryable,
    provenance: ProvenanceService,
  ) {
    this.cache = new ReadCache(() => provenance.dataVersion(), 10);
  }

  ranges(product: FullTextProduct): Promise<CoverageRange[]> {
    return this.cache.get(product, async () => coverageRanges(await listLoadedFileDates(this.db, product)));
  }

  /** A sentence naming the covered dates: `Grant full text is loaded for issue dates 2026-01-06 to …`. */
  async describe(product: FullTextProduct): Promise<string> {
    const what = WHAT[product];
    const ranges = describeRanges(await this.ranges(product));
    const capitalized = what.documents[0]!.toUpperCase() + what.documents.slice(1);
    return ranges ? `${capitalized} is loaded for ${what.dates} ${ranges}.` : `No ${what.documents} file has been loaded yet.`;
  }
}
