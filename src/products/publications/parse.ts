import { type DocumentMappers, parseFullTextFile } from '../full-text/parse.js';
import type { FullTextItem } from '../full-text/document.js';
import { mapPublication, PUBLICATION_ROOT } from './map-publication.js';

/** A weekly publication file reads `us-patent-application` documents; any other root is counted as skipped. */
export const PUBLICATION_MAPPERS: DocumentMappers = new Map([[PUBLICATION_ROOT, mapPublication]]);

export function parsePublicationFile(path: string): AsyncGenerator<FullTextItem> {
  return parseFullTextFile(path, PUBLICATION_MAPPERS);
}
