/**
 * The assignment tables (migration 0009), written a batch at a time inside the runner's
 * transaction: changed recordations are replaced whole (their parties and properties deleted
 * with them; migration 0013 dropped the foreign keys that cascaded), purged ones deleted.
 */
import type { Queryable } from '../../db/database.js';

export { findHeldApplications, type HeldProperty } from '../../db/held-applications.sql.js';

export async function findStoredHashes(tx: Queryable, reelFrames: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ reel_frame: string; content_hash: string }>(
    /* SQL */ `SELECT reel_frame, content_hash FROM assignments WHERE reel_frame = ANY($1::text[])`,
    [reelFrames],
  );
  return new Map(rows.map((row) => [row.reel_frame, row.content_hash]));
}

/**
 * Deletes recordations with their parties and properties (purged, or about to be written again);
 * returns how many were stored. The applications the deleted properties covered (by application
 * number, or by the patent of one held) go on entity resolution's relink queue (migration 0014):
 * their portfolio links may rest on these parties.
 */
export async function deleteAssignments(tx: Queryable, reelFrames: readonly string[]): Promise<number> {
  if (reelFrames.length === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(
    /* SQL */ `WITH parties AS (DELETE FROM assignment_parties WHERE reel_frame = ANY($1::text[])),
                    properties AS (DELETE FROM assignment_properties WHERE reel_frame = ANY($1::text[])
                                   RETURNING application_number, patent_number),
                    queued AS (INSERT INTO entity_relink_queue (application_number)
                               SELECT application_number FROM properties WHERE application_number IS NOT NULL
                               UNION
                               SELECT h.application_number FROM properties p JOIN applications h ON h.patent_number = p.patent_number
                               WHERE p.application_number IS NULL
                               ON CONFLICT (application_number) DO NOTHING),
                    recordations AS (DELETE FROM assignments WHERE reel_frame = ANY($1::text[]) RETURNING 1)
               SELECT count(*)::int AS n FROM recordations`,
    [reelFrames],
  );
  return rows[0]!.n;
}

const ASSIGNMENT_COLUMNS = [
  'reel_frame',
  'reel',
  'frame',
  'recorded_date',
  'last_update_date',
  'page_count',
  'conveyance_text',
  'conveyance_type',
  'correspondent',
  'property_count',
  'content_hash',
  'source_product',
  'source_file_date',
  'first_seen_at',
  'updated_at',
] as const;
const PARTY_COLUMNS = [
  'reel_frame',
  'role',
  'seq',
  'name',
  'name_type',
  'normalized_name',
  'execution_date',
  'acknowledged_date',
  'address_lines',
  'city',
  'state',
  'postcode',
  'country',
] as const;
const PROPERTY_COLUMNS = [
  'reel_frame',
  'seq',
  'application_number',
  'patent_number',
  'publication_number',
  'international_registration',
  'filing_date',
  'grant_date',
  'publication_date',
  'title',
] as const;

/**
 * New and changed recordations (the changed ones deleted first), in the COPY text rows.ts writes
 * in the order of the column lists above. COPY, not `json_to_recordset`: the server spent ~9 s
 * of CPU on the benchmark's 81,000 recordations expanding them from JSON, ~6.5 s by COPY, ~2.9 s
 * once the children's foreign keys were gone (migration 0013).
 */
export async function copyAssignments(tx: Queryable, text: { assignments: string; parties: string; properties: string }): Promise<void> {
  await tx.copyText('assignments', ASSIGNMENT_COLUMNS, text.assignments);
  await tx.copyText('assignment_parties', PARTY_COLUMNS, text.parties);
  await tx.copyText('assignment_properties', PROPERTY_COLUMNS, text.properties);
}
