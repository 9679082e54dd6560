/**
 * Entity resolution: every name the service holds — each product module's party sources, such as
 * the file wrapper's applicants and inventors, the parties printed on grants and publications, the
 * recordations' assignors and assignees, PTAB trials' petitioners and patent owners — filed under
 * an entity, entities grouped into families, each entity's portfolio kept. Sources are walked in
 * the modules' order (applications first: inventors and applicants give a person's shown name and
 * place). Incremental by default: only parties not resolved
 * yet (rows the file wrapper or an assignment load wrote since the last run) and the
 * applications they touch. A rebuild walks everything again, recomputes the families' edges and
 * recounts every entity; entity ids stay as they were (entity_keys is kept).
 */
import { vacuumAnalyze } from '../../db/analyze.sql.js';
import type { Database } from '../../db/database.js';
import type { BatchOutcome } from './batches.js';
import { addNearIdenticalEdges, rebuildFamilies } from './families.js';
import * as families from './families.sql.js';
import { relink } from './relink.js';
import { findPartyKeys } from './parties.sql.js';
import { type PartySource } from './party-source.js';
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
];

export interface ResolutionOptions {
  /** Walk every party and recordation, not only the unresolved. */
  rebuild?: boolean;
  now?: () => Date;
  batchSize?: number;
  onProgress?: (progress: ResolutionProgress) => void;
}

export interface ResolutionProgress {
  /** A party source's phase, then `links` and `families`. */
  phase: string;
  done: number;
}

export interface ResolutionSummary {
  rebuild: boolean;
  /** Keys whose parties were resolved, per source phase (`applications`: applications, `trials`: PTAB trials …). */
  read: Record<string, number>;
  /** Applications whose links were recomputed (some more than once). */
  relinked: number;
  newCompanies: number;
  familyEdgesAdded: number;
  /** Succession edges whose recordation is gone (an incremental run; a rebuild recomputes them all). */
  familyEdgesRemoved: number;
  families: number | null;
  seconds: number;
}

export async function resolveParties(
  db: Database,
  sources: readonly PartySource[],
  options: ResolutionOptions = {},
): Promise<ResolutionSummary> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const size = options.batchSize ?? 1_000;
  const rebuild = options.rebuild ?? false;
  const progress = options.onProgress ?? (() => {});
  const summary: ResolutionSummary = {
    rebuild,
    read: Object.fromEntries(sources.map((source) => [source.phase, 0])),
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

  for (const source of sources) {
    await walk(
      (after) => findPartyKeys(db, source, { after, limit: Math.ceil(size * (source.batchShare ?? 1)), all: rebuild }),
      async (batch) => {
        absorb(await source.resolve(db, batch, now()));
        summary.read[source.phase]! += batch.length;
        progress({ phase: source.phase, done: summary.read[source.phase]! });
      },
    );
  }
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
    Object.values(summary.read).some((read) => read > 0) ||
    summary.relinked > 0 ||
    summary.familyEdgesAdded + summary.familyEdgesRemoved > 0;
  if (changed || rebuild) {
    summary.families = (await rebuildFamilies(db, now())).families;
    progress({ phase: 'families', done: summary.families });
    await state.markResolved(db, now());
    // After the last commit, as an ingest run does (ingest/analyze.ts): a first resolution fills these tables.
    await vacuumAnalyze(db, [...RESOLUTION_TABLES, ...sources.map((source) => source.table)]);
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
