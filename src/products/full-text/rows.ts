import { createHash } from 'node:crypto';
import { documentCpcLevels } from '../../domain/cpc.js';
import { parsePublicationNumber } from '../../domain/numbers.js';
import { printedPartyColumns } from '../../ingest/printed-party.js';
import type { BackwardCitation, FullTextDocument } from './document.js';
import type { CitationRow, GrantRelationRow, GrantTermRow, PartyRow } from './load.sql.js';

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

/** One row per backward citation, in front-page order. */
export function citationRows(document: FullTextDocument): CitationRow[] {
  return document.citations.map((citation, index) => citationRow(document.docNumber, index + 1, citation));
}

const NOT_CITED = {
  cited_number: null,
  country: null,
  kind: null,
  name: null,
  cited_date: null,
  npl_text: null,
  raw: null,
  defect: null,
} as const satisfies Partial<CitationRow>;

function citationRow(citing: string, position: number, c: BackwardCitation): CitationRow {
  const cited: Pick<CitationRow, keyof typeof NOT_CITED> =
    c.group === 'patents'
      ? { ...NOT_CITED, cited_number: c.number, kind: c.kind, name: c.name, cited_date: c.date }
      : c.group === 'publications'
        ? { ...NOT_CITED, cited_number: c.number, name: c.name, cited_date: c.date }
        : c.group === 'foreign'
          ? { ...NOT_CITED, cited_number: c.number, country: c.country, kind: c.kind, cited_date: c.date }
          : c.group === 'npl'
            ? { ...NOT_CITED, npl_text: c.text }
            : { ...NOT_CITED, raw: c.raw, defect: c.defect };
  return { citing_number: citing, position, cited_group: c.group, ...cited, category: c.category, category_detail: c.categoryDetail };
}

export function partyRows(document: FullTextDocument): PartyRow[] {
  return document.parties.map((p) => ({
    doc_number: document.docNumber,
    application_number: document.applicationNumber,
    role: p.role,
    ...printedPartyColumns(p, p.seq),
  }));
}

/** The grant_terms row of a grant that prints a term fact or a PCT filing; none otherwise. */
export function grantTermRows(document: FullTextDocument): GrantTermRow[] {
  const { term, pct } = document;
  const row: GrantTermRow = {
    doc_number: document.docNumber,
    term_extension_days: term?.extensionDays ?? null,
    length_of_grant: term?.lengthOfGrant ?? null,
    disclaimer: term?.disclaimer ?? null,
    pct_number: pct?.number ?? null,
    pct_filing_date: pct?.filingDate ?? null,
    pct_371_date: pct?.date371 ?? null,
  };
  const { doc_number: _document, ...facts } = row;
  return Object.values(facts).some((value) => value !== null) ? [row] : [];
}

/** One row per link, numbered from 1 in printed order. */
export function grantRelationRows(document: FullTextDocument): GrantRelationRow[] {
  return document.relations.map((r, index) => ({
    doc_number: document.docNumber,
    seq: index + 1,
    relation: r.relation,
    parent_number: r.parentNumber,
    parent_filing_date: r.parentFilingDate,
    parent_status: r.parentStatus,
    parent_patent_number: r.parentPatentNumber,
    parent_patent_date: r.parentPatentDate,
    child_number: r.childNumber,
  }));
}
