/**
 * The keys entity resolution files a printed name under. A company is its normalised
 * name (names.ts); a person is `LAST FIRST M` at a place, because two inventors of one name are
 * told apart only by where they live. Ids are hashes of the key that founded the entity, so a
 * rebuild from scratch gives the same ids. Pure.
 */
import { createHash } from 'node:crypto';
import { normalizeName, oneEdit } from './names.js';

export type EntityKind = 'company' | 'person';

/** Upper case, accents and punctuation gone, single spaces: how two printings of one person's name are compared. */
export function plain(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export interface PersonName {
  last: string;
  first: string;
  middle: string | null;
}

/** `LAST FIRST M`: the middle name shrinks to its initial, since filings spell it out or not. */
export function personKey(name: PersonName): string {
  const first = plain(name.first).split(' ');
  const middle = [...first.slice(1), ...plain(name.middle).split(' ')].find((word) => word !== '');
  return [plain(name.last), first[0] ?? '', middle?.charAt(0) ?? ''].filter((part) => part !== '').join(' ');
}

/**
 * The parts of a name printed the office's way for people, `LAST, FIRST M.`, or as `First M.
 * Last` when there is no comma. Null when nothing is left to key.
 */
export function printedPerson(name: string): PersonName | null {
  const comma = name.indexOf(',');
  if (comma >= 0) {
    const last = plain(name.slice(0, comma));
    const [first = '', ...rest] = plain(name.slice(comma + 1)).split(' ');
    return last === '' ? null : { last, first, middle: rest.join(' ') || null };
  }
  const words = plain(name)
    .split(' ')
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return { last: words.at(-1)!, first: words.length > 1 ? words[0]! : '', middle: words.slice(1, -1).join(' ') || null };
}

/** Words that make a name an organisation's even when it is printed like a person's. */
const ORGANISATION_WORDS =
  /\b(?:INC|CORP|CORPORATION|COMPANY|CO|LTD|LLC|LLP|PLLC|GMBH|AG|SA|KK|KAISHA|UNIVERSITY|UNIV|INSTITUTE|BANK|TRUST|FOUNDATION|LABORATORIES|LABS|TECHNOLOGY|TECHNOLOGIES|HOLDINGS|GROUP|PARTNERS|CAPITAL|FUND|AGENT|GOVERNMENT|SECRETARY|DEPARTMENT|REGENTS|TRUSTEES|ASSOCIATION|SYSTEMS|INTERNATIONAL|LIMITED|INCORPORATED)\b/;

/**
 * Whether a party is a natural person: the file says so (`natural` / `legal`), else it is printed
 * `LAST, FIRST …` with no organisation word (assignors carry no name type).
 */
export function isPerson(name: string, nameType: 'natural' | 'legal' | null): boolean {
  if (nameType !== null) return nameType === 'natural';
  const text = plain(name);
  return name.includes(',') && !ORGANISATION_WORDS.test(text) && text.split(' ').length <= 5;
}

/** The company key of a printed name ('' when nothing is left). */
export const companyKey = (name: string): string => normalizeName(name);

/** Country names as the assignment files print them, to the two-letter codes the file wrapper uses. */
const COUNTRY_CODES: Readonly<Record<string, string>> = {
  'UNITED STATES': 'US',
  'UNITED STATES OF AMERICA': 'US',
  USA: 'US',
  JAPAN: 'JP',
  'KOREA REPUBLIC OF': 'KR',
  'REPUBLIC OF KOREA': 'KR',
  KOREA: 'KR',
  'SOUTH KOREA': 'KR',
  CHINA: 'CN',
  'PEOPLES REPUBLIC OF CHINA': 'CN',
  GERMANY: 'DE',
  TAIWAN: 'TW',
  FRANCE: 'FR',
  'UNITED KINGDOM': 'GB',
  'GREAT BRITAIN': 'GB',
  NETHERLANDS: 'NL',
  SWITZERLAND: 'CH',
  SWEDEN: 'SE',
  ISRAEL: 'IL',
  CANADA: 'CA',
  INDIA: 'IN',
  ITALY: 'IT',
  FINLAND: 'FI',
  DENMARK: 'DK',
  BELGIUM: 'BE',
  AUSTRIA: 'AT',
  IRELAND: 'IE',
  SINGAPORE: 'SG',
  AUSTRALIA: 'AU',
};

export interface Place {
  city: string | null;
  region: string | null;
  country: string | null;
}

/** A country as a two-letter code: a code as given, a known name looked up, a US state meaning the US. */
export function countryCode(place: Place): string | null {
  const country = plain(place.country);
  if (country === '') return place.region && place.city ? 'US' : null;
  if (/^[A-Z]{2}$/.test(country)) return country;
  return COUNTRY_CODES[country] ?? country;
}

/** `CITY|COUNTRY`: where an inventor lives, or where a company sits (the near-identical-name rule compares it). */
export function placeKey(place: Place): string {
  const city = plain(place.city);
  const country = countryCode(place) ?? '';
  return city === '' && country === '' ? '' : `${city}|${country}`;
}

/**
 * The block an abbreviated spelling shares with its full one: each word's first three letters
 * (a shorter word whole). names.ts `abbreviates` decides within the block.
 */
export function abbreviationBlock(key: string): string {
  return key
    .split(' ')
    .map((word) => word.slice(0, 3))
    .join(' ');
}

const hashed = (prefix: string, text: string) =>
  `${prefix}${createHash('sha256').update(text).digest('base64url').replace(/[-_]/g, '').slice(0, 16).toLowerCase()}`;

/** `ent_…` of the entity a key founded. */
export function entityIdOf(kind: EntityKind, key: string, place = ''): string {
  return hashed('ent_', `${kind}\u0000${key}\u0000${place}`);
}

/** `fam_…` of a family, from the entity it was first formed around. */
export function familyIdOf(founder: string): string {
  return hashed('fam_', founder);
}

/**
 * A keying error between two normalised names: the same words but one, of at least five letters,
 * with one letter dropped, doubled, changed, or two neighbours swapped ("HANBIT EECTRONICS" for
 * "HANBIT ELECTRONICS"), in a name of at least ten characters. Short words are left alone:
 * "SAMSUNG SDI" and "SAMSUNG SDS" are two companies.
 */
export function nearIdentical(a: string, b: string): boolean {
  if (a === b || Math.min(a.length, b.length) < 10) return false;
  const xs = a.split(' ');
  const ys = b.split(' ');
  if (xs.length !== ys.length) return false;
  const differing = xs.map((_, k) => k).filter((k) => xs[k] !== ys[k]);
  if (differing.length !== 1) return false;
  const [x, y] = [xs[differing[0]!]!, ys[differing[0]!]!];
  return Math.max(x.length, y.length) >= 5 && oneEdit(x, y);
}
