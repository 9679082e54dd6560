/**
 * Who owns a patent now, from its recordations: the assignees of the latest
 * recordation that moves ownership (an assignment, nunc pro tunc included, a merger, a change of
 * name; a corrective assignment re-records one), and the security interests no later release by
 * the secured party has lifted. Pure; names are compared as names.ts `sameParty` does.
 */
import { type ConveyanceType, movesOwnership } from './conveyance.js';
import { sameParty } from './names.js';

export interface Recordation {
  reelFrame: string;
  recordedDate: string;
  /** The latest execution date of its assignors, when given: when title passed. */
  executedDate: string | null;
  conveyanceType: ConveyanceType;
  conveyanceText: string;
  assignors: readonly string[];
  assignees: readonly string[];
  /**
   * What entity resolution knows of each party, in the same order: its family id, else its entity
   * id, else null. Two parties with one key are one company however differently printed.
   */
  assignorKeys?: readonly (string | null)[];
  assigneeKeys?: readonly (string | null)[];
  /** The assignees' entity ids (null where unresolved). */
  assigneeEntityIds?: readonly (string | null)[];
}

export interface CurrentOwner {
  owner: {
    names: string[];
    entity_ids: (string | null)[];
    reel_frame: string;
    recorded_date: string;
    conveyance_type: ConveyanceType;
  } | null;
  /** Why `owner` is null. */
  reason: string | null;
  security_interests: { reel_frame: string; recorded_date: string; secured_parties: string[] }[];
}

/** A corrective recordation of an assignment names the corrected parties: it moves ownership as the original did. */
function moves(r: Recordation): boolean {
  return movesOwnership(r.conveyanceType) || (r.conveyanceType === 'correction' && /\bASSIGNMENT\b/.test(r.conveyanceText.toUpperCase()));
}

/**
 * Title passes when the parties sign, not when the office records it: an inventors' assignment
 * signed before a merger but recorded after it still came first. So recordations are ordered by
 * execution date where the file gives one, else by recorded date.
 */
const effective = (r: Recordation) => r.executedDate ?? r.recordedDate;
const oldestFirst = (a: Recordation, b: Recordation) =>
  effective(a).localeCompare(effective(b)) || a.recordedDate.localeCompare(b.recordedDate) || a.reelFrame.localeCompare(b.reelFrame);

function overlaps(
  a: readonly string[],
  b: readonly string[],
  aKeys?: readonly (string | null)[],
  bKeys?: readonly (string | null)[],
): boolean {
  if (aKeys && bKeys && aKeys.some((key) => key !== null && bKeys.includes(key))) return true;
  return a.some((x) => b.some((y) => sameParty(x, y)));
}

export function currentOwner(recordations: readonly Recordation[]): CurrentOwner {
  const chain = recordations.filter(moves).sort(oldestFirst);
  const security_interests = unreleasedSecurityInterests(recordations);
  const latest = chain.at(-1);
  if (!latest)
    return { owner: null, reason: 'no recordation on file moves ownership (assignment, merger or change of name)', security_interests };
  // The latest transfer must come from a holder after the one before it (the first comes from the inventors).
  const before = chain.at(-2);
  if (
    before &&
    !overlaps(before.assignees, latest.assignors, before.assigneeKeys, latest.assignorKeys) &&
    !overlaps(before.assignors, latest.assignors, before.assignorKeys, latest.assignorKeys)
  ) {
    return {
      owner: null,
      reason:
        `the chain is broken: ${latest.reelFrame} transfers from ${latest.assignors.join('; ')}, ` +
        `but the holder after ${before.reelFrame} is ${before.assignees.join('; ')}`,
      security_interests,
    };
  }
  return {
    owner: {
      names: [...latest.assignees],
      entity_ids: latest.assignees.map((_, i) => latest.assigneeEntityIds?.[i] ?? null),
      reel_frame: latest.reelFrame,
      recorded_date: latest.recordedDate,
      conveyance_type: latest.conveyanceType,
    },
    reason: null,
    security_interests,
  };
}

/** Security interests (liens included) not followed by a release in which their secured party is the releasing party. */
function unreleasedSecurityInterests(recordations: readonly Recordation[]): CurrentOwner['security_interests'] {
  const sorted = [...recordations].sort(oldestFirst);
  return sorted
    .filter(
      (r, i) =>
        r.conveyanceType === 'security_interest' &&
        !sorted.slice(i + 1).some((later) => later.conveyanceType === 'release' && overlaps(r.assignees, later.assignors)),
    )
    .map((r) => ({ reel_frame: r.reelFrame, recorded_date: r.recordedDate, secured_parties: [...r.assignees] }));
}
