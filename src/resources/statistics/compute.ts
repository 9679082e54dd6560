import { vacuumAnalyze } from '../../db/analyze.sql.js';
import type { Database } from '../../db/database.js';
import { PLACEHOLDER_ART_UNITS, PLACEHOLDER_EXAMINER_KEYS } from '../../domain/numbers.js';
import { applicationStatus } from '../../domain/status-codes.js';
import * as sql from './compute.sql.js';

/** What a night writes. */
const STATISTICS_TABLES = ['statistics_application_facts', 'examiner_statistics', 'art_unit_statistics', 'statistics_state'];

export interface StatisticsNight {
  applications: number;
  examiners: number;
  artUnits: number;
  computedAt: Date;
  seconds: number;
}

/**
 * The nightly statistics: every application's facts, then the examiner and art-unit
 * tables, in one transaction (readers see the previous night until it commits). Buckets are the
 * domain's (`applicationStatus`), decided once per kind of application row and applied by SQL.
 */
export async function refreshStatistics(db: Database, onStep: (step: string) => void = () => undefined): Promise<StatisticsNight> {
  const started = performance.now();
  const night = await db.transaction(async (tx) => {
    onStep('classifying statuses');
    const kinds = (await sql.statusKinds(tx)).map((kind) => ({
      ...kind,
      bucket: applicationStatus({
        statusCode: kind.status_code,
        statusDescription: kind.status_description,
        patentNumber: kind.granted ? 'granted' : null,
        grantDate: null,
        officeActionCount: kind.acted ? 1 : 0,
      }).bucket,
    }));
    onStep(`facts of every application (${kinds.length} kinds of status)`);
    const applications = await sql.replaceFacts(tx, kinds);
    onStep(`examiners (${applications} applications)`);
    const examiners = await sql.replaceExaminerStatistics(tx, PLACEHOLDER_EXAMINER_KEYS);
    onStep(`art units (${examiners} examiners)`);
    const artUnits = await sql.replaceArtUnitStatistics(tx, PLACEHOLDER_EXAMINER_KEYS, PLACEHOLDER_ART_UNITS);
    const computedAt = await sql.recordNight(tx, applications);
    return { applications, examiners, artUnits, computedAt };
  });
  // Every night rewrites these tables whole: after the commit their statistics follow and the previous night's rows are
  // reclaimed, which the embedded engine would never do on its own (db/analyze.sql.ts).
  await vacuumAnalyze(db, STATISTICS_TABLES);
  return { ...night, seconds: (performance.now() - started) / 1000 };
}
