/**
 * The organisations that appear in the assignment files: the corpus's applicant companies (the
 * cast of pools.ts, with its name variants and places), and the parties the assignment records
 * add: patent buyers, lenders, federal agencies, the cast's law firms (a firm's lien on its
 * client's patents), and the new names companies take. Each is one real organisation
 * (`company:<index>` in the truth) printed many ways (core/variation.ts, print.ts). Addresses
 * are made up from a seed of the organisation's own, so a company keeps its street across
 * corpora.
 */
import { buildCast, type LawFirm, type Place } from '../core/names.js';
import { Rng } from '../core/random.js';
import { asRecorded, type CompanyContext, companySpellings } from '../core/variation.js';

export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  /** US state name, as the office prints it (CALIFORNIA). */
  state: string | null;
  /** Country name for addresses outside the US. */
  country: string | null;
  postcode: string;
}

export type EntityKind = 'applicant' | 'acquirer' | 'bank' | 'agency' | 'law-firm' | 'successor';

export interface Entity {
  index: number;
  kind: EntityKind;
  stem: string;
  /** Name spellings as submitters type them, the usual one first (variation.ts); the printer upper-cases them. */
  variants: string[];
  /** The usual address first, then other ways of writing it or a second office in the same city. */
  addresses: Address[];
  small: boolean;
  university: boolean;
  /** Index of its law firm in `firms` (the correspondent of its recordations). */
  firm: number;
}

const list = (items: string): string[] => items.split('|');

type Style = 'inc' | 'corp' | 'llc' | 'lp' | 'kk' | 'gmbh' | 'kr';
/** The spelling a party files under most often. */
const USUAL: Readonly<Record<Style, (stem: string) => string>> = {
  inc: (s) => `${s}, Inc.`,
  corp: (s) => `${s} Corporation`,
  llc: (s) => `${s}, LLC`,
  lp: (s) => `${s}, L.P.`,
  kk: (s) => `${s} K.K.`,
  gmbh: (s) => `${s} GmbH`,
  kr: (s) => `${s} Co., Ltd.`,
};

// stem | style | city,region code,region name (US) or city | country code
const ACQUIRERS = `Corvane Patent Holdings|llc|Wilmington,DE,DELAWARE|US
Brackwater IP Ventures|llc|Plano,TX,TEXAS|US
Ostrel Licensing|llc|Marshall,TX,TEXAS|US
Tessivar Technologies|inc|Austin,TX,TEXAS|US
Pellham Innovation Partners|lp|Bellevue,WA,WASHINGTON|US
Quorvale Semiconductor Holdings|corp|San Jose,CA,CALIFORNIA|US
Marlridge Technologies|inc|Boston,MA,MASSACHUSETTS|US
Kiyora Holdings|kk|Tokyo|JP
Nordlicht Patentverwertung|gmbh|Munich|DE
Sunhwa Intellectual Property|kr|Seoul|KR`;

// stem | city,region code,region name | usual spelling; lenders also sign as agents of a syndicate (variation.ts).
const BANKS = `Silver Harbor Bank|Charlotte,NC,NORTH CAROLINA|SILVER HARBOR BANK, N.A.
First Lantern Bank|Santa Clara,CA,CALIFORNIA|FIRST LANTERN BANK
Cobalt Ridge Capital|New York,NY,NEW YORK|COBALT RIDGE CAPITAL, L.P.
Meridale Trust Company|Chicago,IL,ILLINOIS|MERIDALE TRUST COMPANY
Granite Peak Credit Fund|Boston,MA,MASSACHUSETTS|GRANITE PEAK CREDIT FUND, L.P.`;

const AGENCIES = `National Institutes of Health|Bethesda,MD,MARYLAND|NATIONAL INSTITUTES OF HEALTH
National Science Foundation|Alexandria,VA,VIRGINIA|NATIONAL SCIENCE FOUNDATION
United States Department of Energy|Washington,DC,DISTRICT OF COLUMBIA|UNITED STATES DEPARTMENT OF ENERGY`;

const REBRANDS = list('Altavine|Corvessa|Brightmoor|Solvantra|Maravelle|Quintara|Orvelle|Tesmera|Kaldris|Veltheim');
const SUFFIXES = list('Holdings|Technologies|Group|Innovations');

