/** PTAB trials (IPR, PGR, CBM, derivations): proceedings, decisions, parties, from the portal's JSON. */
import { writePtabFiles } from '@patent-status/synth';
import { PRODUCT_CATALOGUE } from '../../domain/products.js';
import { datedName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { PTAB_LOADER } from './load.js';
import { TRIAL_PARTIES } from './parties.js';
import { parsePtabFile, PTAB_MARKERS, parsePtabText } from './parse.js';
import { PTAB_SEARCHES } from './portal.js';

export const PTAB = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.PTAB],
  what: 'PTAB trial proceedings and decisions',
  files: '<file.json|file.jsonl|file.zip>…',
  format: 'json',
  markers: PTAB_MARKERS,
  fileNameDate: datedName,
  parse: parsePtabFile,
  // A search response's records carry the time the office last changed them; a download's none (give --file-date).
  loading: { kind: 'batches', loader: PTAB_LOADER, recordDate: (record) => record.snapshot.modifiedAt?.slice(0, 10) ?? null },
  parties: [TRIAL_PARTIES],
  search: { searches: PTAB_SEARCHES, parse: parsePtabText },
  holds: { table: 'ptab_proceedings' },
  // The proceedings file, then the decisions file: both dated by their names.
  async demo(corpus) {
    const { files } = await writePtabFiles(corpus.dir, { applications: corpus.applications, seed: corpus.seed });
    return files.map((path) => ({ path }));
  },
});
