/**
 * Trials the real samples know from their documents, their retired v2 proceedings and their
 * Federal Circuit mandates, each answer worked by hand from the raw records. Two databases load
 * the same files in opposite orders and must answer alike; loading everything again changes
 * nothing and announces nothing.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEventsAfter } from '../src/db/events.sql.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const V1 = join(SAMPLES_DIR, 'ptab-json', 'odp-v1');
const V2 = join(SAMPLES_DIR, 'ptab-json', 'legacy-ptab-api-v2');
const ptab = productNamed('ptab')!;
/** A raw record as the office wrote it, edited field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the office's raw JSON, read and edited freely by the test
type Json = Record<string, any>;
const readJson = async (path: string): Promise<Json> => JSON.parse(await readFile(path, 'utf8'));

/**
 * Records the sample set lacks, each built from a real record of the same shape and written to a
 * temporary directory (never into the project): the final written decisions the FedCir mandates
 * of IPR2021-01600 and -01601 review, with the title cut as the office cuts long ones; a v2
 * proceeding of a trial settled after institution (IPR2016-00831, whose real v2 decision says
 * "Settlement after Institution"); and a v2 decision record of the same document as the v2
 * document record of the IPR2022-00037 final written decision.
 */
async function derivedFiles(dir: string) {
  const mandates = (await readJson(join(V1, 'trials-decisions.search-FedCir-mandates.4d1eecd.sorted-keys.json')))
    .patentTrialDocumentDataBag;
  const [realFinal] = mandates; // IPR2025-00160's final written decision: the shape of one
  const finals = ['IPR2021-01600', 'IPR2021-01601'].map((trial, i) => {
    const mandate = mandates.find((m: Json) => m.trialNumber === trial);
    const { documentOCRText: _otherTrialsText, ...documentData } = realFinal.documentData;
    return {
      ...realFinal,
      trialNumber: trial,
      // As of the decision: the trial ended that day (the mandate's own snapshot, newer, says terminationDate 2023-04-10).
      trialMetaData: {
        ...mandate.trialMetaData,
        latestDecisionDate: '2023-04-10',
        trialLastModifiedDate: '2023-04-10',
        trialLastModifiedDateTime: '2023-04-10T12:00:00',
      },
      patentOwnerData: mandate.patentOwnerData,
      regularPetitionerData: mandate.regularPetitionerData,
      lastModifiedDateTime: '2023-04-10T17:00:00',
      decisionData: { ...realFinal.decisionData, decisionIssueDate: '2023-04-10' },
      documentData: {
        ...documentData,
        documentIdentifier: `16900010${i}`,
        documentFilingDate: '2023-04-10',
        documentTitleText: 'Final Written Decision:  Final Written Decision Determining All Challenged Claims Un …',
      },
    };
  });
  const [settlement] = (await readJson(join(V2, 'decisions.IPR2016-00831.json'))).results;
  const parties = Object.fromEntries(Object.entries(settlement).filter(([k]) => /^(respondent|petitioner)/.test(k)));
  const settled = {
    proceedingNumber: 'IPR2016-00831',
    proceedingTypeCategory: 'AIA Trial',
    proceedingStatusCategory: 'Terminated-Settled',
    // Not in the samples; any institution decision before the settlement shows the rule.
    institutionDecisionDate: '09-14-2016',
    decisionDate: settlement.decisionDate,
    ...parties,
  };
  const [finalDocument] = (await readJson(join(V2, 'documents.IPR2022-00037.sample.json'))).results.filter(
    (d: Json) => d.documentCategory === 'FINAL',
  );
  const decisionRecord = {
    ...Object.fromEntries(Object.entries(finalDocument).filter(([k]) => /^(respondent|petitioner|proceeding|subproceeding)/.test(k))),
    decisionTypeCategory: 'Decision',
    subdecisionTypeCategory: 'Final Written Decision',
    documentIdentifier: finalDocument.documentIdentifier,
    documentName: finalDocument.documentName,
    decisionDate: finalDocument.documentFilingDate,
    boardRulings: ['35 USC 318'],
  };
  const write = async (name: string, body: unknown) => {
    await writeFile(join(dir, name), JSON.stringify(body));
    return join(dir, name);
  };
  return {
    finals: await write('trials-decisions.final-written-decisions.json', { count: 2, patentTrialDocumentDataBag: finals }),
    settled: await write('proceedings.IPR2016-00831.json', { results: [settled], recordTotalQuantity: 1 }),
    decisionRecord: await write('decisions.IPR2022-00037.json', { results: [decisionRecord], recordTotalQuantity: 1 }),
  };
}

