/**
 * What the grant and publication modules share besides the loader: the parties printed on a
 * document (one table for both), and their demo data (one generator run writes both products'
 * weekly files; each module keeps its own).
 */
import { writeFullTextFiles } from '@patent-status/synth';
import type { FullTextProduct } from '../../domain/products.js';
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

/** The weekly files of one full-text product, in date order as they arrive (the first records no events). */
export async function fullTextDemo(product: FullTextProduct, corpus: DemoCorpus): Promise<DemoFile[]> {
  const { files } = await writeFullTextFiles(corpus.dir, {
    applications: corpus.applications,
    seed: corpus.seed,
    ...(corpus.fullTextFrom ? { from: corpus.fullTextFrom } : {}),
  });
  return files
    .filter((file) => file.product === product)
    .sort((a, b) => a.fileDate.localeCompare(b.fileDate))
    .map((file) => ({ path: file.path, product, fileDate: file.fileDate }));
}
