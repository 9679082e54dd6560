import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestSummary } from '../src/ingest/ingest-run.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

/** Real USPTO files live beside the project, never inside it (they are not ours to ship). */
const SAMPLES = SAMPLES_DIR;
const present = samplesPresent('grant-xml', 'pgpub-xml');

const xmlFiles = (folder: string) =>
  readdirSync(join(SAMPLES, folder))
    .filter((name) => name.endsWith('.xml'))
    .map((name) => join(SAMPLES, folder, name));

describe.skipIf(!present)('real grant and publication XML through HTTP', () => {
  let ctx: TestContext;
  let key: string;
  const summaries: IngestSummary[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const [folder, family] of [
      ['grant-xml', 'grants'],
      ['pgpub-xml', 'publications'],
    ] as const) {
      // Single-document samples carry no date in their name: they take their document's issue or publication date.
      for (const path of xmlFiles(folder)) summaries.push(await ingestFile(ctx.db, productNamed(family)!, path));
    }
    key = (await fundedKey(ctx, 'fulltext@example.com', 1000)).apiKey;
  });
  afterAll(async () => ctx?.close());

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  it('loads every document of every sample without a rejection, skipping only sequence listings', () => {
    expect(summaries.map((s) => [s.fileName, s.rejected])).toEqual(summaries.map((s) => [s.fileName, 0]));
    const read = (product: string) => summaries.filter((s) => s.product === product).reduce((n, s) => n + s.read, 0);
    expect(read('PTGRXML')).toBe(21);
    expect(read('APPXML')).toBe(11);
    const skipped = summaries.reduce((n, s) => n + (s.skipped['document of root <sequence-cwu>'] ?? 0), 0);
    expect(skipped).toBe(2);
  });

  it('dates each file by its name, else by its document, never by the clock', () => {
    const dateOf = (name: string) => summaries.find((s) => s.fileName === name)?.fileDate;
    expect(dateOf('ipg050104.excerpt.xml')).toBe('2005-01-04');
    expect(dateOf('ipgb20221025.excerpt.xml')).toBe('2022-10-25');
    expect(dateOf('US11646472B2-v47.xml')).toBe('2023-05-09');
    expect(dateOf('US20220240350A1-v46.xml')).toBe('2022-07-28');
  });

  it('US 11,646,472 B2 (v4.7): claims, dependencies, limbs, main CPC, title', async () => {
    const body = await get('/v1/patents/11646472/claims');
    expect(body).toMatchObject({
      doc_number: '11646472',
      kind: 'B2',
      application_number: '17248024',
      date: '2023-05-09',
      title: 'Making lithium metal—seawater battery cells having protected lithium electrodes',
      claim_count: 17,
      independent_claims: [1],
      canceled_claims: [],
    });
    expect(body.cpc).toHaveLength(19);
    expect(body.cpc[0]).toBe('H01M 50/46');
    expect(body.claims[4]).toMatchObject({ number: 5, dependent_on: [4] });
    expect(body.claims[15]).toMatchObject({ number: 16, dependent_on: [13] });
    const claim1: string[] = body.claims[0].text.split('\n');
    expect(claim1).toHaveLength(3);
    expect(claim1[0]).toMatch(/^1\. A method of making a battery cell, comprising:/);
  });

  it('US 11,646,472 B2: 554 backward citations by group, all cited by the applicant', async () => {
    const { backward } = await get('/v1/patents/11646472/citations?direction=backward');
    expect(Object.fromEntries(Object.entries(backward).map(([group, g]) => [group, (g as { count: number }).count]))).toEqual({
      patents: 171,
      publications: 80,
      foreign: 45,
      npl: 258,
    });
    expect(backward.patents).toMatchObject({ examiner_count: 0, applicant_count: 171 });
    expect(backward.patents.items[0]).toEqual({ number: '3343988', kind: 'A', name: 'Friend', date: '1967-09', category: 'applicant' });
    expect(backward.publications.items[0].number).toBe('US20010014420A1');
    expect(backward.foreign.items).toContainEqual({ country: 'EP', number: '111213', kind: null, date: '1983-11', category: 'applicant' });
    expect(backward.npl.items).toContainEqual({
      text: 'EP Application No. 03 809 186.4, Decision to Refuse, dated Jul. 13, 2017, 52 pages.',
      category: 'applicant',
    });
  });

  it('US 10,000,000 B2 (v4.5): independent claims, main CPC, citations by category with a WO reference', async () => {
    const claims = await get('/v1/patents/10000000/claims');
    expect(claims).toMatchObject({
      title: 'Coherent LADAR using intra-pixel quadrature detection',
      application_number: '14643719',
      claim_count: 20,
      independent_claims: [1, 9, 11],
    });
    expect(claims.cpc[0]).toBe('G01S 7/4863');
    const { backward } = await get('/v1/patents/10000000/citations');
    expect([backward.patents.count, backward.publications.count, backward.foreign.count, backward.npl.count]).toEqual([2, 2, 1, 6]);
    const groups = Object.values<{ examiner_count: number; applicant_count: number }>(backward);
    expect(groups.reduce((n, g) => n + g.examiner_count, 0)).toBe(2);
    expect(groups.reduce((n, g) => n + g.applicant_count, 0)).toBe(9);
    expect(backward.foreign.items[0]).toMatchObject({ country: 'WO', number: 'WO 2005/080928', kind: 'A1', date: '2005-09' });
  });

  it('US 8,672,134 B2 (v4.4): no CPC before 2015, a Canadian citation', async () => {
    const claims = await get('/v1/patents/8672134/claims');
    expect(claims).toMatchObject({ cpc: [], claim_count: 43, independent_claims: [1], date: '2014-03-18' });
    const { backward } = await get('/v1/patents/8672134/citations?direction=backward');
    expect(backward.foreign.items).toContainEqual(
      expect.objectContaining({ country: 'CA', number: '2428862', kind: 'A1', date: '2004-11' }),
    );
  });

  it('US D701,016 S1: the single design claim and no abstract', async () => {
    const body = await get('/v1/patents/D0701016/claims');
    expect(body).toMatchObject({ doc_number: 'D701016', kind: 'S1', abstract: null, claim_count: 1, independent_claims: [1] });
    expect(body.claims[0].text).toBe('The ornamental design for cheese in form of a triangular pyramid, as shown and described.');
    const { backward } = await get('/v1/patents/D701016/citations?direction=backward');
    expect(backward.patents).toMatchObject({ count: 47, examiner_count: 47, applicant_count: 0 });
  });

  it('US 6,837,520 (grant v4.0, 2005): "cited by other" is category other with its wording', async () => {
    expect(await get('/v1/patents/6837520/claims')).toMatchObject({ independent_claims: [1, 7] });
    const { backward } = await get('/v1/patents/6837520/citations?direction=backward');
    const all = Object.values(backward).flatMap((g) => (g as { items: { category: string; category_detail?: string }[] }).items);
    expect(all.filter((c) => c.category === 'examiner')).toHaveLength(10);
    expect(all.filter((c) => c.category === 'other').map((c) => c.category_detail)).toEqual(Array(4).fill('cited by other'));
    expect(backward.foreign.items).toContainEqual(expect.objectContaining({ country: 'DE', number: '30 02 900', date: '1980-07' }));
  });

  it('statutory invention registration H2140, plant patent PP18398 and a bibliographic-only reissue', async () => {
    expect(await get('/v1/patents/H2140/claims')).toMatchObject({ kind: 'H1', application_number: '09831579' });
    const plant = await get('/v1/patents/PP18398/claims');
    expect(plant).toMatchObject({ kind: 'P2', title: 'Sedum telephium plant named ‘Beka’', claim_count: 1 });
    expect(await get('/v1/patents/RE49257/claims')).toMatchObject({
      kind: 'E1',
      application_number: '17096946',
      claim_count: 0,
      claims: [],
    });
  });

  it('publications: canceled claim ranges, a claim on two claims, the main CPC of a v4.6 document', async () => {
    const v46 = await get('/v1/publications/US20220240350A1/claims');
    expect(v46.cpc[0]).toBe('H05B 1/0272');
    // "1.-18. (Cancelled)" is eighteen canceled claims, then claims 19–36.
    const eighteen = Array.from({ length: 18 }, (_, i) => i + 1);
    expect(v46).toMatchObject({ claim_count: 36, canceled_claims: eighteen, independent_claims: [19] });
    expect(v46.claims[17]).toEqual({ number: 18, text: '1.-18. (Cancelled)', dependent_on: [], canceled: true });
    expect(v46.claims.find((c: { number: number }) => c.number === 20).dependent_on).toEqual([19]);
    const a2 = await get('/v1/publications/US20150075015A2/claims');
    expect(a2).toMatchObject({ claim_count: 41, canceled_claims: eighteen, independent_claims: [19, 27, 36] });
    const twoRefs = await get('/v1/publications/2011/0039701/claims');
    expect(twoRefs.claims.find((c: { number: number }) => c.number === 23).dependent_on).toEqual([1, 12]);
    expect((await get('/v1/publications/US20220160114A2/claims')).cpc).toEqual(['A45F 3/047', 'A45F 3/02']);
    const v40 = await get('/v1/publications/US20050004437A1/claims');
    expect(v40).toMatchObject({ application_number: '10830857' });
    expect(v40.claims[0].text.split('\n')).toHaveLength(5);
  });

  it('searches the real documents by stemmed words, phrase and CPC', async () => {
    const words = await get('/v1/search?q=seawater%20batteries');
    expect(words.results.map((r: { doc_number: string }) => r.doc_number)).toContain('11646472');
    const phrase = await get('/v1/search?q=%22quadrature%20detection%22');
    expect(phrase.results.map((r: { doc_number: string }) => r.doc_number)).toContain('10000000');
    const cpc = await get('/v1/search?cpc=H01M%2050%2F46');
    expect(cpc.results.map((r: { doc_number: string }) => r.doc_number)).toContain('11646472');
  });
});
