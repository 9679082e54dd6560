/**
 * Parsing and formatting of every number the service accepts or ingests: application,
 * patent, publication, PCT and trial numbers, plus the examiner-name match key.
 * Every parser returns null for anything it cannot read with certainty, so routes can map
 * null to a 422 and ingest code can keep the raw value instead of guessing.
 * Sources: interface-spec §1 conventions 2–7, DOMAIN-RULES §7, samples/XML-FORMATS.md.
 */

// Nothing legitimate is this long; bounding input keeps hostile path segments cheap.
const MAX_INPUT = 100;

// Routes may receive path segments that were never decoded (or decoded twice upstream),
// so the three separators the spec names are folded back to their characters.
function decodeSeparators(input: string): string {
  return input.replace(/%2F/gi, '/').replace(/%2C/gi, ',').replace(/%20/gi, ' ');
}

function prepare(input: string): string | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT) return null;
  return decodeSeparators(input).normalize('NFKC').toUpperCase();
}

// Any numeral but 0-9: fullwidth (１), mathematical (𝟏), Arabic-Indic (١) and other script digits,
// superscripts, circled numbers, Roman numerals (Ⅹ).
const FOREIGN_NUMERAL = /(?![0-9])\p{N}/u;

/**
 * A number's text, for the number parsers. NFKC folds fullwidth letters and separators (`Ｄ`, `／`)
 * to ASCII, which is harmless, but it also folds fullwidth and mathematical digits (and `Ⅹ` to `X`):
 * a number is written in ASCII digits, so text holding any other numeral is no number.
 */
function prepareNumber(input: string): string | null {
  const s = prepare(input);
  return s === null || FOREIGN_NUMERAL.test(input) ? null : s;
}

function stripZeros(digits: string): string {
  return digits.replace(/^0+/, '');
}

// ---------------------------------------------------------------------------------------
// Application numbers: 2-digit series code + 6-digit serial, always 8 digits.

export function parseApplicationNumber(input: string): string | null {
  const s = prepareNumber(input);
  if (s === null) return null;
  const digits = s.replace(/[\s,/]/g, '');
  if (!/^\d{8}$/.test(digits)) return null;
  // No series 00 exists (MPEP 503); "00/51198" in grant XML is a foreign priority number.
  if (digits.startsWith('00')) return null;
  return digits;
}

/** `17248024` → `17/248,024`. Throws on a value that is not an application number. */
export function formatApplicationNumber(applicationNumber: string): string {
  const n = parseApplicationNumber(applicationNumber);
  if (n === null) throw new RangeError(`not an application number: ${applicationNumber}`);
  return `${n.slice(0, 2)}/${n.slice(2, 5)},${n.slice(5)}`;
}

// ---------------------------------------------------------------------------------------
// Patent numbers. Canonical = prefix + digits without leading zeros (`D701016`).

export type PatentType =
  'utility' | 'design' | 'plant' | 'reissue' | 'sir' | 'defensive_publication' | 'x_patent' | 'additional_improvement';

// T, X, AI and RX/RD/RP are historical series (DOMAIN-RULES §7.4). They cost one regex
// alternative each, and accepting them lets citations of old documents normalise instead
// of being dropped. Longer prefixes come first so `RE` is never read as `R` + garbage.
const PREFIX_TYPES: ReadonlyArray<readonly [string, PatentType]> = [
  ['RE', 'reissue'],
  ['RX', 'reissue'],
  ['RD', 'reissue'],
  ['RP', 'reissue'],
  ['PP', 'plant'],
  ['AI', 'additional_improvement'],
  ['D', 'design'],
  ['H', 'sir'],
  ['T', 'defensive_publication'],
  ['X', 'x_patent'],
];

// Grant kinds only: A (pre-2001), B, C (reexam), E (reissue), H (SIR), P (plant), S
// (design) with an optional digit, and the AIA certificate kinds F, I, J, K, O, which
// always carry one. Publication kinds A1/A2/A9 are deliberately absent so a pgpub number
// with its kind is never taken for a patent. A kind is recognised only after the digits,
// so `H0002140H1` and `RE049257E1` are unambiguous.
const PATENT_RE = new RegExp(`^(?:US)?(${PREFIX_TYPES.map(([p]) => p).join('|')})?(\\d{1,8})(A|[BCEHPS]\\d?|[FIJKO]\\d)?$`);

