/**
 * People and organisations of the synthetic corpus: applicant companies (each with its usual
 * spelling and the others variation.ts draws for it), inventors by country, examiners ("LAST,
 * FIRST M") and law firms (customer numbers, correspondence addresses, docket-number styles). All
 * names are invented.
 */
import { Rng } from './random.js';
import { companySpellings } from './variation.js';

const list = (items: string): string[] => items.split('|');

export interface Place {
  city: string;
  countryCode: string;
  countryName: string;
  regionCode?: string;
  regionName?: string;
}

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'UNITED STATES',
  JP: 'JAPAN',
  KR: 'KOREA, REPUBLIC OF',
  CN: 'CHINA',
  DE: 'GERMANY',
  TW: 'TAIWAN',
};
const US_PLACES = list(
  'Berkeley,CA,CALIFORNIA|San Jose,CA,CALIFORNIA|Palo Alto,CA,CALIFORNIA|San Diego,CA,CALIFORNIA|Austin,TX,TEXAS|Houston,TX,TEXAS|Seattle,WA,WASHINGTON|Boston,MA,MASSACHUSETTS|Cambridge,MA,MASSACHUSETTS|Portland,OR,OREGON|Raleigh,NC,NORTH CAROLINA|Chicago,IL,ILLINOIS|Minneapolis,MN,MINNESOTA|Ann Arbor,MI,MICHIGAN|Pittsburgh,PA,PENNSYLVANIA|Boulder,CO,COLORADO|Princeton,NJ,NEW JERSEY|Atlanta,GA,GEORGIA|Rochester,NY,NEW YORK|Phoenix,AZ,ARIZONA',
);
const FOREIGN_CITIES: Readonly<Record<string, string[]>> = {
  JP: list('Tokyo|Osaka|Kyoto|Yokohama|Nagoya|Kawasaki'),
  KR: list('Seoul|Suwon-si|Daejeon|Seongnam-si'),
  CN: list('Shanghai|Beijing|Shenzhen|Hangzhou'),
  DE: list('Munich|Stuttgart|Berlin|Erlangen'),
  TW: list('Hsinchu|Taipei|Taichung'),
};

function pickPlace(rng: Rng, countryCode: string): Place {
  if (countryCode === 'US') {
    const [city, regionCode, regionName] = rng.pick(US_PLACES).split(',') as [string, string, string];
    return { city, countryCode, countryName: COUNTRY_NAMES.US!, regionCode, regionName };
  }
  return { city: rng.pick(FOREIGN_CITIES[countryCode] ?? ['Tokyo']), countryCode, countryName: COUNTRY_NAMES[countryCode] ?? countryCode };
}

// ---------------------------------------------------------------------------------------
// People.

const GIVEN: Readonly<Record<string, string[]>> = {
  US: list(
    'James|Mary|Robert|Patricia|John|Jennifer|Michael|Linda|David|Elizabeth|William|Barbara|Richard|Susan|Joseph|Jessica|Thomas|Sarah|Daniel|Karen|Steven|Nancy|Bruce|Lisa|Mark|Emily|Paul|Anna|Kevin|Rachel|Brian|Laura|Eric|Megan|Ravi|Priya|Carlos|Maria|Ahmed|Yevgeniy',
  ),
  JP: list('Hiroshi|Takeshi|Yuki|Kenji|Shoji|Akira|Naoki|Satoshi|Takuya|Yusuke|Daisuke|Haruka|Yoko|Keiko|Masato'),
  KR: list('Min-jun|Seo-yeon|Ji-hoon|Hyun-woo|Eun-ji|Sung-ho|Jae-won|Dong-hyun|Soo-jin|Young-min'),
  CN: list('Wei|Jing|Lei|Xiaoming|Yan|Hao|Lin|Jun|Fang|Tao|Yu|Qiang'),
  DE: list('Thomas|Michael|Stefan|Andreas|Julia|Katrin|Matthias|Tobias|Sabine|Florian'),
  TW: list('Chia-Hung|Yu-Ting|Chih-Wei|Hsin-Yi|Po-Chun|Shu-Fen'),
};
const FAMILY: Readonly<Record<string, string[]>> = {
  US: list(
    'Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|Wilson|Anderson|Taylor|Moore|Jackson|Martin|Lee|Thompson|White|Harris|Clark|Lewis|Walker|Hall|Young|Allen|King|Wright|Scott|Nguyen|Patel|Visco|Katz|Nimon|De Jonghe|Okafor|Kowalski|Schwartz|Sullivan|Reyes|Fischer|Chen',
  ),
  JP: list('SATO|SUZUKI|TAKAHASHI|TANAKA|WATANABE|ITO|YAMAMOTO|NAKAMURA|KOBAYASHI|KATO|KANADA|YOSHIDA|YAMADA|SASAKI|MATSUMOTO'),
  KR: list('Kim|Lee|Park|Choi|Jung|Kang|Cho|Yoon|Jang|Lim'),
  CN: list('Wang|Li|Zhang|Liu|Chen|Yang|Huang|Zhao|Wu|Zhou|Xu|Sun'),
  DE: list('Mueller|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Hoffmann|Schulz|Koch|Richter'),
  TW: list('Chen|Lin|Huang|Chang|Lee|Wang|Wu|Liu|Tsai|Yang'),
};
const INITIALS = list('A.|B.|C.|D.|E.|F.|G.|H.|J.|K.|L.|M.|P.|R.|S.|T.|W.');

