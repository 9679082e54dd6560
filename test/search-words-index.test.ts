import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWordsIndex, rumOffered, wordsIndexOf, type WordsIndex } from '../src/db/search-index.js';
import { buildApp, type App } from '../src/http/app.js';
import { loadFullText } from '../src/products/full-text/load.js';
import { buildServices } from '../src/services.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { documentItems, grantDoc, publicationDoc } from './helpers/full-text-documents.js';
import type { FullTextDocument } from '../src/products/full-text/document.js';
import { parseSearchIndexArgs, runSearchIndex } from '../src/commands/search-index.js';
import { OperatorError, UsageError } from '../src/commands/operator-error.js';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

/**
 * A corpus where every way of asking has work to do: 10,600 documents over ten years of weekly
 * issue days (so many share a date and the number breaks the tie), titles, abstracts and claims
 * drawn from a small vocabulary by a fixed sequence, so some words and phrases match more than
 * 10,000 (the newest 10,000 are listed) and others fewer, and word pairs stand in both orders.
 */
const WORDS = ['battery', 'module', 'housing', 'cell', 'cooling', 'plate', 'sensor', 'signal', 'valve', 'spring', 'lever', 'gear'];
const CPC = ['H01M 50/20', 'H01M 10/613', 'G01D 5/14', 'F16K 31/06', 'F16H 1/28'];

function corpus(): FullTextDocument[] {
  // mulberry32: a fixed sequence, the same on every run.
  let state = 20_241_128;
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const phrase = (length: number) => Array.from({ length }, () => WORDS[next(WORDS.length)]).join(' ');
  return Array.from({ length: 10_600 }, (_, i) => {
    const day = new Date(Date.UTC(2015, 0, 6) + 7 * 86_400_000 * next(520)).toISOString().slice(0, 10);
    const fields = {
      title: `${phrase(2 + next(2))} assembly`,
      abstract: `A ${phrase(6)} and plurality of ${phrase(4)}.`,
      claims: [{ number: 1, text: `1. An assembly comprising a ${phrase(8)}.`, dependent_on: [] }],
      cpc: [CPC[next(CPC.length)]!],
      date: day,
      filingDate: `${Number(day.slice(0, 4)) - 2}${day.slice(4)}`,
    };
    return i % 3 === 0
      ? publicationDoc(`US${day.slice(0, 4)}${String(100_000 + i).padStart(7, '0')}A1`, fields)
      : grantDoc(String(11_500_000 + i), fields);
  });
}

/** Queries of every kind the API takes, each paged to its end (at most 10,000 rows). */
const QUERIES = [
  'q=battery', // 8,808 matches: every one ranked
  'q=assembly', // in every document: the newest 10,000, ranked
  'q=plurality',
  'q="assembly comprising"', // a phrase in every document
  'q="comprising assembly"', // in no document, though its words are in every one
  'q=battery module',
  'q=battery module housing',
  'q="battery module"',
  'q="module battery"',
  'q="cooling plate sensor"',
  'q=battery -module',
  'q=valve or lever',
  'q="spring lever" or gear',
  'q=-battery',
  'q=cell&cpc=H01M',
  'q=sensor signal&doc_type=publication',
  'q=valve&filed_after=2018-01-01&filed_before=2019-12-31',
  'cpc=F16K31/06',
  'cpc=H01M',
];

interface Page {
  results: { doc_number: string; rank: number | null }[];
  total: number;
  total_capped: boolean;
  next_cursor: string | null;
}

