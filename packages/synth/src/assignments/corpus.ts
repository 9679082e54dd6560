/**
 * The corpus the assignment files describe, read once from generateApplications (as
 * maintenance-fees.ts does: the same records writeFileWrapperFile writes, not a re-simulation)
 * into compact per-application columns, with the printable facts spooled to disk
 * (assignment-spool.ts). About 60 bytes of memory per application.
 *
 * People: a family's applications share their inventors (pools.ts draws them once per family), so
 * an inventor is one person across the family and another person in any other family, even with
 * the same name. Families come out of the generator one after another, linked by their
 * continuity data; a person's id is `person:<personBase + position in the inventor list>`.
 */
import { NEVER } from './calendar.js';
import type { EntityRegistry } from './entities.js';
import type { PropertyFacts, PropertySpool } from './spool.js';
import { generateApplications, type GenerateOptions } from '../file-wrapper/generate.js';
import type { OdpRecord } from '../file-wrapper/types.js';
import { day } from '../core/random.js';

const TYPES = ['UTL', 'DES', 'PLT', 'REI', 'PRV'] as const;
export const PRV = 4;
const PATENT_PREFIXES = ['', 'D', 'PP', 'RE'] as const;

export class Corpus {
  readonly size: number;
  readonly applicationNumber: Int32Array;
  readonly filing: Int32Array;
  /** Day the application stopped being property (abandoned, lapsed, provisional expired), else NEVER. */
  readonly end: Int32Array;
  readonly published: Int32Array;
  readonly granted: Int32Array;
  readonly type: Uint8Array;
  /** Entity index of the applicant company, -1 when the inventors applied in their own name. */
  readonly applicant: Int16Array;
  readonly firm: Uint8Array;
  readonly personBase: Int32Array;
  readonly inventors: Uint8Array;
  /** Patent number as prefix index (PATENT_PREFIXES) and digits; digits 0 when not granted. */
  readonly patentPrefix: Uint8Array;
  readonly patentDigits: Int32Array;
  people = 0;
  /** Applications of each applicant entity, by filing day. */
  readonly byApplicant = new Map<number, Int32Array>();

  constructor(size: number) {
    this.size = size;
    this.applicationNumber = new Int32Array(size);
    this.filing = new Int32Array(size);
    this.end = new Int32Array(size);
    this.published = new Int32Array(size).fill(NEVER);
    this.granted = new Int32Array(size).fill(NEVER);
    this.type = new Uint8Array(size);
    this.applicant = new Int16Array(size);
    this.firm = new Uint8Array(size);
    this.personBase = new Int32Array(size);
    this.inventors = new Uint8Array(size);
    this.patentPrefix = new Uint8Array(size);
    this.patentDigits = new Int32Array(size);
  }

  patentNumber(i: number): string | null {
    return this.patentDigits[i] === 0 ? null : PATENT_PREFIXES[this.patentPrefix[i]!] + String(this.patentDigits[i]);
  }