interface Loaded {
  ctx: TestContext;
  key: string;
}
let dir: string;
let files: Awaited<ReturnType<typeof derivedFiles>>;
let documentsFirst: Loaded;
let proceedingsFirst: Loaded;
const load = (ctx: TestContext, path: string) => ingestFile(ctx.db, ptab, path, { fileDate: '2026-06-10' });
const order = () => [
  join(V2, 'documents.IPR2022-00037.sample.json'),
  join(V1, 'trials-documents.search.json'),
  join(V1, 'trials-documents.PGR2025-00004.first12.json'),
  join(V1, 'trials-decisions.search-FedCir-mandates.4d1eecd.sorted-keys.json'),
  files.finals,
  join(V2, 'proceedings.IPR2022-00037.json'),
  files.settled,
];

/** A database with the patents of three of the trials held (so they are announced), the files loaded in `paths` order. */
async function loaded(paths: string[]): Promise<Loaded> {
  const ctx = await createTestApp();
  const key = (await fundedKey(ctx, 'order@example.com', 1000)).apiKey;
  // The history first (no events), then the held patents.
  await load(ctx, join(V1, 'trials-proceedings.search-IPR.with-facets.json'));
  const held = [
    fullRecord('08976228', { patentNumber: '6059576', grantDate: '2000-05-09' }),
    fullRecord('17384070', { patentNumber: '12168036', grantDate: '2024-12-17' }),
    fullRecord('16198140', { patentNumber: '10395525', grantDate: '2019-08-27' }),
  ];
  await loadFileWrapper(ctx.db, itemsOf(held), { product: 'PTFWPRD', fileName: 'daily.json', fileDate: '2026-06-01' });
  for (const path of paths) expect((await load(ctx, path)).rejected, path).toBe(0);
  return { ctx, key };
}

async function get({ ctx, key }: Loaded, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  const { source: _source, as_of: _asOf, stale: _stale, ...body } = response.json();
  return { status: response.statusCode, body };
}

/** The same answer from both databases, returned. */
async function both(url: string) {
  const [a, b] = [await get(documentsFirst, url), await get(proceedingsFirst, url)];
  expect(b).toEqual(a);
  return a;
}

const ptabEvents = async ({ ctx }: Loaded) =>
  (await listEventsAfter(ctx.db, 0, 100))
    .filter((e) => e.event_type.startsWith('ptab_'))
    .map((e) => [e.event_type, e.application_number, e.detail])
    .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

