import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import type { AssignmentTruth } from '@patent-status/synth';
import { writeAssignmentFiles } from '@patent-status/synth';
import { writeFileWrapperFile } from '@patent-status/synth';
import { scoreResolution } from '@patent-status/synth';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const APPLICATIONS = 600;
let ctx: TestContext;
let key: string;
let truth: AssignmentTruth;
let dailyRecordations = 0;

const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json() };
};

/** Every page of a list, following next_cursor. */
async function pages<T>(url: string, field: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get(
      `${url}${url.includes('?') ? '&' : '?'}limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(status).toBe(200);
    rows.push(...body[field]);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return rows;
}

const partyIds = async () =>
  (
    await ctx.db.query<{ entity_id: string }>(
      `SELECT entity_id FROM application_parties UNION ALL SELECT entity_id FROM assignment_parties ORDER BY 1`,
    )
  ).rows.map((row) => row.entity_id);

let dir: string;

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'entities@example.com', 100_000)).apiKey;
  dir = mkdtempSync(join(tmpdir(), 'pss-entities-'));
  await writeFileWrapperFile(join(dir, 'corpus.json'), { applications: APPLICATIONS, seed: 'entities' });
  await loadFileWrapper(ctx.db, parseFileWrapperFile(join(dir, 'corpus.json')), {
    product: 'PTFWPRE',
    fileName: 'corpus.json',
    fileDate: '2026-11-12',
  });
  const written = await writeAssignmentFiles(dir, { applications: APPLICATIONS, seed: 'entities', dailyFiles: 2 });
  truth = written.truth;
  // The history file, resolved; then the daily files, resolved incrementally.
  const [history, ...dailies] = written.files;
  await ingestFile(ctx.db, productNamed('assignments')!, history!);
  await resolveEntities(ctx.db);
  for (const file of dailies) dailyRecordations += (await ingestFile(ctx.db, productNamed('assignments')!, file)).inserted;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('entity resolution on the synthetic corpus', () => {
  it('resolves only what is new, then nothing', async () => {
    const second = await resolveEntities(ctx.db);
    expect(second.read.applications).toBe(0);
    expect(dailyRecordations).toBeGreaterThan(0);
    // Each new recordation's parties, and recordations re-sent with changes.
    expect(second.read.recordations).toBeGreaterThanOrEqual(dailyRecordations);
    expect(second.families).not.toBeNull();
    const third = await resolveEntities(ctx.db);
    expect(third).toMatchObject({ read: { applications: 0, recordations: 0 }, relinked: 0, families: null });
  });

  it('files printed names under entities as the generator’s truth does (precision, recall, families)', async () => {
    const { rows } = await ctx.db.query<{ name: string; entity_id: string; family_id: string | null }>(
      `SELECT DISTINCT p.name, p.entity_id, e.family_id FROM assignment_parties p JOIN entities e USING (entity_id)`,
    );
    const score = scoreResolution(
      truth,
      rows.map((row) => ({ name: row.name, entityId: row.entity_id, familyId: row.family_id })),
    );
    expect(score.names).toBeGreaterThan(100);
    expect(score.unresolved).toBe(0);
    // The generator's spellings vary as the real samples' do (synth core/variation.ts), not as the
    // resolver expects them to: measured 1.000 / 0.764 (precision / recall) over 161 names, family
    // precision 1.000 over 6 pairs, on seed 'entities', 600 applications. The recall lost is the
    // resolver's: typos in short words and forms, words joined or cut short, a misspelling that
    // founds the entity before the right spelling comes.
    expect(score.precision, JSON.stringify(score)).toBeGreaterThanOrEqual(0.99);
    expect(score.recall, JSON.stringify(score)).toBeGreaterThanOrEqual(0.76);
    expect(score.familyPairs).toBeGreaterThan(0);
    expect(score.familyPrecision, JSON.stringify(score)).toBeGreaterThanOrEqual(0.98);
  });

  it('takes an inventor applying for himself as that inventor, never as a company', async () => {
    const { rows } = await ctx.db.query<{ type: string; same: boolean }>(
      `SELECT e.type, EXISTS (SELECT 1 FROM application_parties i WHERE i.application_number = a.application_number
                                AND i.role = 'inventor' AND i.entity_id = a.entity_id) AS same
       FROM application_parties a JOIN entities e USING (entity_id)
       WHERE a.role = 'applicant' AND a.last_name IS NULL AND e.type = 'inventor'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.same).toBe(true);
    // Printed as an inventor of the same application is printed ("Susan A. De Jonghe"): the same entity, always.
    const apart = await ctx.db.query(
      `SELECT a.application_number, a.name FROM application_parties a
       JOIN application_parties i ON i.application_number = a.application_number AND i.role = 'inventor' AND upper(i.name) = upper(a.name)
       WHERE a.role = 'applicant' AND a.entity_id IS DISTINCT FROM i.entity_id`,
    );
    expect(apart.rows).toEqual([]);
  });

  it('keeps every id through a rebuild from scratch, and every count', async () => {
    const before = await partyIds();
    const counts = (await ctx.db.query(`SELECT entity_id, applications, patents, pending, family_id FROM entities ORDER BY 1`)).rows;
    const rebuilt = await resolveEntities(ctx.db, { rebuild: true });
    expect(rebuilt.read.applications).toBeGreaterThan(APPLICATIONS / 2);
    expect(await partyIds()).toEqual(before);
    expect((await ctx.db.query(`SELECT entity_id, applications, patents, pending, family_id FROM entities ORDER BY 1`)).rows).toEqual(
      counts,
    );
  });
});

