import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEventsAfter } from '../src/db/events.sql.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const V1 = join(SAMPLES_DIR, 'ptab-json', 'odp-v1');
const V2 = join(SAMPLES_DIR, 'ptab-json', 'legacy-ptab-api-v2');
const ptab = productNamed('ptab')!;
const ENTITY_ID = expect.stringMatching(/^ent_[a-z0-9]{16}$/);

let ctx: TestContext;
let key: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json() };
};
const load = (path: string, fileDate = '2026-06-10') => ingestFile(ctx.db, ptab, path, { fileDate });

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'board@example.com', 1000)).apiKey;
});
afterAll(async () => ctx.close());

describe.skipIf(!samplesPresent('ptab-json'))('the real PTAB samples through HTTP', () => {
  beforeAll(async () => {
    // The first file is the history (no events); then the patent of PGR2025-00004 is held, so its trial and decisions are news.
    expect(await load(join(V1, 'trials-proceedings.search-IPR.with-facets.json'))).toMatchObject({
      read: 5,
      rejected: 0,
      inserted: 5,
      events: 0,
    });
    await loadFileWrapper(ctx.db, itemsOf([fullRecord('18340482', { patentNumber: '12018298', grantDate: '2024-06-25' })]), {
      product: 'PTFWPRD',
      fileName: 'daily.json',
      fileDate: '2026-06-01',
    });
    // Decisions before their proceedings: each trial is kept from its decisions and completed later.
    expect(await load(join(V1, 'trials-decisions.PGR2025-00004.json'))).toMatchObject({ read: 2, rejected: 0, inserted: 2, events: 3 });
    expect(await load(join(V1, 'trials-decisions.IPR2025-01319.json'))).toMatchObject({ read: 1, rejected: 0, inserted: 1 });
    // The reduced download first: its decisions have no document, and the full copies replace them.
    expect(await load(join(V1, 'trials-decisions.download-reduced.4d1eecd.json'))).toMatchObject({ read: 24, rejected: 0 });
    const rest = [
      'trials-proceedings.IPR2025-01319.json',
      'trials-proceedings.PGR2026-00055.json',
      'trials-proceedings.search.json',
      'trials-proceedings.download-IPR.json',
      'trials-decisions.search.json',
      'trials-decisions.search-decisionTypeCategory.json',
      'trials-decisions.search-FedCir-mandates.4d1eecd.sorted-keys.json',
      'trials-decisions.search-settled.cd246dd.sorted-keys.json',
      'trials-decisions.download.cd246dd.json',
      'trials-documents.IPR2025-01319.page1-of-242.json',
      'trials-documents.PGR2025-00004.first12.json',
      'trials-documents.search.json',
      'appeals-decisions.search-TC2800.with-facets.json',
      'appeals-decisions.download-TC2800.json',
      'interferences-decisions.106130.json',
      'interferences-decisions.download.json',
    ];
    const skipped: Record<string, number> = {};
    for (const file of rest) {
      const summary = await load(join(V1, file));
      expect(summary.rejected, file).toBe(0);
      for (const [reason, n] of Object.entries(summary.skipped)) skipped[reason] = (skipped[reason] ?? 0) + n;
    }
    for (const file of [
      'proceedings.IPR2022-00037.json',
      'decisions.IPR2016-00831.json',
      'documents.IPR2022-00037.sample.json',
      'proceedings.partyName-Apple.sample.json',
    ]) {
      const summary = await load(join(V2, file));
      expect(summary.rejected, file).toBe(0);
      for (const [reason, n] of Object.entries(summary.skipped)) skipped[reason] = (skipped[reason] ?? 0) + n;
    }
    // A trial document that is no decision is read for its trial's snapshot: only appeals and interferences are skipped.
    expect(skipped).toEqual({ 'ex parte appeal (not an AIA trial)': 15, 'interference (not an AIA trial)': 7 });
    expect(await resolveEntities(ctx.db)).toMatchObject({ read: { trials: expect.any(Number) } });
  });

  it('serves a trial denied at the Director’s discretion, its proceeding merged over its decision (case and spaces ignored)', async () => {
    const { status, body } = await get('/v1/ptab/ipr2025%2001319');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      trial_number: 'IPR2025-01319',
      type: 'IPR',
      type_name: 'inter partes review',
      patent_number: '11703443',
      application_number: '17980669',
      petitioner: { name: 'Cytek Biosciences, Inc.', entity_id: ENTITY_ID },
      patent_owner: { name: 'Beckman Coulter, Inc. et al.', entity_id: ENTITY_ID },
      filed_date: '2025-07-17',
      institution_decision_date: '2025-11-20',
      termination_date: '2025-11-20',
      status: 'Discretionary Denial',
      instituted: false,
      claims_outcome: null,
      final_decision_date: null,
      source: { product: 'PTAB' },
    });
    expect(body.decisions).toEqual([
      expect.objectContaining({
        kind: 'institution_denied',
        date: '2025-11-20',
        outcome: 'Institution Denied',
        document_type: 'Director Discretionary Decision: Deny',
        statutes: ['35 USC 314', '35 USC 324'],
        text_note: 'truncated',
        text_chars: expect.any(Number),
      }),
    ]);
    expect(body.decisions[0]).not.toHaveProperty('text');
  });

  it('serves a post-grant review decided with all challenged claims unpatentable, by its patent', async () => {
    const { status, body } = await get('/v1/patents/12018298/ptab?include_text=true');
    expect(status).toBe(200);
    expect(body.application_number).toBe('18340482');
    expect(body.proceedings).toHaveLength(1);
    const [trial] = body.proceedings;
    expect(trial).toMatchObject({
      trial_number: 'PGR2025-00004',
      type: 'PGR',
      petitioner: { name: 'Merck Sharp & Dohme LLC' },
      patent_owner: { name: 'Halozyme, Inc. et al.' },
      filed_date: '2024-11-26',
      status: 'Final Written Decision',
      instituted: true,
      claims_outcome: 'all_unpatentable',
      final_decision_date: '2026-06-08',
    });
    expect(trial.decisions.map((d: { kind: string; date: string }) => [d.kind, d.date])).toEqual([
      ['institution_granted', '2025-06-11'],
      ['final_written_decision', '2026-06-08'],
    ]);
    expect(trial.decisions[1]).toMatchObject({ claims_outcome: 'all_unpatentable', issue_types: ['112', '103'], text_note: 'truncated' });
    expect(trial.decisions[1].text).toContain('MERCK SHARP & DOHME LLC');
    expect(trial.decisions[1].text_chars).toBe(trial.decisions[1].text.length);
  });

  it('tells a settlement after institution, some claims unpatentable, and a text the office failed to upload', async () => {
    const settled = (await get('/v1/ptab/IPR2025-01189')).body;
    expect(settled).toMatchObject({ status: 'Terminated-Settled', instituted: true, claims_outcome: null });
    expect(settled.decisions).toEqual([
      expect.objectContaining({ kind: 'termination', date: '2026-04-17', outcome: 'Settled After Institution' }),
    ]);
    const some = (await get('/v1/ptab/IPR2024-00819')).body;
    expect(some).toMatchObject({ instituted: true, claims_outcome: 'some_unpatentable', final_decision_date: expect.any(String) });
    const failed = (await get('/v1/ptab/IPR2025-00261?include_text=true')).body;
    expect(failed.decisions).toEqual([
      expect.objectContaining({ kind: 'termination', text: null, text_chars: null, text_note: 'upload_failed' }),
    ]);
  });

  it('replaces a decision sent without its document by the full copy', async () => {
    const { body } = await get('/v1/ptab/IPR2025-00160');
    expect(body.decisions).toEqual([
      expect.objectContaining({
        kind: 'final_written_decision',
        date: '2026-06-05',
        claims_outcome: 'none_unpatentable',
        document_number: expect.any(Number),
      }),
    ]);
    expect(body).toMatchObject({ claims_outcome: 'none_unpatentable', final_decision_date: '2026-06-05' });
  });

  it('reads the retired v2 API: the Apple trial, found by a name fragment and by its entity', async () => {
    const { body } = await get('/v1/ptab/IPR2022-00037');
    expect(body).toMatchObject({
      patent_number: '6059576',
      petitioner: { name: 'Apple Inc.', entity_id: ENTITY_ID },
      patent_owner: { name: 'LoganTree LP' },
      filed_date: '2021-10-15',
      institution_decision_date: '2022-09-01',
      status: 'Final Written Decision - Appealed',
      instituted: true,
    });
    const byName = await get('/v1/ptab?petitioner=apple');
    expect(byName.status).toBe(200);
    expect(byName.body.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual(['IPR2022-00037']);
    const byEntity = await get(`/v1/ptab?petitioner=${body.petitioner.entity_id}`);
    expect(byEntity.body.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual(['IPR2022-00037']);
  });

  it('searches by status and filing date, newest filed first, page by page', async () => {
    const first = await get('/v1/ptab?status=pending&limit=3');
    expect(first.body.proceedings.map((p: { filed_date: string }) => p.filed_date)).toEqual(['2026-06-05', '2026-06-05', '2026-04-21']);
    const second = await get(`/v1/ptab?status=pending&limit=3&cursor=${first.body.next_cursor}`);
    expect(second.body.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual([
      'IPR2026-00337',
      'IPR2026-00336',
      'IPR2026-00333',
    ]);
    const recent = await get('/v1/ptab?filed_after=2026-06-04&patent_owner=qomplx');
    expect(recent.body.proceedings).toEqual([]);
    const samsung = await get('/v1/ptab?petitioner=SAMSUNG&filed_after=2026-01-01');
    expect(samsung.body.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual(['IPR2026-00337', 'IPR2026-00336']);
    // One party alone pages through the party rows; with a status, the party's trials are filtered.
    const pages: string[] = [];
    for (let cursor = ''; ;) {
      const page = await get(`/v1/ptab?petitioner=samsung&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(page.body.proceedings.map((p: { trial_number: string }) => p.trial_number).join(','));
      if (page.body.next_cursor === null) break;
      cursor = page.body.next_cursor;
    }
    const all = (await get('/v1/ptab?petitioner=samsung')).body.proceedings.map((p: { trial_number: string }) => p.trial_number);
    expect(all.length).toBeGreaterThan(3);
    expect(pages.join(',').split(',')).toEqual(all);
    const pending = await get('/v1/ptab?petitioner=samsung&status=PENDING');
    expect(pending.body.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual(['IPR2026-00337', 'IPR2026-00336']);
    const both = await get('/v1/ptab?petitioner=apple&patent_owner=logantree');
    expect(both.body.proceedings.map((p: { trial_number: string }) => p.trial_number)).toEqual(['IPR2022-00037']);
  });

  it('answers 400 missing_filter without a filter, 404 for unknown ids, trials and patents, 422 for a malformed number', async () => {
    expect((await get('/v1/ptab?limit=5')).body.error).toBe('missing_filter');
    expect((await get('/v1/ptab')).status).toBe(400);
    expect((await get('/v1/ptab?petitioner=ent_0000000000000000')).status).toBe(404);
    expect((await get('/v1/ptab/IPR2019-00001')).status).toBe(404);
    expect((await get('/v1/patents/7654321/ptab')).status).toBe(404);
    expect((await get('/v1/ptab/2016001026')).status).toBe(422);
  });

  it('counts the trials on the Application and announced them once the history was loaded', async () => {
    const { body } = await get('/v1/patents/12018298');
    expect(body.counts.ptab_proceedings).toBe(1);
    const events = (await listEventsAfter(ctx.db, 0, 100)).filter((e) => e.event_type.startsWith('ptab_'));
    expect(events.map((e) => [e.event_type, e.application_number, e.detail])).toEqual([
      ['ptab_petition', '18340482', { trial_number: 'PGR2025-00004', kind: 'PGR', outcome: null }],
      ['ptab_decision', '18340482', { trial_number: 'PGR2025-00004', kind: 'final_written_decision', outcome: 'all_unpatentable' }],
      ['ptab_decision', '18340482', { trial_number: 'PGR2025-00004', kind: 'institution_granted', outcome: 'Institution Granted' }],
    ]);
  });

  it('changes nothing when a file is loaded again', async () => {
    const again = await load(join(V1, 'trials-decisions.search-decisionTypeCategory.json'));
    expect(again).toMatchObject({ read: 5, inserted: 0, updated: 0, unchanged: 5, events: 0 });
  });
});
