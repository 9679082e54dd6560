/**
 * The patents of the corpus a PTAB trial can challenge: its granted utility patents, read once
 * from generateApplications (the records writeFileWrapperFile writes, as maintenance-fees.ts
 * reads them) into columns sorted by grant day, so "granted before day d" is a prefix found by
 * binary search. Design, plant and reissue patents are left out: trials against them are rare
 * and their numbers print differently in decisions. About 16 bytes per
 * patent, twice that while reading.
 */
import { generateApplications, type GenerateOptions } from '../file-wrapper/generate.js';
import { buildCast, type Company } from '../core/names.js';
import { day } from '../core/random.js';
import { TECHNOLOGIES } from '../core/technology.js';

const TECHNOLOGY_OF = new Map<string, number>(TECHNOLOGIES.flatMap((t, i) => t.artUnits.map((unit) => [unit, i] as const)));

/** One entry per patent, in grant order. */
export interface PatentColumns {
  applicationNumber: Int32Array;
  patentNumber: Int32Array;
  granted: Int32Array;
  /** 1 when the patent was published before grant (kind B2), else 0 (B1). */
  published: Uint8Array;
  artUnit: Int16Array;
  /** Index into the cast's companies of the applicant, -1 when the inventors applied themselves. */
  owner: Int16Array;
  /** Which of the owner's name variants the corpus prints on this patent. */
  ownerVariant: Uint8Array;
  /** `First Last` of the first inventor, with ` et al` when there are more. */
  inventorName: string[];
}

export class ChallengeablePatents implements PatentColumns {
  readonly size: number;
  readonly applicationNumber: Int32Array;
  readonly patentNumber: Int32Array;
  readonly granted: Int32Array;
  readonly published: Uint8Array;
  readonly artUnit: Int16Array;
  readonly owner: Int16Array;
  readonly ownerVariant: Uint8Array;
  readonly inventorName: string[];
  /** Index into TECHNOLOGIES of the art unit, -1 when unknown. */
  readonly technology: Int8Array;
  /** Each owner company's patents, in grant order. */
  readonly byOwner = new Map<number, Int32Array>();

  constructor(
    readonly companies: readonly Company[],
    /** Granted patents of any type (the default number of trials follows it). */
    readonly grantedTotal: number,
    columns: PatentColumns,
  ) {
    this.size = columns.granted.length;
    ({
      applicationNumber: this.applicationNumber,
      patentNumber: this.patentNumber,
      granted: this.granted,
      published: this.published,
      artUnit: this.artUnit,
      owner: this.owner,
      ownerVariant: this.ownerVariant,
      inventorName: this.inventorName,
    } = columns);
    this.technology = Int8Array.from(this.artUnit, (unit) => TECHNOLOGY_OF.get(String(unit)) ?? -1);
    const lists = new Map<number, number[]>();
    this.owner.forEach((owner, i) => owner >= 0 && (lists.get(owner) ?? lists.set(owner, []).get(owner)!).push(i));
    for (const [owner, list] of [...lists].sort((a, b) => a[0] - b[0])) this.byOwner.set(owner, Int32Array.from(list));
  }

  /** How many patents were granted on or before day `d` (they are indices 0 … n-1). */
  grantedBy(d: number): number {
    return countWhile(this.size, (i) => this.granted[i]! <= d);
  }

  /** The owner's name as the corpus prints it on patent `i`, or null for an inventor-owned patent. */
  ownerName(i: number): string | null {
    const owner = this.owner[i]!;
    return owner < 0 ? null : this.companies[owner]!.variants[this.ownerVariant[i]!]!;
  }
}

/** How many of 0 … n-1 pass `test`, which holds for a prefix of them (binary search). */
export function countWhile(n: number, test: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function readChallengeablePatents(options: GenerateOptions): ChallengeablePatents {
  const { companies } = buildCast();
  const variantOf = new Map<string, readonly [number, number]>();
  companies.forEach((c, i) => c.variants.forEach((v, j) => variantOf.set(v, [i, j])));
  // Read in corpus order, then put in grant order (grantedBy searches it).
  const numbers = (): number[] => [];
  const read = {
    application: numbers(),
    patent: numbers(),
    granted: numbers(),
    published: numbers(),
    artUnit: numbers(),
    owner: numbers(),
  };
  const variants = numbers();
  const inventors: string[] = [];
  let grantedTotal = 0;
  for (const record of generateApplications(options)) {
    const meta = record.applicationMetaData;
    if (!meta.patentNumber || !meta.grantDate) continue;
    grantedTotal++;
    if (meta.applicationTypeCode !== 'UTL' || !/^\d+$/.test(meta.patentNumber)) continue;
    const [owner, variant] = variantOf.get(meta.firstApplicantName) ?? [-1, 0];
    read.application.push(Number(record.applicationNumberText));
    read.patent.push(Number(meta.patentNumber));
    read.granted.push(day(meta.grantDate));
    read.published.push(meta.earliestPublicationNumber ? 1 : 0);
    read.artUnit.push(Number(meta.groupArtUnitNumber ?? 0));
    read.owner.push(owner);
    variants.push(variant);
    inventors.push(meta.inventorBag.length > 1 ? `${meta.firstInventorName} et al` : meta.firstInventorName);
  }
  const order = Int32Array.from(read.granted, (_, i) => i).sort(
    (a, b) => read.granted[a]! - read.granted[b]! || read.patent[a]! - read.patent[b]!,
  );
  const sorted = <T extends Int32Array | Int16Array | Uint8Array>(make: { from(xs: Iterable<number>): T }, column: readonly number[]) =>
    make.from(Array.from(order, (i) => column[i]!));
  return new ChallengeablePatents(companies, grantedTotal, {
    applicationNumber: sorted(Int32Array, read.application),
    patentNumber: sorted(Int32Array, read.patent),
    granted: sorted(Int32Array, read.granted),
    published: sorted(Uint8Array, read.published),
    artUnit: sorted(Int16Array, read.artUnit),
    owner: sorted(Int16Array, read.owner),
    ownerVariant: sorted(Uint8Array, variants),
    inventorName: Array.from(order, (i) => inventors[i]!),
  });
}
