/** The patent file wrapper (PTFWPRD daily, PTFWPRE backfile): applications, their transactions, parties and copies of recordations. */
import { join } from 'node:path';
import { SYNTH_DEFAULTS, writeFileWrapperFile } from '@patent-status/synth';
import { PRODUCT_CATALOGUE } from '../../domain/products.js';
import { resolvePrintedBatch } from '../../ingest/entities/batches.js';
import { APPLICATION_PARTIES, type PartySource } from '../../ingest/entities/party-source.js';
import { datedName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { FILE_WRAPPER_LOADER } from './load.js';
import { FILE_WRAPPER_LAYOUT, parseFileWrapperFile } from './parse.js';
import { BAG_PARTIES } from './recordation-parties.js';

const APPLICANTS_AND_INVENTORS: PartySource = {
  ...APPLICATION_PARTIES,
  phase: 'applications',
  shown: 'applications',
  rank: 1,
  resolve: (db, keys, now) => resolvePrintedBatch(db, APPLICATION_PARTIES, keys, now),
};

export const FILE_WRAPPER = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.PTFWPRD, PRODUCT_CATALOGUE.PTFWPRE],
  what: 'patent file wrapper records',
  files: '<file.json|file.jsonl|file.zip>…',
  format: 'json',
  markers: [...FILE_WRAPPER_LAYOUT.bagKeys, 'applicationNumberText'],
  fileNameDate: datedName,
  parse: parseFileWrapperFile,
  // A record's dates are its application's (filing, status, the office's last update), not its file's.
  loading: { kind: 'batches', loader: FILE_WRAPPER_LOADER, recordDate: null },
  parties: [APPLICANTS_AND_INVENTORS, BAG_PARTIES],
  holds: { table: 'applications' },
  // The corpus's applications as a backfile dated the generator's day: every other product prints them.
  async demo(corpus) {
    const path = join(corpus.dir, `ptfwpre-synthetic-${corpus.seed}.json`);
    await writeFileWrapperFile(path, { applications: corpus.applications, seed: corpus.seed });
    return [{ path, product: 'PTFWPRE', fileDate: SYNTH_DEFAULTS.asOf }];
  },
});
