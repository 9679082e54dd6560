/**
 * One batch of resolution, in one transaction: the parties of some applications (or of some
 * recordations) get their entity ids, the entities they name exist with every spelling as an
 * alias, and the applications concerned are relinked (relink.ts). A crash loses at most the
 * batch, which the next run finds unresolved again.
 */
import type { Database, Queryable } from '../../db/database.js';
import { companyKey, isPerson, personKey, placeKey, plain, printedPerson } from '../../domain/entity-keys.js';
import { EDGE_CONFIDENCE } from './families.js';
import { insertEdges } from './families.sql.js';
import { relink } from './relink.js';
import { type CompanyResolution, matchInventor, partsOf, personEntity, resolveCompanyKeys } from './resolve-names.js';
import { findPrintedParties, type PrintedPartyRow, setPartyEntities } from './parties.sql.js';
import { APPLICATION_PARTIES } from './party-source.js';
import type { BatchOutcome, PartyTable } from './party-source.js';

export type { BatchOutcome };
import * as sql from './resolve.sql.js';

/** A succession recordation between two companies: the makings of a family. */
interface SuccessionEdge {
  from: string;
  to: string;
  basis: 'merger' | 'change_of_name';
  reelFrame: string;
  recordedDate: string;
}

/** Reexaminations (90/, 95/) and supplemental examinations (96/) list the patent's requester in their inventor bag. */
const isReexamination = (applicationNumber: string) => /^9[056]/.test(applicationNumber);

export class Observations {
  readonly entities = new Map<string, sql.EntityObservation>();
  readonly aliases = new Map<string, [string, string]>();

  add(entity: sql.EntityObservation): void {
    const known = this.entities.get(entity.entity_id);
    if (!known || (known.city === null && entity.city !== null))
      this.entities.set(entity.entity_id, known ? { ...known, city: entity.city, state: entity.state, country: entity.country } : entity);
    this.aliases.set(`${entity.entity_id}\u0000${entity.name}`, [entity.entity_id, entity.name]);
  }

  async write(tx: Queryable, now: Date): Promise<void> {
    await sql.upsertEntities(tx, [...this.entities.values()], [...this.aliases.values()], now);
  }
}

/**
 * The entity of each party, in order: people by name and place, organisations by company key ('' for
 * no key). An applicant is a person when printed with name parts, or when its name is one of the
 * application's inventors' (an inventor applying for himself is printed by name only).
 */
async function resolvePrintedParties(tx: Queryable, parties: readonly PrintedPartyRow[], seen: Observations) {
  const inventorsOf = groupBy(
    parties.filter((p) => p.role === 'inventor'),
    (p) => p.application_number,
  );
  const inventorNamed = (p: PrintedPartyRow) => {
    if (p.role !== 'applicant' || p.last_name !== null) return null;
    const inventors = inventorsOf.get(p.application_number) ?? [];
    // Printed as the inventor is ("Susan A. De Jonghe": a surname of two words), else by last and first name.
    const printed = inventors.find((inventor) => plain(inventor.name) === plain(p.name));
    const parts = printed ? null : printedPerson(p.name);
    return printed ?? (parts ? matchInventor(parts, inventors) : null);
  };
  const personal = (p: PrintedPartyRow) => p.role === 'inventor' || p.last_name !== null || inventorNamed(p) !== null;
  const companies = await resolveCompanyKeys(
    tx,
    parties.filter((p) => !personal(p)).map((p) => ({ key: companyKey(p.name), place: placeKey(p) })),
  );
  const entityIds = parties.map((p) => {
    const place = { city: p.city, state: p.region, country: p.country };
    if (p.role === 'inventor' && p.application_number !== null && isReexamination(p.application_number)) return '';
    if (!personal(p)) return companyEntity(companies, seen, p.name, place);
    // An applicant who is one of the inventors is that inventor, at the inventor's place.
    const person = inventorNamed(p) ?? p;
    const parts = partsOf(person);
    if (!parts) return '';
    const entityId = personEntity(parts, person);
    seen.add({
      entity_id: entityId,
      type: 'inventor',
      name: p.name,
      search_key: personKey(parts),
      city: person.city,
      state: person.region,
      country: person.country,
    });
    return entityId;
  });
  return { entityIds, newCompanies: newCompanyIds(companies) };
}

/**
 * Parties printed with name parts and one place, of some applications (file wrapper) or documents
 * (grants and publications: applicants, inventors, assignees at issue).
 */
export async function resolvePrintedBatch(db: Database, source: PartyTable, keys: readonly string[], now: Date): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await sql.lockResolver(tx);
    const parties = await findPrintedParties(tx, source, keys);
    const seen = new Observations();
    const { entityIds, newCompanies } = await resolvePrintedParties(tx, parties, seen);
    await seen.write(tx, now);
    await setPartyEntities(
      tx,
      source,
      parties.map((p, i) => ({ key: p.key, role: p.role, seq: p.seq, entity_id: entityIds[i]! })),
    );
    const applicationNumbers = [...new Set(parties.flatMap((p) => (p.application_number === null ? [] : [p.application_number])))];
    await relink(tx, applicationNumbers, now);
    return { applications: applicationNumbers.length, newCompanies, edgesAdded: 0 };
  });
}

