/**
 * The facts a full-text document needs about its application, taken from the ODP record the
 * file wrapper generator produces for it (so numbers, dates, titles, CPC symbols, parties and
 * continuity are the corpus's own, by construction). A few hundred bytes of JSON per document:
 * full-text.ts spools them to disk and renders documents from them week by week.
 *
 * Continuity as of the document's date needs the parent's grant and publication, which its own
 * record does not carry: parents are emitted before their children (a family is emitted in
 * filing order, one family at a time), so a small cache of recent records has them.
 */
import { cpcSymbol } from '../../../../src/domain/cpc.js';
import { statusCategory } from '../core/codes.js';
import type { OdpAddress, OdpRecord } from '../file-wrapper/types.js';
import { TECHNOLOGIES } from '../core/technology.js';

export type FullTextType = 'UTL' | 'DES' | 'PLT' | 'REI';

export interface Place {
  city: string;
  state: string | null;
  country: string;
}

export interface Inventor extends Place {
  /** First name with any middle initial, as the XML prints it (`Steven J.`). */
  first: string;
  last: string;
}

export interface GrantFacts {
  /** Canonical patent number (`11646472`, `D1000123`, `PP35012`, `RE50001`). */
  number: string;
  /** `YYYY-MM-DD`, a Tuesday. */
  date: string;
  /** B1/B2 (utility), S1 (design), P2/P3 (plant), E1 (reissue). */
  kind: string;
  /** Patent term adjustment in days. */
  pta: number;
}

export interface PublicationFacts {
  /** Printed form `US20230080311A1`. */
  number: string;
  /** `YYYY-MM-DD`, a Thursday. */
  date: string;
}

export interface ParentFacts {
  relation: 'CON' | 'DIV' | 'CIP' | 'PRO';
  parent: string;
  parentFiling: string;
  child: string;
  /** The parent's own patent and publication (corpus parents); printed only when dated before the document. */
  patent: { number: string; date: string; kind: string } | null;
  publication: PublicationFacts | null;
  /** Day the parent was abandoned, if it was. */
  abandoned: string | null;
}

export interface DocFacts {
  app: string;
  type: FullTextType;
  filing: string;
  title: string;
  /** Canonical symbols, main first (the file wrapper record's order). */
  cpc: string[];
  uspc: string | null;
  /** technology.ts key, or `design` / `plant`. */
  tech: string;
  examiner: string | null;
  artUnit: string | null;
  applicant: Place & { name: string };
  /** The applicant is the (first) inventor: no company. */
  individual: boolean;
  inventors: Inventor[];
  firm: string;
  grant: GrantFacts | null;
  publication: PublicationFacts | null;
  parents: ParentFacts[];
}

interface Related {
  patent: ParentFacts['patent'];
  publication: PublicationFacts | null;
  abandoned: string | null;
}

const RELATIONS = new Set(['CON', 'DIV', 'CIP', 'PRO']);
const TECH_BY_CPC = new Map(TECHNOLOGIES.flatMap((t) => t.cpc.map((symbol) => [symbol, t.key] as const)));
const TECH_BY_UNIT = new Map(TECHNOLOGIES.flatMap((t) => t.artUnits.map((unit) => [unit, t.key] as const)));

/** The technology whose vocabulary a document uses: from its CPC symbols, else its art unit. */
export function technologyOf(type: string, cpc: readonly string[], artUnit: string | null): string {
  if (type === 'DES') return 'design';
  if (type === 'PLT') return 'plant';
  for (const symbol of cpc) {
    const key = TECH_BY_CPC.get(symbol);
    if (key) return key;
  }
  return (artUnit && TECH_BY_UNIT.get(artUnit)) || 'software';
}

function place(a: OdpAddress | undefined): Place {
  return { city: a?.cityName ?? '', state: a?.geographicRegionCode ?? null, country: a?.countryCode ?? 'US' };
}

/** Recent records' grant, publication and abandonment, for their continuing applications. */
export class RelatedCache {
  private readonly entries = new Map<string, Related>();

  constructor(private readonly capacity = 1024) {}

  remember(number: string, related: Related): void {
    this.entries.set(number, related);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get(number: string): Related | undefined {
    return this.entries.get(number);
  }
}

/** B1/B2, S1, P2/P3 or E1: utility and plant kinds say whether the application was published first. */
export function grantKind(type: string, publishedFirst: boolean): string {
  if (type === 'DES') return 'S1';
  if (type === 'PLT') return publishedFirst ? 'P3' : 'P2';
  if (type === 'REI') return 'E1';
  return publishedFirst ? 'B2' : 'B1';
}

/**
 * The record's facts, or null for a provisional and (unless `all`) for an application without
 * grant or publication (nothing to print). Updates `related` either way.
 */
export function factsFromRecord(record: OdpRecord, related: RelatedCache, all = false): DocFacts | null {
  const m = record.applicationMetaData;
  const type = m.applicationTypeCode;
  const publication: PublicationFacts | null =
    m.earliestPublicationNumber && m.earliestPublicationDate
      ? { number: m.earliestPublicationNumber, date: m.earliestPublicationDate }
      : null;
  let grant: GrantFacts | null = null;
  if (m.patentNumber && m.grantDate) {
    const kind = grantKind(type, publication !== null && publication.date < m.grantDate);
    grant = { number: m.patentNumber, date: m.grantDate, kind, pta: record.patentTermAdjustmentData?.adjustmentTotalQuantity ?? 0 };
  }
  const abandoned = statusCategory(m.applicationStatusCode) === 'abandoned' ? m.applicationStatusDate : null;
  related.remember(record.applicationNumberText, {
    patent: grant && { number: grant.number, date: grant.date, kind: grant.kind },
    publication,
    abandoned,
  });
  if ((grant === null && publication === null && !all) || type === 'PRV') return null;

  const cpc = (m.cpcClassificationBag ?? []).map(cpcSymbol).filter((s): s is string => s !== null);
  const inventors: Inventor[] = m.inventorBag.map((i) => ({
    first: i.middleName ? `${i.firstName} ${i.middleName}` : i.firstName,
    last: i.lastName,
    ...place(i.correspondenceAddressBag[0]),
  }));
  const applicant = m.applicantBag[0];
  const parents: ParentFacts[] = [];
  for (const p of record.parentContinuityBag ?? []) {
    if (!RELATIONS.has(p.claimParentageTypeCode)) continue;
    const known = related.get(p.parentApplicationNumberText);
    parents.push({
      relation: p.claimParentageTypeCode as ParentFacts['relation'],
      parent: p.parentApplicationNumberText,
      parentFiling: p.parentApplicationFilingDate,
      child: p.childApplicationNumberText,
      patent: known?.patent ?? null,
      publication: known?.publication ?? null,
      abandoned: known?.abandoned ?? null,
    });
  }
  return {
    app: record.applicationNumberText,
    type: type as FullTextType,
    filing: m.filingDate,
    title: m.inventionTitle,
    cpc,
    uspc: m.uspcSymbolText ?? null,
    tech: technologyOf(type, cpc, m.groupArtUnitNumber ?? null),
    examiner: m.examinerNameText ?? null,
    artUnit: m.groupArtUnitNumber ?? null,
    applicant: { name: applicant?.applicantNameText ?? m.firstApplicantName, ...place(applicant?.correspondenceAddressBag[0]) },
    individual: m.inventorBag.length > 0 && m.firstApplicantName === m.inventorBag[0]!.inventorNameText,
    inventors,
    firm: record.correspondenceAddressBag[0]?.nameLineOneText ?? '',
    grant,
    publication,
    parents,
  };
}
