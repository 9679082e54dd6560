/**
 * The nightly refresh of PTAB trials and office actions through the portal's search APIs
 * (src/sync/search-sync.ts) against `ingest` of the same records as files, in the same run. From
 * one synthetic corpus (file wrapper, PTAB, office actions of the same applications) the day is
 * picked, `--trials` trials (proceedings, decisions) and `--documents` office-action texts with
 * their documents' rejection and citation rows, and stamped today. Each path gets a fresh
 * database holding, untimed, the file wrapper and an earlier slice of each search (as files,
 * stamped 30 days back), so the day is news and event detection runs. ingest: the day as the
 * products' files, one per search. sync: the same records in the portal stand-in (test/helpers,
 * in a process of its own, portal-process.ts: the real portal is remote, so its work must not
 * take the sync's thread), every watermark today, `SyncService.run(['PTAB', 'OA'])` at
 * `searchIntervalMs` 0 (requests × 250 ms, the default pace, is the real portal's floor), then
 * again (all unchanged). Rounds alternate which goes first. After each path, its CPU seconds: this
 * process's (its main thread's busy time), the stand-in's, the machine's (PostgreSQL's included;
 * Linux only). Then, once, where the sync's time goes: the requests alone (the stand-in's handler
 * timed in its process), their `JSON.parse`, the answers loaded from memory as the sync loads them
 * (`loadPages`: pages together in transactions of the loader's batch size), the files ingested in
 * batches of a page.
 *
 *   npx tsx bench/sync-search.ts --trials 50 --documents 25000 --rounds 2 [--applications N]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileWrapperFile, writeOfficeActionFiles, writePtabFiles } from '@patent-status/synth';
import { addDays } from '../src/domain/dates.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productOfCode } from '../src/products/registry.js';
import { PortalClient } from '../src/sync/portal-client.js';
import { DEFAULT_RETRY } from '../src/sync/retry.js';
import { PortalSearchClient } from '../src/sync/search-client.js';
import { dayRanges } from '../src/sync/search-ranges.js';
import { SyncService } from '../src/sync/service.js';
import type { SearchRecord, SearchStream } from '../test/helpers/portal-search-stand-in.js';
import { PortalProcess } from './portal-process-client.js';
import { arg, benchDatabase, cpuNow, cpuText, fmt } from './support.js';

const SEED = 'sync-search-bench';
const KEY = 'bench-key';
const TODAY = new Date().toISOString().slice(0, 10);
const EARLIER = addDays(TODAY, -30);
/** The default pace of search requests (service.ts): the floor of a sync against the real portal. */
const PACE_SECONDS = 0.25;

/** Every search of both products, in the order the sync runs them. */
const SEARCHES = (['PTAB', 'OA'] as const).flatMap((product) =>
  productOfCode(product).searches.map((spec) => ({ product, spec, stream: `${product}/${spec.name}` as SearchStream })),
);
type Search = (typeof SEARCHES)[number];
const fileOf = (search: Search, day: string) =>
  `${search.product === 'PTAB' ? 'ptab-' : ''}${search.spec.name.replace('_', '-')}-${day.replace(/-/g, '')}.json`;

