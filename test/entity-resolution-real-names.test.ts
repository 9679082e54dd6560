/**
 * Entity resolution scored on real names, labelled by hand (test/fixtures/real-name-labels.csv;
 * how: real-name-labels.md), not on the synthetic corpus, whose name variants follow the
 * resolver's own model of keying errors. Every real sample is loaded through the service's
 * loaders and resolved; each labelled party is read back with its entity id. Names the loaders
 * keep nowhere as parties (PEDS records, an unheld application's recordation, PTAB appeals,
 * attorneys' and correspondents' name lines, agents) are then handed to the resolver's own batch
 * functions as it would meet them. The counts are what the resolver does today: a change that
 * makes them worse fails here; one that makes them better updates them (and the .md's lists).
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { companyKey, isPerson } from '../src/domain/entity-keys.js';
import { leadParty } from '../src/domain/ptab.js';
import { companyEntity, Observations, recordedCompanies, recordedPartyEntity } from '../src/ingest/entities/batches.js';
import { resolveEntities } from '../src/products/registry.js';
import { partsOf, personEntity, resolveCompanyKeys } from '../src/ingest/entities/resolve-names.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, type TestContext } from './helpers/app.js';
import { type Clustered, describeScore, type LabelledName, type PairCounts, readLabels, scorePairs } from './helpers/real-name-labels.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const FOLDERS = ['assignment-xml', 'file-wrapper-json', 'grant-xml', 'pgpub-xml', 'ptab-json'];
const FILE_DATE = '2026-01-14';

const filesIn = (folder: string) =>
  readdirSync(join(SAMPLES_DIR, folder))
    .filter((name) => /\.(json|xml)$/.test(name))
    .sort()
    .map((name) => join(SAMPLES_DIR, folder, name));

/** Every sample the party tables are filled from. PEDS records are left out: the loader refuses them (their names are labelled as names). */
async function loadSamples(db: Database): Promise<void> {
  const wrappers = ['odp-v1', 'odp-beta-2024', 'odp-beta-2024-09', 'odp-beta-2025-v1shape'].flatMap((f) =>
    filesIn(`file-wrapper-json/${f}`),
  );
  // Sub-endpoint answers (an application's /assignment …) update an application held, so whole records go first.
  const whole = wrappers.filter((path) => /application\.json|record\.json|search|meta-data|patentBag/.test(basename(path)));
  for (const path of [...whole, ...wrappers.filter((path) => !whole.includes(path))])
    await loadFileWrapper(db, parseFileWrapperFile(path), {
      product: whole.includes(path) ? 'PTFWPRE' : 'PTFWPRD',
      fileName: basename(path),
      fileDate: FILE_DATE,
    });
  const products = [
    ['grants', 'grant-xml'],
    ['publications', 'pgpub-xml'],
    ['assignments', 'assignment-xml'],
    ['ptab', 'ptab-json/odp-v1'],
    ['ptab', 'ptab-json/legacy-ptab-api-v2'],
  ] as const;
  for (const [family, folder] of products)
    for (const path of filesIn(folder)) await ingestFile(db, productNamed(family)!, path, { fileDate: FILE_DATE });
}

/** The party table a labelled occurrence was loaded into, and the column of its record. */
function partyTable(row: LabelledName): [string, string] {
  const folder = row.file.split('/')[0];
  if (folder === 'assignment-xml') return ['assignment_parties', 'reel_frame'];
  if (folder === 'grant-xml' || folder === 'pgpub-xml') return ['document_parties', 'doc_number'];
  if (folder === 'ptab-json') return ['ptab_parties', 'trial_number'];
  if (row.role === 'assignor' || row.role === 'assignee') return ['file_wrapper_recordation_parties', 'application_number'];
  return ['application_parties', 'application_number'];
}

interface Filed {
  row: LabelledName;
  /** Null when the party was not found where the label says. */
  entityId: string | null;
  /** Its family, else the entity itself (families are built for ingested parties only). */
  familyId: string | null;
  person: boolean | null;
  /** What the loader stored, when it differs from the label's printed name. */
  stored?: string;
}

async function fileIngested(db: Database, rows: readonly LabelledName[]): Promise<Filed[]> {
  const stored = new Map<string, { name: string; entity_id: string | null }>();
  for (const [table, column] of [...new Set(rows.map((row) => partyTable(row).join('|')))].map((t) => t.split('|')))
    for (const r of (
      await db.query<{ key: string; role: string; seq: number; name: string; entity_id: string | null }>(
        `SELECT ${column} AS key, role, seq, name, entity_id FROM ${table}`,
      )
    ).rows)
      stored.set(`${table}|${r.key}|${r.role}|${r.seq}`, r);
  const entities = new Map(
    (
      await db.query<{ entity_id: string; type: string; family_id: string | null }>(`SELECT entity_id, type, family_id FROM entities`)
    ).rows.map((e) => [e.entity_id, e]),
  );
  return rows.map((row) => {
    const found = stored.get(`${partyTable(row)[0]}|${row.record}|${row.role}|${row.seq}`);
    const entityId = found?.entity_id || null;
    const entity = entityId ? entities.get(entityId) : undefined;
    return {
      row,
      entityId,
      familyId: entity ? (entity.family_id ?? entity.entity_id) : null,
      person: entity ? entity.type === 'inventor' : null,
      ...(found?.name !== row.name ? { stored: found?.name ?? '(no such party)' } : {}),
    };
  });
}

