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
 * - Text is trimmed with inner whitespace collapsed, as select.ts `textAt` reads it (pick.ts reads
 *   the record by the paths of `ASSIGNMENT_FIELDS`); entities are decoded.
 * - Assignor addresses, which the description mentions but the DTD in the files does not carry,
 *   and an international registration's date are not kept (record.ts has no place for them).
 */
import { conveyanceTypeOf } from '../../domain/conveyance.js';
import { parseApplicationNumber, parsePatentNumber, parsePublicationNumber, publicationKindRank } from '../../domain/numbers.js';
import { xmlDate } from '../full-text/dates.js';
import { show } from '../../ingest/show.js';
import { remembered } from './memo.js';
import type { Picked, PickSpec } from './pick-spec.js';
import type { AssignmentAddress, AssignmentProperty, AssignmentRecord, Assignee, Assignor } from './record.js';

export type AssignmentMapResult = { ok: true; record: AssignmentRecord } | { ok: false; reason: string };

const ADDRESS_LINES = ['address-1', 'address-2', 'address-3', 'address-4'] as const;
const DOCUMENT_ID = { texts: ['doc-number', 'kind', 'date', 'country'] } as const satisfies PickSpec;
const PROPERTY = { texts: ['invention-title'], lists: { 'document-id': DOCUMENT_ID } } as const satisfies PickSpec;
const ASSIGNOR = { texts: ['name', 'execution-date/date', 'date-acknowledged/date'], attributes: ['name'] } as const satisfies PickSpec;
const ASSIGNEE = {
  texts: ['name', ...ADDRESS_LINES, 'city', 'state', 'postcode', 'country-name'],
  attributes: ['name'],
} as const satisfies PickSpec;
const CORRESPONDENT = { texts: ['name', ...ADDRESS_LINES] } as const satisfies PickSpec;
const RECORD = {
  texts: ['reel-no', 'frame-no', 'recorded-date/date', 'last-update-date/date', 'purge-indicator', 'page-count', 'conveyance-text'],
  firsts: { correspondent: CORRESPONDENT },
} as const satisfies PickSpec;

/** What the mapper reads of a `<patent-assignment>`, by child path from it (pick.ts; select.ts meanings). */
export const ASSIGNMENT_FIELDS = {
  firsts: { 'assignment-record': RECORD },
  lists: {
    'patent-assignors/patent-assignor': ASSIGNOR,
    'patent-assignees/patent-assignee': ASSIGNEE,
    'patent-properties/patent-property': PROPERTY,
  },
} as const satisfies PickSpec;

const documentDate = remembered(xmlDate, 100_000);
const conveyanceType = remembered(conveyanceTypeOf, 10_000);

/** Thrown at a record's first problem and caught in `mapAssignment`: the helpers stay flat. */
class Unreadable extends Error {}

function fail(reason: string): never {
  throw new Unreadable(reason);
}

/** A value in a reject reason, after the reason's fixed part (reasons are grouped by the text before the first `"`). */
function shown(value: string | null): string {
  return show(value ?? undefined);
}

export function mapAssignment(root: Picked<typeof ASSIGNMENT_FIELDS>): AssignmentMapResult {
  try {
    return { ok: true, record: mapRecord(root) };
  } catch (err) {
    if (err instanceof Unreadable) return { ok: false, reason: err.message };
    throw err;
  }
}

function mapRecord(root: Picked<typeof ASSIGNMENT_FIELDS>): AssignmentRecord {
  const record = root.first('assignment-record');
  if (record === null) fail('no assignment-record element');
  const reel = integer(record.text('reel-no'), 'reel-no', 6);
  const frame = integer(record.text('frame-no'), 'frame-no', 4);
  if (reel === null || frame === null) fail(`no ${reel === null ? 'reel-no' : 'frame-no'}`);
  const recordedDate = optionalDate(record.text('recorded-date/date'), 'recorded-date');
  if (recordedDate === null) fail('no recorded-date');
  const conveyanceText = record.text('conveyance-text') ?? '';
  return {
    reelFrame: `${String(reel).padStart(6, '0')}/${String(frame).padStart(4, '0')}`,
    reel,
    frame,
    recordedDate,
    lastUpdateDate: optionalDate(record.text('last-update-date/date'), 'last-update-date'),
    purged: purged(record.text('purge-indicator')),
    pageCount: integer(record.text('page-count'), 'page-count', 9),
    correspondent: correspondent(record.first('correspondent')),
    conveyanceText,
    conveyanceType: conveyanceType(conveyanceText),
    assignors: root.all('patent-assignors/patent-assignor').map(assignor),
    assignees: root.all('patent-assignees/patent-assignee').map(assignee),
    properties: root.all('patent-properties/patent-property').map(property),
  };
}

// Built once: `integer` runs a few times per record.
const DIGITS: Readonly<Record<number, RegExp>> = { 4: /^\d{1,4}$/, 6: /^\d{1,6}$/, 9: /^\d{1,9}$/ };

/** 1 to `maxDigits` digits (4, 6 or 9), or null when absent. */
function integer(raw: string | null, what: string, maxDigits: 4 | 6 | 9): number | null {
  if (raw === null) return null;
  if (!DIGITS[maxDigits]!.test(raw)) fail(`unreadable ${what}: ${shown(raw)}`);
  return Number(raw);
}

/** `YYYYMMDD` → `YYYY-MM-DD`; absent, blank or all zeros → null; anything else unreadable rejects. */
function optionalDate(raw: string | null, what: string): string | null {
  if (raw === null || /^0+$/.test(raw)) return null;
  return documentDate(raw) ?? fail(`unreadable ${what}: ${shown(raw)}`);
}

