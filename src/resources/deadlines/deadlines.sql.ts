/**
 * The docket as read: a page of kept deadlines (facts/docket.ts computes them) for a set of
 * applications and entities' portfolios, judged against the fee evidence's newest dates.
 */
import type { Queryable } from '../../db/database.js';
import type { DeadlineBasis, DeadlineKind, MissedOutcome } from '../../domain/docket.js';
import type { FeeWindow } from '../../domain/maintenance.js';
import type { OfficeActionType } from '../../domain/office-action-types.js';
import type { QueuedApplication } from '../../facts/docket.sql.js';
import { FILE_WRAPPER_PRODUCTS, MAINTENANCE_FEE_PRODUCT } from '../../domain/products.js';

/** The applications a docket covers: numbers given (or found behind patents), and entities' portfolios. */
export interface Matters {
  applicationNumbers: readonly string[];
  entityIds: readonly string[];
}

export interface DeadlineRow {
  application_number: string;
  key: string;
  kind: DeadlineKind;
  patent_number: string | null;
  action_type: OfficeActionType | null;
  fee_window: FeeWindow | null;
  due_date: string;
  last_date: string;
  opens: string | null;
  extendable: boolean;
  if_missed: MissedOutcome;
  basis: DeadlineBasis;
  source_product: string;
  source_file_date: string | null;
}

export interface PageInput extends Matters {
  from: string;
  to: string;
  kinds: readonly string[];
  today: string;
  after: { d: string; a: string; i: string } | null;
  limit: number;
}

// The matters as one set: the numbers, and every application linked to the entities.
const MATTERS = /* SQL */ `SELECT unnest($1::text[]) AS application_number
                           UNION SELECT application_number FROM entity_links WHERE entity_id = ANY($2::text[])`;

// What a page is chosen by, from either copy: the applications' own rows, the entities' by date.
const CHOOSING = 'due_date, application_number, key, last_date, kind, earlier_fee_grace_ends, fee_covered_by_file_wrapper';

/**
 * Deadlines open within [from, to] (last date on or after `from`, due on or before `to`), soonest
 * due first. A deadline behind an earlier unpaid fee window is left out once the fee evidence
 * (the fee file's newest date; the file wrapper's too where its transactions cover the patent)
 * reaches past that window's grace: the patent lapsed. The page is chosen from the narrow columns
 * (an entity's from entity_deadlines, one index range) and only its rows are read whole.
 */
export async function findDeadlinePage(db: Queryable, input: PageInput): Promise<DeadlineRow[]> {
  const { rows } = await db.query<DeadlineRow>(
    /* SQL */ `WITH covered AS (
                 SELECT max(file_date) FILTER (WHERE product = '${MAINTENANCE_FEE_PRODUCT}') AS fee,
                        max(file_date) FILTER (WHERE product IN (${FILE_WRAPPER_PRODUCTS.map((p) => `'${p}'`).join(', ')})) AS file_wrapper
                 FROM product_state),
               candidates AS (
                 SELECT ${CHOOSING} FROM deadlines
                 WHERE application_number = ANY($1::text[]) AND last_date >= $3::date AND due_date <= $4::date AND kind = ANY($5::text[])
                 UNION
                 SELECT ${CHOOSING} FROM entity_deadlines
                 WHERE entity_id = ANY($2::text[]) AND last_date >= $3::date AND due_date <= $4::date AND kind = ANY($5::text[])),
               page AS (
                 SELECT d.due_date, d.application_number, d.key
                 FROM candidates d CROSS JOIN covered c
                 CROSS JOIN LATERAL (
                   SELECT CASE WHEN d.fee_covered_by_file_wrapper THEN GREATEST(c.fee, c.file_wrapper) ELSE c.fee END AS fee_evidence) e
                 WHERE (d.earlier_fee_grace_ends IS NULL OR e.fee_evidence IS NULL
                        OR d.earlier_fee_grace_ends >= LEAST($6::date, e.fee_evidence))
                   AND ($7::date IS NULL OR (d.due_date, d.application_number, d.key) > ($7::date, $8::text, $9::text))
                 ORDER BY d.due_date, d.application_number, d.key
                 LIMIT $10)
               SELECT d.application_number, d.key, d.kind, d.patent_number, d.action_type, d.fee_window, d.due_date, d.last_date,
                      d.opens, d.extendable, d.if_missed, d.basis, d.source_product, d.source_file_date
               FROM page p JOIN deadlines d USING (application_number, key)
               ORDER BY p.due_date, p.application_number, p.key`,
    [
      input.applicationNumbers,
      input.entityIds,
      input.from,
      input.to,
      input.kinds,
      input.today,
      input.after?.d ?? null,
      input.after?.a ?? null,
      input.after?.i ?? null,
      input.limit,
    ],
    { name: 'deadline_page' },
  );
  return rows;
}

/** The queued applications among the matters: computed before the page is read. */
export async function findQueuedMatters(db: Queryable, matters: Matters): Promise<QueuedApplication[]> {
  const { rows } = await db.query<QueuedApplication>(
    /* SQL */ `SELECT q.application_number, q.queued_seq::text FROM deadline_queue q WHERE q.application_number IN (${MATTERS})`,
    [matters.applicationNumbers, matters.entityIds],
    { name: 'deadline_queued_matters' },
  );
  return rows;
}

/** Which of the numbers some product holds: the file wrapper, the fee file or a grant. */
export async function findHeldApplications(db: Queryable, applicationNumbers: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ application_number: string }>(
    /* SQL */ `SELECT w.application_number FROM unnest($1::text[]) AS w(application_number)
               WHERE EXISTS (SELECT 1 FROM applications a WHERE a.application_number = w.application_number)
                  OR EXISTS (SELECT 1 FROM maintenance_fee_patents p WHERE p.application_number = w.application_number)
                  OR EXISTS (SELECT 1 FROM documents g WHERE g.application_number = w.application_number AND g.doc_type = 'grant')`,
    [applicationNumbers],
  );
  return new Set(rows.map((row) => row.application_number));
}

/** The application behind each patent, as the file wrapper, the fee file or the grant gives it. */
export async function findApplicationsOfPatents(db: Queryable, patentNumbers: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ patent_number: string; application_number: string | null }>(
    /* SQL */ `SELECT w.patent_number,
                      COALESCE((SELECT a.application_number FROM applications a WHERE a.patent_number = w.patent_number
                                ORDER BY a.grant_date DESC NULLS LAST, a.application_number DESC LIMIT 1),
                               (SELECT p.application_number FROM maintenance_fee_patents p WHERE p.patent_number = w.patent_number),
                               (SELECT g.application_number FROM documents g WHERE g.doc_number = w.patent_number AND g.doc_type = 'grant'))
                        AS application_number
               FROM unnest($1::text[]) AS w(patent_number)`,
    [patentNumbers],
  );
  return new Map(rows.flatMap((row) => (row.application_number ? [[row.patent_number, row.application_number] as const] : [])));
}
