/**
 * Entity resolution (issue 10): every name the service holds — the file wrapper's applicants and
 * inventors, the parties printed on grants and publications, the recordations' assignors and
 * assignees (in the assignment files and in the file wrapper's copies), PTAB trials' petitioners
 * and patent owners — filed under an entity, entities grouped into families, each entity's
 * portfolio kept. Incremental by default: only parties not resolved
 * yet (rows the file wrapper or an assignment load wrote since the last run) and the
 * applications they touch. A rebuild walks everything again, recomputes the families' edges and
 * recounts every entity; entity ids stay as they were (entity_keys is kept).
 */
import { vacuumAnalyze } from '../../db/analyze.sql.js';
import type { Database } from '../../db/database.js';
import { resolveBagBatch } from './bags.js';
import { type BatchOutcome, resolvePrintedBatch, resolveRecordationBatch } from './batches.js';
import { addNearIdenticalEdges, rebuildFamilies } from './families.js';
import * as families from './families.sql.js';
import { relink } from './relink.js';
import { resolveTrialBatch } from './trials.js';
import { findPartyKeys, PARTY_TABLES } from './parties.sql.js';
import * as sql from './resolve.sql.js';
import * as state from './state.sql.js';

/** Every table a resolution may change: its own, and the entity ids of the printed parties. */
const RESOLUTION_TABLES = [
  'entities',
  'entity_aliases',
  'entity_keys',
  'entity_links',
  'entity_relink_queue',
  'families',
  'family_members',
  'family_edges',
  'entity_resolution_state',
  ...Object.values(PARTY_TABLES).map((source) => source.table),
];

export interface ResolutionOptions {
  /** Walk every party and recordation, not only the unresolved. */
  rebuild?: boolean;
  now?: () => Date;
  batchSize?: number;
  onProgress?: (progress: ResolutionProgress) => void;
}

export interface ResolutionProgress {
  phase: 'applications' | 'documents' | 'recordations' | 'bags' | 'trials' | 'links' | 'families';
  done: number;
}

export interface ResolutionSummary {
  rebuild: boolean;
  /** Applications whose parties were resolved. */
  applications: number;
  /** Grants and publications whose parties were resolved. */
  documents: number;
  recordations: number;
  /** Applications whose file wrapper copies of recordations (assignmentBag) had parties resolved. */
  bags: number;
  /** PTAB trials whose parties were resolved. */
  trials: number;
  /** Applications whose links were recomputed (some more than once). */
  relinked: number;
  newCompanies: number;
  familyEdgesAdded: number;
  /** Succession edges whose recordation is gone (an incremental run; a rebuild recomputes them all). */
  familyEdgesRemoved: number;
  families: number | null;
  seconds: number;
}

