import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { refreshStatistics, type StatisticsNight } from '../resources/statistics/compute.js';
import { buildServices } from '../services.js';
import { UsageError } from './operator-error.js';

export const USAGE = `usage: patent-status statistics refresh
  Computes the statistics now, as the worker does every night (after the nightly sync, or at
  05:45 US Eastern without USPTO_API_KEY): the examiner and art-unit tables over every
  application on file, then the entities of at least STATISTICS_PRECOMPUTE_MIN_APPLICATIONS
  applications and those queued by a request that ran out of time. Readers keep seeing the previous night's numbers until the new
  ones are complete. Prints a line per step on stderr.`;

export function formatNight(night: StatisticsNight, entities?: number): string {
  return (
    `statistics refreshed: ${night.applications} applications, ${night.examiners} examiners, ${night.artUnits} art units ` +
    `(${night.seconds.toFixed(1)} s)${entities === undefined ? '' : `, ${entities} entities`}`
  );
}

/** The command line, checked before any database is opened (a mistake costs nothing). */
export function parseStatisticsArgs(args: readonly string[]): void {
  if (args.length !== 1 || args[0] !== 'refresh') throw new UsageError('expected refresh');
}

/** `patent-status statistics refresh` on an open database. */
export async function runStatistics(config: Config, db: Database, out: (line: string) => void = console.log): Promise<void> {
  const started = performance.now();
  const progress = (step: string) =>
    process.stderr.write(`statistics: ${step}… (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  const night = await refreshStatistics(db, progress);
  const services = buildServices({ config, db, notifier: { send: async () => undefined } });
  progress('entities');
  const entities = await services.entityStatistics.precompute((done, total) => {
    if (done % 100 === 0 || done === total) progress(`entities ${done} of ${total}`);
  });
  out(formatNight(night, entities));
}