function purged(indicator: string | null): boolean {
  // N is the default the description names; an absent indicator means the same.
  if (indicator === null || indicator === 'N') return false;
  if (indicator === 'Y') return true;
  return fail(`unreadable purge-indicator: ${shown(indicator)}`);
}

function addressLines(party: Picked<typeof CORRESPONDENT> | Picked<typeof ASSIGNEE>): string[] {
  const lines: string[] = [];
  for (const name of ADDRESS_LINES) {
    const line = party.text(name);
    if (line !== null) lines.push(line);
  }
  return lines;
}

/** The DTD requires a name; one without is kept with an empty name when it has address lines. */
function correspondent(element: Picked<typeof CORRESPONDENT> | null): AssignmentRecord['correspondent'] {
  if (element === null) return null;
  const name = element.text('name') ?? '';
  const found = addressLines(element);
  return name === '' && found.length === 0 ? null : { name, lines: found };
}

function partyName(
  party: Picked<typeof ASSIGNOR> | Picked<typeof ASSIGNEE>,
  role: string,
): { name: string; nameType: 'natural' | 'legal' | null } {
  const name = party.text('name');
  if (name === null) fail(`${role} without a name`);
  const type = party.attribute('name', 'name-type');
  return { name, nameType: type === 'natural' || type === 'legal' ? type : null };
}

// The party's fields are copied, not spread: spreading was a fifth of the mapping time (Node 20).
function assignor(element: Picked<typeof ASSIGNOR>): Assignor {
  const { name, nameType } = partyName(element, 'patent-assignor');
  return {
    name,
    nameType,
    executionDate: optionalDate(element.text('execution-date/date'), 'execution-date'),
    acknowledgedDate: optionalDate(element.text('date-acknowledged/date'), 'date-acknowledged'),
  };
}

function assignee(element: Picked<typeof ASSIGNEE>): Assignee {
  const address: AssignmentAddress = {
    // The DTD has address-1 and address-2 only; more lines would still be address lines.
    lines: addressLines(element),
    city: element.text('city'),
    state: element.text('state'),
    postcode: element.text('postcode'),
    country: element.text('country-name'),
  };
  const { name, nameType } = partyName(element, 'patent-assignee');
  return { name, nameType, address };
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
function placeDocumentId(id: Picked<typeof DOCUMENT_ID>): PlacedId {
  const raw = id.text('doc-number');
  if (raw === null) fail('document-id without a doc-number');
  const number = raw.toUpperCase().replace(/\s+/g, '');
  const kind = id.text('kind')?.toUpperCase() ?? null;
  const date = optionalDate(id.text('date'), 'document-id date');
  const found: Found = { raw, kind, date };

  if (number.startsWith('DM/') || id.text('country')?.toUpperCase() === 'IB') {
    return place(found, 'registration', /^DM\/\d{6}$/.test(number) ? number : null);
  }
  if (kind === 'X0') return place(found, 'application', parseApplicationNumber(number));
  if (kind === null || PUBLICATION_KINDS.has(kind)) {
    if (/^\d{10,11}$/.test(number)) return place(found, 'publication', publicationKey(number));
    if (kind === null && /^\d{8}$/.test(number)) return place(found, 'application', parseApplicationNumber(number));
    if (kind === null || kind === 'A1' || kind === 'P1') return place(found, 'patent', parsePatentNumber(number));
    return place(found, 'publication', null);
  }
  if (GRANT_KIND.test(kind)) return place(found, 'patent', parsePatentNumber(number));
  return fail(`unknown kind code: ${shown(kind)} of ${number}`);
}

/** A document-id as written, for `place` (a function, not a closure made for every id). */
interface Found {
  raw: string;
  kind: string | null;
  date: string | null;
}

function place(found: Found, slot: Slot, value: string | null): PlacedId {
  if (value === null) fail(`unreadable ${slot} number: ${shown(found.raw)} (kind ${found.kind ?? 'none'})`);
  return { slot, number: value, date: found.date, kind: found.kind };
}

/** The 11-digit publication key; the 10-digit form is year + 6-digit serial. */
function publicationKey(digits: string): string | null {
  const spelled = digits.length === 10 ? `${digits.slice(0, 4)}/${digits.slice(4)}` : digits;
  return parsePublicationNumber(spelled)?.bareKey ?? null;
}

function rank(placed: PlacedId): number {
  return placed.kind === null ? 99 : publicationKindRank(placed.kind);
}

function property(element: Picked<typeof PROPERTY>, index: number): AssignmentProperty {
  const ids = element.all('document-id');
  if (ids.length === 0) fail(`patent-property without a document-id: ${shown(`property ${index + 1}`)}`);
  const slots = new Map<Slot, PlacedId>();
  // Every id is placed (and may reject) before any two are compared, as the reasons have always been.
  for (const placed of ids.map(placeDocumentId)) {
    const held = slots.get(placed.slot);
    if (held === undefined || held.number === placed.number) {
      slots.set(placed.slot, held ?? placed);
      continue;
    }
    // A republication (A2) or correction (A9) beside the first publication: the first one names the application.
    if (placed.slot === 'publication' && rank(placed) !== rank(held)) {
      if (rank(placed) < rank(held)) slots.set('publication', placed);
      continue;
    }
    fail(`two ${placed.slot} numbers in one property: ${shown(`${held.number}, ${placed.number}`)}`);
  }
  const application = slots.get('application');
  const patent = slots.get('patent');
  const publication = slots.get('publication');
  return {
    applicationNumber: application?.number ?? null,
    filingDate: application?.date ?? null,
    patentNumber: patent?.number ?? null,
    grantDate: patent?.date ?? null,
    publicationNumber: publication?.number ?? null,
    publicationDate: publication?.date ?? null,
    internationalRegistration: slots.get('registration')?.number ?? null,
    title: element.text('invention-title'),
  };
}
