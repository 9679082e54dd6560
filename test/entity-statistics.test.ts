import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_DEFINITIONS } from '../src/domain/statistics.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { refreshStatistics } from '../src/resources/statistics/compute.js';
import { writeAssignmentFiles } from '@patent-status/synth';
import { writeFileWrapperFile } from '@patent-status/synth';
import { writePtabFiles } from '@patent-status/synth';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';

/**
 * Entity statistics over a synthetic corpus with its recordations and PTAB trials, read back
 * against the service's own lists (portfolio pages, recordations received, trials by party): each
 * block must agree with what those answers show for the same entity or family.
 */
const APPLICATIONS = 500;
let ctx: TestContext;
let key: string;
let dir: string;

const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json(), charged: response.headers['x-credits-charged'] };
};
async function pages<T>(url: string, field: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const { body } = await get(`${url}${url.includes('?') ? '&' : '?'}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...body[field]);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return rows;
}

beforeAll(async () => {
  ctx = await createTestApp({ configure: (config) => void (config.statistics.precomputeMinApplications = 40) });
  key = (await fundedKey(ctx, 'entity-stats@example.com', 100_000)).apiKey;
  dir = mkdtempSync(join(tmpdir(), 'pss-entity-stats-'));
  await writeFileWrapperFile(join(dir, 'corpus.json'), { applications: APPLICATIONS, seed: 'entity-stats' });
  await loadFileWrapper(ctx.db, parseFileWrapperFile(join(dir, 'corpus.json')), {
    product: 'PTFWPRE',
    fileName: 'corpus.json',
    fileDate: '2026-11-12',
  });
  for (const file of (await writeAssignmentFiles(join(dir, 'a'), { applications: APPLICATIONS, seed: 'entity-stats' })).files)
    await ingestFile(ctx.db, productNamed('assignments')!, file);
  for (const file of (await writePtabFiles(join(dir, 'p'), { applications: APPLICATIONS, seed: 'entity-stats' })).files)
    await ingestFile(ctx.db, productNamed('ptab')!, file);
  await resolveEntities(ctx.db);
}, 180_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The largest company and its family when it has one. */
async function largestCompany(): Promise<{ entityId: string; familyId: string | null }> {
  const { rows } = await ctx.db.query<{ entity_id: string; family_id: string | null }>(
    `SELECT entity_id, family_id FROM entities WHERE type = 'assignee' ORDER BY applications DESC, entity_id LIMIT 1`,
  );
  return { entityId: rows[0]!.entity_id, familyId: rows[0]!.family_id };
}

describe('GET /v1/entities/{id}/stats', () => {
  it('is a 504, charged nothing, before the first nightly run; an unknown id is a 404', async () => {
    const { entityId } = await largestCompany();
    expect(await get(`/v1/entities/${entityId}/stats`)).toMatchObject({
      status: 504,
      body: { error: 'computation_timeout' },
      charged: '0',
    });
    expect((await get('/v1/entities/ent_0000000000000000/stats')).status).toBe(404);
  });

  it("agrees with the portfolio: counting the buckets of its applications gives the portfolio's counts", async () => {
    await refreshStatistics(ctx.db);
    const { entityId } = await largestCompany();
    const answer = await get(`/v1/entities/${entityId}/stats`);
    expect(answer).toMatchObject({ status: 200, charged: '1' });
    const stats = answer.body;
    const apps = await pages<{ status: { bucket: string | null }; patent_number: string | null }>(
      `/v1/entities/${entityId}/applications`,
      'applications',
    );
    const count = (bucket: string) => apps.filter((a) => a.status.bucket === bucket).length;
    expect(stats.portfolio).toMatchObject({
      applications: apps.length,
      pending: count('pending'),
      granted: count('granted'),
      abandoned: count('abandoned'),
      computed_over: { applications: apps.length },
    });
    expect(stats.portfolio.applications).toBeGreaterThan(10);
    const patents = await pages<{ expired: boolean | null }>(`/v1/entities/${entityId}/patents`, 'patents');
    expect(stats.portfolio.patents).toBe(patents.length);
    expect(stats.portfolio.alive_patents).toBe(patents.filter((p) => p.expired === false).length);
    expect(stats.velocity.filings_per_year.reduce((sum: number, y: { n: number }) => sum + y.n, 0)).toBe(apps.length);
    expect(Object.keys(stats.definitions).sort()).toEqual(Object.keys(ENTITY_DEFINITIONS).sort());
    for (const rate of ['allowance_rate', 'rce_rate', 'appeal_rate'])
      expect(stats.prosecution[rate] === null || (stats.prosecution[rate] >= 0 && stats.prosecution[rate] <= 1)).toBe(true);
    expect(stats.where.cpc_coverage).toBeGreaterThan(0);
    const shares = stats.where.cpc_subclasses.map((s: { share: number }) => s.share);
    // Each share is rounded to three decimals: twenty of them may add up to 0.01 over 1.
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(1.01);
  });

  it('a family spans its members: each application once, recordations and trials of every member', async () => {
    const { rows } = await ctx.db.query<{ family_id: string }>(
      `SELECT family_id FROM family_members GROUP BY family_id ORDER BY count(*) DESC, family_id LIMIT 1`,
    );
    const familyId = rows[0]!.family_id;
    const stats = (await get(`/v1/entities/${familyId}/stats`)).body;
    const apps = await pages<{ application_number: string }>(`/v1/entities/${familyId}/applications`, 'applications');
    expect(stats.entity_id).toBe(familyId);
    expect(stats.portfolio.applications).toBe(new Set(apps.map((a) => a.application_number)).size);
    const received = await pages<{ conveyance_type: string }>(`/v1/assignments?assignee=${familyId}`, 'assignments');
    expect(stats.ownership.acquired).toBe(
      received.filter((r) => ['assignment', 'merger', 'change_of_name'].includes(r.conveyance_type)).length,
    );
  });

  it("counts the PTAB trials a petitioner's list shows", async () => {
    const { rows } = await ctx.db.query<{ entity_id: string }>(
      `SELECT entity_id FROM ptab_parties WHERE role = 'petitioner' AND entity_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const petitioner = rows[0]!.entity_id;
    const stats = (await get(`/v1/entities/${petitioner}/stats`)).body;
    const trials = await pages<{ instituted: boolean | null; claims_outcome: string | null }>(
      `/v1/ptab?petitioner=${petitioner}`,
      'proceedings',
    );
    expect(stats.ptab.as_petitioner).toEqual({
      proceedings: trials.length,
      instituted: trials.filter((t) => t.instituted === true).length,
      claims_outcomes: {
        all_unpatentable: trials.filter((t) => t.claims_outcome === 'all_unpatentable').length,
        some_unpatentable: trials.filter((t) => t.claims_outcome === 'some_unpatentable').length,
        none_unpatentable: trials.filter((t) => t.claims_outcome === 'none_unpatentable').length,
      },
    });
    expect(trials.length).toBeGreaterThan(0);
  });
});