export interface Person {
  firstName: string;
  middleName?: string;
  lastName: string;
  /** As the office prints it: `Steven J. Visco`, `Shoji KANADA`. */
  fullName: string;
  place: Place;
}

export function pickPerson(rng: Rng, countryCode: string, place?: Place): Person {
  const cc = GIVEN[countryCode] ? countryCode : 'US';
  const firstName = rng.pick(GIVEN[cc]!);
  const lastName = rng.pick(FAMILY[cc]!);
  const middleName = (cc === 'US' || cc === 'DE') && rng.chance(0.55) ? rng.pick(INITIALS) : undefined;
  const fullName = middleName ? `${firstName} ${middleName} ${lastName}` : `${firstName} ${lastName}`;
  return { firstName, ...(middleName ? { middleName } : {}), lastName, fullName, place: place ?? pickPlace(rng, cc) };
}

const EXAMINER_FIRST = list(
  'TRACY|MAZDA|JOHN|MARIA|DAVID|JENNIFER|ROBERT|LINDA|KEVIN|SUSAN|AHMED|PRIYA|CHRISTOPHER|NICOLE|JASON|AMY|RAJESH|ELENA|MATTHEW|HEATHER|ANDREW|KIMBERLY|BRIAN|STEPHANIE|HUY|THANH|OMAR|LATOYA|GREGORY|MONICA',
);
const EXAMINER_MIDDLE = list('MAE|ANN|LEE|MARIE|JAMES|LYNN|ALAN|ROSE|EDWARD|JEAN|RAY|PAUL');
const EXAMINER_LAST = list(
  'DOVE|SABOURI|NGUYEN|PATEL|SMITH|JOHNSON|KIM|GARCIA|CHEN|WILLIAMS|BROWN|TRAN|LE|MARTINEZ|DAVIS|RODRIGUEZ|WILSON|ANDERSON|THOMAS|TAYLOR|MOORE|JACKSON|WHITE|HARRIS|SANCHEZ|CLARK|RAMIREZ|LEWIS|ROBINSON|WALKER|YOUNG|ALLEN|KING|WRIGHT|SCOTT|TORRES|HILL|FLORES|GREEN|ADAMS|NELSON|BAKER|HALL|RIVERA|CAMPBELL|MITCHELL|CARTER|ROBERTS|PHAM|HOANG|SHAH|DESAI|AKHAVAN|OKONKWO|BERHANE|MENSAH|KOWALCZYK|NOVAK',
);

/** `LAST, FIRST`, `LAST, FIRST M` or `LAST, FIRST MIDDLE` in the office's upper case. */
export function examinerName(rng: Rng): string {
  const base = `${rng.pick(EXAMINER_LAST)}, ${rng.pick(EXAMINER_FIRST)}`;
  const r = rng.next();
  return r < 0.35 ? base : r < 0.7 ? `${base} ${rng.pick(INITIALS).charAt(0)}` : `${base} ${rng.pick(EXAMINER_MIDDLE)}`;
}

