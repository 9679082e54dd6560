/** Pre-grant publication full text (APPXML, weekly, Thursdays). */
import { FULL_TEXT_PRODUCTS, PRODUCT_CATALOGUE } from '../../domain/products.js';
import { weeklyName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { FULL_TEXT_LOADER } from '../full-text/load.js';
import { DOCUMENT_PARTIES, fullTextDemo } from '../full-text/shared-module.js';
import { PUBLICATION_ROOT } from './map-publication.js';
import { parsePublicationFile } from './parse.js';

export const PUBLICATIONS = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.APPXML],
  what: 'pre-grant publications',
  files: '<ipaYYMMDD.xml|.zip>…',
  format: 'xml',
  markers: [PUBLICATION_ROOT],
  fileNameDate: weeklyName('ipa'),
  parse: parsePublicationFile,
  // A weekly file holds the publications of one date (a Thursday); a single-document file, its own.
  loading: { kind: 'batches', loader: FULL_TEXT_LOADER, recordDate: (document) => document.date },
  parties: [DOCUMENT_PARTIES],
  holds: { table: 'documents', bySourceProduct: true },
  demo: (corpus) => fullTextDemo(FULL_TEXT_PRODUCTS.publications, corpus),
});
