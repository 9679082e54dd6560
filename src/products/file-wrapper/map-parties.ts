/**
 * The applicants and inventors of a full file wrapper record: `applicantBag` and `inventorBag` of
 * `applicationMetaData` (v1), or of the record itself (2024 beta), the input of entity resolution
 *. Pure. Shapes read off samples/file-wrapper-json (JSON-FORMATS.md §1):
 *
 * - A name is printed in `applicantNameText` / `inventorNameText`; the split parts
 *   (`firstName`, `middleName`, `lastName`) are kept as given, and build the name only when the
 *   printed one is missing. An entry with no name at all is dropped and reported.
 * - An entry's `correspondenceAddressBag` may hold a `residence` and a `postal` address, in either
 *   order, which differ (17248024: Katz resides in Moraga, his mail goes to Berkeley); the residence
 *   is where an inventor is, so it is taken when present, else the first address (applicants carry
 *   only `postal`, the 2024 beta no category at all). City, region and country come from that one
 *   address, never mixed with another, nor with the entry's own `countryCode` (18162559: `US` next
 *   to a residence in Swindon, GB).
 * - Cities sometimes end in the comma of a "City, ST" line (`Chevy Chase,` beside `Chevy Chase` in
 *   the same reexam record, 90019664): that comma is dropped.
 */
import { isAbsent, isObject, text, type JsonObject } from './fields.js';
import type { ApplicationParty, MapIssue } from './record.js';

const BAGS = [
  ['applicantBag', 'applicant', 'applicantNameText'],
  ['inventorBag', 'inventor', 'inventorNameText'],
] as const;

type Role = ApplicationParty['role'];

/** Applicants first, then inventors, each in the bag's order. */
export function mapParties(meta: JsonObject, issues: MapIssue[]): ApplicationParty[] {
  const parties: ApplicationParty[] = [];
  for (const [key, role, printedKey] of BAGS) {
    const entries = meta[key];
    if (isAbsent(entries)) continue;
    if (!Array.isArray(entries)) {
      issues.push({ reason: `${key} is not an array; ignored`, value: entries });
      continue;
    }
    for (const entry of entries) {
      const party = isObject(entry) ? mapParty(entry, role, entry[printedKey]) : null;
      if (party === null) issues.push({ reason: `${role} dropped: ${isObject(entry) ? 'no name' : 'not an object'}`, value: entry });
      else parties.push(party);
    }
  }
  return parties;
}

function mapParty(entry: JsonObject, role: Role, printed: unknown): ApplicationParty | null {
  const firstName = text(entry.firstName);
  const middleName = text(entry.middleName);
  const lastName = text(entry.lastName);
  const name = text(printed) ?? joined([firstName, middleName, lastName]);
  if (name === null) return null;
  const address = location(entry.correspondenceAddressBag);
  return {
    role,
    name,
    lastName,
    firstName,
    middleName,
    city: city(address?.cityName),
    region: text(address?.geographicRegionCode) ?? text(address?.geographicRegionName),
    country: text(address?.countryCode) ?? text(address?.countryName),
  };
}

function joined(parts: (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null);
  return present.length === 0 ? null : present.join(' ');
}

/** The residence address when there is one, else the first address. */
function location(bag: unknown): JsonObject | null {
  if (!Array.isArray(bag)) return null;
  const addresses = bag.filter(isObject);
  const residence = addresses.find((a) => text(a.postalAddressCategory)?.toLowerCase() === 'residence');
  return residence ?? addresses[0] ?? null;
}

function city(value: unknown): string | null {
  const s = text(value);
  return s === null ? null : text(s.replace(/,+$/, ''));
}
