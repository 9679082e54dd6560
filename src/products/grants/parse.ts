import { type DocumentMappers, parseFullTextFile } from '../full-text/parse.js';
import type { FullTextItem } from '../full-text/document.js';
import { GRANT_ROOT, mapGrant } from './map-grant.js';

/** A weekly grant file reads `us-patent-grant` documents; any other root is counted as skipped. */
export const GRANT_MAPPERS: DocumentMappers = new Map([[GRANT_ROOT, mapGrant]]);

export function parseGrantFile(path: string): AsyncGenerator<FullTextItem> {
  return parseFullTextFile(path, GRANT_MAPPERS);
}
