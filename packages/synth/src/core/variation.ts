/**
 * How one party's name and place come out differently across filings. The kinds of variation
 * and their relative frequencies are those counted in the real samples
 * (test/fixtures/real-name-labels.md, "Name variation observed in the samples"): each kind is a
 * transformation of the party's usual spelling, drawn from a weighted table. The table is taken
 * from the printed names alone, never from what entity resolution forgives, so the synthetic
 * corpus can measure the resolver instead of repeating its assumptions. Pure and deterministic:
 * every draw comes from the Rng handed in.
 */
import { Rng, WeightedTable } from './random.js';

// ---------------------------------------------------------------------------------------
// How often a party is printed its usual way.

/**
 * Share of a party's printings that are its usual spelling: 162 of the 268 organisation
 * printings, and 113 of the 189 people's, in labels printed more than once
 * (real-name-labels.csv; the .md counts the 106 and 76 others).
 */
export const USUAL_SHARE = 0.6;

/**
 * Spellings each party has besides its usual one. A filer's spellings recur (FISH & RICHARDSON:
 * 17 spellings over 53 printings; BIRCH, STEWART, KOLASCH & BIRCH: 16 over 22), so a party keeps
 * a fixed set, each printed more rarely than the one before (1/rank).
 */
const OTHER_SPELLINGS = 12;

const spellingTables = new Map<number, WeightedTable<number>>();

/** Index into `spellings` (the usual one first) of one printing: one draw, whatever the count. */
export function pickSpellingIndex(rng: Rng, count: number): number {
  let table = spellingTables.get(count);
  if (!table) {
    const others = Array.from({ length: count - 1 }, (_, r) => 1 / (r + 1));
    const total = others.reduce((sum, w) => sum + w, 0);
    table = new WeightedTable<number>([
      [0, count === 1 ? 1 : USUAL_SHARE],
      ...others.map((w, r) => [r + 1, ((1 - USUAL_SHARE) * w) / total] as const),
    ]);
    spellingTables.set(count, table);
  }
  return table.pick(rng);
}

/** One printing of a party: its usual spelling most of the time. */
export function pickSpelling(rng: Rng, spellings: readonly string[]): string {
  return spellings[pickSpellingIndex(rng, spellings.length)]!;
}

/**
 * A spelling as the assignment files print it, and as two parties' spellings are told apart:
 * upper case, single spaces (the real files print every party name so: real-name-labels.csv,
 * assignment-xml rows).
 */
export const asRecorded = (name: string): string => name.toUpperCase().replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------------------------------
// Typos.

/** QWERTY neighbours of each letter, for a slipped finger. */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  q: 'wa',
  w: 'qeas',
  e: 'wrsd',
  r: 'etdf',
  t: 'ryfg',
  y: 'tugh',
  u: 'yihj',
  i: 'uojk',
  o: 'ipkl',
  p: 'ol',
  a: 'qwsz',
  s: 'weadzx',
  d: 'erfsxc',
  f: 'rtdgcv',
  g: 'tyfhvb',
  h: 'yugjbn',
  j: 'uihknm',
  k: 'iojlm',
  l: 'opk',
  z: 'asx',
  x: 'zsdc',
  c: 'xdfv',
  v: 'cfgb',
  b: 'vghn',
  n: 'bhjm',
  m: 'njk',
};
/** Punctuation typed with the shift key held: `P.C>`. */
const SHIFTED: Readonly<Record<string, string>> = { '.': '>', ',': '<' };

type TypoKind = 'dropped' | 'substituted' | 'doubled' | 'swapped' | 'shifted';
/**
 * The nine typos of the samples: three letters dropped (RICHARDON, RICHARSON, FSH), three
 * substituted (STEWARD for STEWART), one added (AMERICAN for AMERICA), one pair swapped
 * (Danizger) and one shifted key (P.C>). Any word is open to them, short ones too.
 */
const TYPOS = WeightedTable.parse<TypoKind>('dropped:3 substituted:3 doubled:1 swapped:1 shifted:1');

const keepCase = (model: string, letter: string) => (model === model.toUpperCase() ? letter.toUpperCase() : letter.toLowerCase());