/** The assignors and assignees of some recordations (`source` keyed by reel/frame), a signer matched to the covered application's inventors. */
export async function resolveRecordationBatch(
  db: Database,
  source: PartyTable,
  reelFrames: readonly string[],
  now: Date,
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await sql.lockResolver(tx);
    const parties = await sql.findRecordationParties(tx, reelFrames);
    const covered = await sql.findCoveredApplications(tx, reelFrames);
    const applicationsOf = groupBy(covered, (row) => row.reel_frame);
    const coveredNumbers = [...new Set(covered.map((row) => row.application_number))];
    const inventorsOf = groupBy(await findPrintedParties(tx, APPLICATION_PARTIES, coveredNumbers, true), (row) => row.key);

    const companies = await recordedCompanies(tx, parties);
    const seen = new Observations();
    const updates = parties.map((p) => {
      const inventors = (applicationsOf.get(p.reel_frame) ?? []).flatMap((row) => inventorsOf.get(row.application_number) ?? []);
      const { entityId, personal } = recordedPartyEntity(p, inventors, companies, seen);
      return { reel_frame: p.reel_frame, role: p.role, seq: p.seq, entity_id: entityId, party: p, personal };
    });
    await seen.write(tx, now);
    await setPartyEntities(
      tx,
      source,
      updates.map((u) => ({ key: u.reel_frame, role: u.role, seq: u.seq, entity_id: u.entity_id })),
    );
    await relink(tx, coveredNumbers, now);
    const edgesAdded = await insertEdges(
      tx,
      successionsOf(updates).map((s) => ({
        entity_from: s.from,
        entity_to: s.to,
        basis: s.basis,
        confidence: EDGE_CONFIDENCE[s.basis],
        evidence: s.reelFrame,
        recorded_date: s.recordedDate,
      })),
    );
    return { applications: coveredNumbers.length, newCompanies: newCompanyIds(companies), edgesAdded };
  });
}

/** A recordation's party as either product prints it: the assignment files say natural or legal person, an application's bag does not. */
export interface RecordedParty {
  role: 'assignor' | 'assignee';
  name: string;
  name_type: 'natural' | 'legal' | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** The company keys of the parties that are not people, filed. */
export function recordedCompanies(tx: Queryable, parties: readonly RecordedParty[]): Promise<Map<string, CompanyResolution>> {
  return resolveCompanyKeys(
    tx,
    parties
      .filter((p) => !isPerson(p.name, p.name_type))
      .map((p) => ({ key: companyKey(p.name), place: placeKey({ city: p.city, region: p.state, country: p.country }) })),
  );
}

/**
 * A recordation party's entity ('' when its name keys to nothing): a person signing is one of the
 * covered applications' `inventors` of that name when there is one, else a person at the
 * assignee's place (an assignor's place is not printed); a company by its key (`companies`).
 */
export function recordedPartyEntity(
  p: RecordedParty,
  inventors: readonly PrintedPartyRow[],
  companies: Map<string, CompanyResolution>,
  seen: Observations,
): { entityId: string; personal: boolean } {
  const place = { city: p.city, state: p.state, country: p.country };
  if (!isPerson(p.name, p.name_type)) return { entityId: companyEntity(companies, seen, p.name, place), personal: false };
  const parts = printedPerson(p.name);
  if (!parts) return { entityId: '', personal: true };
  const inventor = matchInventor(parts, inventors);
  const inventorParts = inventor ? partsOf(inventor) : null;
  if (inventor && inventorParts) {
    const entityId = inventor.entity_id || personEntity(inventorParts, inventor);
    seen.add({
      entity_id: entityId,
      type: 'inventor',
      name: p.name,
      search_key: personKey(inventorParts),
      city: inventor.city,
      state: inventor.region,
      country: inventor.country,
    });
    return { entityId, personal: true };
  }
  const where = p.role === 'assignee' ? { city: p.city, region: p.state, country: p.country } : { city: null, region: null, country: null };
  const entityId = personEntity(parts, where);
  seen.add({ entity_id: entityId, type: 'inventor', name: p.name, search_key: personKey(parts), ...place });
  return { entityId, personal: true };
}

/** A company party's entity, observed with its spelling and place; '' when its name keys to nothing. */
export function companyEntity(
  companies: Map<string, CompanyResolution>,
  seen: Observations,
  name: string,
  place: Pick<sql.EntityObservation, 'city' | 'state' | 'country'>,
): string {
  const key = companyKey(name);
  const company = companies.get(key);
  if (!company) return '';
  seen.add({ entity_id: company.entityId, type: 'assignee', name, search_key: key, ...place });
  return company.entityId;
}

/** MERGER and CHANGE OF NAME recordations: each company assignor to each company assignee. */
function successionsOf(
  parties: readonly { reel_frame: string; role: string; entity_id: string; personal: boolean; party: sql.RecordationPartyRow }[],
): SuccessionEdge[] {
  const edges: SuccessionEdge[] = [];
  const byReel = new Map<string, typeof parties>();
  for (const p of parties) {
    if (p.personal || p.entity_id === '') continue;
    if (p.party.conveyance_type !== 'merger' && p.party.conveyance_type !== 'change_of_name') continue;
    byReel.set(p.reel_frame, [...(byReel.get(p.reel_frame) ?? []), p]);
  }
  for (const [reelFrame, group] of byReel) {
    for (const from of group.filter((p) => p.role === 'assignor'))
      for (const to of group.filter((p) => p.role === 'assignee'))
        if (from.entity_id !== to.entity_id)
          edges.push({
            from: from.entity_id,
            to: to.entity_id,
            basis: from.party.conveyance_type as SuccessionEdge['basis'],
            reelFrame,
            recordedDate: from.party.recorded_date,
          });
  }
  return edges;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

export function newCompanyIds(companies: Map<string, { entityId: string; isNew: boolean }>): string[] {
  return [...new Set([...companies.values()].filter((c) => c.isNew).map((c) => c.entityId))];
}
