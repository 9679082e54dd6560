/** Reading the nightly examiner and art-unit statistics (migration 0021). */
import type { Queryable } from '../../db/database.js';

export interface GroupMetricsRow {
  pending: number;
  granted: number;
  abandoned: number;
  other: number;
  disposed: number;
  first_actions: number;
  median_days_to_first_action: number | null;
  median_days_to_disposal: number | null;
  office_actions_of_disposed: number;
  with_rce: number;
  with_appeal: number;
  filing_date_from: string | null;
  filing_date_to: string | null;
  computed_at: Date;
}

export interface ExaminerStatisticsRow extends GroupMetricsRow {
  examiner_key: string;
  examiner_name: string;
  art_units: { art_unit: string; n: number }[];
}

export interface ArtUnitStatisticsRow extends GroupMetricsRow {
  art_unit: string;
  examiners: number;
}

const METRICS = /* SQL */ `s.pending, s.granted, s.abandoned, s.other, s.disposed, s.first_actions, s.median_days_to_first_action,
  s.median_days_to_disposal, s.office_actions_of_disposed, s.with_rce, s.with_appeal, s.filing_date_from::text, s.filing_date_to::text,
  n.computed_at`;

export async function findExaminer(db: Queryable, examinerKey: string): Promise<ExaminerStatisticsRow | null> {
  const { rows } = await db.query<ExaminerStatisticsRow>(
    /* SQL */ `SELECT s.examiner_key, s.examiner_name, s.art_units, ${METRICS}
               FROM examiner_statistics s CROSS JOIN statistics_state n WHERE s.examiner_key = $1`,
    [examinerKey],
  );
  return rows[0] ?? null;
}

export async function findArtUnit(db: Queryable, artUnit: string): Promise<ArtUnitStatisticsRow | null> {
  const { rows } = await db.query<ArtUnitStatisticsRow>(
    /* SQL */ `SELECT s.art_unit, s.examiners, ${METRICS}
               FROM art_unit_statistics s CROSS JOIN statistics_state n WHERE s.art_unit = $1`,
    [artUnit],
  );
  return rows[0] ?? null;
}
