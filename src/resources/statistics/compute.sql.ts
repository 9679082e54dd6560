/**
 * The nightly statistics (migration 0021), set-based over the whole corpus. The caller runs these
 * in one transaction: each table is emptied and refilled, and readers see the previous night
 * until it commits.
 */
import type { Queryable } from '../../db/database.js';
import { ABANDONMENT_TYPE, APPEAL_TYPE, FIRST_ACTION_TYPES, OFFICE_ACTION_TYPE, RCE_TYPE } from '../../domain/statistics.js';
import type { StatusBucket } from '../../domain/status-codes.js';

/** A kind of application row as far as its bucket goes: the bucket is decided once per kind, by the domain's rule. */
export interface StatusKind {
  status_code: number | null;
  status_description: string | null;
  granted: boolean;
  acted: boolean;
}

export async function statusKinds(tx: Queryable): Promise<StatusKind[]> {
  const { rows } =
    await tx.query<StatusKind>(/* SQL */ `SELECT DISTINCT status_code, status_description, (patent_number IS NOT NULL OR grant_date IS NOT NULL) AS granted,
                      office_action_count > 0 AS acted
               FROM applications`);
  return rows;
}

/**
 * What each application's transactions say (first action, office actions, RCEs, appeal,
 * abandonment), one row per application; its parameters are TRANSACTION_FACT_PARAMS from `$first` on.
 */
export function transactionFacts(first: number): string {
  const $ = (k: number) => `$${first + k}`;
  return /* SQL */ `SELECT application_number,
           min(date) FILTER (WHERE event_type = ANY (${$(0)})) AS first_action_on,
           count(*) FILTER (WHERE event_type = ${$(1)})::int AS office_actions,
           count(*) FILTER (WHERE event_type = ${$(2)})::int AS rces,
           bool_or(event_type = ${$(3)}) AS appealed,
           min(date) FILTER (WHERE event_type = ${$(4)}) AS abandoned_on
    FROM transactions
    WHERE event_type = ANY (${$(5)})
    GROUP BY application_number`;
}

export const TRANSACTION_FACT_PARAMS = [
  FIRST_ACTION_TYPES,
  OFFICE_ACTION_TYPE,
  RCE_TYPE,
  APPEAL_TYPE,
  ABANDONMENT_TYPE,
  [...new Set<string>([...FIRST_ACTION_TYPES, OFFICE_ACTION_TYPE, RCE_TYPE, APPEAL_TYPE, ABANDONMENT_TYPE])],
] as const;

/** Refills the facts of every application; returns how many. */
export async function replaceFacts(tx: Queryable, kinds: readonly (StatusKind & { bucket: StatusBucket })[]): Promise<number> {
  await tx.query(/* SQL */ `DELETE FROM statistics_application_facts`);
  const { rowCount } = await tx.query(
    /* SQL */ `WITH acts AS (${transactionFacts(6)}),
               kinds AS (
                 SELECT * FROM unnest($1::int[], $2::text[], $3::bool[], $4::bool[], $5::text[])
                          AS k(status_code, status_description, granted, acted, bucket))
               INSERT INTO statistics_application_facts (application_number, examiner_key, examiner_name, art_unit, filing_date, bucket,
                                                          disposed_on, first_action_on, office_actions, rces, appealed)
               SELECT a.application_number, a.examiner_key, a.examiner_name, a.art_unit, a.filing_date, k.bucket,
                      CASE k.bucket WHEN 'granted' THEN a.grant_date WHEN 'abandoned' THEN coalesce(t.abandoned_on, a.status_date) END,
                      t.first_action_on, coalesce(t.office_actions, 0), coalesce(t.rces, 0), coalesce(t.appealed, false)
               FROM applications a
               JOIN kinds k ON coalesce(k.status_code, -1) = coalesce(a.status_code, -1)
                           AND coalesce(k.status_description, '') = coalesce(a.status_description, '')
                           AND k.granted = (a.patent_number IS NOT NULL OR a.grant_date IS NOT NULL)
                           AND k.acted = (a.office_action_count > 0)
               LEFT JOIN acts t ON t.application_number = a.application_number`,
    [
      kinds.map((k) => k.status_code),
      kinds.map((k) => k.status_description),
      kinds.map((k) => k.granted),
      kinds.map((k) => k.acted),
      kinds.map((k) => k.bucket),
      ...TRANSACTION_FACT_PARAMS,
    ],
  );
  return rowCount;
}