/** The names the loaders keep nowhere as parties, through the resolver's batch functions, in one batch as one transaction. */
async function fileOthers(db: Database, rows: readonly LabelledName[]): Promise<Filed[]> {
  return db.transaction(async (tx) => {
    const seen = new Observations();
    const place = (row: LabelledName) => ({ city: row.city, state: row.region, country: row.country });
    const recorded = rows
      .filter((row) => row.via === 'recordation')
      .map((row) => ({
        row,
        party: { role: row.role === 'assignor' ? 'assignor' : 'assignee', name: row.name, name_type: null, ...place(row) } as const,
      }));
    const companies = await recordedCompanies(
      tx,
      recorded.map((r) => r.party),
    );
    const trials = rows.filter((row) => row.via === 'trial').map((row) => ({ row, lead: leadParty(row.name) }));
    const trialCompanies = await resolveCompanyKeys(
      tx,
      trials.filter((t) => !isPerson(t.lead, null)).map((t) => ({ key: companyKey(t.lead), place: '' })),
    );
    const filed = new Map<LabelledName, Filed>();
    for (const { row, party } of recorded) {
      const { entityId, personal } = recordedPartyEntity(party, [], companies, seen);
      filed.set(row, { row, entityId: entityId || null, familyId: entityId || null, person: personal });
    }
    // As the PTAB product files a trial's party (products/ptab/parties.ts): a person only as one of the
    // challenged application's inventors, and none is held here.
    for (const { row, lead } of trials) {
      const person = isPerson(lead, null);
      const entityId = person ? '' : companyEntity(trialCompanies, seen, lead, { city: null, state: null, country: null });
      filed.set(row, { row, entityId: entityId || null, familyId: entityId || null, person });
    }
    for (const row of rows.filter((r) => r.via === 'inventor')) {
      const parts = partsOf({ name: row.name, last_name: row.lastName, first_name: row.firstName, middle_name: null });
      const entityId = parts ? personEntity(parts, { city: row.city, region: row.region, country: row.country }) : null;
      filed.set(row, { row, entityId, familyId: entityId, person: true });
    }
    await seen.write(tx, new Date());
    return rows.map((row) => filed.get(row)!);
  });
}

const byEntity = (filed: readonly Filed[]): Clustered[] => filed.map((f) => ({ row: f.row, predicted: f.entityId, truth: f.row.entity }));
const byFamily = (filed: readonly Filed[]): Clustered[] => filed.map((f) => ({ row: f.row, predicted: f.familyId, truth: f.row.family }));
const counts = ({ tp, fp, fn }: PairCounts) => ({ tp, fp, fn });

describe.skipIf(!samplesPresent(...FOLDERS))('entity resolution on hand-labelled real names', () => {
  let ctx: TestContext;
  let parties: Filed[];
  let others: Filed[];

  beforeAll(async () => {
    ctx = await createTestApp();
    await loadSamples(ctx.db);
    await resolveEntities(ctx.db);
    const labels = readLabels();
    parties = await fileIngested(
      ctx.db,
      labels.filter((row) => row.via === 'ingest'),
    );
    others = await fileOthers(
      ctx.db,
      labels.filter((row) => row.via !== 'ingest'),
    );
  }, 300_000);
  afterAll(async () => ctx?.close());

  it('finds every labelled party where the loaders put it, printed as labelled', () => {
    expect(parties.length).toBe(359);
    expect(others.length).toBe(359);
    expect(parties.filter((p) => p.stored !== undefined).map((p) => [p.row.id, p.row.name, p.stored])).toEqual([]);
  });

  // Exact counts: the resolution is deterministic, so any change to them is a change of the resolver's answers.
  it('files the ingested parties under entities: pairwise precision and recall against the labels', () => {
    const score = scorePairs(byEntity(parties));
    console.log(describeScore('Ingested parties, by entity', score));
    expect(score.unresolved).toBe(12);
    expect(counts(score)).toEqual({ tp: 117, fp: 0, fn: 6 });
    expect(counts(score.differentlyPrinted)).toEqual({ tp: 33, fp: 0, fn: 2 });
    expect(score.precision).toBeGreaterThanOrEqual(0.99);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('groups the ingested parties into families: pairwise precision and recall against the lineages', () => {
    const score = scorePairs(byFamily(parties));
    console.log(describeScore('Ingested parties, by family', score));
    expect(counts(score)).toEqual({ tp: 141, fp: 1, fn: 6 });
    expect(counts(score.differentlyPrinted)).toEqual({ tp: 57, fp: 1, fn: 2 });
    expect(score.precision).toBeGreaterThanOrEqual(0.99);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('files every labelled name, parties and names printed elsewhere, under entities', () => {
    const score = scorePairs(byEntity([...parties, ...others]));
    console.log(describeScore('Every labelled name, by entity', score));
    expect(score.unresolved).toBe(12);
    expect(counts(score)).toEqual({ tp: 1138, fp: 1, fn: 925 });
    expect(counts(score.differentlyPrinted)).toEqual({ tp: 862, fp: 1, fn: 860 });
    expect(score.precision).toBeGreaterThanOrEqual(0.99);
    expect(score.recall).toBeGreaterThanOrEqual(0.55);
    expect(score.differentlyPrinted.recall).toBeGreaterThanOrEqual(0.5);
  });

  it('tells people from organisations', () => {
    const wrong = [...parties, ...others].filter(
      (f) => f.person !== null && f.row.kind !== 'several' && f.person !== (f.row.kind === 'person'),
    );
    console.log(
      [
        `Filed as the wrong kind (${wrong.length}):`,
        ...wrong.map((f) => `  "${f.row.name}" [${f.row.kind}] filed as ${f.person ? 'a person' : 'a company'}`),
      ].join('\n'),
    );
    expect(wrong.length).toBe(61);
  });
});
