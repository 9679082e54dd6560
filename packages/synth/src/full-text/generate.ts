/**
 * Synthetic weekly full-text XML (products PTGRXML `ipgYYMMDD.xml` and APPXML `ipaYYMMDD.xml`)
 * for the same corpus as the file wrapper JSON: the same seed and options give the same
 * applications, patent and publication numbers, dates, titles and CPC symbols (the documents are
 * built from the records `generateApplications` yields), and byte-identical files.
 *
 * A weekly file holds complete documents back to back, each with its own XML declaration and
 * DOCTYPE (us-patent-grant v4.7 2022-02-17, us-patent-application v4.6 2022-02-17), in number
 * order: one file per grant Tuesday / publication Thursday that has documents.
 *
 * Bounded memory. The corpus is generated family by family in filing order, but the files are
 * by grant or publication week. So:
 * 1. one pass over the corpus writes each granted or published application's compact facts
 *    (full-text-facts.ts, a few hundred bytes of JSON) to a temporary spool file in `outDir`,
 *    and indexes it by week (two numbers per document in memory: ~16 MB for 1,000,000
 *    applications);
 * 2. weeks are then taken in date order: a week's facts are read back (one week at a time),
 *    sorted by number and rendered; document content that is not in the facts (claims,
 *    abstract, drawings, citations) is re-derived from random streams keyed by (seed,
 *    application number, purpose), so it never needs to be stored;
 * 3. citations of earlier corpus documents come from a bounded per-technology reservoir that
 *    every week (rendered or skipped) feeds after it is done, so a week's documents only cite
 *    earlier weeks' and the output of a week does not depend on `products` or `from`.
 * Peak memory is the week index, the reservoirs (~1,500 entries per technology) and one week of
 * facts, independent of the file sizes.
 */
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { patentNumberXmlForm } from '../../../../src/domain/numbers.js';
import { CitationPool } from './citation-pool.js';
import { FactSpool, WeekIndex } from '../core/fact-spool.js';
import { generateApplications, type GenerateOptions } from '../file-wrapper/generate.js';
import { statusCategory } from '../core/codes.js';
import { type DocFacts, factsFromRecord, grantKind, RelatedCache } from './facts.js';
import { renderGrant, renderPublication, type RenderContext } from './xml.js';
import { day, iso, Rng } from '../core/random.js';

export type FullTextProduct = 'grants' | 'publications';

export interface FullTextOptions extends GenerateOptions {
  /** Default both. */
  products?: FullTextProduct[];
  /** `YYYY-MM-DD`: weeks before this day are not written (their documents can still be cited). */
  from?: string;
}

export interface FullTextFile {
  product: 'PTGRXML' | 'APPXML';
  path: string;
  /** Issue or publication date, `YYYY-MM-DD`. */
  fileDate: string;
  documents: number;
  bytes: number;
}

const CHUNK = 1 << 20;

/** Streams documents into one weekly file, in chunks (memory stays at one chunk). */
async function writeWeek(path: string, docs: readonly DocFacts[], render: (f: DocFacts) => string): Promise<number> {
  let handle: FileHandle | null = await open(path, 'w');
  let bytes = 0;
  let chunk = '';
  try {
    for (const f of docs) {
      chunk += render(f);
      if (chunk.length >= CHUNK) {
        bytes += Buffer.byteLength(chunk);
        await handle.write(chunk);
        chunk = '';
      }
    }
    bytes += Buffer.byteLength(chunk);
    await handle.write(chunk);
    await handle.close();
    handle = null;
  } finally {
    await handle?.close();
  }
  return bytes;
}

const stamp = (date: string) => date.slice(2).replace(/-/g, '');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function checkProducts(options: FullTextOptions): Set<FullTextProduct> {
  const products = new Set<FullTextProduct>(options.products ?? ['grants', 'publications']);
  for (const p of products) if (p !== 'grants' && p !== 'publications') throw new RangeError(`unknown full-text product: ${String(p)}`);
  if (options.from !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.from))
    throw new RangeError(`from must be YYYY-MM-DD, got ${options.from}`);
  return products;
}

