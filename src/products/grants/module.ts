/** Patent grant full text (PTGRXML, weekly, Tuesdays): claims, citations, CPC, what a grant prints of its term and relations. */
import { FULL_TEXT_PRODUCTS, PRODUCT_CATALOGUE } from '../../domain/products.js';
import { weeklyName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { FULL_TEXT_LOADER } from '../full-text/load.js';
import { DOCUMENT_PARTIES, fullTextDemo } from '../full-text/shared-module.js';
import { GRANT_ROOT } from './map-grant.js';
import { parseGrantFile } from './parse.js';

export const GRANTS = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.PTGRXML],
  what: 'grants',
  files: '<ipgYYMMDD.xml|.zip>…',
  format: 'xml',
  markers: [GRANT_ROOT],
  fileNameDate: weeklyName('ipg'),
  parse: parseGrantFile,
  // A weekly file holds the grants of one issue date (a Tuesday); a single-grant file, its grant's.
  loading: { kind: 'batches', loader: FULL_TEXT_LOADER, recordDate: (document) => document.date },
  parties: [DOCUMENT_PARTIES],
  holds: { table: 'documents', bySourceProduct: true },
  demo: (corpus) => fullTextDemo(FULL_TEXT_PRODUCTS.grants, corpus),
});
