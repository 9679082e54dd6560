/**
 * Printed names → entity ids, a batch at a time. A company's key is filed once (entity_keys): a
 * new key joins the entity of a spelling it abbreviates or is abbreviated by, else founds an
 * entity of its own. A person is keyed by name and place; one signing a recordation is the
 * inventor of a covered application with the same last and first name, when there is one.
 */
import type { Queryable } from '../../db/database.js';
import {
  abbreviationBlock,
  entityIdOf,
  nearIdentical,
  type PersonName,
  personKey,
  placeKey,
  plain,
  printedPerson,
} from '../../domain/entity-keys.js';
import { abbreviates } from '../../domain/names.js';
import * as sql from './resolve.sql.js';

/** Confidence of a spelling filed under the entity of a spelling it abbreviates (or the reverse). */
const ABBREVIATION_CONFIDENCE = 0.9;
/** Confidence of a spelling filed under the entity of a spelling it differs from by one keying error. */
const KEYING_ERROR_CONFIDENCE = 0.85;

export interface CompanyResolution {
  entityId: string;
  confidence: number;
  /** The key was filed by this call (a new spelling): its entity may need a family check. */
  isNew: boolean;
}

/** A company's key, with where the party printing it sits ('' when the file does not say: an assignor, an applicant without address). */
export interface KeyAtPlace {
  key: string;
  place: string;
}

/**
 * Entity of each company key ('' keys are left out). A new key joins the entity of a filed key
 * it abbreviates or is abbreviated by; else, of a founding key it differs from by one keying
 * error, unless both places are known and differ; else it founds an entity.
 */
export async function resolveCompanyKeys(tx: Queryable, keys: Iterable<KeyAtPlace>): Promise<Map<string, CompanyResolution>> {
  const placeOf = new Map<string, string>();
  for (const { key, place } of keys) if (key !== '' && !placeOf.get(key)) placeOf.set(key, place);
  const unique = [...placeOf.keys()];
  const resolved = new Map<string, CompanyResolution>();
  if (unique.length === 0) return resolved;
  for (const row of await sql.findCompanyKeys(tx, unique))
    resolved.set(row.name_key, { entityId: row.entity_id, confidence: row.confidence, isNew: false });
  const missing = unique.filter((key) => !resolved.has(key));
  if (missing.length === 0) return resolved;

  const byBlock = new Map<string, sql.CompanyKeyRow[]>();
  for (const row of await sql.findCompanyKeysInBlocks(tx, [...new Set(missing.map(abbreviationBlock))])) {
    const pool = byBlock.get(row.block) ?? [];
    pool.push(row);
    byBlock.set(row.block, pool);
  }
  const typos = new Map<string, sql.TypoCandidate[]>();
  for (const row of await sql.findTypoCandidates(
    tx,
    missing.filter((key) => key.length >= 10),
  ))
    typos.set(row.key, [...(typos.get(row.key) ?? []), row]);
  // Longest first: a full spelling founds the entity its abbreviations then join, whatever order they arrive in.
  missing.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const founded: { key: string; entityId: string; place: string }[] = [];
  const filed: sql.CompanyKeyRow[] = [];
  for (const key of missing) {
    const block = abbreviationBlock(key);
    const pool = byBlock.get(block) ?? [];
    const place = placeOf.get(key)!;
    const samePlace = (other: string) => place === '' || other === '' || other === place;
    const abbreviation = pool.find((row) => abbreviates(row.name_key, key));
    const typo =
      abbreviation === undefined
        ? ((typos.get(key) ?? []).find(
            (c) => nearIdentical(c.name_key, key) && samePlace(placeKey({ city: c.city, region: c.state, country: c.country })),
          ) ?? founded.find((f) => nearIdentical(f.key, key) && samePlace(f.place)))
        : undefined;
    const row: sql.CompanyKeyRow = abbreviation
      ? { name_key: key, block, entity_id: abbreviation.entity_id, confidence: ABBREVIATION_CONFIDENCE }
      : typo
        ? { name_key: key, block, entity_id: 'entity_id' in typo ? typo.entity_id : typo.entityId, confidence: KEYING_ERROR_CONFIDENCE }
        : { name_key: key, block, entity_id: entityIdOf('company', key), confidence: 1 };
    if (row.confidence === 1) founded.push({ key, entityId: row.entity_id, place });
    pool.push(row);
    byBlock.set(block, pool);
    filed.push(row);
    resolved.set(key, { entityId: row.entity_id, confidence: row.confidence, isNew: true });
  }
  await sql.insertCompanyKeys(tx, filed);
  return resolved;
}

export interface PlaceParts {
  city: string | null;
  region: string | null;
  country: string | null;
}

/** The entity of a person at a place. */
export function personEntity(name: PersonName, place: PlaceParts): string {
  return entityIdOf('person', personKey(name), placeKey(place));
}

/** A file-wrapper party's name parts: as split by the office, else read from the printed name. */
export function partsOf(row: {
  name: string;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
}): PersonName | null {
  if (row.last_name) return { last: row.last_name, first: row.first_name ?? '', middle: row.middle_name };
  return printedPerson(row.name);
}

/**
 * The inventor a person signing a recordation is: one of the covered applications' inventors with
 * the same last name and first given name (middle names are printed or not). Null when none is.
 */
export function matchInventor<T extends { name: string; last_name: string | null; first_name: string | null; middle_name: string | null }>(
  person: PersonName,
  inventors: readonly T[],
): T | null {
  const last = plain(person.last);
  const first = plain(person.first).split(' ')[0] ?? '';
  for (const inventor of inventors) {
    const parts = partsOf(inventor);
    if (parts && plain(parts.last) === last && (plain(parts.first).split(' ')[0] ?? '') === first) return inventor;
  }
  return null;
}
