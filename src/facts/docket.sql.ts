/**
 * The docket's storage: what an application's deadlines are computed from (one round trip for a
 * batch of applications), the rows kept in `deadlines`, the queue of applications to compute
 * again (filled by triggers, migration 0031), and the rules and closures they were computed with.
 */
import type { Queryable } from '../db/database.js';
import type { DocketDeadline } from '../domain/docket.js';
import { ACTION_LIST_CODES } from '../domain/office-action-list.js';
import { PROSECUTION_DOCKET_CODES } from '../domain/prosecution-docket.js';
import type { SourceRef } from './fuse.js';

export interface DocketApplicationRow {
  status_code: number | null;
  status_description: string | null;
  filing_date: string | null;
  patent_number: string | null;
  office_action_count: number;
  source_product: string;
  source_file_date: string;
}

export interface DocketEvidence {
  application_number: string;
  /** The file wrapper's row; null when only another product knows the application. */
  application: DocketApplicationRow | null;
  transactions: { code: string; date: string; event_type: string | null }[];
  documents: { documentId: string; documentCode: string; mailedDate: string }[];
  /** The patent the fee file or a grant gives the application, when the file wrapper gives none. */
  patent_number: string | null;
  /** Whether any application claims it as a provisional (its own child rows, or a claimant's parent row). */
  claimed: boolean;
}

const TRANSACTION_CODES = [...new Set([...ACTION_LIST_CODES, ...PROSECUTION_DOCKET_CODES])];

export async function findDocketEvidence(db: Queryable, applicationNumbers: readonly string[]): Promise<DocketEvidence[]> {
  const { rows } = await db.query<DocketEvidence>(
    /* SQL */ `SELECT w.application_number,
      (SELECT json_build_object('status_code', a.status_code, 'status_description', a.status_description,
                                'filing_date', a.filing_date, 'patent_number', a.patent_number,
                                'office_action_count', a.office_action_count,
                                'source_product', a.source_product, 'source_file_date', a.source_file_date)
       FROM applications a WHERE a.application_number = w.application_number) AS application,
      COALESCE((SELECT json_agg(json_build_object('code', t.code, 'date', t.date, 'event_type', t.event_type) ORDER BY t.date, t.seq)
                FROM transactions t
                WHERE t.application_number = w.application_number
                  AND (t.code = ANY($2::text[]) OR t.code ~ '^MP[0-9]{3}$' OR t.event_type = 'response_filed')), '[]') AS transactions,
      COALESCE((SELECT json_agg(json_build_object('documentId', d.document_id, 'documentCode', d.document_code, 'mailedDate', d.mailed_date))
                FROM office_action_documents d WHERE d.application_number = w.application_number), '[]') AS documents,
      COALESCE((SELECT min(p.patent_number) FROM maintenance_fee_patents p WHERE p.application_number = w.application_number),
               (SELECT min(g.doc_number) FROM documents g WHERE g.application_number = w.application_number AND g.doc_type = 'grant'))
        AS patent_number,
      (EXISTS (SELECT 1 FROM continuity c WHERE c.application_number = w.application_number AND c.direction = 'child')
       OR EXISTS (SELECT 1 FROM continuity c
                  WHERE c.parent_number = w.application_number AND c.direction = 'parent' AND c.relationship = 'PRO')) AS claimed
    FROM unnest($1::text[]) AS w(application_number)`,
    [applicationNumbers, TRANSACTION_CODES],
    { name: 'docket_evidence' },
  );
  return rows;
}

/** A deadline as kept: the rule's row, the file it was read from, and whether the file wrapper also covers the patent's fees. */
export interface StoredDeadline extends DocketDeadline {
  source: SourceRef;
  feeCoveredByFileWrapper: boolean;
}

/**
 * Any constant: every writer of the kept deadlines holds it to commit (two drains after two
 * concurrent ingests, a drain and entity resolution's triggers on entity_links), so one writes an
 * application's rows after the other has committed, never beside it.
 */
const DOCKET_WRITE_LOCK = 6_204_117;

