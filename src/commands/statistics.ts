import type { Database } from '../db/database.js';
import { refreshStatistics, type StatisticsNight } from '../resources/statistics/compute.js';
import { UsageError } from './operator-error.js';

export const USAGE = `usage: patent-status statistics refresh
  Computes the examiner and art-unit statistics now, over every application on file (the worker
  does it every night at 05:45 US Eastern, after the nightly sync). Readers keep seeing the
  previous night's numbers until the new ones are complete. Prints a line per step.`;

export function formatNight(night: StatisticsNight): string {
  return `statistics refreshed: ${night.applications} applications, ${night.examiners} examiners, ${night.artUnits} art units, ${night.seconds.toFixed(1)} s`;
}

/** `patent-status statistics refresh` on an open database. */
export async function runStatistics(db: Database, args: string[], out: (line: string) => void = console.log): Promise<StatisticsNight> {
  if (args.length !== 1 || args[0] !== 'refresh') throw new UsageError('expected refresh');
  const started = performance.now();
  const night = await refreshStatistics(db, (step) =>
    process.stderr.write(`statistics: ${step}… (${((performance.now() - started) / 1000).toFixed(1)} s)\n`),
  );
  out(formatNight(night));
  return night;
}