describe('an entity that takes longer than its budget', () => {
  it('answers 504 and is queued; after the nightly run it answers from what that run computed', async () => {
    const slow = await createTestApp({ configure: (config) => void (config.statistics.entityBudgetMs = 0) });
    try {
      const { apiKey } = await fundedKey(slow, 'slow@example.com', 100);
      await loadFileWrapper(slow.db, parseFileWrapperFile(join(dir, 'corpus.json')), {
        product: 'PTFWPRE',
        fileName: 'corpus.json',
        fileDate: '2026-11-12',
      });
      await resolveEntities(slow.db);
      await refreshStatistics(slow.db);
      const small = (await slow.db.query<{ entity_id: string }>(`SELECT entity_id FROM entities ORDER BY applications, entity_id LIMIT 1`))
        .rows[0]!.entity_id;
      const ask = () => slow.app.inject({ method: 'GET', url: `/v1/entities/${small}/stats`, headers: { 'x-api-key': apiKey } });
      const first = await ask();
      expect(first.statusCode).toBe(504);
      expect(first.headers['x-credits-charged']).toBe('0');
      expect((await slow.db.query(`SELECT entity_id FROM entity_statistics_queue`)).rows).toEqual([{ entity_id: small }]);

      expect(await slow.services.entityStatistics.precompute()).toBeGreaterThanOrEqual(1);
      const after = await ask();
      expect(after.statusCode).toBe(200);
      expect(after.json().entity_id).toBe(small);
      expect((await slow.db.query(`SELECT entity_id FROM entity_statistics_queue`)).rows).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
