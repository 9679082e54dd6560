import type { Queryable } from '../../db/database.js';
import { ASSIGNMENT_PARTIES, type AssigneePage, assigneePage, chainParties, servedParties } from './recordation-columns.sql.js';

/** A recordation as the lists serve it (DESIGN.md D5), its parties and properties in file order; either product's copy. */
export interface AssignmentRow {
  reel_frame: string;
  recorded_date: string;
  conveyance_text: string;
  conveyance_type: string;
  property_count: number;
  assignors: { name: string; execution_date: string | null }[];
  assignees: {
    name: string;
    entity_id: string | null;
    address: { lines: string[] | null; city: string | null; state: string | null; postcode: string | null; country: string | null };
  }[];
  properties: {
    application_number: string | null;
    patent_number: string | null;
    publication_number: string | null;
    title: string | null;
    filing_date: string | null;
  }[];
  source_product: string;
  source_file_date: string;
}

const ASSIGNMENT_COLUMNS = /* SQL */ `
  a.reel_frame, a.recorded_date, a.conveyance_text, a.conveyance_type, a.property_count, a.source_product, a.source_file_date,
  ${servedParties(ASSIGNMENT_PARTIES)},
  (SELECT COALESCE(json_agg(json_build_object('application_number', x.application_number, 'patent_number', x.patent_number,
                                              'publication_number', x.publication_number, 'title', x.title,
                                              'filing_date', x.filing_date) ORDER BY x.seq), '[]')
   FROM assignment_properties x WHERE x.reel_frame = a.reel_frame) AS properties`;

/** The application and patent a number stands for, from the file wrapper or, failing that, the recordations. */
export interface CoveredNumbers {
  application_number: string | null;
  patent_number: string | null;
  /** False when neither the file wrapper nor any recordation knows the number. */
  known: boolean;
}

/**
 * The application and patent a number stands for (give one of them): the file wrapper's pairing
 * (the latest grant when two claim a patent), else a recordation's that names both.
 */
export async function resolveNumbers(
  db: Queryable,
  given: { applicationNumber: string | null; patentNumber: string | null },
): Promise<CoveredNumbers> {
  const { rows } = await db.query<{ application_number: string | null; patent_number: string | null; known: boolean }>(
    /* SQL */ `WITH held AS (
                 SELECT application_number, patent_number FROM applications
                 WHERE application_number = $1 OR patent_number = $2
                 ORDER BY grant_date DESC NULLS LAST, application_number DESC LIMIT 1),
               recorded AS (
                 SELECT application_number, patent_number FROM assignment_properties
                 WHERE application_number = $1 OR patent_number = $2
                 ORDER BY (application_number IS NOT NULL AND patent_number IS NOT NULL) DESC LIMIT 1)
               SELECT COALESCE($1, (SELECT application_number FROM held), (SELECT application_number FROM recorded)) AS application_number,
                      COALESCE($2, (SELECT patent_number FROM held), (SELECT patent_number FROM recorded)) AS patent_number,
                      EXISTS (SELECT 1 FROM held) OR EXISTS (SELECT 1 FROM recorded) AS known`,
    [given.applicationNumber, given.patentNumber],
  );
  return rows[0]!;
}

/** The recordations naming the application ($1) or its patent ($2). */
const COVERING = /* SQL */ `covering AS (
  SELECT reel_frame FROM assignment_properties WHERE application_number = $1
  UNION SELECT reel_frame FROM assignment_properties WHERE patent_number = $2)`;

/** The assignment files' copies of some recordations (a page of the covering list, cut from the union of both products). */
export async function findAssignments(db: Queryable, reelFrames: readonly string[]): Promise<AssignmentRow[]> {
  if (reelFrames.length === 0) return [];
  const { rows } = await db.query<AssignmentRow>(
    /* SQL */ `SELECT ${ASSIGNMENT_COLUMNS} FROM assignments a WHERE a.reel_frame = ANY($1::text[])`,
    [reelFrames],
  );
  return rows;
}

/** What the ownership rules read of every recordation covering the numbers (domain/ownership.ts), with the file it came from. */
export interface ChainRow {
  reel_frame: string;
  recorded_date: string;
  executed_date: string | null;
  conveyance_type: string;
  conveyance_text: string;
  assignors: string[];
  assignees: string[];
  assignor_keys: (string | null)[];
  assignee_keys: (string | null)[];
  assignee_entity_ids: (string | null)[];
  source_product: string;
  source_file_date: string;
}

export async function findOwnershipChain(db: Queryable, numbers: CoveredNumbers): Promise<ChainRow[]> {
  const { rows } = await db.query<ChainRow>(
    /* SQL */ `WITH ${COVERING}
               SELECT a.reel_frame, a.recorded_date, a.conveyance_type, a.conveyance_text, a.source_product, a.source_file_date,
                 ${chainParties(ASSIGNMENT_PARTIES)}
               FROM assignments a JOIN covering USING (reel_frame)`,
    [numbers.application_number, numbers.patent_number],
  );
  return rows;
}

/** An assignee: resolved entities (an entity or a family's members), or a prefix of the normalised name. */
export async function findByAssignee(db: Queryable, input: AssigneePage): Promise<AssignmentRow[]> {
  const { match, params } = assigneePage(input);
  const { rows } = await db.query<AssignmentRow>(
    /* SQL */ `WITH matching AS (SELECT DISTINCT reel_frame FROM assignment_parties WHERE role = 'assignee' AND ${match})
               SELECT ${ASSIGNMENT_COLUMNS}
               FROM assignments a JOIN matching USING (reel_frame)
               WHERE ($2::date IS NULL OR a.recorded_date > $2::date)
                 AND ($3::date IS NULL OR (a.recorded_date, a.reel_frame) < ($3::date, $4::text))
               ORDER BY a.recorded_date DESC, a.reel_frame DESC LIMIT $5`,
    params,
  );
  return rows;
}