function splitPatentNumber(input: string): { prefix: string; digits: string } | null {
  const s = prepareNumber(input);
  if (s === null) return null;
  // Hyphens too: Google-style `US-11646472-B2` is what people paste.
  const m = PATENT_RE.exec(s.replace(/[\s,/-]/g, ''));
  if (m === null) return null;
  const prefix = m[1] ?? '';
  const digits = stripZeros(m[2] ?? '');
  // The XML/IFW form is 8 characters including the prefix, so that bounds the digits.
  if (digits.length === 0 || digits.length > 8 - prefix.length) return null;
  return { prefix, digits };
}

export function parsePatentNumber(input: string): string | null {
  const parts = splitPatentNumber(input);
  return parts === null ? null : parts.prefix + parts.digits;
}

/** 8-character zero-padded form used by grant XML and IFW: `D0701016`, `07997973`. */
export function patentNumberXmlForm(patentNumber: string): string {
  const parts = splitPatentNumber(patentNumber);
  if (parts === null) throw new RangeError(`not a patent number: ${patentNumber}`);
  return parts.prefix + parts.digits.padStart(8 - parts.prefix.length, '0');
}

export function patentType(patentNumber: string): PatentType | null {
  const parts = splitPatentNumber(patentNumber);
  if (parts === null) return null;
  if (parts.prefix === '') return 'utility';
  return PREFIX_TYPES.find(([p]) => p === parts.prefix)?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------
// Pre-grant publication numbers: 4-digit year + 7-digit serial + kind.

export interface PublicationNumber {
  year: string;
  /** Always 7 digits. */
  serial: string;
  /** Null when the input was bare; the caller then picks the latest kind on file. */
  kind: string | null;
  /** year + serial, 11 digits: the pgpub XML doc-number and the storage key. */
  bareKey: string;
  /** `US20230080435A1`, or null when the kind is unknown. */
  printed: string | null;
}

// Utility A1/A2/A9 and plant P1/P4/P9 (DOMAIN-RULES §7.3): first, republished, corrected.
const PUBLICATION_KIND_RANK: ReadonlyMap<string, number> = new Map([
  ['A1', 1],
  ['A2', 2],
  ['A9', 3],
  ['P1', 1],
  ['P4', 2],
  ['P9', 3],
]);

// Without a separator the serial must be the full 7 digits, otherwise `2014167116`
// could be read two ways.
const PUBLICATION_RE = /^(?:US-?)?(\d{4})(?:[/-](\d{1,7})|(\d{7}))-?([A-Z]\d)?$/;

export function parsePublicationNumber(input: string): PublicationNumber | null {
  const s = prepareNumber(input);
  if (s === null) return null;
  const m = PUBLICATION_RE.exec(s.replace(/\s/g, ''));
  if (m === null) return null;
  const year = m[1] ?? '';
  const serial = (m[2] ?? m[3] ?? '').padStart(7, '0');
  const kind = m[4] ?? null;
  // Pre-grant publication began in 2001 (35 USC 122(b) as amended by the AIPA).
  if (Number(year) < 2001 || Number(year) > 2099) return null;
  if (/^0+$/.test(serial)) return null;
  if (kind !== null && !PUBLICATION_KIND_RANK.has(kind)) return null;
  const bareKey = year + serial;
  return { year, serial, kind, bareKey, printed: kind === null ? null : `US${bareKey}${kind}` };
}

/** `('2023', '80435', 'A1')` → `US20230080435A1`. Throws on invalid parts. */
export function formatPublicationNumber(year: string, serial: string, kind: string): string {
  const p = parsePublicationNumber(`${year}/${serial}${kind}`);
  if (p === null || p.printed === null) {
    throw new RangeError(`not a publication number: ${year}/${serial} ${kind}`);
  }
  return p.printed;
}

/** Higher is preferred: corrected (A9) over republication (A2) over first (A1); -1 unknown. */
export function publicationKindRank(kind: string): number {
  return PUBLICATION_KIND_RANK.get(kind.trim().toUpperCase()) ?? -1;
}

/** The kind a bare publication number resolves to (spec convention 4); null if none known. */
export function latestPublicationKind(kinds: readonly string[]): string | null {
  let best: string | null = null;
  for (const raw of kinds) {
    const kind = raw.trim().toUpperCase();
    if (publicationKindRank(kind) < 0) continue;
    if (best === null || publicationKindRank(kind) > publicationKindRank(best)) best = kind;
  }
  return best;
}

// ---------------------------------------------------------------------------------------
// PCT international application numbers. Canonical = post-2004 form PCT/CCYYYY/NNNNNN.

// Two-digit years predate 2004 in principle, but US continuity data still writes
// `PCT/US05/32284`; the PCT began in 1978, so 78–99 are 19xx and the rest 20xx.
function expandPctYear(year: string): string {
  if (year.length === 4) return year;
  return (Number(year) >= 78 ? '19' : '20') + year;
}

export function parsePctNumber(input: string): string | null {
  const s = prepareNumber(input);
  if (s === null) return null;
  const compact = s.replace(/\s/g, '');
  // Separated forms (`PCT/US07/19317`, `PCTEP01/03690`) fix the year length by position;
  // the compact ODP form (`PCTJP2023017788`) is only unambiguous at 4+6 or 2+5 digits.
  const m =
    /^PCT\/?([A-Z]{2})(\d{2}|\d{4})\/(\d{1,6})$/.exec(compact) ??
    /^PCT([A-Z]{2})(\d{4})(\d{6})$/.exec(compact) ??
    /^PCT([A-Z]{2})(\d{2})(\d{5})$/.exec(compact);
  if (m === null) return null;
  const country = m[1] ?? '';
  const year = expandPctYear(m[2] ?? '');
  const serial = (m[3] ?? '').padStart(6, '0');
  if (Number(year) < 1978 || Number(year) > 2099 || /^0+$/.test(serial)) return null;
  return `PCT/${country}${year}/${serial}`;
}

/** The 8-digit US application number or the canonical PCT number, for continuity links. */
export function parseAnyApplicationNumber(input: string): string | null {
  return parseApplicationNumber(input) ?? parsePctNumber(input);
}

// ---------------------------------------------------------------------------------------
// PTAB trial numbers: IPR2022-00037.

export type TrialType = 'IPR' | 'PGR' | 'CBM' | 'DER';

// Dashes copied out of PTAB papers are often en dashes or non-breaking hyphens.
const TRIAL_RE = /^(IPR|PGR|CBM|DER)(\d{4})[-\u2010-\u2015]?(\d{1,5})$/;

export function parseTrialNumber(input: string): string | null {
  const s = prepareNumber(input);
  if (s === null) return null;
  const m = TRIAL_RE.exec(s.replace(/\s/g, ''));
  if (m === null) return null;
  const year = Number(m[2]);
  const sequence = m[3] ?? '';
  // AIA trials exist from 2012-09-16 on.
  if (year < 2012 || year > 2099 || /^0+$/.test(sequence)) return null;
  return `${m[1] ?? ''}${m[2] ?? ''}-${sequence.padStart(5, '0')}`;
}

export function trialType(trialNumber: string): TrialType | null {
  const n = parseTrialNumber(trialNumber);
  return n === null ? null : (n.slice(0, 3) as TrialType);
}

// ---------------------------------------------------------------------------------------
// Examiner names: `LAST, FIRST M`, matched ignoring case and whitespace (convention 7).

/**
 * Match key in the ODP display shape (`DOVE, TRACY MAE`), so stored keys stay readable.
 * Periods are dropped as well: grant XML writes initials as `Paul N.` where ODP has `N`.
 * Null for a blank name so that two missing names never match each other.
 */
export function normalizeExaminerName(input: string): string | null {
  const s = prepare(input);
  if (s === null) return null;
  const key = s
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();
  return key === '' || key === ',' ? null : key;
}

/** Grant XML splits the name into `last-name` / `first-name`; this joins it into the key. */
export function examinerNameFromParts(last: string, first: string): string | null {
  if (first.trim() === '') return normalizeExaminerName(last);
  if (last.trim() === '') return null;
  return normalizeExaminerName(`${last}, ${first}`);
}

// ODP shows an undocketed pending application in art unit `OPAP` with this examiner.
export const PLACEHOLDER_EXAMINER_KEYS = ['CENTRAL, DOCKET'] as const;
const PLACEHOLDER_EXAMINERS: ReadonlySet<string> = new Set(PLACEHOLDER_EXAMINER_KEYS);
/** The art unit of an application not docketed to an examiner yet: no real art unit. */
export const PLACEHOLDER_ART_UNITS = ['OPAP'] as const;

/** True for docket placeholders and blank names: neither is a real examiner. */
export function isPlaceholderExaminer(input: string): boolean {
  const key = normalizeExaminerName(input);
  return key === null || PLACEHOLDER_EXAMINERS.has(key);
}
