/**
 * What happens to the corpus's companies and patents, and when: the events the plan
 * (assignment-plan.ts) turns into recordations once it knows who holds what on that day.
 *
 * - Mergers (2–4) and changes of name (2–3), whatever the corpus size.
 * - Security interests: about √applications / 6 (3–40), each later released in 60 % of cases.
 * - Sales: about 3 % of the granted patents change hands: two thirds in bulk sales of 20–150 of a
 *   seller's properties, the rest one by one, late in their life; 5 % of the inventors'
 *   own applications are sold to a company.
 * - Licenses on 0.4 % of the patents; government licenses (CONFIRMATORY LICENSE, GOVERNMENT
 *   INTEREST AGREEMENT) on 30 % of university filings and 2 % of small companies' filings.
 * - With daily files, a bulk sale, a security interest and a license recorded in their last days,
 *   so that the newest files always show some.
 * Every kind happens at least once or twice, so small corpora show them all.
 */
import { businessDayBefore } from './calendar.js';
import type { EntityRegistry } from './entities.js';
import { type Corpus, PRV } from './corpus.js';
import type { InventorAssignments } from './inventors.js';
import { CORPUS_START } from '../core/family.js';
import { businessDay, Rng } from '../core/random.js';

export type EventKind =
  'merger' | 'name-change' | 'security' | 'bulk-sale' | 'sale' | 'individual-sale' | 'license' | 'government' | 'confirmatory';

export interface PlannedEvent {
  kind: EventKind;
  /** Recorded day. */
  day: number;
  /** The application the event is about (sales, licenses, government licenses), else -1. */
  app: number;
  /** Fixed posting day (the events placed in the daily files), else null. */
  posted: number | null;
}

export interface ScheduleWindow {
  /** Days of the daily files (business days, oldest first); may be empty. */
  daily: readonly number[];
  /** Last day a recordation can be posted. */
  last: number;
}

export function scheduleEvents(
  corpus: Corpus,
  registry: EntityRegistry,
  inventors: InventorAssignments,
  seed: string | number,
  window: ScheduleWindow,
): PlannedEvent[] {
  const rng = new Rng(`${seed}|assignments|schedule`);
  const { last } = window;
  const events: PlannedEvent[] = [];
  const between = (lo: number, hi: number): number => businessDay(Math.min(lo, hi) + rng.int(0, Math.max(0, hi - lo)));
  const add = (kind: EventKind, day: number, app = -1, posted: number | null = null) => {
    if (day <= last) events.push({ kind, day, app, posted });
  };

  for (let n = 2 + rng.int(0, 2); n > 0; n--) add('merger', between(CORPUS_START + 400, last - 500));
  for (let n = 2 + rng.int(0, 1); n > 0; n--) add('name-change', between(CORPUS_START + 300, last - 60));
  const securities = Math.min(40, Math.max(3, Math.round(Math.sqrt(corpus.size) / 6)));
  add('security', between(CORPUS_START + 300, last - 1100)); // the first one has room for its release
  for (let n = securities - 1; n > 0; n--) add('security', between(CORPUS_START + 300, last));

  const granted: number[] = [];
  const individual: number[] = [];
  const government: number[] = [];
  for (let i = 0; i < corpus.size; i++) {
    if (corpus.type[i] === PRV) continue;
    const applicant = corpus.applicant[i]!;
    if (applicant < 0) individual.push(i);
    else if (corpus.granted[i]! <= last) granted.push(i);
    if (applicant >= 0) {
      const e = registry.get(applicant);
      if (rng.chance(e.university ? 0.3 : e.small ? 0.02 : 0)) government.push(i);
    }
  }
  for (let n = Math.max(2, Math.round((granted.length * 0.02) / 60)); n > 0; n--) add('bulk-sale', between(CORPUS_START + 700, last));

  /** `count` events about applications drawn from `pool`, each on a day drawn by `when` (null: try another). */
  const perApplication = (kind: EventKind, pool: readonly number[], count: number, when: (app: number) => number | null) => {
    for (let n = count, tries = 0; n > 0 && pool.length > 0 && tries < count * 10; tries++) {
      const app = rng.pick(pool);
      const d = when(app);
      if (d === null || d > last || d >= corpus.end[app]!) continue;
      add(kind, d, app);
      n--;
    }
  };
  perApplication('sale', granted, Math.max(2, Math.round(granted.length * 0.01)), (app) => {
    const from = Math.max(corpus.granted[app]!, inventors.lastOwn[app]! + 20);
    return between(from + 30, from + 1500);
  });
  perApplication('individual-sale', individual, Math.max(1, Math.round(individual.length * 0.05)), (app) =>
    between(corpus.filing[app]! + 60, corpus.filing[app]! + 1500),
  );
  perApplication(
    'license',
    [...granted, ...individual.filter((i) => corpus.granted[i]! <= last)],
    Math.max(3, Math.round(granted.length * 0.004)),
    (app) => (corpus.granted[app]! > last ? null : between(corpus.granted[app]! + 30, corpus.granted[app]! + 2000)),
  );
  // Government licenses follow the filing; the first two are one of each text.
  if (government.length < 2) government.push(...granted.slice(0, 2 - government.length));
  government.forEach((app, k) => {
    const kind = k === 0 ? 'confirmatory' : k === 1 ? 'government' : rng.chance(0.6) ? 'confirmatory' : 'government';
    add(kind, between(corpus.filing[app]! + 20, corpus.filing[app]! + 500), app);
  });

  // The newest files: each event recorded the business day before one of the daily days.
  if (window.daily.length > 0 && granted.length > 0) {
    for (const kind of ['bulk-sale', 'security', 'license'] as const) {
      const posted = rng.pick(window.daily);
      const d = businessDayBefore(posted);
      let app = -1;
      for (let tries = 0; kind === 'license' && tries < 50 && app < 0; tries++) {
        const pick = rng.pick(granted);
        if (corpus.granted[pick]! < d && corpus.end[pick]! > d) app = pick;
      }
      if (kind !== 'license' || app >= 0) events.push({ kind, day: d, app, posted });
    }
  }
  // Stable order: by day, then as scheduled.
  return events
    .map((e, k) => [e, k] as const)
    .sort((a, b) => a[0].day - b[0].day || a[1] - b[1])
    .map(([e]) => e);
}