/** Records by search, in SEARCHES' order. */
type Slice = SearchRecord[][];
type Corpus = { fileWrapper: string; earlier: Slice; day: Slice; earlierFiles: string[]; dayFiles: string[] };
/** One search's share of a path: records read, requests (1 for a file), seconds, what the loader did. */
type Part = { records: number; requests: number; seconds: number; loaded: string };
/** `cpu`: CPU seconds spent while it ran, by whom. */
type Measured = { seconds: number; parts: Part[]; cpu: string };

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const first = (value: unknown) => String(Array.isArray(value) ? (value[0] as unknown) : value);
/** An office-action document: its application and its document id (a text's arrays, a row's strings). */
const documentOf = (record: SearchRecord) => `${first(record.patentApplicationNumber)}|${first(record.obsoleteDocumentIdentifier)}`;
const secondsSince = (t0: number) => (performance.now() - t0) / 1000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** The corpus generated, the day and the earlier slice picked from it, stamped and written as files. */
async function generate(dir: string, applications: number, trials: number, documents: number): Promise<Corpus> {
  const started = performance.now();
  const fileWrapper = join(dir, 'file-wrapper.json');
  await writeFileWrapperFile(fileWrapper, { applications, seed: SEED });
  const ptab = await writePtabFiles(join(dir, 'synth'), { applications, seed: SEED, proceedings: 2 * trials });
  const oa = await writeOfficeActionFiles(join(dir, 'synth'), { applications, seed: SEED });
  const [proceedings, decisions] = ptab.files.map((path, i) => readJson(path)[SEARCHES[i]!.spec.bag!] as SearchRecord[]);
  const [texts, rejections, citations] = oa.files.map((path) => (readJson(path).response as { docs: SearchRecord[] }).docs);
  const earlierCount = Math.round(documents / 10);
  if (texts!.length < earlierCount + documents)
    throw new Error(`${fmt(texts!.length)} texts, not ${fmt(earlierCount + documents)}: give --applications`);
  const pick = (trialList: SearchRecord[], textList: SearchRecord[], day: string): Slice => {
    const ofTrials = new Set(trialList.map((r) => r.trialNumber));
    const ofTexts = new Set(textList.map(documentOf));
    const slice = [
      proceedings!.filter((r) => ofTrials.has(r.trialNumber)),
      decisions!.filter((r) => ofTrials.has(r.trialNumber)),
      textList,
      rejections!.filter((r) => ofTexts.has(documentOf(r))),
      citations!.filter((r) => ofTexts.has(documentOf(r))),
    ];
    return slice.map((records, i) => records.map((r) => ({ ...r, [SEARCHES[i]!.spec.stampField]: `${day}T10:00:00` })));
  };
  const earlier = pick(proceedings!.slice(trials, 2 * trials), texts!.slice(0, earlierCount), EARLIER);
  const day = pick(proceedings!.slice(0, trials), texts!.slice(earlierCount, earlierCount + documents), TODAY);
  rmSync(join(dir, 'synth'), { recursive: true, force: true });
  console.log(
    `corpus of ${fmt(applications)} applications (${fmt(ptab.proceedings)} trials, ${fmt(oa.actions)} office-action texts), ` +
      `the day picked, in ${secondsSince(started).toFixed(0)} s`,
  );
  for (const [i, search] of SEARCHES.entries())
    console.log(`  ${search.stream.padEnd(18)} the day ${fmt(day[i]!.length).padStart(7)}, earlier ${fmt(earlier[i]!.length).padStart(6)}`);
  return { fileWrapper, earlier, day, earlierFiles: writeFiles(dir, earlier, EARLIER), dayFiles: writeFiles(dir, day, TODAY) };
}

/** The slice as the products' files (the portal's answer shapes), one per search, named for `day`. */
function writeFiles(dir: string, slice: Slice, day: string): string[] {
  mkdirSync(join(dir, day), { recursive: true });
  return SEARCHES.map((search, i) => {
    const [records, path, bag] = [slice[i]!, join(dir, day, fileOf(search, day)), search.spec.bag];
    const envelope = bag
      ? { count: records.length, requestIdentifier: '7f0c2a9e-4b1d-4c3e-9a5f-0d1e2f3a4b5c', [bag]: records }
      : { response: { numFound: records.length, start: 0, docs: records } };
    writeFileSync(path, JSON.stringify(envelope));
    return path;
  });
}

/** A fresh database holding the earlier state: the file wrapper, then the earlier slice of each search as files. */
async function prepared(corpus: Corpus) {
  const target = await benchDatabase();
  const fileName = 'file-wrapper.json';
  await loadFileWrapper(target.db, parseFileWrapperFile(corpus.fileWrapper), { product: 'PTFWPRE', fileName, fileDate: EARLIER });
  for (const [i, { product }] of SEARCHES.entries())
    await ingestFile(target.db, productOfCode(product), corpus.earlierFiles[i]!, { product, fileDate: EARLIER });
  return target;
}

const loadedText = (s: { inserted: number; updated: number; unchanged: number; events: number }) =>
  `${fmt(s.inserted)} new, ${fmt(s.updated)} changed, ${fmt(s.unchanged)} unchanged, ${fmt(s.events)} events`;

async function ingestPath(corpus: Corpus): Promise<Measured> {
  const target = await prepared(corpus);
  try {
    const [parts, cpu, started] = [[] as Part[], cpuNow(), performance.now()];
    for (const [i, { product }] of SEARCHES.entries()) {
      const t0 = performance.now();
      const summary = await ingestFile(target.db, productOfCode(product), corpus.dayFiles[i]!, { product, fileDate: TODAY });
      parts.push({ records: summary.read, requests: 1, seconds: secondsSince(t0), loaded: loadedText(summary) });
    }
    const [seconds, end] = [secondsSince(started), cpuNow()];
    return { seconds, parts, cpu: cpuText(cpu, end, seconds, null) };
  } finally {
    await target.drop();
  }
}

