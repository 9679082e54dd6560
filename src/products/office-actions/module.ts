/** Office actions from the portal's JSON (the former DS-API datasets): texts, rejections, citations. */
import { writeOfficeActionFiles } from '@patent-status/synth';
import { PRODUCT_CATALOGUE } from '../../domain/products.js';
import { datedName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { OFFICE_ACTION_LOADER } from './load.js';
import { OFFICE_ACTION_MARKERS, parseOfficeActionFile, parseOfficeActionText } from './parse.js';
import { OFFICE_ACTION_SEARCHES } from './portal.js';

export const OFFICE_ACTIONS = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.OA],
  what: 'office actions (texts, rejections, citations)',
  files: '<file.json|file.jsonl|file.zip>…',
  format: 'json',
  markers: OFFICE_ACTION_MARKERS,
  fileNameDate: datedName,
  parse: parseOfficeActionFile,
  // Records carry the day the office's ETL made them; a search response's name carries no date.
  loading: { kind: 'batches', loader: OFFICE_ACTION_LOADER, recordDate: (record) => record.createdDate },
  search: { searches: OFFICE_ACTION_SEARCHES, parse: parseOfficeActionText },
  holds: { table: 'office_action_documents' },
  async demo(corpus) {
    const { files } = await writeOfficeActionFiles(corpus.dir, { applications: corpus.applications, seed: corpus.seed });
    return files.map((path) => ({ path }));
  },
});