/** Writes the weekly grant and publication files of the corpus into `outDir` (created if missing). */
export async function writeFullTextFiles(outDir: string, options: FullTextOptions): Promise<{ files: FullTextFile[] }> {
  const products = checkProducts(options);
  const records = generateApplications(options);
  let next = records.next(); // bad corpus options throw here, before any file is created
  await mkdir(outDir, { recursive: true });
  const spool = new FactSpool(join(outDir, `.full-text-facts-${process.pid}-${Date.now()}.tmp`));
  const files: FullTextFile[] = [];
  try {
    const grants = new WeekIndex();
    const publications = new WeekIndex();
    const related = new RelatedCache();
    for (; !next.done; next = records.next()) {
      const facts = factsFromRecord(next.value, related);
      if (!facts) continue;
      const ref = spool.append(facts);
      if (facts.grant) grants.add(day(facts.grant.date), ref);
      if (facts.publication) publications.add(day(facts.publication.date), ref);
    }
    const from = options.from ? day(options.from) : -Infinity;
    const ctx: RenderContext = { seed: options.seed, pool: new CitationPool(options.seed) };
    const days = [...new Set([...grants.days(), ...publications.days()])].sort((a, b) => a - b);
    for (const d of days) {
      const grantRefs = grants.get(d);
      if (grantRefs) {
        const docs = spool
          .read(grantRefs)
          .sort((a, b) => byText(patentNumberXmlForm(a.grant!.number), patentNumberXmlForm(b.grant!.number)));
        if (products.has('grants') && d >= from) {
          const path = join(outDir, `ipg${stamp(iso(d))}.xml`);
          const bytes = await writeWeek(path, docs, (f) => renderGrant(f, ctx));
          files.push({ product: 'PTGRXML', path, fileDate: iso(d), documents: docs.length, bytes });
        }
        for (const f of docs) ctx.pool.addGrant(f);
      }
      const publicationRefs = publications.get(d);
      if (publicationRefs) {
        const docs = spool.read(publicationRefs).sort((a, b) => byText(a.publication!.number, b.publication!.number));
        if (products.has('publications') && d >= from) {
          const path = join(outDir, `ipa${stamp(iso(d))}.xml`);
          const bytes = await writeWeek(path, docs, (f) => renderPublication(f, ctx));
          files.push({ product: 'APPXML', path, fileDate: iso(d), documents: docs.length, bytes });
        }
        for (const f of docs) ctx.pool.addPublication(f);
      }
    }
  } finally {
    spool.dispose();
  }
  return { files };
}

/**
 * The benchmark week: the grant Tuesday 2024-06-04, whose first utility patent was 12,000,000.
 * Other kinds continue the corpus number series near that day.
 */
export const GRANT_WEEK = { date: '2024-06-04', first: { UTL: 12_000_000, DES: 1_030_000, PLT: 35_750, REI: 49_970 } } as const;
const GRANT_WEEK_PREFIX = { UTL: '', DES: 'D', PLT: 'PP', REI: 'RE' } as const;

type WeekOptions = { documents: number; seed: string | number; detailParagraphs?: number };

/** A week file's render context, after checking its size. */
function weekContext({ documents, seed, detailParagraphs }: WeekOptions): RenderContext {
  if (!Number.isInteger(documents) || documents < 1) throw new RangeError(`documents must be a positive integer, got ${documents}`);
  return { seed, pool: new CitationPool(seed), detailParagraphs: detailParagraphs ?? 0 };
}

/**
 * One weekly-size grant file (`documents` patents, ~7,000 in a real week) for benchmarks: a corpus
 * as of the week before supplies applications that were still pending or had been abandoned
 * (they become this week's patents, numbered consecutively) and the earlier grants and
 * publications they cite. Holds the week's facts in memory (about 1 KB per document).
 */
