import { childTable } from '../../db/child-rows.js';
import { defineCopyColumns, defineCopyTable, joinCopyTable } from '../../db/copy-rows.js';
import type { Queryable } from '../../db/database.js';
import { PRINTED_PARTY_COLUMNS, type PrintedPartyColumns } from '../../ingest/printed-party.js';

export async function findStoredHashes(db: Queryable, docNumbers: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ doc_number: string; content_hash: string }>(
    /* SQL */ `SELECT doc_number, content_hash FROM documents WHERE doc_number = ANY($1::text[])`,
    [docNumbers],
  );
  return new Map(rows.map((row) => [row.doc_number, row.content_hash]));
}

export interface KnownApplication {
  application_number: string;
  patent_number: string | null;
  publication_number: string | null;
}

/** Applications held by the file wrapper tables: events are only recorded for those (spec §6). */
export async function findKnownApplications(db: Queryable, numbers: string[]): Promise<Map<string, KnownApplication>> {
  const { rows } = await db.query<KnownApplication>(
    /* SQL */ `SELECT application_number, patent_number, publication_number FROM applications WHERE application_number = ANY($1::text[])`,
    [numbers],
  );
  return new Map(rows.map((row) => [row.application_number, row]));
}

/**
 * One JSON array of document rows, expanded set-based into `documents`, `document_search` and
 * `document_claims`. The search vector is built here, by the database's own English
 * configuration, from the same text the API serves; it is kept with what a search filters on, in
 * the narrow table a search walks (migration 0030).
 */
export async function upsertDocuments(db: Queryable, rowsJson: string, product: string, fileDate: string, now: Date): Promise<void> {
  await db.query(
    /* SQL */ `INSERT INTO documents AS d (
                 doc_number, doc_type, kind, publication_key, application_number, date, filing_date, title, abstract,
                 cpc, dtd_version, source_product, source_file_date, content_hash, loaded_at)
               SELECT r.doc_number, r.doc_type, r.kind, r.publication_key, r.application_number, r.date, r.filing_date,
                 r.title, r.abstract, COALESCE(r.cpc, '{}'), r.dtd_version, $2, $3, r.content_hash, $4
               FROM json_to_recordset($1::json) AS r(
                 doc_number text, doc_type text, kind text, publication_key text, application_number text, date date,
                 filing_date date, title text, abstract text, cpc text[], dtd_version text, content_hash text)
               ON CONFLICT (doc_number) DO UPDATE SET
                 doc_type = EXCLUDED.doc_type, kind = EXCLUDED.kind, publication_key = EXCLUDED.publication_key,
                 application_number = EXCLUDED.application_number, date = EXCLUDED.date, filing_date = EXCLUDED.filing_date,
                 title = EXCLUDED.title, abstract = EXCLUDED.abstract, cpc = EXCLUDED.cpc, dtd_version = EXCLUDED.dtd_version,
                 source_product = EXCLUDED.source_product, source_file_date = EXCLUDED.source_file_date,
                 content_hash = EXCLUDED.content_hash, loaded_at = EXCLUDED.loaded_at`,
    [rowsJson, product, fileDate, now],
  );
  await db.query(
    /* SQL */ `INSERT INTO document_search (doc_number, doc_type, date, filing_date, application_number, cpc_levels, search)
               SELECT r.doc_number, r.doc_type, r.date, r.filing_date, r.application_number, COALESCE(r.cpc_levels, '{}'),
                 setweight(to_tsvector('english', COALESCE(r.title, '')), 'A') ||
                   setweight(to_tsvector('english', COALESCE(r.abstract, '')), 'B') ||
                   setweight(to_tsvector('english', COALESCE(r.claims_text, '')), 'C')
               FROM json_to_recordset($1::json) AS r(
                 doc_number text, doc_type text, date date, filing_date date, application_number text, title text,
                 abstract text, cpc_levels text[], claims_text text)
               ON CONFLICT (doc_number) DO UPDATE SET
                 doc_type = EXCLUDED.doc_type, date = EXCLUDED.date, filing_date = EXCLUDED.filing_date,
                 application_number = EXCLUDED.application_number, cpc_levels = EXCLUDED.cpc_levels, search = EXCLUDED.search`,
    [rowsJson],
  );
  await db.query(
    /* SQL */ `INSERT INTO document_claims (doc_number, claims)
               SELECT r.doc_number, r.claims FROM json_to_recordset($1::json) AS r(doc_number text, claims jsonb)
               ON CONFLICT (doc_number) DO UPDATE SET claims = EXCLUDED.claims`,
    [rowsJson],
  );
}

export interface CitationRow {
  citing_number: string;
  /** From 1, in front-page order. */
  position: number;
  cited_group: string;
  cited_number: string | null;
  country: string | null;
  kind: string | null;
  name: string | null;
  cited_date: string | null;
  npl_text: string | null;
  raw: string | null;
  defect: string | null;
  category: string;
  category_detail: string | null;
}

/** A grant's front page is printed whole: its citation list is replaced (db/child-rows.ts). */
export const CITATIONS = childTable(
  defineCopyTable<CitationRow>()('citations', [
    'citing_number',
    'position',
    'cited_group',
    'cited_number',
    'country',
    'kind',
    'name',
    'cited_date',
    'npl_text',
    'raw',
    'defect',
    'category',
    'category_detail',
  ]),
  'citing_number',
);

/** A party as printed; entity_id is left to entity resolution. */
export interface PartyRow extends PrintedPartyColumns {
  doc_number: string;
  application_number: string | null;
  role: string;
}

/** Parties are printed with the document and replaced whole with it, like its citations. */
export const DOCUMENT_PARTIES = childTable(
  joinCopyTable(
    'document_parties',
    defineCopyColumns<Omit<PartyRow, keyof PrintedPartyColumns>>()(['doc_number', 'application_number', 'role']),
    PRINTED_PARTY_COLUMNS,
  ),
  'doc_number',
);

export interface GrantTermRow {
  doc_number: string;
  term_extension_days: number | null;
  length_of_grant: number | null;
  disclaimer: string | null;
  pct_number: string | null;
  pct_filing_date: string | null;
  pct_371_date: string | null;
}

/** A grant's printed term facts and PCT filing, one row when it prints any, replaced with the grant. */
export const GRANT_TERMS = childTable(
  defineCopyTable<GrantTermRow>()('grant_terms', [
    'doc_number',
    'term_extension_days',
    'length_of_grant',
    'disclaimer',
    'pct_number',
    'pct_filing_date',
    'pct_371_date',
  ]),
  'doc_number',
);

export interface GrantRelationRow {
  doc_number: string;
  /** From 1, in printed order. */
  seq: number;
  relation: string;
  parent_number: string;
  parent_filing_date: string | null;
  parent_status: string | null;
  parent_patent_number: string | null;
  parent_patent_date: string | null;
  child_number: string | null;
}

/** A grant's related-document links in printed order, replaced with the grant. */
export const GRANT_RELATIONS = childTable(
  defineCopyTable<GrantRelationRow>()('grant_relations', [
    'doc_number',
    'seq',
    'relation',
    'parent_number',
    'parent_filing_date',
    'parent_status',
    'parent_patent_number',
    'parent_patent_date',
    'child_number',
  ]),
  'doc_number',
);