async function syncPath(corpus: Corpus, portal: PortalProcess, dir: string): Promise<Measured[]> {
  const target = await prepared(corpus);
  try {
    for (const { product, spec } of SEARCHES)
      await target.db.query(`INSERT INTO sync_watermarks (product, search, watermark) VALUES ($1, $2, $3::date)`, [
        product,
        spec.name,
        TODAY,
      ]);
    const settings = { apiKey: KEY, baseUrl: portal.url, downloadDir: join(dir, 'downloads'), searchIntervalMs: 0 };
    const service = new SyncService(target.db, settings);
    return [await timedSync(service, portal), await timedSync(service, portal)];
  } finally {
    await target.drop();
  }
}

/**
 * One sync of both products. A search's seconds run from its first answer to the next search's
 * (the first search's from the start, the last one's to the end): within a request's time.
 */
async function timedSync(service: SyncService, portal: PortalProcess): Promise<Measured> {
  const before = await portal.counts(SEARCHES.map((search) => search.stream));
  const firstAnswer = new Map<string, number>();
  const [cpu, started] = [cpuNow(), performance.now()];
  const outcomes = await service.run(['PTAB', 'OA'], {
    listener: {
      search(product, progress) {
        if (!firstAnswer.has(`${product}/${progress.search}`)) firstAnswer.set(`${product}/${progress.search}`, performance.now());
      },
    },
  });
  const [seconds, end] = [secondsSince(started), cpuNow()];
  const failed = outcomes.find((outcome) => outcome.outcome !== 'synced');
  if (failed) throw new Error(`the sync of ${failed.product} ended ${failed.outcome}: ${failed.reason}`);
  const after = await portal.counts(SEARCHES.map((search) => search.stream));
  const starts = [...SEARCHES.map((search, i) => (i === 0 ? started : firstAnswer.get(search.stream)!)), started + seconds * 1000];
  const parts = SEARCHES.map((search, i): Part => {
    const outcome = outcomes.find((o) => o.product === search.product)!.searches.find((s) => s.search === search.spec.name)!;
    const requests = after.requests[i]! - before.requests[i]!;
    const loaded = `${loadedText(outcome.summary!)}; ${outcome.pages} pages`;
    return { records: outcome.summary!.read, requests, seconds: (starts[i + 1]! - starts[i]!) / 1000, loaded };
  });
  return { seconds, parts, cpu: cpuText(cpu, end, seconds, (after.cpuMs - before.cpuMs) / 1000) };
}

const recordsOf = (measured: Measured) => sum(measured.parts.map((part) => part.records));
const requestsOf = (measured: Measured) => sum(measured.parts.map((part) => part.requests));

function show(label: string, measured: Measured): void {
  const [records, rate] = [recordsOf(measured), (n: number, s: number) => fmt(n / s).padStart(7)];
  console.log(
    `  ${label.padEnd(44)} ${fmt(records).padStart(7)} records ${fmt(requestsOf(measured)).padStart(5)} requests ` +
      `${measured.seconds.toFixed(1).padStart(6)} s ${rate(records, measured.seconds)} records/s`,
  );
  for (const [i, part] of measured.parts.entries())
    console.log(
      `    ${SEARCHES[i]!.stream.padEnd(42)} ${fmt(part.records).padStart(7)}         ${fmt(part.requests).padStart(5)}          ` +
        `${part.seconds.toFixed(1).padStart(6)} s ${rate(part.records, part.seconds)}             ${part.loaded}`,
    );
  console.log(`    ${measured.cpu}`);
}

/**
 * Where the sync's time goes: the requests alone (of which the stand-in's handler, in its own
 * process), their JSON.parse, the loads alone as the sync does them, the files in batches of a page.
 */
