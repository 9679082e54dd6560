/**
 * The assignment tables (migration 0009), written a batch at a time inside the runner's
 * transaction: changed recordations are replaced whole (their parties and properties go with
 * them, ON DELETE CASCADE), purged ones deleted.
 */
import type { Queryable } from '../../db/database.js';

export async function findStoredHashes(tx: Queryable, reelFrames: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ reel_frame: string; content_hash: string }>(
    /* SQL */ `SELECT reel_frame, content_hash FROM assignments WHERE reel_frame = ANY($1::text[])`,
    [reelFrames],
  );
  return new Map(rows.map((row) => [row.reel_frame, row.content_hash]));
}

export interface HeldProperty {
  application_number: string;
  patent_number: string | null;
}

/** The applications held that the properties name, by application or by patent number. */
export async function findHeldApplications(
  tx: Queryable,
  applicationNumbers: readonly string[],
  patentNumbers: readonly string[],
): Promise<HeldProperty[]> {
  const { rows } = await tx.query<HeldProperty>(
    /* SQL */ `SELECT application_number, patent_number FROM applications
               WHERE application_number = ANY($1::text[]) OR patent_number = ANY($2::text[])`,
    [applicationNumbers, patentNumbers],
  );
  return rows;
}

/** Deletes recordations (purged, or about to be written again); returns how many were stored. */
export async function deleteAssignments(tx: Queryable, reelFrames: readonly string[]): Promise<number> {
  if (reelFrames.length === 0) return 0;
  const { rowCount } = await tx.query(/* SQL */ `DELETE FROM assignments WHERE reel_frame = ANY($1::text[])`, [reelFrames]);
  return rowCount;
}

export async function insertAssignments(
  tx: Queryable,
  json: { assignments: string; parties: string; properties: string },
  file: { product: string; fileDate: string; now: Date },
): Promise<void> {
  await tx.query(
    /* SQL */ `INSERT INTO assignments (reel_frame, reel, frame, recorded_date, last_update_date, page_count, conveyance_text,
                 conveyance_type, correspondent, property_count, content_hash, source_product, source_file_date, first_seen_at, updated_at)
               SELECT r.reel_frame, r.reel, r.frame, r.recorded_date, r.last_update_date, r.page_count, r.conveyance_text,
                 r.conveyance_type, r.correspondent, r.property_count, r.content_hash, $2, $3, $4, $4
               FROM json_to_recordset($1::json) AS r(reel_frame text, reel integer, frame integer, recorded_date date,
                 last_update_date date, page_count integer, conveyance_text text, conveyance_type text, correspondent jsonb,
                 property_count integer, content_hash text)`,
    [json.assignments, file.product, file.fileDate, file.now],
  );
  await tx.query(
    /* SQL */ `INSERT INTO assignment_parties (reel_frame, role, seq, name, name_type, normalized_name, execution_date,
                 acknowledged_date, address_lines, city, state, postcode, country)
               SELECT r.reel_frame, r.role, r.seq, r.name, r.name_type, r.normalized_name, r.execution_date,
                 r.acknowledged_date, r.address_lines, r.city, r.state, r.postcode, r.country
               FROM json_to_recordset($1::json) AS r(reel_frame text, role text, seq integer, name text, name_type text,
                 normalized_name text, execution_date date, acknowledged_date date, address_lines text[], city text,
                 state text, postcode text, country text)`,
    [json.parties],
  );
  await tx.query(
    /* SQL */ `INSERT INTO assignment_properties (reel_frame, seq, application_number, patent_number, publication_number,
                 international_registration, filing_date, grant_date, publication_date, title)
               SELECT r.reel_frame, r.seq, r.application_number, r.patent_number, r.publication_number,
                 r.international_registration, r.filing_date, r.grant_date, r.publication_date, r.title
               FROM json_to_recordset($1::json) AS r(reel_frame text, seq integer, application_number text, patent_number text,
                 publication_number text, international_registration text, filing_date date, grant_date date,
                 publication_date date, title text)`,
    [json.properties],
  );
}

/**
 * The Application's `counts.assignments` (a column this product owns, migration 0007): the
 * recordations covering the application or the patent granted on it, recounted for the
 * applications a batch touched.
 */
export async function recountApplications(tx: Queryable, applicationNumbers: readonly string[]): Promise<void> {
  if (applicationNumbers.length === 0) return;
  await tx.query(
    /* SQL */ `UPDATE applications a SET assignment_count = (
                 SELECT count(DISTINCT p.reel_frame) FROM assignment_properties p
                 WHERE p.application_number = a.application_number
                    OR (a.patent_number IS NOT NULL AND p.patent_number = a.patent_number))
               WHERE a.application_number = ANY($1::text[])`,
    [applicationNumbers],
  );
}
