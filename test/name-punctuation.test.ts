/**
 * A name printed with an apostrophe, without one, or with a space for it is one name in every
 * name match the API offers: the assignee prefix search, entity search and resolution, the PTAB
 * party fragments (domain/names.ts); migration 0026 rewrote the names stored before that way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../src/db/migrate.js';
import { letters, normalizeName } from '../src/domain/names.js';
import { resolveEntities } from '../src/products/registry.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const NEW_YEAR = join(SAMPLES_DIR, 'assignment-xml', 'ad20160101.excerpt.xml');
/** A real decision whose petitioner prints a typographic apostrophe: "Commissariat a l’Energie Atomique …". */
const CEA_DECISION = join(SAMPLES_DIR, 'ptab-json', 'legacy-ptab-api-v2', 'decisions.IPR2016-00831.json');
const assignments = productNamed('assignments')!;
const ptab = productNamed('ptab')!;

let ctx: TestContext;
let key: string;
let dir: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: encodeURI(url), headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json() };
};
const reelFrames = async (assignee: string) =>
  ((await get(`/v1/assignments?assignee=${assignee}`)).body.assignments as { reel_frame: string }[]).map((a) => a.reel_frame).sort();
const searched = async (q: string) =>
  (await get(`/v1/entities/search?q=${q}&type=assignee`)).body.results as { entity_id: string; match: string }[];

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'names@example.com', 1000)).apiKey;
  dir = mkdtempSync(join(tmpdir(), 'pss-names-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A daily assignment file: one recordation on the reel per assignee (frame 1, 2 …), each of one patent. */
function assignmentFile(date: string, reel: number, assignees: readonly string[]): string {
  const record = (assignee: string, frame: number) => `<patent-assignment><assignment-record><reel-no>${reel}</reel-no>
<frame-no>${frame}</frame-no><last-update-date><date>${date}</date></last-update-date><purge-indicator>N</purge-indicator>
<recorded-date><date>${date}</date></recorded-date><correspondent><name>AGENT</name></correspondent>
<conveyance-text>ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).</conveyance-text></assignment-record>
<patent-assignors><patent-assignor><name>ROE, RICHARD</name></patent-assignor></patent-assignors>
<patent-assignees><patent-assignee><name>${assignee}</name><city>HARTFORD</city><state>CONNECTICUT</state></patent-assignee></patent-assignees>
<patent-properties><patent-property><document-id><country>US</country><doc-number>${reel * 100 + frame}</doc-number><kind>B2</kind>
<date>20120101</date></document-id></patent-property></patent-properties></patent-assignment>`;
  const path = join(dir, `ad${date}.xml`);
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="utf-8"?>\n<us-patent-assignments><action-key-code>DA</action-key-code>` +
      `<transaction-date><date>${date}</date></transaction-date><patent-assignments>` +
      `${assignees.map((a, i) => record(a, i + 1)).join('\n')}</patent-assignments></us-patent-assignments>`,
  );
  return path;
}

/** An ODP proceedings response of IPR trials 2025-099NN, filed on consecutive days in the order given. */
function trialsFile(trials: readonly { petitioner: string; owner: string }[]): string {
  const path = join(dir, 'trials-proceedings.names.json');
  const bag = trials.map(({ petitioner, owner }, i) => ({
    trialNumber: `IPR2025-099${String(i + 1).padStart(2, '0')}`,
    lastModifiedDateTime: '2025-06-30T12:00:00',
    trialMetaData: {
      trialTypeCode: 'IPR',
      trialStatusCategory: 'Pending',
      petitionFilingDate: `2025-06-${String(i + 1).padStart(2, '0')}`,
    },
    patentOwnerData: { patentNumber: `${9100001 + i}`, patentOwnerName: owner },
    regularPetitionerData: { realPartyInInterestName: petitioner },
  }));
  writeFileSync(path, JSON.stringify({ count: bag.length, patentTrialProceedingDataBag: bag }));
  return path;
}

describe.skipIf(!samplesPresent('assignment-xml'))('PEOPLE’S UNITED BANK, a real assignee printed with an apostrophe', () => {
  // The real file: reels 037388/0948 and 037388/0967 to "PEOPLE'S UNITED BANK, NATIONAL ASSOCIATION".
  const REAL = ['037388/0948', '037388/0967'];
  beforeAll(async () => {
    expect(await ingestFile(ctx.db, assignments, NEW_YEAR)).toMatchObject({ rejected: 0, inserted: 18 });
    const written = assignmentFile('20240102', 90002, ['Peoples United Bank', "PEOPLES' UNITED BANK, N.A.", 'PEOPLES TRUST COMPANY']);
    expect(await ingestFile(ctx.db, assignments, written)).toMatchObject({ rejected: 0, inserted: 3 });
    await resolveEntities(ctx.db);
  });

  it('assignee=Peoples United finds its recordations, however the query and the files print the apostrophe', async () => {
    const all = [...REAL, '090002/0001', '090002/0002'].sort();
    for (const query of ['Peoples United', "People's United", 'People’s United', 'PEOPLEʼS UNITED BANK', "PEOPLES' UNITED BANK, N.A."])
      expect(await reelFrames(query), query).toEqual(all);
    // Another bank whose name only starts alike is not one of them.
    expect(await reelFrames('Peoples Trust')).toEqual(['090002/0003']);
  });

  it('files every spelling under one entity, which entity search finds with and without the apostrophe', async () => {
    const assignees = (await get('/v1/assignments?assignee=Peoples United')).body.assignments.map(
      (a: { assignees: { entity_id: string }[] }) => a.assignees[0]!.entity_id,
    );
    const entityId = assignees[0] as string;
    expect(new Set(assignees)).toEqual(new Set([entityId]));
    for (const q of ["People's United", 'Peoples United Bank', 'People’s united', "PEOPLES' UNITED BANK, N.A."])
      expect((await searched(q))[0], q).toMatchObject({ entity_id: entityId, match: 'prefix' });
    expect((await get(`/v1/entities/${entityId}`)).body.aliases).toEqual(
      expect.arrayContaining(["PEOPLE'S UNITED BANK, NATIONAL ASSOCIATION", 'Peoples United Bank', "PEOPLES' UNITED BANK, N.A."]),
    );
    expect(await reelFrames(entityId)).toEqual([...REAL, '090002/0001', '090002/0002'].sort());
  });
});

describe('O’BRIEN, O BRIEN and OBRIEN', () => {
  beforeAll(async () => {
    const written = assignmentFile('20240103', 90003, ["O'Brien Engineering, Inc.", 'O BRIEN ENGINEERING INC', 'OBRIEN ENGINEERING CORP.']);
    expect(await ingestFile(ctx.db, assignments, written)).toMatchObject({ rejected: 0, inserted: 3 });
    await resolveEntities(ctx.db);
  });

  it('are one assignee and one entity, found by any of the three', async () => {
    const all = ['090003/0001', '090003/0002', '090003/0003'];
    for (const query of ["O'Brien", 'O Brien', 'OBrien Engineering']) expect(await reelFrames(query), query).toEqual(all);
    const [first, ...rest] = await Promise.all(["O'Brien", 'o brien eng', 'OBRIEN'].map(searched));
    expect(first).toHaveLength(1);
    expect(rest).toEqual([first, first]);
  });
});

describe('a PTAB party fragment', () => {
  beforeAll(async () => {
    const written = trialsFile([
      { petitioner: "People's United Bank, N.A.", owner: "O'Brien Engineering, Inc." },
      { petitioner: 'PEOPLES UNITED BANK', owner: 'OBrien Engineering LLC' },
      { petitioner: 'Peoples Trust Company', owner: 'Acme Widgets, Inc.' },
    ]);
    expect(await ingestFile(ctx.db, ptab, written, { fileDate: '2025-07-01' })).toMatchObject({ rejected: 0, inserted: 3 });
  });
  const trials = async (query: string) =>
    ((await get(`/v1/ptab?${query}`)).body.proceedings as { trial_number: string }[]).map((t) => t.trial_number);

  it('matches with or without punctuation, spacing or case', async () => {
    for (const fragment of ['Peoples United', "people's united", 'People’s United Bank,', 'PEOPLESUNITED'])
      expect(await trials(`petitioner=${fragment}`), fragment).toEqual(['IPR2025-09902', 'IPR2025-09901']);
    for (const fragment of ['O Brien', "o'brien eng", 'OBrien Engineering'])
      expect(await trials(`patent_owner=${fragment}`), fragment).toEqual(['IPR2025-09902', 'IPR2025-09901']);
    expect(await trials('petitioner=Acme Widgets')).toEqual([]);
    expect(await trials('patent_owner=Acme Widgets Inc')).toEqual(['IPR2025-09903']);
  });

  it('looks for a fragment of punctuation alone as printed', async () => {
    expect(await trials('petitioner=,')).toEqual(['IPR2025-09901']);
    expect(await trials("petitioner=''")).toEqual([]);
  });

  it.skipIf(!samplesPresent('ptab-json'))(
    'finds the real petitioner printed "l’Energie" by "l\'Energie", "lEnergie" or "L Energie"',
    async () => {
      expect(await ingestFile(ctx.db, ptab, CEA_DECISION, { fileDate: '2025-07-02' })).toMatchObject({ rejected: 0 });
      for (const fragment of ["Commissariat a l'Energie Atomique", 'lEnergie atomique', 'L ENERGIE ATOMIQUE', 'a l’Énergie'])
        expect(await trials(`petitioner=${fragment}`), fragment).toEqual(['IPR2016-00831']);
    },
  );
});

describe('migration 0026', () => {
  it('rewrites the names stored the former way (an apostrophe as a space) as the new code spells them, keys keeping their entities; PTAB names get their letters', async () => {
    // Each former spelling: the printed name upper case, accents gone, every punctuation mark a space, forms dropped.
    const parties: [string, string][] = [
      ["PEOPLE'S HARBOR BANK, N.A.", 'PEOPLE S HARBOR BANK'],
      ["O'Hara Valves, Inc.", 'O HARA VALVES'],
      ["L'Arbre Vert S.A.", 'L ARBRE VERT'],
      ['Commissariat a l’Energie Atomique', 'COMMISSARIAT A L ENERGIE ATOMIQUE'],
      ['HARBOR S. A.', 'HARBOR S A'],
      ['D-Wave Systems Inc.', 'D WAVE SYSTEMS'],
    ];
    for (const [i, [name, former]] of parties.entries())
      await ctx.db.query(
        `INSERT INTO assignment_parties (reel_frame, role, seq, name, normalized_name) VALUES ('099999/0001', 'assignee', $1, $2, $3)`,
        [i + 1, name, former],
      );
    // Two former keys now one spelling: the one already spelt the new way keeps its entity.
    await ctx.db.query(`INSERT INTO entity_keys (name_key, block, entity_id, confidence) VALUES
      ('PEOPLE S HARBOR BANK', 'PEO S HAR BAN', 'ent_harbor', 1), ('O HARA VALVES', 'O HAR VAL', 'ent_ohara_spaced', 1),
      ('OHARA VALVES', 'OHA VAL', 'ent_ohara', 1)`);
    await ctx.db.query(`INSERT INTO entities (entity_id, type, name, search_key, updated_at) VALUES
      ('ent_harbor', 'assignee', 'PEOPLE''S HARBOR BANK', 'PEOPLE S HARBOR BANK', now()),
      ('ent_erin', 'inventor', 'O''HARA, ERIN', 'O HARA ERIN', now())`);

    const printed = [
      "People's United Bank, N.A.",
      'UNIVERSITÉ CATHOLIQUE DE LOUVAIN',
      'Merck Sharp & Dohme LLC',
      'Straße ﬁne',
      '株式会社 Tokyo',
    ];
    await ctx.db.query(`INSERT INTO ptab_party_names (role, name) SELECT 'patent_owner', unnest($1::text[])`, [printed]);

    const migration = readMigrations().find((m) => m.version === 26)!;
    await ctx.db.transaction(async (tx) => {
      await tx.exec('ALTER TABLE ptab_party_names DROP COLUMN name_letters');
      await tx.exec(migration.sql);
    });

    const stored = await ctx.db.query<{ name: string; normalized_name: string }>(
      `SELECT name, normalized_name FROM assignment_parties WHERE reel_frame = '099999/0001' ORDER BY seq`,
    );
    expect(stored.rows).toEqual(parties.map(([name]) => ({ name, normalized_name: normalizeName(name) })));
    const keys = await ctx.db.query(
      `SELECT name_key, block, entity_id FROM entity_keys WHERE entity_id IN ('ent_harbor', 'ent_ohara_spaced', 'ent_ohara') ORDER BY name_key`,
    );
    expect(keys.rows).toEqual([
      { name_key: 'OHARA VALVES', block: 'OHA VAL', entity_id: 'ent_ohara' },
      { name_key: 'PEOPLES HARBOR BANK', block: 'PEO HAR BAN', entity_id: 'ent_harbor' },
    ]);
    // A PTAB party name's letters, computed in SQL, are names.ts `letters` of it.
    const names = await ctx.db.query<{ name: string; name_letters: string }>(
      `SELECT name, name_letters FROM ptab_party_names WHERE role = 'patent_owner' AND name = ANY($1::text[])`,
      [printed],
    );
    expect(new Map(names.rows.map((row) => [row.name, row.name_letters]))).toEqual(new Map(printed.map((name) => [name, letters(name)])));
    // A company's search key follows; a person's key (their id is a hash of it) stays.
    const entities = await ctx.db.query(
      `SELECT entity_id, search_key FROM entities WHERE entity_id IN ('ent_harbor', 'ent_erin') ORDER BY 1`,
    );
    expect(entities.rows).toEqual([
      { entity_id: 'ent_erin', search_key: 'O HARA ERIN' },
      { entity_id: 'ent_harbor', search_key: 'PEOPLES HARBOR BANK' },
    ]);
  });
});