export async function writeGrantWeek(path: string, options: WeekOptions): Promise<FullTextFile> {
  const { documents, seed } = options;
  const ctx = weekContext(options);
  const related = new RelatedCache();
  const numbers = { ...GRANT_WEEK.first };
  const rng = new Rng(`${seed}|grant-week`);
  const week: DocFacts[] = [];
  const asOf = iso(day(GRANT_WEEK.date) - 4);
  for (const record of generateApplications({ applications: documents * 3 + 1000, seed, asOf })) {
    if (week.length >= documents) break;
    const facts = factsFromRecord(record, related, true);
    if (!facts) continue;
    if (facts.grant) ctx.pool.addGrant(facts);
    if (facts.publication) ctx.pool.addPublication(facts);
    if (facts.grant) continue;
    const type = facts.type;
    const number = `${GRANT_WEEK_PREFIX[type]}${numbers[type]++}`;
    const pta = rng.chance(0.6) ? rng.int(1, 600) : 0;
    week.push({ ...facts, grant: { number, date: GRANT_WEEK.date, kind: grantKind(type, facts.publication !== null), pta } });
  }
  if (week.length < documents) throw new RangeError(`the corpus supplied only ${week.length} of ${documents} documents`);
  week.sort((a, b) => byText(patentNumberXmlForm(a.grant!.number), patentNumberXmlForm(b.grant!.number)));
  const bytes = await writeWeek(path, week, (f) => renderGrant(f, ctx));
  return { product: 'PTGRXML', path, fileDate: GRANT_WEEK.date, documents: week.length, bytes };
}

/**
 * The benchmark publication week: Thursday 2024-06-06. Its serials start past any the corpus
 * hands out in a year (numbering.ts: week of the year × 7,900 + under 7,900, so at most 418,699;
 * 500,000 needs eleven full blocks in a row at the year's end), so a week file and a corpus can
 * be loaded side by side.
 */
export const PUBLICATION_WEEK = { date: '2024-06-06', first: 500_000 } as const;
// A filing is published 63 days after filing at the earliest (prosecution.ts `publish`).
const EARLIEST_PUBLICATION = 63;

/**
 * One weekly-size publication file (`documents` applications, ~7,000 in a real week) for
 * benchmarks: a corpus as of the week before supplies utility and plant applications that were
 * pending and not yet published (they become this week's publications, numbered
 * consecutively). About 3 % of a corpus qualifies, so the corpus is sized at 50 per document and
 * read only until the week is full. Holds the week's facts in memory (about 1 KB per document).
 */
export async function writePublicationWeek(path: string, options: WeekOptions): Promise<FullTextFile> {
  const { documents, seed } = options;
  // Publications print no citations: the pool stays empty.
  const ctx = weekContext(options);
  const related = new RelatedCache();
  const { date, first } = PUBLICATION_WEEK;
  const week: DocFacts[] = [];
  const asOf = iso(day(date) - 7);
  const latestFiling = iso(day(date) - EARLIEST_PUBLICATION);
  for (const record of generateApplications({ applications: documents * 50 + 1000, seed, asOf })) {
    if (week.length >= documents) break;
    const facts = factsFromRecord(record, related, true);
    if (!facts || facts.grant || facts.publication || facts.filing > latestFiling) continue;
    if (facts.type !== 'UTL' && facts.type !== 'PLT') continue; // designs and reissues are never published
    if (statusCategory(record.applicationMetaData.applicationStatusCode) !== 'pending') continue;
    const serial = String(first + week.length).padStart(7, '0');
    const number = `US${date.slice(0, 4)}${serial}${facts.type === 'PLT' ? 'P1' : 'A1'}`;
    week.push({ ...facts, publication: { number, date } });
  }
  if (week.length < documents) throw new RangeError(`the corpus supplied only ${week.length} of ${documents} documents`);
  // Numbered in corpus order, so already in number order.
  const bytes = await writeWeek(path, week, (f) => renderPublication(f, ctx));
  return { product: 'APPXML', path, fileDate: date, documents: week.length, bytes };
}