// ---------------------------------------------------------------------------------------
// Organisations.

export interface LawFirm {
  name: string;
  customerNumber: number;
  place: Place;
  addressLine: string;
  postalCode: string;
  docketStyle: number;
}

const FIRM_NAMES = list(
  'HALVORSEN & TRIPP LLP|WEXLER BRANDT PLLC|MARLOWE IP GROUP|CASTELLANO & REED LLP|FINCH, OYELARAN & ABBOTT LLP|STRATTON PATENT LAW|BRIGHTWATER LEGAL LLP|KESTREL IP LAW, P.C.|DUNMORE HASKELL LLP|ORCHARD & VANCE LLP|PINEHURST MACKENZIE LLP|SILVERLAKE PATENT GROUP|HOLLAND QUARRY LLP|TANAKA & WELLS IP|ASHGROVE BENNETT LLP|REDFERN, CHO & PARTNERS LLP|LINDQVIST & MORROW PLLC|CRESTVIEW IP LLC|BAYSIDE INTELLECTUAL PROPERTY LAW|KNOLL & ARDEN LLP',
);

function buildLawFirms(rng: Rng): LawFirm[] {
  return FIRM_NAMES.map((name) => {
    const place = pickPlace(rng, 'US');
    return {
      name,
      customerNumber: rng.chance(0.3) ? rng.int(2000, 60000) : rng.int(100000, 199999),
      place,
      addressLine: rng.chance(0.4)
        ? `P.O. BOX ${rng.int(1000, 99999)}`
        : `${rng.int(100, 9999)} ${rng.pick(list('MAIN STREET|MARKET STREET|CONGRESS AVENUE|PEACHTREE STREET|FIFTH AVENUE|LAKE SHORE DRIVE'))}`,
      postalCode: `${rng.int(10000, 99999)}`,
      docketStyle: rng.int(0, 5),
    };
  });
}

/** Docket numbers in the styles firms use (`PLUSP040X1C4US`, `1982-1042PUS1`, `CP123010099E-US`). */
export function docketNumber(rng: Rng, firm: LawFirm, stem: string): string {
  const letters = stem
    .replace(/[^A-Z]/gi, '')
    .toUpperCase()
    .slice(0, 4)
    .padEnd(4, 'X');
  const n = (digits: number) => String(rng.int(0, 10 ** digits - 1)).padStart(digits, '0');
  switch (firm.docketStyle) {
    case 0:
      return `${letters}P${n(3)}US`;
    case 1:
      return `${n(4)}-${n(4)}PUS${rng.int(1, 3)}`;
    case 2:
      return `CP${n(9)}E-US`;
    case 3:
      return `${n(5)}.${n(4)}US${rng.int(1, 2).toString().padStart(2, '0')}`;
    case 4:
      return `${letters}-${n(5)}-US`;
    default:
      return `${n(6)}US`;
  }
}

type Style = 'inc' | 'corp' | 'llc' | 'kr' | 'cn' | 'gmbh' | 'ag' | 'tw' | 'uc' | 'univ';
/** The spelling a company files under most often. */
const USUAL: Readonly<Record<Style, (stem: string) => string>> = {
  inc: (s) => `${s}, Inc.`,
  corp: (s) => `${s} Corporation`,
  llc: (s) => `${s}, LLC`,
  kr: (s) => `${s} Co., Ltd.`,
  cn: (s) => `${s} Technology Co., Ltd.`,
  gmbh: (s) => `${s} GmbH`,
  ag: (s) => `${s} AG`,
  tw: (s) => `${s} Manufacturing Company, Ltd.`,
  uc: (s) => `The Regents of the University of ${s}`,
  univ: (s) => `${s} University`,
};

export interface Company {
  stem: string;
  /** Its spellings, the usual one first (variation.ts `companySpellings`). */
  variants: string[];
  countryCode: string;
  place: Place;
  /** Relative filing volume: a few big filers, a long tail. */
  weight: number;
  small: boolean;
  technologies: string[];
  firm: LawFirm;
}

