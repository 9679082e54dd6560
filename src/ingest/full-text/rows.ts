import { createHash } from 'node:crypto';
import type { CopyValue } from '../../db/copy-text.js';
import { documentCpcLevels } from '../../domain/cpc.js';
import { parsePublicationNumber } from '../../domain/numbers.js';
import type { BackwardCitation, FullTextDocument } from './document.js';

/** Same document (its parties included), same hash: a re-ingest of an unchanged document writes nothing. */
export function documentHash(document: FullTextDocument): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('base64url');
}

/** The `documents` row of one document, as `upsertDocuments` expands it. */
export function documentRow(document: FullTextDocument, hash: string) {
  return {
    doc_number: document.docNumber,
    doc_type: document.docType,
    kind: document.kind,
    publication_key: document.docType === 'publication' ? (parsePublicationNumber(document.docNumber)?.bareKey ?? null) : null,
    application_number: document.applicationNumber,
    date: document.date,
    filing_date: document.filingDate,
    title: document.title,
    abstract: document.abstract,
    cpc: document.cpc,
    cpc_levels: documentCpcLevels(document.cpc),
    claims: document.claims,
    // Canceled claims say nothing about the invention: they are not searched.
    claims_text: document.claims
      .filter((claim) => !claim.canceled)
      .map((claim) => claim.text)
      .join('\n'),
    dtd_version: document.dtdVersion,
    content_hash: hash,
  };
}

/** One COPY row per backward citation, in front-page order (CITATION_COLUMNS). */
export function citationRows(document: FullTextDocument): CopyValue[][] {
  return document.citations.map((citation, index) => citationRow(document.docNumber, index + 1, citation));
}

function citationRow(citing: string, position: number, c: BackwardCitation): CopyValue[] {
  const base = { number: null, country: null, kind: null, name: null, date: null, text: null, raw: null, defect: null };
  const v: { [K in keyof typeof base]: string | null } =
    c.group === 'patents'
      ? { ...base, number: c.number, kind: c.kind, name: c.name, date: c.date }
      : c.group === 'publications'
        ? { ...base, number: c.number, name: c.name, date: c.date }
        : c.group === 'foreign'
          ? { ...base, number: c.number, country: c.country, kind: c.kind, date: c.date }
          : c.group === 'npl'
            ? { ...base, text: c.text }
            : { ...base, raw: c.raw, defect: c.defect };
  return [citing, position, c.group, v.number, v.country, v.kind, v.name, v.date, v.text, v.raw, v.defect, c.category, c.categoryDetail];
}

/** One COPY row per party (PARTY_COLUMNS); entity_id is left to entity resolution. */
export function partyRows(document: FullTextDocument): CopyValue[][] {
  return document.parties.map((p) => [
    document.docNumber,
    document.applicationNumber,
    p.role,
    p.seq,
    p.name,
    p.lastName,
    p.firstName,
    p.middleName,
    p.city,
    p.region,
    p.country,
  ]);
}

/** The grant_terms row of a grant that prints a term fact or a PCT filing (GRANT_TERM_COLUMNS); none otherwise. */
export function grantTermRows(document: FullTextDocument): CopyValue[][] {
  const { term, pct } = document;
  const row: CopyValue[] = [
    document.docNumber,
    term?.extensionDays ?? null,
    term?.lengthOfGrant ?? null,
    term?.disclaimer ?? null,
    pct?.number ?? null,
    pct?.filingDate ?? null,
    pct?.date371 ?? null,
  ];
  return row.slice(1).some((value) => value !== null) ? [row] : [];
}

/** One grant_relations row per link, numbered from 1 in printed order (GRANT_RELATION_COLUMNS). */
export function grantRelationRows(document: FullTextDocument): CopyValue[][] {
  return document.relations.map((r, index) => [
    document.docNumber,
    index + 1,
    r.relation,
    r.parentNumber,
    r.parentFilingDate,
    r.parentStatus,
    r.parentPatentNumber,
    r.parentPatentDate,
    r.childNumber,
  ]);
}