  /** Number of applications of `entity` filed on or before day `d` (binary search). */
  filedBy(entity: number, d: number): number {
    const apps = this.byApplicant.get(entity);
    if (!apps) return 0;
    let lo = 0;
    let hi = apps.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.filing[apps[mid]!]! <= d) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const compactDate = (iso: string) => iso.replace(/-/g, '');

function patentKind(type: string, published: boolean): string {
  if (type === 'DES') return 'S1';
  if (type === 'PLT') return published ? 'P3' : 'P2';
  if (type === 'REI') return 'E';
  return published ? 'B2' : 'B1';
}

/** Reads the corpus of `options` into columns and `spool`; applicants and firms are matched to `registry`. */
export function readCorpus(options: GenerateOptions, registry: EntityRegistry, spool: PropertySpool): Corpus {
  const corpus = new Corpus(options.applications);
  let family = new Set<string>();
  let familyInventors = '';
  let familyBase = 0;
  let i = 0;
  for (const record of generateApplications(options)) {
    const meta = record.applicationMetaData;
    const number = record.applicationNumberText;
    const inventors = meta.inventorBag.map((p) => [p.lastName, p.firstName, p.middleName ?? null] as const);
    const linked = linkedNumbers(record);
    const names = meta.inventorBag.map((p) => p.inventorNameText).join('|');
    if (!(family.has(number) || linked.some((n) => family.has(n))) || names !== familyInventors) {
      family = new Set();
      familyInventors = names;
      familyBase = corpus.people;
      corpus.people += inventors.length;
    }
    family.add(number);
    for (const n of linked) family.add(n);

    const status = meta.applicationStatusCode;
    const ended = status === 250 || status === 159 || (status >= 160 && status <= 169);
    const type = TYPES.indexOf(meta.applicationTypeCode as (typeof TYPES)[number]);
    if (type < 0) throw new RangeError(`application ${number}: unknown type ${meta.applicationTypeCode}`);
    corpus.applicationNumber[i] = Number(number);
    corpus.filing[i] = day(meta.filingDate);
    corpus.end[i] = ended ? day(meta.applicationStatusDate) : NEVER;
    corpus.type[i] = type;
    corpus.applicant[i] = registry.byApplicantName.get(meta.firstApplicantName) ?? -1;
    corpus.firm[i] = registry.firmByName.get(record.correspondenceAddressBag[0]?.nameLineOneText ?? '') ?? 0;
    corpus.personBase[i] = familyBase;
    corpus.inventors[i] = inventors.length;

    const pubNumber = meta.earliestPublicationNumber;
    const pubDate = meta.publicationDateBag?.[0];
    let publication: PropertyFacts['publication'] = null;
    if (pubNumber && pubDate) {
      corpus.published[i] = day(pubDate);
      publication = [pubNumber.slice(2, 13), pubNumber.slice(13), compactDate(pubDate)];
    }
    let patent: PropertyFacts['patent'] = null;
    if (meta.patentNumber && meta.grantDate) {
      const m = /^(D|PP|RE)?(\d+)$/.exec(meta.patentNumber);
      if (!m) throw new RangeError(`application ${number}: unexpected patent number ${meta.patentNumber}`);
      corpus.patentPrefix[i] = PATENT_PREFIXES.indexOf((m[1] ?? '') as (typeof PATENT_PREFIXES)[number]);
      corpus.patentDigits[i] = Number(m[2]);
      corpus.granted[i] = day(meta.grantDate);
      patent = [meta.patentNumber, patentKind(meta.applicationTypeCode, publication !== null), compactDate(meta.grantDate)];
    }
    spool.append({ application: number, filing: compactDate(meta.filingDate), publication, patent, title: meta.inventionTitle, inventors });
    i++;
  }
  if (i !== corpus.size) throw new Error(`the corpus has ${i} applications, expected ${corpus.size}`);
  indexApplicants(corpus);
  return corpus;
}

function linkedNumbers(record: OdpRecord): string[] {
  const out: string[] = [];
  for (const p of record.parentContinuityBag ?? []) out.push(p.parentApplicationNumberText, p.childApplicationNumberText);
  for (const c of record.childContinuityBag ?? []) out.push(c.parentApplicationNumberText, c.childApplicationNumberText);
  return out;
}

function indexApplicants(corpus: Corpus): void {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < corpus.size; i++) {
    const a = corpus.applicant[i]!;
    if (a < 0) continue;
    let list = lists.get(a);
    if (!list) lists.set(a, (list = []));
    list.push(i);
  }
  for (const [entity, apps] of [...lists].sort((x, y) => x[0] - y[0])) {
    apps.sort((x, y) => corpus.filing[x]! - corpus.filing[y]! || x - y);
    corpus.byApplicant.set(entity, Int32Array.from(apps));
  }
}
