import { readFileSync } from 'node:fs';

/** The package version, read from package.json (one level above both src/ and dist/). */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Spec §9.1: the interface description's version. */
export const API_VERSION = '0.1.0';
