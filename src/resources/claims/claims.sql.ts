import type { Queryable } from '../../db/database.js';
import type { Claim } from '../../domain/claim.js';

export interface DocumentRow {
  doc_number: string;
  doc_type: 'grant' | 'publication';
  kind: string;
  application_number: string | null;
  date: string;
  title: string | null;
  abstract: string | null;
  cpc: string[];
  claims: Claim[];
  source_product: string;
  source_file_date: string;
}

const COLUMNS = /* SQL */ `d.doc_number, d.doc_type, d.kind, d.application_number, d.date, d.title, d.abstract, d.cpc, c.claims, d.source_product, d.source_file_date`;

export async function findGrant(db: Queryable, patentNumber: string): Promise<DocumentRow | null> {
  const { rows } = await db.query<DocumentRow>(
    /* SQL */ `SELECT ${COLUMNS} FROM documents d JOIN document_claims c USING (doc_number) WHERE d.doc_number = $1 AND d.doc_type = 'grant'`,
    [patentNumber],
    { name: 'claims_find_grant' },
  );
  return rows[0] ?? null;
}

/** Every loaded kind of one publication (A1, A2, A9): the caller picks the printed one or the latest. */
export async function findPublications(db: Queryable, publicationKey: string): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(
    /* SQL */ `SELECT ${COLUMNS} FROM documents d JOIN document_claims c USING (doc_number) WHERE d.publication_key = $1 AND d.doc_type = 'publication'`,
    [publicationKey],
    { name: 'claims_find_publications' },
  );
  return rows;
}