export async function resolveEntities(db: Database, options: ResolutionOptions = {}): Promise<ResolutionSummary> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const size = options.batchSize ?? 1_000;
  const rebuild = options.rebuild ?? false;
  const progress = options.onProgress ?? (() => {});
  const summary: ResolutionSummary = {
    rebuild,
    applications: 0,
    documents: 0,
    recordations: 0,
    bags: 0,
    trials: 0,
    relinked: 0,
    newCompanies: 0,
    familyEdgesAdded: 0,
    familyEdgesRemoved: 0,
    families: null,
    seconds: 0,
  };
  const newCompanies = new Set<string>();
  const absorb = (outcome: BatchOutcome) => {
    summary.relinked += outcome.applications;
    summary.familyEdgesAdded += outcome.edgesAdded;
    for (const id of outcome.newCompanies) newCompanies.add(id);
  };

  if (rebuild) await db.transaction(async (tx) => families.deleteAllEdges(tx));
  // A merger purged, or sent again as another conveyance, no longer joins its companies (a rebuild recomputes every edge).
  else summary.familyEdgesRemoved = await db.transaction(async (tx) => families.deleteEdgesOfGoneRecordations(tx));

  // Applications first: inventors and applicants get the file wrapper's spelling and place as their shown name.
  await walk(
    (after) => findPartyKeys(db, 'applications', { after, limit: size, all: rebuild }),
    async (batch) => {
      absorb(await resolvePrintedBatch(db, 'applications', batch, now()));
      summary.applications += batch.length;
      progress({ phase: 'applications', done: summary.applications });
    },
  );
  await walk(
    (after) => findPartyKeys(db, 'documents', { after, limit: size, all: rebuild }),
    async (batch) => {
      absorb(await resolvePrintedBatch(db, 'documents', batch, now()));
      summary.documents += batch.length;
      progress({ phase: 'documents', done: summary.documents });
    },
  );
  await walk(
    (after) => findPartyKeys(db, 'recordations', { after, limit: Math.ceil(size / 2), all: rebuild }),
    async (batch) => {
      absorb(await resolveRecordationBatch(db, batch, now()));
      summary.recordations += batch.length;
      progress({ phase: 'recordations', done: summary.recordations });
    },
  );
  await walk(
    (after) => findPartyKeys(db, 'bags', { after, limit: size, all: rebuild }),
    async (batch) => {
      absorb(await resolveBagBatch(db, batch, now()));
      summary.bags += batch.length;
      progress({ phase: 'bags', done: summary.bags });
    },
  );
  await walk(
    (after) => findPartyKeys(db, 'trials', { after, limit: size, all: rebuild }),
    async (batch) => {
      absorb(await resolveTrialBatch(db, batch, now()));
      summary.trials += batch.length;
      progress({ phase: 'trials', done: summary.trials });
    },
  );
  // Applications a deleted or replaced recordation covered: their links may rest on parties gone.
  await walk(
    (after) => state.findQueuedRelinks(db, after, size),
    async (batch) => {
      await db.transaction(async (tx) => {
        await sql.lockResolver(tx);
        await relink(tx, batch, now());
        await state.dequeueRelinks(tx, batch);
      });
      summary.relinked += batch.length;
      progress({ phase: 'links', done: summary.relinked });
    },
  );
  if (rebuild) {
    // Links of applications no party names any more go, and every count is recounted.
    await walk(
      (after) => state.findLinkedApplicationsAfter(db, after, size),
      async (batch) => {
        await db.transaction(async (tx) => {
          await sql.lockResolver(tx);
          summary.relinked += await relink(tx, batch, now());
        });
        progress({ phase: 'links', done: summary.relinked });
      },
    );
    await db.transaction(async (tx) => {
      await state.recountEveryEntity(tx, now());
      await state.deleteOrphanEntities(tx);
    });
  }

  summary.newCompanies = newCompanies.size;
  const checkNames = rebuild ? await everyCompany(db) : [...newCompanies];
  summary.familyEdgesAdded += await addNearIdenticalEdges(db, checkNames);
  const changed =
    summary.applications + summary.documents + summary.recordations + summary.bags + summary.trials + summary.relinked > 0 ||
    summary.familyEdgesAdded + summary.familyEdgesRemoved > 0;
  if (changed || rebuild) {
    summary.families = (await rebuildFamilies(db, now())).families;
    progress({ phase: 'families', done: summary.families });
    await state.markResolved(db, now());
    // After the last commit, as an ingest run does (ingest/analyze.ts): a first resolution fills these tables.
    await vacuumAnalyze(db, RESOLUTION_TABLES);
  }
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}

/** Calls `each` with batches from `next` until one comes back empty; `next` gets the last key of the batch before. */
async function walk(next: (after: string) => Promise<string[]>, each: (batch: string[]) => Promise<void>): Promise<void> {
  let after = '';
  for (;;) {
    const batch = await next(after);
    if (batch.length === 0) return;
    await each(batch);
    after = batch.at(-1)!;
  }
}

async function everyCompany(db: Database): Promise<string[]> {
  const ids: string[] = [];
  await walk(
    (after) => families.findAllCompanyIds(db, after, 10_000),
    async (batch) => {
      ids.push(...batch);
    },
  );
  return ids;
}
