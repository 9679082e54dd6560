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
  // Written out rather than looped over FIELDS: a quarter of a PTAB load's own time went to a loop of dynamic keys.
  if (stored === null)
    return {
      trialNumber: snapshot.trialNumber,
      trialType: snapshot.trialType,
      status: snapshot.status,
      filedDate: snapshot.filedDate,
      accordedFilingDate: snapshot.accordedFilingDate,
      institutionDecisionDate: snapshot.institutionDecisionDate,
      latestDecisionDate: snapshot.latestDecisionDate,
      terminationDate: snapshot.terminationDate,
      patentNumber: snapshot.patentNumber,
      applicationNumber: snapshot.applicationNumber,
      grantDate: snapshot.grantDate,
      petitioner: snapshot.petitioner,
      patentOwner: snapshot.patentOwner,
      snapshotAt: at,
      seenAsProceeding: snapshot.fromProceeding,
    };
  const newer = stored.snapshotAt === null || at >= stored.snapshotAt;
  const pick = <T>(mine: T | null, theirs: T | null): T | null => (newer ? (theirs ?? mine) : (mine ?? theirs));
  return {
    trialNumber: stored.trialNumber,
    trialType: stored.trialType,
    status: pick(stored.status, snapshot.status),
    filedDate: pick(stored.filedDate, snapshot.filedDate),
    accordedFilingDate: pick(stored.accordedFilingDate, snapshot.accordedFilingDate),
    institutionDecisionDate: pick(stored.institutionDecisionDate, snapshot.institutionDecisionDate),
    latestDecisionDate: pick(stored.latestDecisionDate, snapshot.latestDecisionDate),
    terminationDate: pick(stored.terminationDate, snapshot.terminationDate),
    patentNumber: pick(stored.patentNumber, snapshot.patentNumber),
    applicationNumber: pick(stored.applicationNumber, snapshot.applicationNumber),
    grantDate: pick(stored.grantDate, snapshot.grantDate),
    petitioner: pick(stored.petitioner, snapshot.petitioner),
    patentOwner: pick(stored.patentOwner, snapshot.patentOwner),
    snapshotAt: newer ? at : stored.snapshotAt,
    seenAsProceeding: stored.seenAsProceeding || snapshot.fromProceeding,
  };
}

export function sameTrial(a: Trial, b: Trial): boolean {
  return FIELDS.every((f) => a[f] === b[f]) && a.snapshotAt === b.snapshotAt && a.seenAsProceeding === b.seenAsProceeding;
}