describe.skipIf(!samplesPresent('ptab-json'))('PTAB trials from documents, v2 proceedings and mandates, in either order', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ptab-samples-'));
    files = await derivedFiles(dir);
    documentsFirst = await loaded(order());
    proceedingsFirst = await loaded(order().reverse());
  });
  afterAll(async () => {
    await documentsFirst?.ctx.close();
    await proceedingsFirst?.ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a v2 document the Board filed under FINAL as the final written decision', async () => {
    // documents.IPR2022-00037.sample.json, document 170646753: filingPartyCategory BOARD, documentCategory FINAL,
    // documentTypeName "Final Written Decision:  original", filed 08-30-2023 → a final written decision of 2023-08-30.
    // Its title ("Judgment Final Written Decision") names no holding and v2 documents carry no text: claims_outcome null.
    // The other five (a notice of appeal, a reply, an exhibit, an order, a hearing transcript) are no decisions.
    const { status, body } = await both('/v1/ptab/IPR2022-00037');
    expect(status).toBe(200);
    expect(body).toMatchObject({ instituted: true, claims_outcome: null, final_decision_date: '2023-08-30' });
    expect(body.decisions).toEqual([
      expect.objectContaining({
        kind: 'final_written_decision',
        date: '2023-08-30',
        outcome: null,
        document_number: 29,
        document_type: 'Final Written Decision:  original',
        title: 'Judgment Final Written Decision',
      }),
    ]);
  });

  it('reads a v2 proceeding’s decision date as the end of a trial its status says is over', async () => {
    // proceedings.IPR2022-00037.json: proceedingStatusCategory "Final Written Decision - Appealed", decisionDate 08-30-2023.
    const apple = (await both('/v1/ptab/IPR2022-00037')).body;
    expect(apple).toMatchObject({
      status: 'Final Written Decision - Appealed',
      institution_decision_date: '2022-09-01',
      termination_date: '2023-08-30',
    });
    // The derived IPR2016-00831 proceeding alone: Terminated-Settled on 07-06-2017 (its real decision's date), after its
    // institution decision of 09-14-2016. A denial would have ended it that day: it was instituted.
    const settled = (await both('/v1/ptab/IPR2016-00831')).body;
    expect(settled).toMatchObject({
      status: 'Terminated-Settled',
      institution_decision_date: '2016-09-14',
      termination_date: '2017-07-06',
      instituted: true,
      patent_number: '6162705',
      decisions: [],
    });
  });

  it('reads a cut title’s holding, kept by an affirming mandate and set aside by one that reverses in part', async () => {
    // The FedCir mandates file: IPR2021-01600 "Affirmed", IPR2021-01601 "Affirmed/Reversed in Part", both of 2026-06-05,
    // after the final written decisions of 2023-04-10 whose titles end "All Challenged Claims Un …" (all unpatentable).
    const affirmed = (await both('/v1/ptab/IPR2021-01600')).body;
    expect(affirmed).toMatchObject({ claims_outcome: 'all_unpatentable', final_decision_date: '2023-04-10', instituted: true });
    expect(affirmed.decisions.map((d: { kind: string; date: string; outcome: string }) => [d.kind, d.date, d.outcome])).toEqual([
      ['final_written_decision', '2023-04-10', 'Final Written Decision'],
      ['appeal_mandate', '2026-06-05', 'Affirmed'],
    ]);
    expect(affirmed.decisions[0].claims_outcome).toBe('all_unpatentable');
    const reversedInPart = (await both('/v1/ptab/IPR2021-01601')).body;
    expect(reversedInPart).toMatchObject({ claims_outcome: null, final_decision_date: '2023-04-10' });
    expect(reversedInPart.decisions[0].claims_outcome).toBe('all_unpatentable');
  });

  it('serves a trial known only from its documents', async () => {
    // trials-documents.search.json and trials-documents.PGR2025-00004.first12.json: 14 exhibits of PGR2026-00039, each
    // with the trial's metadata (Pending, petition filed 2026-04-02, patent 12168036 of application 17384070, Regeneron v. Biocon).
    const { status, body } = await both('/v1/ptab/PGR2026-00039');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      trial_number: 'PGR2026-00039',
      type: 'PGR',
      patent_number: '12168036',
      application_number: '17384070',
      petitioner: { name: 'Biocon Biologics Limited et al.' },
      patent_owner: { name: 'Regeneron Pharmaceuticals, Inc.' },
      filed_date: '2026-04-02',
      accorded_filing_date: '2026-04-02',
      status: 'Pending',
      instituted: null,
      decisions: [],
    });
    const byPatent = (await both('/v1/patents/12168036/ptab')).body;
    expect(byPatent.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual(['PGR2026-00039']);
  });

  it('announces each trial and decision once, and changes nothing when everything is loaded again', async () => {
    const expected = [
      ['ptab_decision', '08976228', { trial_number: 'IPR2022-00037', kind: 'final_written_decision', outcome: null }],
      ['ptab_decision', '16198140', { trial_number: 'IPR2021-01600', kind: 'appeal_mandate', outcome: 'Affirmed' }],
      ['ptab_decision', '16198140', { trial_number: 'IPR2021-01600', kind: 'final_written_decision', outcome: 'all_unpatentable' }],
      ['ptab_petition', '08976228', { trial_number: 'IPR2022-00037', kind: 'IPR', outcome: null }],
      ['ptab_petition', '16198140', { trial_number: 'IPR2021-01600', kind: 'IPR', outcome: null }],
      ['ptab_petition', '17384070', { trial_number: 'PGR2026-00039', kind: 'PGR', outcome: null }],
    ];
    for (const loaded of [documentsFirst, proceedingsFirst]) {
      expect(await ptabEvents(loaded)).toEqual(expected);
      const before = await get(loaded, '/v1/ptab/IPR2021-01600');
      for (const path of order()) expect(await load(loaded.ctx, path), path).toMatchObject({ inserted: 0, updated: 0, events: 0 });
      expect(await get(loaded, '/v1/ptab/IPR2021-01600')).toEqual(before);
      expect(await ptabEvents(loaded)).toEqual(expected);
    }
  });

  it('keeps a decision record’s copy over its document record’s, whichever comes first', async () => {
    // The derived v2 decision record of document 170646753 carries the outcome category the document record lacks.
    expect(await load(documentsFirst.ctx, files.decisionRecord)).toMatchObject({ inserted: 0, updated: 1, events: 0 });
    expect(await load(proceedingsFirst.ctx, files.decisionRecord)).toMatchObject({ inserted: 0, updated: 1, events: 0 });
    const v2Documents = join(V2, 'documents.IPR2022-00037.sample.json');
    expect(await load(proceedingsFirst.ctx, v2Documents)).toMatchObject({ inserted: 0, updated: 0, events: 0 });
    const { body } = await both('/v1/ptab/IPR2022-00037');
    expect(body.decisions).toEqual([
      expect.objectContaining({
        kind: 'final_written_decision',
        date: '2023-08-30',
        outcome: 'Final Written Decision',
        statutes: ['35 USC 318'],
      }),
    ]);
  });
});
