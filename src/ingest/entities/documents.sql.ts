/** The parties printed on grants and publications (document_parties, migration 0012), as entity resolution reads and marks them. */
import type { Queryable } from '../../db/database.js';

export interface DocumentPartyRow {
  doc_number: string;
  application_number: string | null;
  role: 'applicant' | 'inventor' | 'assignee';
  seq: number;
  name: string;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

/** The next `limit` documents after `after` with parties not resolved yet (keyset: see findUnresolvedApplications). */
export async function findUnresolvedDocuments(db: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ doc_number: string }>(
    /* SQL */ `SELECT DISTINCT doc_number FROM document_parties WHERE entity_id IS NULL AND doc_number > $1 ORDER BY doc_number LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => row.doc_number);
}

export async function findDocumentsAfter(db: Queryable, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ doc_number: string }>(
    /* SQL */ `SELECT DISTINCT doc_number FROM document_parties WHERE doc_number > $1 ORDER BY doc_number LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => row.doc_number);
}

export async function findDocumentParties(db: Queryable, docNumbers: readonly string[]): Promise<DocumentPartyRow[]> {
  const { rows } = await db.query<DocumentPartyRow>(
    /* SQL */ `SELECT doc_number, application_number, role, seq, name, last_name, first_name, middle_name, city, region, country
               FROM document_parties WHERE doc_number = ANY($1::text[])`,
    [docNumbers],
  );
  return rows;
}

export async function setDocumentPartyEntities(
  tx: Queryable,
  rows: readonly { doc_number: string; role: string; seq: number; entity_id: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    /* SQL */ `UPDATE document_parties p SET entity_id = u.entity_id
               FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS u(doc_number, role, seq, entity_id)
               WHERE p.doc_number = u.doc_number AND p.role = u.role AND p.seq = u.seq
                 AND p.entity_id IS DISTINCT FROM u.entity_id`,
    [rows.map((r) => r.doc_number), rows.map((r) => r.role), rows.map((r) => r.seq), rows.map((r) => r.entity_id)],
  );
}