function typoOnce(text: string, kind: TypoKind, rng: Rng): string | null {
  if (kind === 'shifted') {
    const marks = [...text].map((ch, i) => (SHIFTED[ch] ? i : -1)).filter((i) => i >= 0);
    if (marks.length === 0) return null;
    const at = rng.pick(marks);
    return text.slice(0, at) + SHIFTED[text[at]!]! + text.slice(at + 1);
  }
  // A letter past the first of its word: people seldom miss how a word starts.
  const letters = [...text].map((ch, i) => (/[A-Za-z]/.test(ch) && i > 0 && /[A-Za-z]/.test(text[i - 1]!) ? i : -1)).filter((i) => i >= 0);
  if (letters.length === 0) return null;
  const at = rng.pick(letters);
  const ch = text[at]!;
  switch (kind) {
    case 'dropped':
      return text.slice(0, at) + text.slice(at + 1);
    case 'doubled':
      return text.slice(0, at) + ch + text.slice(at);
    case 'substituted':
      return text.slice(0, at) + keepCase(ch, rng.pick([...NEIGHBOURS[ch.toLowerCase()]!])) + text.slice(at + 1);
    default: {
      const next = text[at + 1];
      if (next === undefined || !/[A-Za-z]/.test(next) || next.toLowerCase() === ch.toLowerCase()) return null;
      return text.slice(0, at) + next + ch + text.slice(at + 2);
    }
  }
}

/** `text` with one keying error: a letter dropped, doubled, swapped with the next or struck beside, or a shifted mark. */
export function typo(text: string, rng: Rng): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const out = typoOnce(text, TYPOS.pick(rng), rng);
    if (out !== null && out !== text) return out;
  }
  return `${text}.`;
}

// ---------------------------------------------------------------------------------------
// Organisations.

export interface CompanyContext {
  /** A lender, which signs in a capacity (`…, AS COLLATERAL AGENT`). */
  lender?: boolean;
  /** A law firm, whose offices tag its name (`FISH & RICHARDSON P.C. (BO)`), at this city. */
  firmCity?: string;
}

/**
 * The corporate forms the cast's names end in, so that a variation can drop one or change its
 * punctuation. They describe how the generator spells its own parties, nothing more.
 */
const FORM =
  /(,?)(\s+)((?:Co\.?,?\s+|Company,?\s+)?(?:Ltd\.?|Inc\.?|Corporation|Corp\.?|LLC|L\.L\.C\.|LLP|PLLC|P\.C\.|GmbH|AG|L\.P\.|LP|K\.K\.|N\.A\.|S\.A\.))$/i;

/** The forms a comma may come before: "Rideshare Displays, Inc.", never "Raytheon, Company". */
const COMMA_FORM = /^(?:Inc\.?|L\.?L\.?[CP]\.?|PLLC|P\.?C\.?|L\.?P\.?|N\.?A\.?|S\.?A\.?)$/i;

const CAPACITIES = [', AS ADMINISTRATIVE AGENT', ', AS COLLATERAL AGENT', ', AS AGENT'] as const;

const title = (word: string) =>
  word.length > 3 && /[AEIOUY]/i.test(word) ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word;