/** The metrics examiners, art units and entities share, over the facts `f` of a group (GroupMetricsRow's columns). */
export const METRICS = /* SQL */ `
  count(*) FILTER (WHERE f.bucket = 'pending')::int AS pending,
  count(*) FILTER (WHERE f.bucket = 'granted')::int AS granted,
  count(*) FILTER (WHERE f.bucket = 'abandoned')::int AS abandoned,
  count(*) FILTER (WHERE f.bucket = 'other')::int AS other,
  count(*) FILTER (WHERE f.bucket IN ('granted', 'abandoned'))::int AS disposed,
  count(*) FILTER (WHERE f.first_action_on IS NOT NULL)::int AS first_actions,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY (f.first_action_on - f.filing_date)::float8)
    FILTER (WHERE f.first_action_on >= f.filing_date) AS median_days_to_first_action,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY (f.disposed_on - f.filing_date)::float8)
    FILTER (WHERE f.bucket IN ('granted', 'abandoned') AND f.disposed_on >= f.filing_date) AS median_days_to_disposal,
  coalesce(sum(f.office_actions) FILTER (WHERE f.bucket IN ('granted', 'abandoned')), 0)::int AS office_actions_of_disposed,
  count(*) FILTER (WHERE f.first_action_on IS NOT NULL AND f.rces > 0)::int AS with_rce,
  count(*) FILTER (WHERE f.first_action_on IS NOT NULL AND f.appealed)::int AS with_appeal,
  min(f.filing_date) AS filing_date_from,
  max(f.filing_date) AS filing_date_to`;

const METRIC_COLUMNS = `pending, granted, abandoned, other, disposed, first_actions, median_days_to_first_action, median_days_to_disposal,
  office_actions_of_disposed, with_rce, with_appeal, filing_date_from, filing_date_to`;

export async function replaceExaminerStatistics(tx: Queryable, placeholderExaminers: readonly string[]): Promise<number> {
  await tx.query(/* SQL */ `DELETE FROM examiner_statistics`);
  const { rowCount } = await tx.query(
    /* SQL */ `WITH units AS (
                 SELECT examiner_key, jsonb_agg(jsonb_build_object('art_unit', art_unit, 'n', n) ORDER BY n DESC, art_unit) AS art_units
                 FROM (SELECT examiner_key, art_unit, count(*)::int AS n FROM statistics_application_facts
                       WHERE examiner_key IS NOT NULL AND art_unit IS NOT NULL GROUP BY examiner_key, art_unit) per_unit
                 GROUP BY examiner_key)
               INSERT INTO examiner_statistics (examiner_key, examiner_name, art_units, ${METRIC_COLUMNS})
               SELECT f.examiner_key, mode() WITHIN GROUP (ORDER BY f.examiner_name), coalesce(u.art_units, '[]'), ${METRICS}
               FROM statistics_application_facts f LEFT JOIN units u ON u.examiner_key = f.examiner_key
               WHERE f.examiner_key IS NOT NULL AND NOT (f.examiner_key = ANY ($1))
               GROUP BY f.examiner_key, u.art_units`,
    [placeholderExaminers],
  );
  return rowCount;
}

export async function replaceArtUnitStatistics(
  tx: Queryable,
  placeholderExaminers: readonly string[],
  placeholderArtUnits: readonly string[],
): Promise<number> {
  await tx.query(/* SQL */ `DELETE FROM art_unit_statistics`);
  const { rowCount } = await tx.query(
    /* SQL */ `INSERT INTO art_unit_statistics (art_unit, examiners, ${METRIC_COLUMNS})
               SELECT f.art_unit, count(DISTINCT f.examiner_key) FILTER (WHERE NOT (f.examiner_key = ANY ($1)))::int, ${METRICS}
               FROM statistics_application_facts f
               WHERE f.art_unit IS NOT NULL AND NOT (f.art_unit = ANY ($2))
               GROUP BY f.art_unit`,
    [placeholderExaminers, placeholderArtUnits],
  );
  return rowCount;
}

export async function recordNight(tx: Queryable, applications: number): Promise<Date> {
  const { rows } = await tx.query<{ computed_at: Date }>(
    /* SQL */ `INSERT INTO statistics_state (singleton, computed_at, applications) VALUES (true, now(), $1)
               ON CONFLICT (singleton) DO UPDATE SET computed_at = EXCLUDED.computed_at, applications = EXCLUDED.applications
               RETURNING computed_at`,
    [applications],
  );
  return rows[0]!.computed_at;
}
