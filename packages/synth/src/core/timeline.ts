/**
 * A simulated prosecution history (see prosecution.ts) and the operations on it: moving it in
 * time, and reading it as of a day.
 */

export type Entity = 'large' | 'small' | 'micro';

export interface Timeline {
  /** Insertion order; `day` is an epoch day. The marker `GRANT` stands for the grant-day recordation events. */
  events: Array<{ day: number; code: string }>;
  /** Status changes in day order. */
  statuses: Array<{ day: number; code: number }>;
  filing: number;
  publication: number | null;
  wpir: number | null;
  grant: number | null;
  /** Day of the terminal event: grant (or lapse when `expire`), or abandonment. */
  end: number;
  firstActionMail: number | null;
  rceDays: number;
  applicantDelay: number;
  appealDays: number;
  /** For the `fwc` path: the day the continuing application replaces this one. */
  fwcDay: number | null;
  /** Entity at the end of the timeline (after any change). */
  finalEntity: Entity;
}

export function emptyTimeline(filing: number, entity: Entity): Timeline {
  return {
    events: [],
    statuses: [],
    filing,
    publication: null,
    wpir: null,
    grant: null,
    end: filing,
    firstActionMail: null,
    rceDays: 0,
    applicantDelay: 0,
    appealDays: 0,
    fwcDay: null,
    finalEntity: entity,
  };
}

/** Moves a whole timeline by `delta` days (a multiple of 7 keeps weekdays). */
export function shiftTimeline(t: Timeline, delta: number): void {
  for (const e of t.events) e.day += delta;
  for (const s of t.statuses) s.day += delta;
  t.filing += delta;
  t.end += delta;
  if (t.publication !== null) t.publication += delta;
  if (t.wpir !== null) t.wpir += delta;
  if (t.grant !== null) t.grant += delta;
  if (t.firstActionMail !== null) t.firstActionMail += delta;
  if (t.fwcDay !== null) t.fwcDay += delta;
}

/** Last day whose events are visible at `asOf`: a grant still in the future hides its issue notification too. */
export function cutoff(t: Timeline, asOf: number): number {
  return t.grant !== null && t.grant > asOf && t.wpir !== null ? Math.min(asOf, t.wpir - 1) : asOf;
}

export function statusAt(t: Timeline, asOf: number): { code: number; day: number } {
  const limit = cutoff(t, asOf);
  let current = t.statuses[0]!;
  for (const s of t.statuses) if (s.day <= limit) current = s;
  return current;
}