async function answers(app: App, key: string): Promise<Map<string, { total: number; capped: boolean; rows: string[] }>> {
  const all = new Map<string, { total: number; capped: boolean; rows: string[] }>();
  for (const query of QUERIES) {
    const rows: string[] = [];
    let cursor: string | null = null;
    let total = -1;
    let capped = false;
    do {
      const response: { statusCode: number; body: string; json<T>(): T } = await app.inject({
        method: 'GET',
        url: `/v1/search?${query}&limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { 'x-api-key': key },
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      const page = response.json<Page>();
      if (total === -1) ({ total, total_capped: capped } = page);
      // The rank is part of the answer: both paths must compute the same one.
      rows.push(...page.results.map((r) => `${r.doc_number}:${r.rank}`));
      cursor = page.next_cursor;
    } while (cursor !== null);
    all.set(query, { total, capped, rows });
  }
  return all;
}

describe.runIf(ON_POSTGRES)('the same searches through a RUM and a GIN words index (PostgreSQL server with the rum extension)', () => {
  let ctx: TestContext;
  let key: string;
  const byMethod = new Map<WordsIndex, Awaited<ReturnType<typeof answers>>>();

  beforeAll(async () => {
    ctx = await createTestApp();
    await loadFullText(ctx.db, documentItems(corpus()), {
      product: 'PTGRXML',
      fileName: 'ipg241231.xml',
      fileDate: '2024-12-31',
      batchSize: 2000,
    });
    await ctx.db.query('ANALYZE document_search');
    key = (await fundedKey(ctx, 'paths@example.com', 100_000)).apiKey;
    for (const method of ['rum', 'gin'] as const) {
      await rebuildWordsIndex(ctx.db, method);
      // A new app reads the index's method afresh, as a restarted server does.
      const app = await buildApp(buildServices({ config: ctx.config, db: ctx.db, notifier: { send: async () => undefined } }));
      try {
        expect(await wordsIndexOf(ctx.db)).toBe(method);
        byMethod.set(method, await answers(app, key));
      } finally {
        await app.close();
      }
    }
  }, 600_000);
  afterAll(async () => ctx?.close());

  it('is run on a server that offers RUM (CI installs postgresql-15-rum)', async () => {
    expect(await rumOffered(ctx.db)).toBe(true);
  });

  it('exercises the capped, the ranked-whole and the phrase cases', () => {
    const gin = byMethod.get('gin')!;
    expect(gin.get('q=battery')).toMatchObject({ total: 8_808, capped: false });
    expect(gin.get('q=assembly')).toMatchObject({ total: 10_000, capped: true });
    expect(gin.get('q=assembly')!.rows).toHaveLength(10_000);
    expect(gin.get('q="assembly comprising"')!.rows).toHaveLength(10_000);
    expect(gin.get('q="comprising assembly"')).toMatchObject({ total: 0, capped: false });
    const phrase = gin.get('q="battery module"')!;
    const words = gin.get('q=battery module')!;
    // A phrase matches fewer than its words: some documents hold both words apart.
    expect(phrase.total).toBeLessThan(words.total);
    expect(phrase.total).toBeGreaterThan(0);
    expect(gin.get('q=-battery')!.total).toBeGreaterThan(0);
  });

  it.each(QUERIES)('%s: the same documents, ranks and order on both paths', (query) => {
    const rum = byMethod.get('rum')!.get(query)!;
    const gin = byMethod.get('gin')!.get(query)!;
    expect({ total: rum.total, capped: rum.capped }).toEqual({ total: gin.total, capped: gin.capped });
    expect(rum.rows).toEqual(gin.rows);
  });
});

describe('patent-status search-index', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestApp()));
  afterAll(async () => ctx?.close());
  const said = async (method: WordsIndex | null) => {
    const lines: string[] = [];
    await runSearchIndex(ctx.db, method, (line) => lines.push(line));
    return lines.join('\n');
  };

  it('takes rum, gin or nothing', () => {
    expect(parseSearchIndexArgs([])).toBeNull();
    expect(parseSearchIndexArgs(['rum'])).toBe('rum');
    expect(() => parseSearchIndexArgs(['brin'])).toThrow(UsageError);
    expect(() => parseSearchIndexArgs(['gin', 'rum'])).toThrow(UsageError);
  });

  it.runIf(!ON_POSTGRES)('on the embedded engine: GIN, and no RUM to build', async () => {
    expect(await said(null)).toBe('words index: gin; rum extension not offered by the server');
    await expect(said('rum')).rejects.toThrow(OperatorError);
    expect(await said('gin')).toMatch(/^words index rebuilt with gin over 0 documents in \d+\.\d s$/);
    expect(await said(null)).toBe('words index: gin; rum extension not offered by the server');
  });

  it.runIf(ON_POSTGRES)('on the server: builds either, over the documents loaded, and says which stands', async () => {
    // The test template was given a RUM words index (test/helpers/global-setup.ts).
    expect(await said(null)).toBe('words index: rum; rum extension offered by the server');
    expect(await said('gin')).toMatch(/^words index rebuilt with gin over 0 documents in \d+\.\d s$/);
    expect(await said(null)).toBe('words index: gin; rum extension offered by the server');
    await loadFullText(ctx.db, documentItems([grantDoc('11600001', { title: 'Gear train' })]), {
      product: 'PTGRXML',
      fileName: 'ipg230509.xml',
      fileDate: '2023-05-09',
    });
    expect(await said('rum')).toMatch(/^words index rebuilt with rum over 1 document in \d+\.\d s$/);
    // The rebuilt index holds what was loaded before it.
    const found = await ctx.db.query(`SELECT doc_number FROM document_search WHERE search @@ to_tsquery('english', 'gear')`);
    expect(found.rows).toEqual([{ doc_number: '11600001' }]);
  });
});
