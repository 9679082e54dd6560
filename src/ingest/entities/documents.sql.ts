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

export async function findDocumentParties(db: Queryable, docNumbers: readonly string[]): Promise<DocumentPartyRow[]> {
  const { rows } = await db.query<DocumentPartyRow>(
    /* SQL */ `SELECT doc_number, application_number, role, seq, name, last_name, first_name, middle_name, city, region, country
               FROM document_parties WHERE doc_number = ANY($1::text[])`,
    [docNumbers],
  );
  return rows;
}
