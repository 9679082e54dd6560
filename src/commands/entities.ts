import { parseArgs } from 'node:util';
import type { Database } from '../db/database.js';
import type { ResolutionSummary } from '../ingest/entities/resolve.js';
import { partySources, resolveEntities } from '../products/registry.js';
import { UsageError } from './operator-error.js';

export const USAGE = `usage: patent-status entities resolve [--progress]
       patent-status entities rebuild [--progress]
  resolve   files the names loaded since the last run under entities (the worker does this every
            minute after ingests) and relinks the applications they touch
  rebuild   resolves every name again from scratch: every party and recordation, the families'
            edges, every portfolio link and count. Entity ids stay as they were.
  --progress  a progress line on stderr after every batch`;

export function formatResolution(summary: ResolutionSummary): string {
  return (
    `entities ${summary.rebuild ? 'rebuilt' : 'resolved'}: ${readLine(summary)} read, ${summary.relinked} applications relinked, ${summary.newCompanies} new company spellings, ` +
    `${summary.familyEdgesAdded} family edges added, ${summary.familyEdgesRemoved} removed, ${summary.families ?? 'unchanged'} families, ${summary.seconds.toFixed(1)} s`
  );
}

/** `12 applications, 40 grants and publications, … and 3 PTAB trials`: each party source's count, in walking order. */
function readLine(summary: ResolutionSummary): string {
  const counts = partySources().map((source) => `${summary.read[source.phase] ?? 0} ${source.shown}`);
  return counts.length > 1 ? `${counts.slice(0, -1).join(', ')} and ${counts.at(-1)}` : (counts[0] ?? 'nothing');
}

/** `patent-status entities resolve|rebuild` on an open database. */
export async function runEntities(db: Database, args: string[], out: (line: string) => void = console.log): Promise<ResolutionSummary> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, strict: false, options: { progress: { type: 'boolean' } } });
  const [action, ...rest] = positionals;
  if ((action !== 'resolve' && action !== 'rebuild') || rest.length > 0) throw new UsageError(`expected resolve or rebuild\n${USAGE}`);
  const unknown = Object.keys(values).filter((key) => key !== 'progress');
  if (unknown.length > 0) throw new UsageError(`unknown option '--${unknown[0]}'`);
  const summary = await resolveEntities(db, {
    rebuild: action === 'rebuild',
    onProgress: values.progress ? (p) => process.stderr.write(`entities ${action}: ${p.phase} ${p.done}\n`) : undefined,
  });
  out(formatResolution(summary));
  return summary;
}
