/**
 * The inventors' assignments to the applicant company: most company applications (88 %; half of
 * the provisionals) record one, usually within weeks of filing (a quarter the same day, through
 * the filing system; a tail of late ones up to about 18 months). Applications filed by the
 * inventors themselves record none. A few cover sheets name the assignee with a typo, corrected
 * by a CORRECTIVE ASSIGNMENT months later; a few are recorded twice, the copy purged.
 *
 * Decisions are drawn from a generator of the application's own (`seed|assignment|<number>`),
 * so they do not depend on the rest of the corpus.
 */
import { businessDaysAfter, NEVER } from './calendar.js';
import { type Corpus, PRV } from './corpus.js';
import { type Recordation, recordation } from './types.js';
import { businessDay, Rng, WeightedTable } from '../core/random.js';

const LAG = WeightedTable.parse<number>('0:25 1:30 2:35 3:10');
const CORRECTIVE_SHARE = 0.01;
const PURGED_SHARE = 0.003;

export class InventorAssignments {
  /** Recorded and posted days; NEVER when the application has no inventor assignment in the files. */
  readonly recorded: Int32Array;
  readonly posted: Int32Array;
  /** 1 when the cover sheet misspells the assignee (a corrective follows). */
  readonly misspelled: Uint8Array;
  /** The last day the inventors' assignment was recorded (original, corrective or purged copy). */
  readonly lastOwn: Int32Array;

  constructor(size: number) {
    this.recorded = new Int32Array(size).fill(NEVER);
    this.posted = new Int32Array(size).fill(NEVER);
    this.misspelled = new Uint8Array(size);
    this.lastOwn = new Int32Array(size).fill(-1);
  }
}

/** Posting lag: the recordation appears in the daily file one to three business days after it is recorded. */
export function postedAfter(recorded: number, rng: Rng): number {
  return businessDaysAfter(
    recorded,
    rng.weighted([
      [1, 60],
      [2, 30],
      [3, 10],
    ] as const),
  );
}

function lagDays(rng: Rng): number {
  switch (LAG.pick(rng)) {
    case 0:
      return 0;
    case 1:
      return rng.int(1, 20);
    case 2:
      return rng.int(21, 120);
    default:
      return rng.int(121, 540);
  }
}

/**
 * The inventor assignments of `corpus` posted by day `last`, and the correctives and purged copies
 * that follow some of them (recorded objects, in application order).
 */
export function planInventorAssignments(
  corpus: Corpus,
  seed: string | number,
  last: number,
): { plan: InventorAssignments; extras: Recordation[] } {
  const plan = new InventorAssignments(corpus.size);
  const correctives: number[] = [];
  const copies: Array<readonly [number, number, number]> = [];
  let fallback: { app: number; rng: Rng } | null = null;
  for (let i = 0; i < corpus.size; i++) {
    if (corpus.applicant[i]! < 0) continue;
    const rng = new Rng(`${seed}|assignment|${corpus.applicationNumber[i]}`);
    if (!rng.chance(corpus.type[i] === PRV ? 0.5 : 0.88)) continue;
    const recorded = businessDay(corpus.filing[i]! + lagDays(rng));
    const posted = postedAfter(recorded, rng);
    if (posted > last) continue;
    plan.recorded[i] = recorded;
    plan.posted[i] = posted;
    plan.lastOwn[i] = recorded;
    const later = businessDay(recorded + rng.int(30, 300));
    const laterPosted = postedAfter(later, rng);
    if (laterPosted <= last) {
      fallback ??= { app: i, rng };
      if (rng.chance(CORRECTIVE_SHARE)) correctives.push(i, later, laterPosted);
    }
    const copy = businessDay(recorded + rng.int(1, 20));
    const copyPosted = postedAfter(copy, rng);
    if (copyPosted <= last && rng.chance(PURGED_SHARE)) copies.push([i, copy, copyPosted]);
  }
  // A small corpus may draw none: the first application with room for one gets both, so that
  // every file set shows them.
  if (correctives.length === 0 && fallback) {
    const later = businessDay(plan.recorded[fallback.app]! + 45);
    correctives.push(fallback.app, later, postedAfter(later, fallback.rng));
  }
  if (copies.length === 0 && fallback) {
    const copy = businessDay(plan.recorded[fallback.app]! + 3);
    copies.push([fallback.app, copy, postedAfter(copy, fallback.rng)]);
  }
  const extras: Recordation[] = [];
  for (let k = 0; k < correctives.length; k += 3) {
    const [app, recorded, posted] = [correctives[k]!, correctives[k + 1]!, correctives[k + 2]!];
    plan.misspelled[app] = 1;
    plan.lastOwn[app] = Math.max(plan.lastOwn[app]!, recorded);
    extras.push(
      recordation({
        kind: 'corrective',
        recorded,
        posted,
        properties: Int32Array.of(app),
        inventorsOf: app,
        assigneeOf: app,
        corrects: app,
        correspondent: corpus.firm[app]!,
        pages: 3 + Math.ceil(corpus.inventors[app]! / 2),
      }),
    );
  }
  for (const [app, recorded, posted] of copies) {
    plan.lastOwn[app] = Math.max(plan.lastOwn[app]!, recorded);
    extras.push(
      recordation({
        kind: 'purged',
        conveyance: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
        recorded,
        posted,
        properties: Int32Array.of(app),
        inventorsOf: app,
        assigneeOf: app,
        purged: true,
        correspondent: corpus.firm[app]!,
        pages: 2 + Math.ceil(corpus.inventors[app]! / 2),
      }),
    );
  }
  return { plan, extras };
}
