import type { DocumentMappers } from '../../src/products/full-text/parse.js';
import { GRANT_MAPPERS } from '../../src/products/grants/parse.js';
import { PUBLICATION_MAPPERS } from '../../src/products/publications/parse.js';

/** Tests that read mixed streams (a grant and a publication back to back) map both roots. */
export const BOTH_MAPPERS: DocumentMappers = new Map([...GRANT_MAPPERS, ...PUBLICATION_MAPPERS]);
