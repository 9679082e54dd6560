/**
 * The file wrapper's copies of recordations (migration 0025), read as the assignment files' are:
 * an application's bag as its ownership chain, and served copies chosen by reel/frame or by
 * assignee. A bag prints a recordation for its own application only, so a copy's properties are
 * the applications whose bags print it; where several do, one application's copy is served.
 */
import type { Queryable } from '../../db/database.js';
import type { AssignmentRow, ChainRow } from './assignments.sql.js';
import { type AssigneePage, assigneePage, BAG_PARTIES, chainParties, servedParties } from './recordation-columns.sql.js';

export async function findBagChain(db: Queryable, applicationNumber: string | null): Promise<ChainRow[]> {
  if (applicationNumber === null) return [];
  const { rows } = await db.query<ChainRow>(
    /* SQL */ `SELECT a.reel_frame, a.recorded_date, a.conveyance_type, a.conveyance_text, a.source_product, a.source_file_date,
                 ${chainParties(BAG_PARTIES)}
               FROM file_wrapper_recordations a WHERE a.application_number = $1`,
    [applicationNumber],
  );
  return rows;
}

/** The served columns of the copies a query's `copies (application_number, reel_frame)` names. */
const SERVED_COPIES = /* SQL */ `
  SELECT a.reel_frame, a.recorded_date, a.conveyance_text, a.conveyance_type, a.source_product, a.source_file_date,
    ${servedParties(BAG_PARTIES)},
    (SELECT count(*)::int FROM file_wrapper_recordations x WHERE x.reel_frame = a.reel_frame) AS property_count,
    (SELECT COALESCE(json_agg(json_build_object('application_number', h.application_number, 'patent_number', h.patent_number,
                                                'publication_number', h.publication_key, 'title', h.title,
                                                'filing_date', h.filing_date) ORDER BY h.application_number), '[]')
     FROM file_wrapper_recordations x JOIN applications h USING (application_number) WHERE x.reel_frame = a.reel_frame) AS properties
  FROM copies JOIN file_wrapper_recordations a USING (application_number, reel_frame)`;

/** Copies of some recordations: `preferred`'s own where its bag prints one, else the lowest-numbered application's. */
export async function findBagRecordations(
  db: Queryable,
  reelFrames: readonly string[],
  preferred: string | null,
): Promise<AssignmentRow[]> {
  if (reelFrames.length === 0) return [];
  const { rows } = await db.query<AssignmentRow>(
    /* SQL */ `WITH copies AS (
                 SELECT DISTINCT ON (reel_frame) application_number, reel_frame FROM file_wrapper_recordations
                 WHERE reel_frame = ANY($1::text[])
                 ORDER BY reel_frame, (application_number = $2) IS TRUE DESC, application_number)
               ${SERVED_COPIES}`,
    [reelFrames, preferred],
  );
  return rows;
}

/** Copies with a matching assignee, newest recorded first, after the keyset: the list's other product beside findByAssignee. */
export async function findBagByAssignee(db: Queryable, input: AssigneePage): Promise<AssignmentRow[]> {
  const { match, params } = assigneePage(input);
  const { rows } = await db.query<AssignmentRow>(
    /* SQL */ `WITH matching AS (
                 SELECT DISTINCT reel_frame FROM file_wrapper_recordation_parties WHERE role = 'assignee' AND ${match}),
               copies AS (
                 SELECT DISTINCT ON (x.recorded_date, x.reel_frame) x.application_number, x.reel_frame
                 FROM file_wrapper_recordations x JOIN matching USING (reel_frame)
                 WHERE ($2::date IS NULL OR x.recorded_date > $2::date)
                   AND ($3::date IS NULL OR (x.recorded_date, x.reel_frame) < ($3::date, $4::text))
                 ORDER BY x.recorded_date DESC, x.reel_frame DESC, x.application_number LIMIT $5)
               ${SERVED_COPIES}`,
    params,
  );
  return rows;
}
