/**
 * An entity's statistics (spec §2 "Entity statistics", D9), block by block, over the applications
 * linked to its ids (a family: every member's, each application once). Prosecution reads the
 * night's application facts with the examiners' own metrics (METRICS).
 */
import type { Queryable } from '../../db/database.js';
import { OWNERSHIP_MOVING } from '../../domain/conveyance.js';
import { PLACEHOLDER_ART_UNITS, PLACEHOLDER_EXAMINER_KEYS } from '../../domain/numbers.js';
import { METRICS } from './compute.sql.js';
import type { GroupMetricsRow } from './statistics.sql.js';

/** The entity's applications, each once, with the bucket and patent of its link. */
const LINKED = /* SQL */ `linked AS (
  SELECT DISTINCT ON (l.application_number) l.application_number, l.patent_number, l.grant_date, l.bucket
  FROM entity_links l WHERE l.entity_id = ANY ($1::text[]) ORDER BY l.application_number, l.patent_number NULLS LAST)`;

export interface PortfolioRow {
  applications: number;
  patents: number;
  pending: number;
  granted: number;
  abandoned: number;
  other: number;
  filing_date_from: string | null;
  filing_date_to: string | null;
}

export async function portfolio(db: Queryable, entityIds: readonly string[]): Promise<PortfolioRow> {
  const { rows } = await db.query<PortfolioRow>(
    /* SQL */ `WITH ${LINKED}
               SELECT count(*)::int AS applications, count(DISTINCT k.patent_number)::int AS patents,
                      count(*) FILTER (WHERE k.bucket = 'pending')::int AS pending,
                      count(*) FILTER (WHERE k.bucket = 'granted')::int AS granted,
                      count(*) FILTER (WHERE k.bucket = 'abandoned')::int AS abandoned,
                      count(*) FILTER (WHERE k.bucket = 'other')::int AS other,
                      min(a.filing_date)::text AS filing_date_from, max(a.filing_date)::text AS filing_date_to
               FROM linked k LEFT JOIN applications a ON a.application_number = k.application_number`,
    [entityIds],
  );
  return rows[0]!;
}

/** The granted patents of the portfolio (their expiry is the maintenance answer's). */
export async function patentNumbers(db: Queryable, entityIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ patent_number: string }>(
    /* SQL */ `SELECT DISTINCT patent_number FROM entity_links WHERE entity_id = ANY ($1::text[]) AND patent_number IS NOT NULL ORDER BY 1`,
    [entityIds],
  );
  return rows.map((row) => row.patent_number);
}

export async function velocity(
  db: Queryable,
  entityIds: readonly string[],
): Promise<{ kind: 'filed' | 'granted'; year: number; n: number }[]> {
  const { rows } = await db.query<{ kind: 'filed' | 'granted'; year: number; n: number }>(
    /* SQL */ `WITH ${LINKED}
               SELECT 'filed' AS kind, extract(year FROM a.filing_date)::int AS year, count(*)::int AS n
               FROM linked k JOIN applications a ON a.application_number = k.application_number WHERE a.filing_date IS NOT NULL GROUP BY 2
               UNION ALL
               SELECT 'granted', extract(year FROM k.grant_date)::int, count(*)::int FROM linked k WHERE k.grant_date IS NOT NULL GROUP BY 2
               ORDER BY 1, 2`,
    [entityIds],
  );
  return rows;
}

export interface ProsecutionRow extends Omit<GroupMetricsRow, 'computed_at'> {
  median_days_to_grant: number | null;
}

export async function prosecution(db: Queryable, entityIds: readonly string[]): Promise<ProsecutionRow> {
  const { rows } = await db.query<ProsecutionRow>(
    /* SQL */ `SELECT ${METRICS},
                      percentile_cont(0.5) WITHIN GROUP (ORDER BY (f.disposed_on - f.filing_date)::float8)
                        FILTER (WHERE f.bucket = 'granted' AND f.disposed_on >= f.filing_date) AS median_days_to_grant
               FROM statistics_application_facts f
               WHERE f.application_number IN (SELECT application_number FROM entity_links WHERE entity_id = ANY ($1::text[]))`,
    [entityIds],
  );
  return rows[0]!;
}

export interface WhereRow {
  with_cpc: number;
  subclasses: { subclass: string; n: number }[];
  art_units: { art_unit: string; n: number }[];
  examiners: { name: string; key: string; n: number }[];
  customer_numbers: { customer_number: string; n: number }[];
}