async function breakdown(corpus: Corpus, portal: PortalProcess, records: number): Promise<void> {
  const line = (label: string, seconds: number[]) =>
    console.log(
      `  ${label.padEnd(70)} ${sum(seconds).toFixed(1).padStart(6)} s ${fmt(records / sum(seconds)).padStart(7)} records/s   ` +
        seconds.map((part, i) => `${SEARCHES[i]!.spec.name} ${part.toFixed(1)}`).join(', '),
    );
  console.log(`where the sync's time goes (the same day, once; seconds by search after each)`);
  const handlerBefore = (await portal.counts(SEARCHES.map((search) => search.stream))).handlerMs;
  const client = new PortalSearchClient(new PortalClient({ baseUrl: portal.url, apiKey: KEY, retry: DEFAULT_RETRY }), portal.url, 0);
  const answers: (string | null)[][] = [];
  const fetched: number[] = [];
  for (const { product, spec } of SEARCHES) {
    const [t0, texts] = [performance.now(), [] as (string | null)[]];
    for (const range of dayRanges(addDays(TODAY, -spec.overlapDays), TODAY, spec.rangeDays))
      for (let offset = 0; ;) {
        const answer = await client.page(product, spec, range, offset, spec.pageSize);
        texts.push(answer.text);
        offset += answer.records;
        if (answer.records === 0 || offset >= answer.total) break;
      }
    answers.push(texts);
    fetched.push(secondsSince(t0));
  }
  const standIn = ((await portal.counts(SEARCHES.map((search) => search.stream))).handlerMs - handlerBefore) / 1000;
  line(`the requests alone (${standIn.toFixed(1)} s in the stand-in's handler, its process)`, fetched);
  line(
    'JSON.parse of every answer (the client counts records with it)',
    answers.map((texts) => {
      const t0 = performance.now();
      for (const text of texts) if (text !== null) JSON.parse(text);
      return secondsSince(t0);
    }),
  );
  for (const pages of [true, false]) {
    const target = await prepared(corpus);
    try {
      const parts: number[] = [];
      for (const [i, { product, spec }] of SEARCHES.entries()) {
        const t0 = performance.now();
        const module = productOfCode(product);
        const fromMemory = (async function* () {
          for (const text of answers[i]!) yield { text, commit: async () => undefined };
        })();
        if (pages) await module.loadPages(target.db, fromMemory, { product, fileName: spec.name, fileDate: TODAY, detectEvents: true });
        else await ingestFile(target.db, module, corpus.dayFiles[i]!, { product, fileDate: TODAY, batchSize: spec.pageSize });
        parts.push(secondsSince(t0));
      }
      line(
        pages
          ? 'the answers loaded from memory as the sync loads them (`loadPages`)'
          : `the files ingested in batches of a page (${SEARCHES.map((s) => s.spec.pageSize).join(', ')})`,
        parts,
      );
    } finally {
      await target.drop();
    }
  }
}

async function main(): Promise<void> {
  const trials = arg('trials', 50);
  const documents = arg('documents', 25_000);
  const rounds = arg('rounds', 2);
  const applications = arg('applications', Math.ceil((documents * 1.1) / 2));
  const dir = mkdtempSync(join(tmpdir(), 'pss-sync-search-'));
  let portal: PortalProcess | null = null;
  try {
    const corpus = await generate(dir, applications, trials, documents);
    portal = await PortalProcess.start(KEY);
    for (const slice of [corpus.earlier, corpus.day])
      for (const [i, search] of SEARCHES.entries()) await portal.put(search.stream, slice[i]!);
    const ratios: string[] = [];
    let records = 0;
    for (let round = 1; round <= rounds; round++) {
      const syncFirst = round % 2 === 0;
      console.log(`round ${round} (${syncFirst ? 'sync' : 'ingest'} first)`);
      let [ingest, sync]: [Measured | null, Measured[]] = [null, []];
      for (const path of syncFirst ? ['sync', 'ingest'] : ['ingest', 'sync'])
        if (path === 'ingest') ingest = await ingestPath(corpus);
        else sync = await syncPath(corpus, portal, dir);
      if (ingest === null) throw new Error('no ingest measured');
      show('ingest of the day as files', ingest);
      show('sync through the search APIs (stand-in)', sync[0]!);
      show('the same sync again (all unchanged)', sync[1]!);
      const [ratio, floor] = [ingest.seconds / sync[0]!.seconds, requestsOf(sync[0]!) * PACE_SECONDS];
      console.log(
        `  sync/ingest records/s ${ratio.toFixed(2)} (target >= 0.8); at the default pace the requests take at least ` +
          `${floor.toFixed(0)} s (${fmt(recordsOf(sync[0]!) / floor)} records/s, ${(ingest.seconds / floor).toFixed(3)} of the ingest's)`,
      );
      ratios.push(ratio.toFixed(2));
      records = recordsOf(ingest);
    }
    console.log(`sync/ingest by round: ${ratios.join(', ')}`);
    await breakdown(corpus, portal, records);
  } finally {
    await portal?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
