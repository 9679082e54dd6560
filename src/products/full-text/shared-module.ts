/**
 * What the grant and publication modules share besides the loader: the parties printed on a
 * document (one table for both), and their demo data (each module writes its own product's weekly
 * files from the one corpus).
 */
import { writeFullTextFiles } from '@patent-status/synth';
import { FULL_TEXT_PRODUCTS, type FullTextProduct } from '../../domain/products.js';
import { resolvePrintedBatch } from '../../ingest/entities/batches.js';
import type { PartySource, PartyTable } from '../../ingest/entities/party-source.js';
import type { DemoCorpus, DemoFile } from '../../ingest/product.js';

const DOCUMENTS: PartyTable = { table: 'document_parties', key: 'doc_number' };

/** Applicants, inventors and assignees as printed at issue or publication. */
export const DOCUMENT_PARTIES: PartySource = {
  ...DOCUMENTS,
  phase: 'documents',
  shown: 'grants and publications',
  rank: 2,
  resolve: (db, keys, now) => resolvePrintedBatch(db, DOCUMENTS, keys, now),
};

const GENERATED = { [FULL_TEXT_PRODUCTS.grants]: 'grants', [FULL_TEXT_PRODUCTS.publications]: 'publications' } as const;

/**
 * The weekly files of one full-text product, in date order as they arrive (the first records no
 * events). Only this product's files are written; the other's documents are still drawn, so that
 * citations between them are the same whichever module writes first.
 */
export async function fullTextDemo(product: FullTextProduct, corpus: DemoCorpus): Promise<DemoFile[]> {
  const { files } = await writeFullTextFiles(corpus.dir, {
    applications: corpus.applications,
    seed: corpus.seed,
    products: [GENERATED[product]],
    ...(corpus.fullTextFrom ? { from: corpus.fullTextFrom } : {}),
  });
  return files
    .filter((file) => file.product === product)
    .sort((a, b) => a.fileDate.localeCompare(b.fileDate))
    .map((file) => ({ path: file.path, product, fileDate: file.fileDate }));
}
