/**
 * Maps one `<patent-assignment>` element (PADX-File-Description-v2.txt) to an `AssignmentRecord`,
 * or says why it cannot be read. Pure. A record is rejected whole at its first problem: its key
 * (reel/frame) or recorded date missing or unreadable, or any value that is present but
 * unreadable, since storing it as null would hide an error of the file behind "not given".
 *
 * - Optional dates (last update, execution, acknowledgement, a property's dates): absent, blank or
 *   `00000000` is null ("not given"); any other unreadable value (31 February, `2015071`) rejects
 *   the record. The same for a page count, a purge indicator other than Y/N, a party without a
 *   name, and a document number of no known shape.
 * - A property's document-ids come in any order and any subset (the description promises
 *   application, patent, publication; the files write X0, A1, B2). Each is placed by its kind code
 *   and the shape of its number, never by position; see `placeDocumentId`.
 * - Text is trimmed with inner whitespace collapsed (select.ts `textAt`); entities are decoded.
 * - Assignor addresses, which the description mentions but the DTD in the files does not carry,
 *   and an international registration's date are not kept (record.ts has no place for them).
 */
import { conveyanceTypeOf } from '../../domain/conveyance.js';
import { parseApplicationNumber, parsePatentNumber, parsePublicationNumber, publicationKindRank } from '../../domain/numbers.js';
import { xmlDate } from '../full-text/dates.js';
import { show } from '../show.js';
import { all, attribute, childElements, first, textAt } from '../xml/select.js';
import type { XmlElement } from '../xml/tree.js';
import type { AssignmentAddress, AssignmentProperty, AssignmentRecord, Assignee, Assignor } from './record.js';

export type AssignmentMapResult = { ok: true; record: AssignmentRecord } | { ok: false; reason: string };

/** Thrown at a record's first problem and caught in `mapAssignment`: the helpers stay flat. */
class Unreadable extends Error {}

function fail(reason: string): never {
  throw new Unreadable(reason);
}

/** A value in a reject reason, after the reason's fixed part (reasons are grouped by the text before the first `"`). */
const shown = (value: string | null): string => show(value ?? undefined);

export function mapAssignment(root: XmlElement): AssignmentMapResult {
  try {
    return { ok: true, record: mapRecord(root) };
  } catch (err) {
    if (err instanceof Unreadable) return { ok: false, reason: err.message };
    throw err;
  }
}

function mapRecord(root: XmlElement): AssignmentRecord {
  const record = first(root, 'assignment-record');
  if (record === null) fail('no assignment-record element');
  const reel = integer(record, 'reel-no', 6);
  const frame = integer(record, 'frame-no', 4);
  if (reel === null || frame === null) fail(`no ${reel === null ? 'reel-no' : 'frame-no'}`);
  const recordedDate = optionalDate(record, 'recorded-date/date', 'recorded-date');
  if (recordedDate === null) fail('no recorded-date');
  const conveyanceText = textAt(record, 'conveyance-text') ?? '';
  return {
    reelFrame: `${String(reel).padStart(6, '0')}/${String(frame).padStart(4, '0')}`,
    reel,
    frame,
    recordedDate,
    lastUpdateDate: optionalDate(record, 'last-update-date/date', 'last-update-date'),
    purged: purged(textAt(record, 'purge-indicator')),
    pageCount: integer(record, 'page-count', 9),
    correspondent: correspondent(first(record, 'correspondent')),
    conveyanceText,
    conveyanceType: conveyanceTypeOf(conveyanceText),
    assignors: all(root, 'patent-assignors/patent-assignor').map(assignor),
    assignees: all(root, 'patent-assignees/patent-assignee').map(assignee),
    properties: all(root, 'patent-properties/patent-property').map(property),
  };
}

/** Digits at `path` (at most `maxDigits`), or null when absent. */
function integer(parent: XmlElement, path: string, maxDigits: number): number | null {
  const raw = textAt(parent, path);
  if (raw === null) return null;
  if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(raw)) fail(`unreadable ${path}: ${shown(raw)}`);
  return Number(raw);
}

/** `YYYYMMDD` → `YYYY-MM-DD`; absent, blank or all zeros → null; anything else unreadable rejects. */
function optionalDate(parent: XmlElement | null, path: string, what: string): string | null {
  const raw = textAt(parent, path);
  if (raw === null || /^0+$/.test(raw)) return null;
  return xmlDate(raw) ?? fail(`unreadable ${what}: ${shown(raw)}`);
}

function purged(indicator: string | null): boolean {
  // N is the default the description names; an absent indicator means the same.
  if (indicator === null || indicator === 'N') return false;
  if (indicator === 'Y') return true;
  return fail(`unreadable purge-indicator: ${shown(indicator)}`);
}

function lines(parent: XmlElement, names: readonly string[]): string[] {
  return names.map((name) => textAt(parent, name)).filter((line): line is string => line !== null);
}

/** The DTD requires a name; one without is kept with an empty name when it has address lines. */
function correspondent(element: XmlElement | null): AssignmentRecord['correspondent'] {
  if (element === null) return null;
  const name = textAt(element, 'name') ?? '';
  const addressLines = lines(element, ['address-1', 'address-2', 'address-3', 'address-4']);
  return name === '' && addressLines.length === 0 ? null : { name, lines: addressLines };
}

function partyName(party: XmlElement, role: string): { name: string; nameType: 'natural' | 'legal' | null } {
  const name = textAt(party, 'name');
  if (name === null) fail(`${role} without a name`);
  const type = attribute(first(party, 'name'), 'name-type');
  return { name, nameType: type === 'natural' || type === 'legal' ? type : null };
}