/** Replaces the deadlines of the given applications with `deadlines` (each names its application), and their entities' copies. */
export async function replaceDeadlines(
  tx: Queryable,
  applicationNumbers: readonly string[],
  deadlines: readonly (StoredDeadline & { applicationNumber: string })[],
): Promise<void> {
  await tx.query(/* SQL */ `SELECT pg_advisory_xact_lock($1)`, [DOCKET_WRITE_LOCK]);
  await tx.query(/* SQL */ `DELETE FROM entity_deadlines WHERE application_number = ANY($1::text[])`, [applicationNumbers]);
  await tx.query(/* SQL */ `DELETE FROM deadlines WHERE application_number = ANY($1::text[])`, [applicationNumbers]);
  if (deadlines.length === 0) return;
  const rows = deadlines.map((d) => ({
    application_number: d.applicationNumber,
    key: d.key,
    kind: d.kind,
    patent_number: d.patentNumber,
    action_type: d.actionType,
    fee_window: d.window,
    due_date: d.dueDate,
    last_date: d.lastDate,
    opens: d.opens,
    extendable: d.extendable,
    if_missed: d.ifMissed,
    basis: d.basis,
    source_product: d.source.product,
    source_file_date: d.source.file_date,
    earlier_fee_grace_ends: d.earlierFeeGraceEnds,
    fee_covered_by_file_wrapper: d.feeCoveredByFileWrapper,
  }));
  await tx.query(
    /* SQL */ `INSERT INTO deadlines (application_number, key, kind, patent_number, action_type, fee_window, due_date, last_date,
                 opens, extendable, if_missed, basis, source_product, source_file_date, earlier_fee_grace_ends, fee_covered_by_file_wrapper)
               SELECT application_number, key, kind, patent_number, action_type, fee_window, due_date, last_date, opens, extendable,
                      if_missed, basis, source_product, source_file_date, earlier_fee_grace_ends, fee_covered_by_file_wrapper
               FROM json_to_recordset($1::json) AS r(application_number text, key text, kind text, patent_number text,
                 action_type text, fee_window text, due_date date, last_date date, opens date, extendable boolean, if_missed text,
                 basis jsonb, source_product text, source_file_date date, earlier_fee_grace_ends date, fee_covered_by_file_wrapper boolean)`,
    [JSON.stringify(rows)],
  );
  // Each entity linked to the applications gets their rows (migration 0031: its docket by date).
  await tx.query(
    /* SQL */ `INSERT INTO entity_deadlines (entity_id, due_date, application_number, key, last_date, kind, earlier_fee_grace_ends,
                                           fee_covered_by_file_wrapper)
               SELECT l.entity_id, d.due_date, d.application_number, d.key, d.last_date, d.kind, d.earlier_fee_grace_ends,
                      d.fee_covered_by_file_wrapper
               FROM deadlines d JOIN entity_links l USING (application_number)
               WHERE d.application_number = ANY($1::text[])
               ON CONFLICT DO NOTHING`,
    [applicationNumbers],
  );
}

export interface QueuedApplication {
  application_number: string;
  queued_seq: string;
}

/** The next queued applications after `after`, in number order. */
export async function findQueued(db: Queryable, after: string, limit: number): Promise<QueuedApplication[]> {
  const { rows } = await db.query<QueuedApplication>(
    /* SQL */ `SELECT application_number, queued_seq::text FROM deadline_queue WHERE application_number > $1 ORDER BY application_number LIMIT $2`,
    [after, limit],
  );
  return rows;
}

/**
 * Takes computed applications off the queue, unless a write queued them again meanwhile (a newer
 * seq). A row a load's batch holds is skipped, never waited for: the batch queues it again, and
 * a drain that waited on a batch while the batch waited on the drain would deadlock.
 */
export async function dequeue(tx: Queryable, computed: readonly QueuedApplication[]): Promise<void> {
  await tx.query(
    /* SQL */ `WITH taken AS (
                 SELECT q.application_number FROM deadline_queue q
                 JOIN unnest($1::text[], $2::bigint[]) AS c(application_number, queued_seq)
                   ON q.application_number = c.application_number AND q.queued_seq = c.queued_seq
                 FOR UPDATE OF q SKIP LOCKED)
               DELETE FROM deadline_queue q USING taken WHERE q.application_number = taken.application_number`,
    [computed.map((c) => c.application_number), computed.map((c) => c.queued_seq)],
  );
}

export async function findDocketRules(db: Queryable): Promise<{ rules: string; closures: string[] } | null> {
  const { rows } = await db.query<{ rules: string; closures: string[] }>(
    /* SQL */ `SELECT rules, closures::text[] AS closures FROM docket_state`,
  );
  return rows[0] ?? null;
}

/**
 * Records new rules (or closures) and queues every application that may have deadlines: each the
 * file wrapper, the fee file or a grant knows.
 */
export async function resetDocketRules(tx: Queryable, rules: string, closures: readonly string[]): Promise<void> {
  await tx.query(
    /* SQL */ `INSERT INTO docket_state (singleton, rules, closures, updated_at) VALUES (true, $1, $2::date[], now())
               ON CONFLICT (singleton) DO UPDATE SET rules = EXCLUDED.rules, closures = EXCLUDED.closures, updated_at = now()`,
    [rules, closures],
  );
  await tx.query(/* SQL */ `INSERT INTO deadline_queue (application_number, queued_seq)
               SELECT application_number, nextval('deadline_queue_seq')
               FROM (SELECT application_number FROM applications
                     UNION SELECT application_number FROM maintenance_fee_patents
                     UNION SELECT application_number FROM documents WHERE doc_type = 'grant' AND application_number IS NOT NULL) AS held
               ON CONFLICT (application_number) DO UPDATE SET queued_seq = EXCLUDED.queued_seq`);
}
