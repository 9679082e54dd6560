/**
 * Synthetic office actions in the shape of the Open Data Portal's office-action APIs
 * (`oa_actions` text retrieval, `oa_rejections`, `oa_citations`) for the corpus of the same
 * options as writeFileWrapperFile. Every document is an action the corpus's transactions mail
 * (MCTNF → CTNF, MCTFR → CTFR, MCTRS → CTRS, MCTEQ → CTEQ, MCTAV → CTAV, MN/=. → NOA), dated
 * with the mail transaction's date; its application's title, art unit, examiner, filing date,
 * customer and confirmation numbers are the corpus's.
 *
 * What is modelled (office-actions-application.ts): text records for actions mailed from
 * 2017-10-01 on, except those whose text has not arrived (a 0–7 day lag before `asOf`); claims
 * that are restricted, amended and canceled from action to action; rejections on 101/102/103/112
 * and nonstatutory double patenting whose claims and references are the same in the body text,
 * the `sections.*` texts, the rejection rows and the citation rows; rejection rows also for older
 * rejections without text; a few applicant-cited references tied to no action; one document in
 * twenty in the retired DS-API shapes (office-actions-records.ts, office-actions-rows.ts).
 *
 * Files, in `dir`: `oa-actions-YYYYMMDD.json`, `oa-rejections-YYYYMMDD.json`,
 * `oa-citations-YYYYMMDD.json` (`asOf`), each `{"response":{"numFound":N,"start":0,"docs":[…]}}`
 * in corpus order. Deterministic: the same options give byte-identical files. One pass over
 * generateApplications, three files written together record by record; memory holds one
 * application at a time, a per-day counter for the document ids and the example numbers.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { generateApplications, SYNTH_DEFAULTS } from '../file-wrapper/generate.js';
import { applicationDocuments, type RunContext } from './application.js';
import { ExampleFinder, type OfficeActionExamples } from './examples.js';
import { readApplication } from './history.js';
import { DocumentIds } from './ids.js';
import { SolrResponseWriter } from './output.js';
import { day } from '../core/random.js';

export { NoOfficeActionExampleError, type OfficeActionExamples } from './examples.js';

export interface OfficeActionOptions {
  /** The corpus described: the same options as writeFileWrapperFile's. */
  applications: number;
  seed: string | number;
  startSerial?: number;
  /** `YYYY-MM-DD` (default SYNTH_DEFAULTS.asOf): nothing is mailed or loaded after it. */
  asOf?: string;
}

export interface OfficeActionFiles {
  /** The actions, rejections and citations files. */
  files: string[];
  actions: number;
  rejections: number;
  citations: number;
  seconds: number;
  examples: OfficeActionExamples;
}

/**
 * Writes the three files for the corpus of `options`. Throws NoOfficeActionExampleError (after
 * writing them) when the corpus is too small to hold a non-final rejection with its text.
 */
export async function writeOfficeActionFiles(dir: string, options: OfficeActionOptions): Promise<OfficeActionFiles> {
  const started = Date.now();
  const asOf = options.asOf ?? SYNTH_DEFAULTS.asOf;
  const corpus = generateApplications({ applications: options.applications, seed: options.seed, startSerial: options.startSerial, asOf });
  const first = corpus.next(); // bad options fail here, before any file is created
  const run: RunContext = { seed: options.seed, asOf: day(asOf), ids: new DocumentIds() };
  const finder = new ExampleFinder();

  await mkdir(dir, { recursive: true });
  const stamp = asOf.replace(/-/g, '');
  const paths = ['actions', 'rejections', 'citations'].map((name) => join(dir, `oa-${name}-${stamp}.json`));
  const writers: SolrResponseWriter[] = [];
  try {
    for (const path of paths) writers.push(await SolrResponseWriter.create(path));
    const [actions, rejections, citations] = writers as [SolrResponseWriter, SolrResponseWriter, SolrResponseWriter];
    for (let next = first; !next.done; next = corpus.next()) {
      const app = readApplication(next.value);
      if (!app) continue;
      const outcomes = applicationDocuments(app, run);
      for (const o of outcomes) {
        if (o.text) await actions.add(o.text);
        for (const row of o.rejections) await rejections.add(row);
        for (const row of o.citations) await citations.add(row);
      }
      finder.observe(app, outcomes);
    }
    for (const w of writers) await w.close();
  } catch (error) {
    for (const w of writers) await w.abandon();
    throw error;
  }
  const [actions, rejections, citations] = writers.map((w) => w.count) as [number, number, number];
  return {
    files: paths,
    actions,
    rejections,
    citations,
    seconds: (Date.now() - started) / 1000,
    examples: finder.result(),
  };
}
