/**
 * The assignment tables (migration 0009), written a batch at a time inside the runner's
 * transaction: changed recordations are replaced whole (their parties and properties deleted
 * with them; migration 0013 dropped the foreign keys that cascaded), purged ones deleted.
 */
import { copyLines, defineCopyColumns, defineCopyTable, joinCopyTable } from '../../db/copy-rows.js';
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

/** A recordation's own columns, written once as it is read (rows.ts) and hashed with its parties and properties. */
export interface RecordationRow {
  reel_frame: string;
  reel: number;
  frame: number;
  recorded_date: string;
  last_update_date: string | null;
  page_count: number | null;
  conveyance_text: string;
  conveyance_type: string;
  /** `{ name, lines }` as JSON. */
  correspondent: string | null;
  property_count: number;
}

const RECORDATION = defineCopyColumns<RecordationRow>()([
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
]);

/** The columns a recordation's batch adds: its hash and the file's provenance. */
const RECORDATION_BATCH = defineCopyColumns<{
  content_hash: string;
  source_product: string;
  source_file_date: string;
  first_seen_at: string;
  updated_at: string;
}>()(['content_hash', 'source_product', 'source_file_date', 'first_seen_at', 'updated_at']);

export const ASSIGNMENTS = joinCopyTable('assignments', RECORDATION, RECORDATION_BATCH);

export interface PartyRow {
  reel_frame: string;
  role: 'assignor' | 'assignee';
  /** Counts within the role from 0. */
  seq: number;
  name: string;
  name_type: string | null;
  normalized_name: string;
  execution_date: string | null;
  acknowledged_date: string | null;
  /** A `text[]` literal (db/copy-text.ts `arrayLiteral`). */
  address_lines: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}

export const PARTIES = defineCopyTable<PartyRow>()('assignment_parties', [
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
]);

export interface PropertyRow {
  reel_frame: string;
  seq: number;
  application_number: string | null;
  patent_number: string | null;
  publication_number: string | null;
  international_registration: string | null;
  filing_date: string | null;
  grant_date: string | null;
  publication_date: string | null;
  title: string | null;
}

export const PROPERTIES = defineCopyTable<PropertyRow>()('assignment_properties', [
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
]);

/**
 * New and changed recordations (the changed ones deleted first), in the COPY text rows.ts writes
 * with the declarations above. COPY, not `json_to_recordset`: the server spent ~9 s of CPU on
 * the benchmark's 81,000 recordations expanding them from JSON, ~6.5 s by COPY, ~2.9 s once the
 * children's foreign keys were gone (migration 0013).
 */
export async function copyAssignments(tx: Queryable, text: { assignments: string; parties: string; properties: string }): Promise<void> {
  await copyLines(tx, ASSIGNMENTS, text.assignments);
  await copyLines(tx, PARTIES, text.parties);
  await copyLines(tx, PROPERTIES, text.properties);
}