// stem | style | country | weight | small (s) or large (l) | technology keys
const COMPANY_TABLE = `Hanbit Electronics|kr|KR|9|l|semiconductors imaging networking batteries
Kazeyama Electronics|corp|JP|8|l|imaging optics semiconductors consumer
Quantix Software|corp|US|7|l|software security business
Northwind Semiconductor|inc|US|6|l|semiconductors security optics
Bluepeak Networks|inc|US|6|l|networking software security
Hsinwei Microelectronics|tw|TW|5|l|semiconductors optics
Shenzhen Longhai|cn|CN|5|l|networking imaging batteries
Ironbridge Motors|corp|US|4|l|vehicles mechanical batteries
Rheinfeld Automotive|gmbh|DE|4|l|vehicles mechanical
Helix Therapeutics|inc|US|4|l|pharma
Cascade Medical Devices|inc|US|4|l|medical
Tsubame Motor|corp|JP|3|l|vehicles mechanical
Polaris Materials|corp|US|3|l|materials batteries
Kessler Medizintechnik|ag|DE|3|l|medical optics
Daesan Display|kr|KR|3|l|imaging optics
Redwood Energy Storage|inc|US|2|l|batteries
Meridian Payments|llc|US|2|l|business software
Hoshino Optical|corp|JP|2|l|optics imaging
Asahara Chemical|corp|JP|2|l|materials pharma
Baumhaus Maschinenbau|gmbh|DE|2|l|mechanical
Sierra Biologics|inc|US|2|l|pharma
Hangzhou Qingyun|cn|CN|2|l|software business
Orbital Dynamics|corp|US|2|l|vehicles optics
Harbor Home Products|llc|US|1.5|l|consumer
Acme Widgets|inc|US|1.5|l|consumer mechanical
Granite Security|inc|US|1.5|l|security
Seoryun Chemical|kr|KR|1.5|l|materials
Beijing Tianhe Intelligent|cn|CN|1.5|l|software vehicles
Westbrook|uc|US|3|s|pharma materials medical batteries
Lakeshore|univ|US|2|s|software imaging pharma
Vantage Robotics|inc|US|1.5|s|vehicles
Lumen Optics|llc|US|1.2|s|optics
Kinetic Surgical|inc|US|1.2|s|medical
Voltanic Cells|inc|US|1|s|batteries
Brightline Diagnostics|inc|US|1.2|s|pharma medical
Tidewater Analytics|llc|US|1.2|s|software business
Fernhill Biosciences|inc|US|1|s|pharma
Copperleaf Devices|llc|US|1|s|consumer medical
Nimbus Edge|inc|US|1|s|networking software
Saltmarsh Foods Equipment|llc|US|0.8|s|consumer
Quillfeather Labs|inc|US|0.8|s|software
Greyhawk Sensors|corp|US|0.8|s|optics vehicles
Ember Thermal|llc|US|0.8|s|mechanical`;

const CAST_SEED = 'patent-status synthetic cast v1';

/**
 * The fixed cast every corpus shares: law firms and applicant companies, drawn from a seed of
 * their own, so every generator (file wrapper, assignments) sees the same companies. The random
 * stream is returned positioned after them (the examiners are drawn from it next).
 */
export function buildCast(): { rng: Rng; firms: LawFirm[]; companies: Company[] } {
  const rng = new Rng(CAST_SEED);
  const firms = buildLawFirms(rng);
  return { rng, firms, companies: buildCompanies(rng, firms) };
}

function buildCompanies(rng: Rng, firms: readonly LawFirm[]): Company[] {
  const taken = new Set<string>();
  return COMPANY_TABLE.split('\n').map((line) => {
    const [stem, style, countryCode, weight, size, techs] = line.split('|') as [string, Style, string, string, string, string];
    return {
      stem,
      variants: companySpellings(USUAL[style](stem), stem, {}, taken),
      countryCode,
      place: pickPlace(rng, countryCode),
      weight: Number(weight),
      small: size === 's',
      technologies: techs.split(' '),
      firm: rng.pick(firms),
    };
  });
}