// Street names found in any city of the country: the cast's places are drawn apart from them.
const STREETS: Readonly<Record<string, string[]>> = {
  US: list(
    'MAIN STREET|TECHNOLOGY DRIVE|INNOVATION WAY|RESEARCH PARKWAY|MARKET STREET|FIRST AVENUE|HARBOR BOULEVARD|COMMERCE COURT|PARK AVENUE|LAKESIDE DRIVE',
  ),
  JP: list('CHUO|HONCHO|SAKAE-MACHI|MOTOMACHI|EKIMAE'),
  KR: list('JUNGANG-RO|DAEHAK-RO|SINSEON-RO|GONGDAN-RO'),
  CN: list('KEJI ROAD|XUEYUAN ROAD|JIANGUO ROAD|RENMIN ROAD'),
  DE: list('HAUPTSTRASSE|INDUSTRIESTRASSE|LEOPOLDSTRASSE|KOENIGSALLEE'),
  TW: list('LI-HSIN RD.|KEYA RD.|SEC. 2, ROOSEVELT RD.'),
};

const digits = (rng: Rng, n: number) => String(rng.int(0, 10 ** n - 1)).padStart(n, '0');

function street(rng: Rng, cc: string): { line1: string; postcode: string } {
  const name = rng.pick(STREETS[cc] ?? STREETS.US!);
  switch (cc) {
    case 'JP':
      return { line1: `${rng.int(1, 9)}-${rng.int(1, 30)}-${rng.int(1, 20)}, ${name}`, postcode: `${digits(rng, 3)}-${digits(rng, 4)}` };
    case 'KR':
      return { line1: `${rng.int(1, 300)}, ${name}`, postcode: digits(rng, 5) };
    case 'CN':
      return { line1: `NO. ${rng.int(1, 999)} ${name}`, postcode: digits(rng, 6) };
    case 'DE':
      return { line1: `${name} ${rng.int(1, 200)}`, postcode: digits(rng, 5) };
    case 'TW':
      return { line1: `NO. ${rng.int(1, 200)}, ${name}`, postcode: String(rng.int(100, 999)) };
    default:
      return { line1: `${rng.int(100, 9999)} ${name}`, postcode: digits(rng, 5) };
  }
}

const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/ STREET\b/, ' ST.'],
  [/ AVENUE\b/, ' AVE.'],
  [/ DRIVE\b/, ' DR.'],
  [/ ROAD\b/, ' RD.'],
  [/ BOULEVARD\b/, ' BLVD.'],
  [/ PARKWAY\b/, ' PKWY'],
];

/** The usual address, the same written another way, the same with a suite, and a second office in the same city. */
function addressesFor(key: string, place: Place, fixed?: { line1: string; postcode: string }): Address[] {
  const rng = new Rng(`assignment address|${key}`);
  const base = { city: place.city, state: place.countryCode === 'US' ? (place.regionName ?? null) : null };
  const country = place.countryCode === 'US' ? null : place.countryName;
  const home = fixed ?? street(rng, place.countryCode);
  const usual: Address = { line1: home.line1, line2: null, ...base, country, postcode: home.postcode };
  let short = usual.line1;
  for (const [pattern, abbreviation] of ABBREVIATIONS) short = short.replace(pattern, abbreviation);
  const other = street(rng, place.countryCode);
  return [
    usual,
    { ...usual, line1: short === usual.line1 ? `${usual.line1}, ${rng.int(2, 12)}F` : short },
    { ...usual, line2: `SUITE ${rng.int(100, 950)}` },
    { ...usual, line1: other.line1, postcode: other.postcode },
  ];
}

function placeOf(spec: string, countryCode: string): Place {
  const [city, regionCode, regionName] = spec.split(',') as [string, string?, string?];
  const countryName = { US: 'UNITED STATES', JP: 'JAPAN', KR: 'KOREA, REPUBLIC OF', DE: 'GERMANY' }[countryCode] ?? countryCode;
  return { city, countryCode, countryName, ...(regionCode ? { regionCode, regionName } : {}) };
}

