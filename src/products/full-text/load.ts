import { replaceChildRows } from '../../db/child-rows.js';
import type { Database } from '../../db/database.js';
import type { FullTextProduct } from '../../domain/products.js';
import type { IngestCounts, IngestSummary } from '../../ingest/ingest-run.js';
import type { ProductLoader } from '../../ingest/loader.js';
import { ingestItems } from '../../ingest/runner.js';
import { detectDocumentEvents } from './detect-events.js';
import type { FullTextDocument, FullTextItem } from './document.js';
import * as sql from './load.sql.js';
import { citationRows, documentHash, documentRow, grantRelationRows, grantTermRows, partyRows } from './rows.js';

/** One batch after reading what is stored. */
interface Plan {
  work: { document: FullTextDocument; hash: string }[];
  stored: Map<string, string>;
  unchanged: number;
  /** The applications held for documents loaded for the first time (only when events are wanted). */
  known: Map<string, sql.KnownApplication>;
}

const isFresh = (plan: Plan, document: FullTextDocument): boolean => !plan.stored.has(document.docNumber);

/**
 * Weekly full text, grants (Tuesdays, `ipgYYMMDD`) and pre-grant publications (Thursdays,
 * `ipaYYMMDD`): documents, their claims, backward citations and parties, and a grant's term facts
 * and related-document links. A re-run skips unchanged documents (same content hash). Documents of
 * other roots (`sequence-cwu`) are counted by root in the run's skip tally.
 */
export const FULL_TEXT_LOADER: ProductLoader<FullTextItem, FullTextDocument, Plan> = {
  unit: 'documents',
  // A grant with its claims and citations is tens of kilobytes.
  batchSize: 250,
  tables: [
    'documents',
    'document_claims',
    sql.CITATIONS.table,
    sql.DOCUMENT_PARTIES.table,
    sql.GRANT_TERMS.table,
    sql.GRANT_RELATIONS.table,
  ],

  item(item) {
    if (item.kind === 'document') return { kind: 'record', key: item.document.docNumber, record: item.document };
    if (item.kind === 'skipped') return { kind: 'skip', reason: `document of root <${item.root}>` };
    return item;
  },

  async plan(tx, documents, detect) {
    const stored = await sql.findStoredHashes(
      tx,
      documents.map((d) => d.docNumber),
    );
    const work = documents
      .map((document) => ({ document, hash: documentHash(document) }))
      .filter((w) => stored.get(w.document.docNumber) !== w.hash);
    const plan: Plan = { work, stored, unchanged: documents.length - work.length, known: new Map() };
    const fresh = work.filter((w) => isFresh(plan, w.document));
    if (detect && fresh.length > 0) {
      plan.known = await sql.findKnownApplications(
        tx,
        fresh.flatMap((w) => (w.document.applicationNumber ? [w.document.applicationNumber] : [])),
      );
    }
    return plan;
  },

  detect: (plan) =>
    plan.work
      .filter((w) => isFresh(plan, w.document))
      .flatMap(({ document }) =>
        detectDocumentEvents(document, document.applicationNumber ? plan.known.get(document.applicationNumber) : undefined),
      ),

  async write(tx, plan, file) {
    const fresh = plan.work.filter((w) => isFresh(plan, w.document)).length;
    const outcome = { inserted: fresh, updated: plan.work.length - fresh, unchanged: plan.unchanged, rejects: [] };
    if (plan.work.length === 0) return outcome;
    await sql.upsertDocuments(
      tx,
      JSON.stringify(plan.work.map((w) => documentRow(w.document, w.hash))),
      file.product,
      file.fileDate,
      file.now,
    );
    const stored = plan.work.filter((w) => !isFresh(plan, w.document)).map((w) => w.document.docNumber);
    await replaceChildRows(
      tx,
      sql.CITATIONS,
      stored,
      plan.work.flatMap((w) => citationRows(w.document)),
    );
    await replaceChildRows(
      tx,
      sql.DOCUMENT_PARTIES,
      stored,
      plan.work.flatMap((w) => partyRows(w.document)),
    );
    // Only grants print term evidence: a publication has none to delete or write.
    const grants = plan.work.filter((w) => w.document.docType === 'grant');
    const storedGrants = grants.filter((w) => !isFresh(plan, w.document)).map((w) => w.document.docNumber);
    await replaceChildRows(
      tx,
      sql.GRANT_TERMS,
      storedGrants,
      grants.flatMap((w) => grantTermRows(w.document)),
    );
    await replaceChildRows(
      tx,
      sql.GRANT_RELATIONS,
      storedGrants,
      grants.flatMap((w) => grantRelationRows(w.document)),
    );
    return outcome;
  },
};

export interface FullTextLoadOptions {
  product: FullTextProduct;
  fileName: string;
  fileDate: string;
  batchSize?: number;
  onProgress?: (counts: IngestCounts) => void;
}

/** Loads parsed full-text items (a file's, or a test's) as one ingest run. */
export function loadFullText(db: Database, items: AsyncIterable<FullTextItem>, options: FullTextLoadOptions): Promise<IngestSummary> {
  return ingestItems(db, FULL_TEXT_LOADER, items, options);
}