function punctuation(name: string, rng: Rng): string | null {
  const form = FORM.exec(name);
  const options: Array<() => string | null> = [];
  if (form) {
    const [whole, comma, space, words] = form as unknown as [string, string, string, string];
    const head = name.slice(0, name.length - whole.length);
    // "Rideshare Displays, Inc." / "Rideshare Displays Inc."; "FISH & RICHARDSON P.C." / "…, P.C."
    if (comma || COMMA_FORM.test(words)) options.push(() => `${head}${comma ? '' : ','}${space}${words}`);
    // "P.C." / "PC"; "CO., LTD." / "CO., LTD"
    if (words.includes('.')) {
      options.push(() => `${head}${comma}${space}${words.replace(/\./g, '')}`);
      if (words.endsWith('.')) options.push(() => name.slice(0, -1));
    }
  }
  const body = form ? name.slice(0, form.index) : name;
  // "BIRCH, STEWART, KOLASCH & BIRCH" / "BIRCH STEWART KOLASCH & BIRCH"
  if (body.includes(',')) options.push(() => body.replace(/,/g, '') + name.slice(body.length));
  // “Dan” / ‘DAN’ / "Dan"
  if (/[“”‘’"']/.test(name)) options.push(() => name.replace(/[“”]/g, rng.chance(0.5) ? '‘' : '"').replace(/[‘’]/g, '"'));
  return options.length === 0 ? null : rng.pick(options)();
}

function letterCase(name: string): string {
  // "FUJIFILM Corporation" / "FUJIFILM CORPORATION"; "The General Hospital Corporation" / "THE GENERAL …"
  return /[a-z]/.test(name) ? name.toUpperCase() : name.replace(/[A-Za-z]+/g, title);
}

function ampersand(name: string): string | null {
  if (name.includes('&')) return name.replace('&', /[a-z]/.test(name) ? 'and' : 'AND');
  if (/ and /i.test(name)) return name.replace(/ and /i, ' & ');
  return null;
}

function formDropped(name: string): string | null {
  const form = FORM.exec(name);
  return form && form.index > 0 ? name.slice(0, form.index) : null;
}

function whitespace(name: string, rng: Rng): string | null {
  const gaps = [...name].map((ch, i) => (ch === ' ' ? i : -1)).filter((i) => i >= 0);
  if (gaps.length === 0) return `${name} `;
  const at = rng.pick(gaps);
  // `EDELL, SHAPIRO &  FINNAN`, `APPLE  INC. `, `NOVAK DRUCE CONNOLLY BOVE     QUIGG`
  switch (
    rng.weighted([
      ['double', 6],
      ['trailing', 2],
      ['several', 1],
    ] as const)
  ) {
    case 'double':
      return `${name.slice(0, at)} ${name.slice(at)}`;
    case 'trailing':
      return `${name} `;
    default:
      return `${name.slice(0, at)}${' '.repeat(rng.int(2, 4))}${name.slice(at)}`;
  }
}

/** A line cut where the form keeps its words, without the mark it was cut at. */
const cutAt = (name: string, at: number) => name.slice(0, at).replace(/[\s,&-]+$/, '');

function restOnLineTwo(name: string, rng: Rng): string | null {
  // "BIRCH, STEWART, KOLASCH" for "BIRCH, STEWART, KOLASCH & BIRCH, LLP"
  const comma = name.lastIndexOf(',');
  if (comma > 0 && rng.chance(0.5)) return cutAt(name, comma);
  const space = name.lastIndexOf(' ');
  return name.split(' ').length >= 3 ? cutAt(name, space) : null;
}

function ampersandDropped(name: string, rng: Rng): string | null {
  // "BIRCH, STEWART, KOLASCH, BIRCH LLP"; "BUCHANAN, INGERSOLL ROONEY PC"
  return name.includes(' & ') ? name.replace(' & ', rng.chance(0.5) ? ', ' : ' ') : null;
}

function joined(name: string, rng: Rng): string | null {
  // "JP MORGAN" / "JPMORGAN"; "FISH & RICHARDSONP.C."
  const gaps = [...name].map((ch, i) => (ch === ' ' && /\w/.test(name[i - 1] ?? '') && /\w/.test(name[i + 1] ?? '') ? i : -1));
  const open = gaps.filter((i) => i > 0);
  if (open.length === 0) return null;
  const at = rng.pick(open);
  return name.slice(0, at) + name.slice(at + 1);
}

function abbreviated(name: string, rng: Rng): string | null {
  // "RAYN" for "RAYTHEON"
  const words = [...name.matchAll(/[A-Za-z]{6,}/g)];
  if (words.length === 0) return null;
  const word = rng.pick(words);
  const short = rng.chance(0.5) ? word[0].slice(0, 3) + word[0].slice(-1) : word[0].slice(0, 4);
  return name.slice(0, word.index) + short + name.slice(word.index + word[0].length);
}

function tradeName(name: string): string | null {
  // "MUETING RAASCH GROUP" for "MRG IP LAW, P.A. DBA MUETING RAASCH GROUP"
  const dba = / DBA (.+)$/i.exec(name);
  return dba ? dba[1]! : null;
}

type CompanyKind = (name: string, rng: Rng, context: CompanyContext) => string | null;

/**
 * The kinds of organisation variation and how many of the 68 variant spellings of the samples
 * show each (one spelling may show several). Seen nowhere, so absent here: a leading THE dropped,
 * INC against INCORPORATED (or CORP against CORPORATION, CO., LTD. against COMPANY LIMITED), a
 * trailing country. The Board's `et al.` (2) is left to the PTAB petitioners, which print it as the
 * samples do (ptab/parties.ts).
 */
const COMPANY_KINDS = new WeightedTable<CompanyKind>([
  [punctuation, 39],
  [letterCase, 13],
  [ampersand, 12],
  [formDropped, 11],
  [whitespace, 9],
  [(name, rng) => typo(name, rng), 9],
  // A capacity: "BANK OF AMERICA, N.A., AS COLLATERAL AGENT".
  [(name, rng, context) => (context.lender ? `${name}${rng.pick(CAPACITIES)}` : null), 3],
  // Extra or missing words, one each: an office's tag ("FISH & RICHARDSON P.C. (BO)"), a name
  // split into a person's parts and joined again ("FRACTUS, S.A. Organization"), DBA dropped.
  [
    (name, _rng, context) =>
      context.firmCity
        ? `${name} (${context.firmCity
            .replace(/[^A-Za-z]/g, '')
            .slice(0, 2)
            .toUpperCase()})`
        : null,
    1,
  ],
  [(name) => `${name} Organization`, 1],
  [(name) => (/ DBA /i.test(name) ? name.replace(/ DBA /i, ' ') : null), 1],
  // Truncated, one each: a 50-character name line ("… INDÚSTRIA DE FERRAG"), the rest on line two.
  [(name) => (name.length > 50 ? cutAt(name, 50) : null), 1],
  [restOnLineTwo, 1],
  [ampersandDropped, 2],
  [joined, 2],
  [abbreviated, 1],
  [tradeName, 1],
]);

/** Kinds a variant spelling shows: 109 marks over the 68 variants, 1.6 each. */
const KINDS_PER_VARIANT = WeightedTable.parse<number>('1:55 2:30 3:15');

/** One variant of `name`: one to three kinds of variation, drawn from the table among the kinds that apply to it. */
export function companyVariant(name: string, rng: Rng, context: CompanyContext = {}): string {
  let out = name;
  const used = new Set<CompanyKind>();
  for (let marks = KINDS_PER_VARIANT.pick(rng), attempt = 0; marks > 0 && attempt < 40; attempt++) {
    const kind = COMPANY_KINDS.pick(rng);
    if (used.has(kind)) continue;
    const next = kind(out, rng, context);
    if (next === null || next === out || next.trim() === '') continue;
    used.add(kind);
    out = next;
    marks--;
  }
  return out;
}

/**
 * A party's spellings, its usual one first, then OTHER_SPELLINGS variants from a generator of the
 * party's own (`key`), so that it spells itself alike in every corpus. `taken` holds the
 * spellings of the parties made before, as `asRecorded` reads them: a variant one of them
 * already prints is drawn again, so that a printed name always belongs to one party (the usual
 * spelling must be free). The new spellings are added to it.
 */
export function companySpellings(usual: string, key: string, context: CompanyContext, taken: Set<string>): string[] {
  const rng = new Rng(`spellings|${key}`);
  if (taken.has(asRecorded(usual))) throw new Error(`"${usual}" is already another party's spelling`);
  const own = new Set([asRecorded(usual)]);
  const out = [usual];
  for (let attempt = 0; out.length <= OTHER_SPELLINGS && attempt < 20 * OTHER_SPELLINGS; attempt++) {
    const variant = companyVariant(usual, rng, context);
    const read = asRecorded(variant);
    if (out.includes(variant) || read === '' || (taken.has(read) && !own.has(read))) continue;
    out.push(variant);
    own.add(read);
  }
  for (const read of own) taken.add(read);
  return out;
}

// ---------------------------------------------------------------------------------------
// People.

export interface PersonParts {
  firstName: string;
  middleName?: string | undefined;
  lastName: string;
}

interface PersonStyle {
  familyFirst: boolean;
  /** `GU,Qinying` */
  noSpaceAfterComma: boolean;
  /** `Shoji  KANADA` */
  doubleSpace: boolean;
  familyCaps: boolean;
  allCaps: boolean;
  middle: boolean;
  /** `Baliarda,Carles,Puente` for Carles Puente Baliarda */
  givenBetweenSurnames: boolean;
}

/** Changes `style` as one kind of variation; false when the kind does not apply to it. */
type PersonKind = (style: PersonStyle, parts: PersonParts) => boolean;

function wordOrder(s: PersonStyle): boolean {
  s.familyFirst = !s.familyFirst;
  s.doubleSpace = false;
  s.noSpaceAfterComma = false;
  return true;
}

function capitals(s: PersonStyle, p: PersonParts): boolean {
  if (s.allCaps) return false;
  if (s.familyCaps || p.lastName === p.lastName.toUpperCase()) s.allCaps = true;
  else s.familyCaps = true;
  return true;
}

/** Only where no middle name stands between: the empty middle of `first + ' ' + middle + ' ' + last`. */
function doubleSpace(s: PersonStyle, p: PersonParts): boolean {
  if (s.familyFirst || s.doubleSpace || (s.middle && p.middleName)) return false;
  s.doubleSpace = true;
  return true;
}

function noSpaceAfterComma(s: PersonStyle): boolean {
  if (s.noSpaceAfterComma) return false;
  s.familyFirst = true;
  s.doubleSpace = false;
  s.noSpaceAfterComma = true;
  return true;
}

function middleDropped(s: PersonStyle, p: PersonParts): boolean {
  if (!s.middle || !p.middleName) return false;
  s.middle = false;
  return true;
}

function givenBetweenSurnames(s: PersonStyle, p: PersonParts): boolean {
  if (s.givenBetweenSurnames || !p.lastName.includes(' ')) return false;
  s.givenBetweenSurnames = true;
  return true;
}

/**
 * The kinds of variation in people's names and how many of the 75 variant spellings of the
 * samples show each. Seen nowhere, so absent here: accents dropped, typos.
 */
const PERSON_KINDS = new WeightedTable<PersonKind>([
  [wordOrder, 50],
  [capitals, 48],
  [doubleSpace, 22],
  [noSpaceAfterComma, 15],
  [middleDropped, 4],
  [givenBetweenSurnames, 1],
]);

/** Kinds a person's variant spelling shows: 140 marks over the 75 variants, 1.9 each. */
const PERSON_KINDS_PER_VARIANT = WeightedTable.parse<number>('1:25 2:63 3:12');

function renderPerson(p: PersonParts, s: PersonStyle): string {
  const given = s.middle && p.middleName ? `${p.firstName} ${p.middleName}` : p.firstName;
  const family = s.familyCaps ? p.lastName.toUpperCase() : p.lastName;
  let out: string;
  if (s.givenBetweenSurnames) {
    const [first, ...rest] = family.split(' ');
    out = `${rest.join(' ')},${given},${first}`;
  } else if (s.familyFirst) out = `${family}${s.noSpaceAfterComma ? ',' : ', '}${given}`;
  else out = `${given}${s.doubleSpace ? '  ' : ' '}${family}`;
  return s.allCaps ? out.toUpperCase() : out;
}

/** A person's name printed the usual way (`Steven J. Visco`) or, as often as the samples show, another. */
export function personPrinting(p: PersonParts, rng: Rng): string {
  const style: PersonStyle = {
    familyFirst: false,
    noSpaceAfterComma: false,
    doubleSpace: false,
    familyCaps: false,
    allCaps: false,
    middle: true,
    givenBetweenSurnames: false,
  };
  if (rng.chance(USUAL_SHARE)) return renderPerson(p, style);
  const used = new Set<PersonKind>();
  for (let marks = PERSON_KINDS_PER_VARIANT.pick(rng), attempt = 0; marks > 0 && attempt < 30; attempt++) {
    const kind = PERSON_KINDS.pick(rng);
    if (used.has(kind)) continue;
    if (!kind(style, p)) continue;
    used.add(kind);
    marks--;
  }
  return renderPerson(p, style);
}

/**
 * Share of a recordation's people printed without their middle initial: the 4 of the samples'
 * 189 printings of people named more than once (`BELL, DENNIS LEE` / `DENNIS L. BELL`; `Jonathan
 * D. Spangler` / `Jonathan Spangler`).
 */
export const MIDDLE_DROPPED_SHARE = 4 / 189;

// ---------------------------------------------------------------------------------------
// Places.

export interface PrintedPlace {
  city: string;
  /** The region written into the city field: a US state's name. */
  state: string | null;
  postcode: string;
}

type PlaceKind = 'typo' | 'punctuation' | 'region';
/**
 * Of the samples' 451 printed places (real-name-labels.csv), 3 misspell the city (FALLS CHRUCH,
 * TUSCON, SAN FRANCSICO), 7 leave punctuation in it (`FALLS CHURCH,`, `SANTA CRUZ.`) and 13 write
 * a region or postcode into it (`Chiyoda-ku, Tokyo`, `33560 Carbon Blanc`).
 */
const PLACE_KINDS = WeightedTable.parse<PlaceKind>('typo:3 punctuation:7 region:13');
const PLACE_VARIED_SHARE = 23 / 451;

/** The city field of one printing of a place. */
export function printedCity(place: PrintedPlace, rng: Rng): string {
  if (!rng.chance(PLACE_VARIED_SHARE)) return place.city;
  switch (PLACE_KINDS.pick(rng)) {
    case 'typo':
      return typo(place.city, rng);
    case 'punctuation':
      return `${place.city}${rng.chance(0.8) ? ',' : '.'}`;
    default:
      return place.state ? `${place.city}, ${place.state}` : `${place.postcode} ${place.city}`;
  }
}