export class EntityRegistry {
  readonly entities: Entity[] = [];
  readonly firms: LawFirm[];
  /** Applicant name (any variant) → entity index of the cast company. */
  readonly byApplicantName = new Map<string, number>();
  readonly firmByName = new Map<string, number>();
  readonly acquirers: number[] = [];
  readonly banks: number[] = [];
  readonly agencies: number[] = [];
  /** Entity index of each law firm, by firm index. */
  readonly lawFirms: number[] = [];
  readonly castCount: number;
  private readonly usedStems = new Set<string>();
  /** Every spelling of every party, as the files print it (variation.ts `asRecorded`): each belongs to one party. */
  private readonly taken = new Set<string>();

  constructor() {
    // The corpus's own cast (names.ts buildCast): the same companies, places and firms.
    const { firms, companies } = buildCast();
    this.firms = firms;
    this.firms.forEach((f, i) => this.firmByName.set(f.name, i));
    for (const c of companies) for (const v of c.variants) this.taken.add(asRecorded(v));
    for (const c of companies) {
      const e = this.add('applicant', c.stem, c.variants, addressesFor(c.stem, c.place), c.firm);
      e.small = c.small;
      e.university = c.variants.some((v) => /universit/i.test(v));
      for (const v of c.variants) this.byApplicantName.set(v, e.index);
    }
    this.castCount = this.entities.length;
    for (const line of ACQUIRERS.split('\n')) {
      const [stem, style, where, cc] = line.split('|') as [string, Style, string, string];
      this.acquirers.push(
        this.add('acquirer', stem, this.spellings(USUAL[style](stem), stem), addressesFor(stem, placeOf(where, cc))).index,
      );
    }
    for (const [table, into, kind] of [
      [BANKS, this.banks, 'bank'],
      [AGENCIES, this.agencies, 'agency'],
    ] as const) {
      for (const line of table.split('\n')) {
        const [stem, where, usual] = line.split('|') as [string, string, string];
        const spellings = this.spellings(usual, stem, { lender: kind === 'bank' });
        into.push(this.add(kind, stem, spellings, addressesFor(stem, placeOf(where, 'US'))).index);
      }
    }
    for (const firm of this.firms) {
      const variants = this.spellings(firm.name, firm.name, { firmCity: firm.place.city });
      const addresses = addressesFor(firm.name, firm.place, { line1: firm.addressLine, postcode: firm.postalCode });
      this.lawFirms.push(this.add('law-firm', firm.name, variants, addresses).index);
    }
  }

  private spellings(usual: string, key: string, context: CompanyContext = {}): string[] {
    return companySpellings(usual, key, context, this.taken);
  }

  private add(kind: EntityKind, stem: string, variants: string[], addresses: Address[], firm?: LawFirm): Entity {
    const index = this.entities.length;
    this.usedStems.add(stem);
    const entity: Entity = {
      index,
      kind,
      stem,
      variants,
      addresses,
      small: false,
      university: false,
      firm: firm ? this.firms.indexOf(firm) : index % this.firms.length,
    };
    this.entities.push(entity);
    return entity;
  }

  /** Whether `name`, as the files print it, is the spelling of a party other than `entity`. */
  spelledByAnother(name: string, entity: number): boolean {
    const read = asRecorded(name);
    return this.taken.has(read) && !this.get(entity).variants.some((v) => asRecorded(v) === read);
  }

  get(index: number): Entity {
    const e = this.entities[index];
    if (!e) throw new RangeError(`no entity ${index}`);
    return e;
  }

  /** The company `from` under its new name: same address and firm; its usual spelling with the new stem, and others of its own. */
  rename(from: number, rng: Rng): Entity {
    const old = this.get(from);
    const usualFor = (stem: string) => old.variants[0]!.replace(old.stem, stem).replace(old.stem.toUpperCase(), stem.toUpperCase());
    let stem = '';
    for (let i = 0; stem === '' || this.usedStems.has(stem) || this.taken.has(asRecorded(usualFor(stem))); i++) {
      const words = old.stem.split(' ');
      stem =
        rng.chance(0.5) || i > 20
          ? `${words[0]} ${rng.pick(SUFFIXES)}${i > 20 ? ` ${i}` : ''}`
          : [rng.pick(REBRANDS), ...words.slice(1)].join(' ');
    }
    const e = this.add(
      'successor',
      stem,
      this.spellings(usualFor(stem), stem),
      old.addresses.map((a) => ({ ...a })),
      this.firms[old.firm],
    );
    e.small = old.small;
    return e;
  }
}