/** Where the portfolio is examined and who prosecutes it: the largest 20 of each, largest first. */
export async function whereAndWho(db: Queryable, entityIds: readonly string[]): Promise<WhereRow> {
  const { rows } = await db.query<WhereRow>(
    /* SQL */ `WITH ${LINKED},
               apps AS (SELECT a.* FROM linked k JOIN applications a ON a.application_number = k.application_number)
               SELECT (SELECT count(*)::int FROM apps WHERE cardinality(cpc) > 0) AS with_cpc,
                      coalesce((SELECT jsonb_agg(jsonb_build_object('subclass', s, 'n', n) ORDER BY n DESC, s) FROM (
                        SELECT left(cpc[1], 4) AS s, count(*)::int AS n FROM apps WHERE cardinality(cpc) > 0 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20) x), '[]') AS subclasses,
                      coalesce((SELECT jsonb_agg(jsonb_build_object('art_unit', art_unit, 'n', n) ORDER BY n DESC, art_unit) FROM (
                        SELECT art_unit, count(*)::int AS n FROM apps WHERE art_unit IS NOT NULL AND NOT (art_unit = ANY ($2))
                        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20) x), '[]') AS art_units,
                      coalesce((SELECT jsonb_agg(jsonb_build_object('name', name, 'key', key, 'n', n) ORDER BY n DESC, key) FROM (
                        SELECT mode() WITHIN GROUP (ORDER BY examiner_name) AS name, examiner_key AS key, count(*)::int AS n FROM apps
                        WHERE examiner_key IS NOT NULL AND NOT (examiner_key = ANY ($3)) GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT 20) x), '[]') AS examiners,
                      coalesce((SELECT jsonb_agg(jsonb_build_object('customer_number', customer_number, 'n', n) ORDER BY n DESC, customer_number) FROM (
                        SELECT customer_number, count(*)::int AS n FROM apps WHERE customer_number IS NOT NULL
                        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20) x), '[]') AS customer_numbers`,
    [entityIds, PLACEHOLDER_ART_UNITS, PLACEHOLDER_EXAMINER_KEYS],
  );
  return rows[0]!;
}

export interface PtabRow {
  role: 'petitioner' | 'patent_owner';
  proceedings: number;
  instituted: number;
  all_unpatentable: number;
  some_unpatentable: number;
  none_unpatentable: number;
}

export async function ptab(db: Queryable, entityIds: readonly string[]): Promise<PtabRow[]> {
  const { rows } = await db.query<PtabRow>(
    /* SQL */ `SELECT p.role, count(DISTINCT t.trial_number)::int AS proceedings,
                      count(DISTINCT t.trial_number) FILTER (WHERE t.instituted)::int AS instituted,
                      count(DISTINCT t.trial_number) FILTER (WHERE t.claims_outcome = 'all_unpatentable')::int AS all_unpatentable,
                      count(DISTINCT t.trial_number) FILTER (WHERE t.claims_outcome = 'some_unpatentable')::int AS some_unpatentable,
                      count(DISTINCT t.trial_number) FILTER (WHERE t.claims_outcome = 'none_unpatentable')::int AS none_unpatentable
               FROM ptab_parties p JOIN ptab_proceedings t ON t.trial_number = p.trial_number
               WHERE p.entity_id = ANY ($1::text[])
               GROUP BY p.role`,
    [entityIds],
  );
  return rows;
}

export async function ownership(
  db: Queryable,
  entityIds: readonly string[],
): Promise<{ acquired: number; sold: number; since: string | null }> {
  const { rows } = await db.query<{ acquired: number; sold: number; since: string | null }>(
    /* SQL */ `SELECT count(DISTINCT p.reel_frame) FILTER (WHERE p.role = 'assignee')::int AS acquired,
                      count(DISTINCT p.reel_frame) FILTER (WHERE p.role = 'assignor')::int AS sold,
                      min(s.recorded_date)::text AS since
               FROM assignment_parties p JOIN assignments s ON s.reel_frame = p.reel_frame
               WHERE p.entity_id = ANY ($1::text[]) AND s.conveyance_type = ANY ($2)`,
    [entityIds, OWNERSHIP_MOVING],
  );
  return rows[0]!;
}
