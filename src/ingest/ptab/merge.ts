/**
 * A trial as stored, merged from every record that names it. Records come in any order (a
 * decision before its proceeding, an old download after a newer search response), each with a
 * snapshot of the trial as of its own modification time: the newest snapshot decides a field it
 * gives, and a field a snapshot leaves out (the reduced downloads) keeps what another gave.
 */
import type { TrialSnapshot } from './record.js';

/** A trial as stored: what its snapshots said, merged. */
export type Trial = Omit<TrialSnapshot, 'modifiedAt' | 'fromProceeding'> & {
  /** The modification time of the newest snapshot merged (a file's date when its records give none). */
  snapshotAt: string | null;
  seenAsProceeding: boolean;
};

/** The fields a snapshot gives, merged by age. */
const FIELDS = [
  'status',
  'filedDate',
  'accordedFilingDate',
  'institutionDecisionDate',
  'latestDecisionDate',
  'terminationDate',
  'patentNumber',
  'applicationNumber',
  'grantDate',
  'petitioner',
  'patentOwner',
] as const satisfies readonly (keyof Trial & keyof TrialSnapshot)[];

/**
 * `stored` with `snapshot` merged in. `undatedAt` stands for the time of a snapshot that gives
 * none (its file's date): a download read today is as new as today, an old one is older than
 * what a newer record already said.
 */
export function mergeTrial(stored: Trial | null, snapshot: TrialSnapshot, undatedAt: string): Trial {
  const at = snapshot.modifiedAt ?? undatedAt;
  if (stored === null) {
    const trial = {
      trialNumber: snapshot.trialNumber,
      trialType: snapshot.trialType,
      snapshotAt: at,
      seenAsProceeding: snapshot.fromProceeding,
    };
    return { ...trial, ...Object.fromEntries(FIELDS.map((f) => [f, snapshot[f]])) } as Trial;
  }
  const newer = stored.snapshotAt === null || at >= stored.snapshotAt;
  const merged: Trial = { ...stored, seenAsProceeding: stored.seenAsProceeding || snapshot.fromProceeding };
  for (const field of FIELDS) merged[field] = newer ? (snapshot[field] ?? stored[field]) : (stored[field] ?? snapshot[field]);
  if (newer) merged.snapshotAt = at;
  return merged;
}

export function sameTrial(a: Trial, b: Trial): boolean {
  return FIELDS.every((f) => a[f] === b[f]) && a.snapshotAt === b.snapshotAt && a.seenAsProceeding === b.seenAsProceeding;
}