function assignor(element: XmlElement): Assignor {
  return {
    ...partyName(element, 'patent-assignor'),
    executionDate: optionalDate(element, 'execution-date/date', 'execution-date'),
    acknowledgedDate: optionalDate(element, 'date-acknowledged/date', 'date-acknowledged'),
  };
}

function assignee(element: XmlElement): Assignee {
  const address: AssignmentAddress = {
    // The DTD has address-1 and address-2 only; more lines would still be address lines.
    lines: lines(element, ['address-1', 'address-2', 'address-3', 'address-4']),
    city: textAt(element, 'city'),
    state: textAt(element, 'state'),
    postcode: textAt(element, 'postcode'),
    country: textAt(element, 'country-name'),
  };
  return { ...partyName(element, 'patent-assignee'), address };
}

type Slot = 'application' | 'patent' | 'publication' | 'registration';

interface PlacedId {
  slot: Slot;
  number: string;
  date: string | null;
  kind: string | null;
}

// Pre-grant publication kinds (utility, plant: first, republished, corrected).
const PUBLICATION_KINDS: ReadonlySet<string> = new Set(['A1', 'A2', 'A9', 'P1', 'P4', 'P9']);
// Grant kinds: utility B1/B2, reissue E, design S, plant P2/P3, and the rarer B3, C (reexamination), H, F/I/J/K/O.
const GRANT_KIND = /^(?:[BCEHS]\d?|P[23]|[FIJKO]\d)$/;

/**
 * Which slot a document-id fills, by kind code and number shape:
 * - `DM/…` or country IB → international registration (the description: no kind code);
 * - X0 → application number (8 digits);
 * - a publication kind with 11 digits (`20150215460`) or 10 (`2015215460`, the description's
 *   YYYY + 6-digit form, widened to the 11-digit key) → publication number;
 * - A1/P1 with a patent-shaped number → patent (the description: A1/P1 were grant kinds before
 *   2 January 2001); a grant kind → patent, canonical (`D0712345` → `D712345`, `RE045678` →
 *   `RE45678`); the number's own prefix decides design, reissue or plant (the files write B1 for
 *   design and reissue patents too);
 * - no kind: 10–11 digits → publication, 8 digits → application, a patent shape → patent. Left
 *   ambiguous: an 8-digit patent number (10,000,000 and up, from 2018) without a kind would be read
 *   as an application; the files give every patent a kind, so this has not been seen.
 */
function placeDocumentId(id: XmlElement): PlacedId {
  const raw = textAt(id, 'doc-number');
  if (raw === null) fail('document-id without a doc-number');
  const number = raw.toUpperCase().replace(/\s+/g, '');
  const kind = textAt(id, 'kind')?.toUpperCase() ?? null;
  const date = optionalDate(id, 'date', 'document-id date');
  const place = (slot: Slot, value: string | null): PlacedId =>
    value === null ? fail(`unreadable ${slot} number: ${shown(raw)} (kind ${kind ?? 'none'})`) : { slot, number: value, date, kind };

  if (number.startsWith('DM/') || textAt(id, 'country')?.toUpperCase() === 'IB') {
    return place('registration', /^DM\/\d{6}$/.test(number) ? number : null);
  }
  if (kind === 'X0') return place('application', parseApplicationNumber(number));
  if (kind === null || PUBLICATION_KINDS.has(kind)) {
    if (/^\d{10,11}$/.test(number)) return place('publication', publicationKey(number));
    if (kind === null && /^\d{8}$/.test(number)) return place('application', parseApplicationNumber(number));
    if (kind === null || kind === 'A1' || kind === 'P1') return place('patent', parsePatentNumber(number));
    return place('publication', null);
  }
  if (GRANT_KIND.test(kind)) return place('patent', parsePatentNumber(number));
  return fail(`unknown kind code: ${shown(kind)} of ${number}`);
}

/** The 11-digit publication key; the 10-digit form is year + 6-digit serial. */
function publicationKey(digits: string): string | null {
  const spelled = digits.length === 10 ? `${digits.slice(0, 4)}/${digits.slice(4)}` : digits;
  return parsePublicationNumber(spelled)?.bareKey ?? null;
}

function property(element: XmlElement, index: number): AssignmentProperty {
  const ids = childElements(element, 'document-id');
  if (ids.length === 0) fail(`patent-property without a document-id: ${shown(`property ${index + 1}`)}`);
  const slots = new Map<Slot, PlacedId>();
  for (const placed of ids.map(placeDocumentId)) {
    const held = slots.get(placed.slot);
    if (held === undefined || held.number === placed.number) {
      slots.set(placed.slot, held ?? placed);
      continue;
    }
    // A republication (A2) or correction (A9) beside the first publication: the first one names the application.
    const rank = (p: PlacedId): number => (p.kind === null ? 99 : publicationKindRank(p.kind));
    if (placed.slot === 'publication' && rank(placed) !== rank(held)) {
      if (rank(placed) < rank(held)) slots.set('publication', placed);
      continue;
    }
    fail(`two ${placed.slot} numbers in one property: ${shown(`${held.number}, ${placed.number}`)}`);
  }
  const get = (slot: Slot) => slots.get(slot) ?? null;
  return {
    applicationNumber: get('application')?.number ?? null,
    filingDate: get('application')?.date ?? null,
    patentNumber: get('patent')?.number ?? null,
    grantDate: get('patent')?.date ?? null,
    publicationNumber: get('publication')?.number ?? null,
    publicationDate: get('publication')?.date ?? null,
    internationalRegistration: get('registration')?.number ?? null,
    title: textAt(element, 'invention-title'),
  };
}
