/** Patent assignment recordations (PASDL daily, PASYR backfile): reel/frame, conveyance, assignors, assignees, properties. */
import { writeAssignmentFiles } from '@patent-status/synth';
import { PRODUCT_CATALOGUE } from '../../domain/products.js';
import { resolveRecordationBatch } from '../../ingest/entities/batches.js';
import type { PartySource, PartyTable } from '../../ingest/entities/party-source.js';
import { datedName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { ASSIGNMENT_LOADER } from './load.js';
import { ASSIGNMENTS_ROOT, parseAssignmentFile } from './parse.js';

const RECORDATIONS: PartyTable = { table: 'assignment_parties', key: 'reel_frame' };

const RECORDATION_PARTIES: PartySource = {
  ...RECORDATIONS,
  phase: 'recordations',
  shown: 'recordations',
  rank: 3,
  batchShare: 0.5,
  resolve: (db, keys, now) => resolveRecordationBatch(db, RECORDATIONS, keys, now),
};

export const ASSIGNMENTS = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.PASDL, PRODUCT_CATALOGUE.PASYR],
  what: 'patent assignment recordations',
  files: '<adYYYYMMDD.xml|.zip>…',
  format: 'xml',
  markers: [ASSIGNMENTS_ROOT],
  fileNameDate: datedName,
  parse: parseAssignmentFile,
  // Records carry the date the office last updated them; a daily file's records, its own date.
  loading: { kind: 'batches', loader: ASSIGNMENT_LOADER, recordDate: (read) => read.facts.lastUpdateDate },
  parties: [RECORDATION_PARTIES],
  holds: { table: 'assignments' },
  // Oldest first, as the daily files arrive: the history file records no events, the days after it do.
  async demo(corpus) {
    const { files } = await writeAssignmentFiles(corpus.dir, { applications: corpus.applications, seed: corpus.seed });
    return files.map((path) => ({ path }));
  },
});
