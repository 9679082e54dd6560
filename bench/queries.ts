/**
 * The queries the read benchmarks send, drawn from the loaded corpus itself so that each one
 * matches: full-text searches (search.ts, scale.ts) and entity searches (entities.ts, scale.ts).
 */
import type { Database } from '../src/db/database.js';

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * Words a searcher does not type: English stop words (PostgreSQL drops them, so `"plurality of"`
 * would become the one word `plural`) and the boilerplate of every abstract. A query made only of
 * words that occur in every document ranks all 200,000: that worst case is measured on its own.
 */
const STOP_WORDS = new Set(
  'a an the of to in on for with and or by is are be as at from that this its it same thereof using method methods system systems includes include including plurality disclosed described also having comprising wherein'.split(
    ' ',
  ),
);
const content = (word: string) => word.length >= 3 && !STOP_WORDS.has(word);

/** `GET /v1/search` parameters by kind: 2–3 title words, a quoted phrase, words in every document, a CPC symbol. */
export async function searchQueryMakers(
  db: Database,
): Promise<Record<'words' | 'phrase' | 'ubiquitous' | 'cpc', () => Record<string, string>>> {
  const sample = await db.query<{ title: string | null; abstract: string | null; cpc: string[] }>(
    `SELECT title, abstract, cpc FROM documents TABLESAMPLE SYSTEM (2) WHERE abstract IS NOT NULL AND cardinality(cpc) > 0 LIMIT 2000`,
  );
  const words = (text: string | null) =>
    (text ?? '')
      .toLowerCase()
      .match(/[a-z]{4,}/g)
      ?.filter(content) ?? [];
  return {
    words: () => {
      const title = words(pick(sample.rows).title);
      const n = Math.min(title.length, Math.random() < 0.5 ? 2 : 3);
      return {
        q: title
          .sort(() => Math.random() - 0.5)
          .slice(0, n)
          .join(' '),
      };
    },
    phrase: () => {
      // Two adjacent content words of an abstract, e.g. "battery module".
      for (;;) {
        const abstract = (pick(sample.rows).abstract ?? '').toLowerCase().match(/[a-z]+/g) ?? [];
        const pairs = abstract.slice(1).flatMap((w, i) => (content(abstract[i]!) && content(w) ? [`${abstract[i]} ${w}`] : []));
        if (pairs.length > 0) return { q: `"${pick(pairs)}"` };
      }
    },
    ubiquitous: () => ({ q: pick(['plurality', 'includes', '"a plurality of"']) }),
    cpc: () => {
      const symbol = pick(pick(sample.rows).cpc);
      const level = Math.random();
      return { cpc: level < 0.4 ? symbol.slice(0, 4) : level < 0.7 ? symbol.split('/')[0]! : symbol };
    },
  };
}

/** `GET /v1/entities/search` query strings by kind: what users type (names, first words, inventors, misspellings). */
export async function entitySearchMakers(db: Database): Promise<Record<string, () => string>> {
  const companies = (
    await db.query<{ alias: string }>(
      `SELECT alias FROM entity_aliases a JOIN entities e USING (entity_id) WHERE e.type = 'assignee' ORDER BY random() LIMIT 500`,
    )
  ).rows.map((r) => r.alias);
  const inventors = (
    await db.query<{ search_key: string }>(`SELECT search_key FROM entities TABLESAMPLE SYSTEM (1) WHERE type = 'inventor' LIMIT 500`)
  ).rows.map((r) => r.search_key);
  const misspell = (name: string) => {
    const i = 1 + Math.floor(Math.random() * Math.max(1, name.length - 3));
    return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
  };
  return {
    'company name': () => `q=${encodeURIComponent(pick(companies))}`,
    'company first word': () => `q=${encodeURIComponent(pick(companies).split(/[ ,]/)[0]!)}`,
    'inventor LAST FIRST': () => `q=${encodeURIComponent(pick(inventors).split(' ').slice(0, 2).join(' '))}&type=inventor`,
    'inventor LAST': () => `q=${encodeURIComponent(pick(inventors).split(' ')[0]!)}`,
    'misspelled company': () => `q=${encodeURIComponent(misspell(pick(companies)))}`,
  };
}