describe('the entity endpoints', () => {
  let company: { entity_id: string; name: string; counts: { applications: number; patents: number; pending: number } };

  beforeAll(async () => {
    const { status, body } = await get('/v1/entities/search?q=Bluepeak%20Networks,%20Inc.&type=assignee');
    expect(status, JSON.stringify(body)).toBe(200);
    company = body.results[0];
  });

  it('finds a company by any spelling, prefix matches first, with its aliases and place', async () => {
    // In this corpus Bluepeak Networks merged into Marlridge Technologies (44712/41): the two are a family.
    const bluepeak = truth.companies.find((c) => c.name === 'Bluepeak Networks, Inc.')!.id;
    const merged = truth.successions.some((s) => s.from === bluepeak && s.kind === 'merger');
    expect(merged).toBe(true);
    expect(company).toMatchObject({ type: 'assignee', match: 'prefix', family_id: expect.stringMatching(/^fam_/) });
    expect(company.entity_id).toMatch(/^ent_[a-z0-9]{16}$/);
    expect(company.name.toUpperCase()).toContain('BLUEPEAK NETWORKS');
    const { body } = await get('/v1/entities/search?q=bluepeak%20networks%20incorporated');
    expect(body.results[0].entity_id).toBe(company.entity_id);
    expect(body.results[0].aliases.length).toBeGreaterThan(1);
    expect(body.results[0].location.city).not.toBeNull();
    // A misspelling finds it too, as a similar name.
    const typo = await get('/v1/entities/search?q=bluepaek%20networks');
    expect(typo.body.results.map((r: { entity_id: string }) => r.entity_id)).toContain(company.entity_id);
    expect(typo.body.results.find((r: { entity_id: string }) => r.entity_id === company.entity_id).match).toBe('similar');
    // Inventors by name as printed on filings.
    const inventors = await get('/v1/entities/search?q=smith&type=inventor&limit=5');
    expect(inventors.body.results.length).toBeGreaterThan(0);
    for (const r of inventors.body.results) expect(r).toMatchObject({ type: 'inventor', match: 'prefix' });
  });

  it('pages the portfolio newest serial first, and its buckets count as the entity’s counts', async () => {
    const rows = await pages<{ application_number: string; status: { bucket: string | null }; patent_number: string | null; role: string }>(
      `/v1/entities/${company.entity_id}/applications`,
      'applications',
    );
    const numbers = rows.map((row) => row.application_number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(rows.length).toBe(company.counts.applications);
    expect(rows.filter((row) => row.status.bucket === 'pending').length).toBe(company.counts.pending);
    expect(rows.filter((row) => row.patent_number !== null).length).toBe(company.counts.patents);
    expect(rows.some((row) => row.role === 'applicant')).toBe(true);
    const granted = await pages<{ status: { category: string } }>(
      `/v1/entities/${company.entity_id}/applications?status=granted`,
      'applications',
    );
    expect(granted.length).toBeGreaterThan(0);
    for (const row of granted) expect(row.status.category).toBe('granted');
  });

  it('lists its patents newest grant first with their expiry, and ties the application to its applicant', async () => {
    const patents = await pages<{ patent_number: string; grant_date: string; expired: boolean; expiration_estimate: { date: string } }>(
      `/v1/entities/${company.entity_id}/patents`,
      'patents',
    );
    expect(patents.length).toBe(company.counts.patents);
    const dates = patents.map((p) => p.grant_date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const p of patents) {
      expect(typeof p.expired).toBe('boolean');
      expect(p.expiration_estimate.date > p.grant_date).toBe(true);
    }
    const { rows } = await ctx.db.query<{ application_number: string }>(
      `SELECT application_number FROM entity_links WHERE entity_id = $1 AND role = 'applicant' ORDER BY 1 LIMIT 1`,
      [company.entity_id],
    );
    const application = await get(`/v1/applications/${rows[0]!.application_number}`);
    expect(application.body.applicant_entity_id).toBe(company.entity_id);
  });

  it('serves a family with its members, and takes its id wherever an entity id goes', async () => {
    const { rows } = await ctx.db.query<{ family_id: string }>(`SELECT family_id FROM families ORDER BY family_id LIMIT 1`);
    const familyId = rows[0]!.family_id;
    const { status, body } = await get(`/v1/entities/${familyId}`);
    expect(status).toBe(200);
    expect(body.entity_id).toBe(familyId);
    expect(body.members.length).toBeGreaterThanOrEqual(2);
    for (const member of body.members) {
      expect(['merger', 'change_of_name', 'near_identical_name']).toContain(member.basis);
      expect(member.confidence).toBeGreaterThan(0.8);
      expect((await get(`/v1/entities/${member.entity_id}`)).body.family_id).toBe(familyId);
    }
    const portfolio = await pages<{ application_number: string }>(`/v1/entities/${familyId}/applications`, 'applications');
    expect(portfolio.length).toBe(body.counts.applications);
    const received = await get(`/v1/assignments?assignee=${familyId}&limit=100`);
    expect(received.status).toBe(200);
    const members = new Set(body.members.map((m: { entity_id: string }) => m.entity_id));
    for (const assignment of received.body.assignments)
      expect(assignment.assignees.some((a: { entity_id: string }) => members.has(a.entity_id))).toBe(true);
  });

  it('answers 404 for an id nobody holds, and the search filter does too', async () => {
    for (const url of ['/v1/entities/ent_0000000000000000', '/v1/entities/fam_0000000000000000/applications', '/v1/entities/acme'])
      expect((await get(url)).status).toBe(404);
    expect((await get('/v1/search?entity_id=ent_0000000000000000')).status).toBe(404);
    expect((await get('/v1/assignments?assignee=ent_0000000000000000')).status).toBe(404);
    // An entity id alone satisfies the search's filter rule (no full text is loaded here: no results).
    const search = await get(`/v1/search?entity_id=${company.entity_id}`);
    expect(search.status).toBe(200);
    expect(search.body.results).toEqual([]);
  });
});

describe.skipIf(!samplesPresent('grant-xml'))('the parties printed on a real grant', () => {
  it('become entities linked to its application, with the patent and its place', async () => {
    const grant = join(SAMPLES_DIR, 'grant-xml', 'US11646472B2-v47.xml');
    expect((await ingestFile(ctx.db, productNamed('grants')!, grant, { fileDate: '2023-05-09' })).rejected).toBe(0);
    expect((await resolveEntities(ctx.db)).read.documents).toBe(1);
    const { body } = await get('/v1/entities/search?q=polyplus&type=assignee');
    expect(body.results[0]).toMatchObject({
      name: 'PolyPlus Battery Company',
      location: { city: 'Berkeley', state: 'CA', country: 'US' },
      counts: { applications: 1, patents: 1 },
    });
    const portfolio = await get(`/v1/entities/${body.results[0].entity_id}/applications`);
    // The file wrapper does not hold 17248024 here: the grant is all the service knows of it.
    expect(portfolio.body.applications).toEqual([
      {
        application_number: '17248024',
        title: null,
        filing_date: null,
        status: { code: null, description: null, category: null, bucket: null, date: null },
        patent_number: '11646472',
        role: 'applicant',
        confidence: 1,
      },
    ]);
    const visco = await get('/v1/entities/search?q=Visco,%20Steven&type=inventor');
    expect(visco.body.results[0]).toMatchObject({ name: 'Steven J. Visco', location: { city: 'Berkeley' }, counts: { applications: 1 } });
  });
});
