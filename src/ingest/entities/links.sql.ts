/**
 * The SQL of portfolio links (entity_links, migration 0011): what an application's links are
 * made of, and replacing them with each entity's counts moved by the difference.
 */
import type { Queryable } from '../../db/database.js';

export interface HeldApplicationRow {
  application_number: string;
  status_code: number | null;
  status_description: string | null;
  patent_number: string | null;
  grant_date: string | null;
  office_action_count: number;
}

export async function findHeldApplications(db: Queryable, applicationNumbers: readonly string[]): Promise<HeldApplicationRow[]> {
  const { rows } = await db.query<HeldApplicationRow>(
    /* SQL */ `SELECT application_number, status_code, status_description, patent_number, grant_date, office_action_count
               FROM applications WHERE application_number = ANY($1::text[])`,
    [applicationNumbers],
  );
  return rows;
}

export interface LinkEvidenceRow {
  application_number: string;
  role: 'applicant' | 'inventor' | 'assignee';
  entity_id: string;
  /** As printed: an applicant's company key is looked up by it. */
  name: string;
  /** An assignee's company key confidence (entity_keys); null for a person and for the file wrapper's parties. */
  key_confidence: number | null;
  /** The patent a recordation or a grant names, for an application the service does not hold. */
  patent_number: string | null;
  /** A grant's date, likewise. */
  grant_date: string | null;
  /** Named by a recordation (its properties are typed by the submitter), not by the office's own records. */
  by_recordation: boolean;
}

/**
 * Every resolved party linking an entity to the applications: applicants and inventors of the
 * file wrapper, applicants, inventors and assignees printed on grants and publications, and assignees of recordations that move ownership (an assignment, merger, change
 * of name, or an assignment corrected), by application number or by the patent of one held, in
 * the assignment files or in the application's own file wrapper copy.
 */
export async function findLinkEvidence(db: Queryable, applicationNumbers: readonly string[]): Promise<LinkEvidenceRow[]> {
  const { rows } = await db.query<LinkEvidenceRow>(
    /* SQL */ `WITH wanted AS (SELECT unnest($1::text[]) AS application_number),
               properties AS (
                 SELECT x.reel_frame, w.application_number, x.patent_number
                 FROM wanted w JOIN assignment_properties x ON x.application_number = w.application_number
                 UNION
                 SELECT x.reel_frame, h.application_number, x.patent_number
                 FROM wanted w JOIN applications h ON h.application_number = w.application_number
                 JOIN assignment_properties x ON x.patent_number = h.patent_number AND x.application_number IS NULL)
               SELECT p.application_number, p.role, p.entity_id, p.name, NULL::real AS key_confidence, NULL AS patent_number,
                      NULL::date AS grant_date, false AS by_recordation
               FROM wanted w JOIN application_parties p USING (application_number)
               WHERE p.entity_id <> ''
               UNION ALL
               SELECT d.application_number, d.role, d.entity_id, d.name, NULL, CASE doc.doc_type WHEN 'grant' THEN doc.doc_number END,
                      CASE doc.doc_type WHEN 'grant' THEN doc.date END, false
               FROM wanted w JOIN document_parties d ON d.application_number = w.application_number
               JOIN documents doc ON doc.doc_number = d.doc_number
               WHERE d.entity_id <> ''
               UNION ALL
               SELECT pr.application_number, 'assignee', q.entity_id, q.name, k.confidence, pr.patent_number, NULL, true
               FROM properties pr
               JOIN assignments a ON a.reel_frame = pr.reel_frame
               JOIN assignment_parties q ON q.reel_frame = pr.reel_frame AND q.role = 'assignee'
               LEFT JOIN entity_keys k ON k.name_key = q.normalized_name
               WHERE q.entity_id <> ''
                 AND (a.conveyance_type IN ('assignment', 'merger', 'change_of_name')
                      OR (a.conveyance_type = 'correction' AND upper(a.conveyance_text) LIKE '%ASSIGNMENT%'))
               UNION ALL
               -- A bag's copy counts where the assignment files do not cover the application by that recordation:
               -- where both do, theirs is the copy served (domain/evidence.ts, rule recordations).
               SELECT q.application_number, 'assignee', q.entity_id, q.name, k.confidence, NULL, NULL, true
               FROM wanted w JOIN file_wrapper_recordation_parties q ON q.application_number = w.application_number AND q.role = 'assignee'
               JOIN file_wrapper_recordations r ON r.application_number = q.application_number AND r.reel_frame = q.reel_frame
               LEFT JOIN entity_keys k ON k.name_key = q.normalized_name
               WHERE q.entity_id <> ''
                 AND (r.conveyance_type IN ('assignment', 'merger', 'change_of_name')
                      OR (r.conveyance_type = 'correction' AND upper(r.conveyance_text) LIKE '%ASSIGNMENT%'))
                 AND NOT EXISTS (SELECT 1 FROM properties pr WHERE pr.reel_frame = q.reel_frame AND pr.application_number = q.application_number)`,
    [applicationNumbers],
  );
  return rows;
}

export interface LinkRow {
  entity_id: string;
  application_number: string;
  role: 'applicant' | 'assignee' | 'inventor';
  confidence: number;
  patent_number: string | null;
  grant_date: string | null;
  category: string | null;
  bucket: string | null;
}

/** Deletes the links of the applications, returning them (their entities' counts move by them). */
export async function deleteLinks(tx: Queryable, applicationNumbers: readonly string[]): Promise<LinkRow[]> {
  const { rows } = await tx.query<LinkRow>(
    /* SQL */ `DELETE FROM entity_links WHERE application_number = ANY($1::text[])
               RETURNING entity_id, application_number, role, confidence, patent_number, grant_date, category, bucket`,
    [applicationNumbers],
  );
  return rows;
}

export async function insertLinks(tx: Queryable, links: readonly LinkRow[]): Promise<void> {
  if (links.length === 0) return;
  const column = <K extends keyof LinkRow>(key: K) => links.map((link) => link[key]);
  await tx.query(
    /* SQL */ `INSERT INTO entity_links (entity_id, application_number, role, confidence, patent_number, grant_date, category, bucket)
               SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::real[], $5::text[], $6::date[], $7::text[], $8::text[])`,
    [
      column('entity_id'),
      column('application_number'),
      column('role'),
      column('confidence'),
      column('patent_number'),
      column('grant_date'),
      column('category'),
      column('bucket'),
    ],
  );
}

export interface CountDelta {
  entity_id: string;
  applications: number;
  patents: number;
  pending: number;
}

export async function moveCounts(tx: Queryable, deltas: readonly CountDelta[], now: Date): Promise<void> {
  if (deltas.length === 0) return;
  await tx.query(
    /* SQL */ `UPDATE entities e SET applications = e.applications + d.applications, patents = e.patents + d.patents,
                                     pending = e.pending + d.pending, updated_at = $5
               FROM unnest($1::text[], $2::int[], $3::int[], $4::int[]) AS d(entity_id, applications, patents, pending)
               WHERE e.entity_id = d.entity_id`,
    [deltas.map((d) => d.entity_id), deltas.map((d) => d.applications), deltas.map((d) => d.patents), deltas.map((d) => d.pending), now],
  );
}
