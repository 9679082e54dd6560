import type { Queryable } from '../../db/database.js';
import { notFound } from '../../domain/errors.js';
import { normalizeExaminerName } from '../../domain/numbers.js';
import { EXAMINER_DEFINITIONS, monthsOf, rate } from '../../domain/statistics.js';
import * as sql from './statistics.sql.js';

/** An examiner's definitions: every group metric but `examiners`, which an examiner's answer has not. */
const { examiners: _examinersDefinition, ...perExaminer } = EXAMINER_DEFINITIONS;
export const PER_EXAMINER = perExaminer;

/** The prosecution numbers of a group's metrics (compute.sql METRICS): examiners, art units and entities alike. */
export function prosecutionRates(row: Omit<sql.GroupMetricsRow, 'computed_at'>) {
  return {
    allowance_rate: rate(row.granted, row.disposed),
    median_months_to_first_action: monthsOf(row.median_days_to_first_action),
    median_months_to_disposal: monthsOf(row.median_days_to_disposal),
    avg_office_actions_per_disposed: row.disposed === 0 ? null : Math.round((row.office_actions_of_disposed / row.disposed) * 100) / 100,
    rce_rate: rate(row.with_rce, row.first_actions),
    appeal_rate: rate(row.with_appeal, row.first_actions),
  };
}

/** The metrics an examiner and an art unit share (spec §2), from their nightly row. */
function metrics(row: sql.GroupMetricsRow) {
  const sampleSize = row.pending + row.granted + row.abandoned + row.other;
  return {
    counts: { pending: row.pending, granted: row.granted, abandoned: row.abandoned, other: row.other },
    ...prosecutionRates(row),
    sample_size: sampleSize,
    computed_over: { filing_date_from: row.filing_date_from, filing_date_to: row.filing_date_to, applications: sampleSize },
    computed_at: row.computed_at.toISOString(),
  };
}

/** Examiner and art-unit statistics (spec §4 "Entities and statistics"), as the last nightly run computed them. */
export class StatisticsService {
  constructor(private readonly db: Queryable) {}

  /** `LAST, FIRST M` with case, dots and spacing ignored; 404 until the nightly tables hold the examiner (never a docket placeholder). */
  async examiner(name: string) {
    const key = normalizeExaminerName(name);
    const row = key === null ? null : await sql.findExaminer(this.db, key);
    if (!row)
      throw notFound(`No statistics for examiner ${name.slice(0, 80)}: examiners appear the day after the nightly run first sees them.`);
    const { computed_at, ...rest } = metrics(row);
    return {
      examiner_name: row.examiner_name,
      ...rest,
      art_units: row.art_units,
      definitions: PER_EXAMINER,
      computed_at,
    };
  }

  async artUnit(unit: string) {
    const row = /^\d{3,4}$/.test(unit.trim()) ? await sql.findArtUnit(this.db, unit.trim()) : null;
    if (!row) throw notFound(`No statistics for art unit ${unit.slice(0, 20)}.`);
    const { computed_at, ...rest } = metrics(row);
    return {
      art_unit: row.art_unit,
      ...rest,
      art_units: [{ art_unit: row.art_unit, n: rest.sample_size }],
      examiners: row.examiners,
      definitions: EXAMINER_DEFINITIONS,
      computed_at,
    };
  }
}
