import type { Database } from '../db/database.js';
import { rebuildWordsIndex, rumOffered, wordsIndexOf, type WordsIndex } from '../db/search-index.js';
import { OperatorError, UsageError } from './operator-error.js';

export const USAGE = `usage: patent-status search-index [rum | gin]
  Without an argument: says which index answers search's words (rum or gin) and whether the
  database server offers the rum extension. With one: builds the words index anew with that
  method, in place of the old one, and says how long it took. Searches go on over the old index
  during the build; loads wait for it. GIN is the default; RUM answers phrases from the index
  alone but 2-3 words slower at scale (README, "Search at scale"). RUM needs the server's rum
  extension (Debian and the PostgreSQL images: postgresql-<major>-rum); the embedded engine has
  GIN only.`;

/** The command line, checked before any database is opened. */
export function parseSearchIndexArgs(args: readonly string[]): WordsIndex | null {
  if (args.length === 0) return null;
  if (args.length === 1 && (args[0] === 'rum' || args[0] === 'gin')) return args[0];
  throw new UsageError('expected rum, gin or nothing');
}

/** `patent-status search-index [rum | gin]` on an open, migrated database. */
export async function runSearchIndex(db: Database, method: WordsIndex | null, out: (line: string) => void = console.log): Promise<void> {
  const offered = await rumOffered(db);
  if (method === null) {
    out(`words index: ${await wordsIndexOf(db)}; rum extension ${offered ? 'offered by the server' : 'not offered by the server'}`);
    return;
  }
  if (method === 'rum' && !offered)
    throw new OperatorError('the database server does not offer the rum extension: install it first (README, "Search at scale")');
  const { rows } = await db.query<{ n: string }>(/* SQL */ `SELECT count(*)::text AS n FROM document_search`);
  const seconds = await rebuildWordsIndex(db, method);
  const n = rows[0]!.n;
  out(`words index rebuilt with ${method} over ${n} document${n === '1' ? '' : 's'} in ${seconds.toFixed(1)} s`);
}
