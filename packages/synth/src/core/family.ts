/**
 * Patent families: a root application, the provisional(s) it claims, and continuing
 * applications (CON / DIV / CIP, sometimes a grandchild) filed while their parent was pending.
 *
 * Each root gets a target status from the quota (mix.ts); its timeline is simulated, then moved
 * in time by whole weeks so that `asOf` lands where that status holds (terminal statuses: the
 * whole history before `asOf`; pending ones: `asOf` inside the step that sets the status).
 * Continuing applications cannot be moved (their filing day follows from the parent), so their
 * status is whatever their history reaches by `asOf`; later roots make up the difference.
 */
import { statusCategory, type Parentage } from './codes.js';
import type { Member } from './member.js';
import { newMember } from './member.js';
import { CHILD_TARGETS, type Cycles, PENDING_TARGETS, planFor, Quota, ROOT_TARGETS } from './mix.js';
import type { ApplicationType, Numbering } from './numbering.js';
import type { Pools } from './pools.js';
import { cutoff, type Path, shiftTimeline, simulate, type SimInput, statusAt, type Timeline } from './prosecution.js';
import { addMonths, businessDay, day, type Rng, WeightedTable } from './random.js';

export type { Member } from './member.js';

export const CORPUS_START = day('2015-01-01');
const REFERENCE_FILING = day('2001-01-01'); // a Monday: timelines are simulated here, then moved by whole weeks

const ROOT_TYPES = WeightedTable.parse<ApplicationType>('UTL:915 DES:75 PLT:4 REI:6');
const CHILD_COUNT = WeightedTable.parse<number>('1:70 2:25 3:5');
const CHILD_KIND = WeightedTable.parse<Parentage>('CON:60 DIV:25 CIP:15');
const GRANDCHILD_KIND = WeightedTable.parse<Parentage>('CON:80 DIV:10 CIP:10');

export interface PlannerOptions {
  asOf: number;
  rng: Rng;
  numbering: Numbering;
  pools: Pools;
}

export class FamilyPlanner {
  private readonly quota = new Quota();

  constructor(private readonly o: PlannerOptions) {}

  /** The next family's applications that belong in the corpus (at most `budget`), earliest filing first. */
  next(budget: number): Member[] {
    const { rng, asOf } = this.o;
    const type = ROOT_TYPES.pick(rng);
    const allowed = ROOT_TARGETS.filter((c) => (type === 'UTL' || (c !== 250 && c !== 166)) && (budget > 1 || c !== 166));
    const target = this.quota.pick(rng, allowed);
    const party = this.o.pools.party(rng, { individual: type === 'PLT', designs: type === 'DES' }); // plant breeders file in their own name
    const offsets: number[] = [];
    if (type === 'UTL' && rng.chance(0.42)) {
      offsets.push(rng.triangular(120, 350, 365));
      if (rng.chance(0.15) && offsets[0]! < 360) offsets.push(rng.int(offsets[0]! + 1, 365));
    }
    const priorityOffset = Math.max(0, ...offsets);
    const { path, expire, cycles } = planFor(target);
    const root = newMember(rng, this.o.pools, type, party);
    root.timeline = this.placeRoot(root, { path, expire, cycles, priorityOffset, target });
    this.settle(root);
    const all = [root];
    let used = 1;
    for (const offset of offsets) {
      const prov = newMember(rng, this.o.pools, 'PRV', party, { member: root, kind: 'PRO' });
      prov.filing = businessDay(root.filing - offset);
      prov.status = 159;
      prov.statusDay = addMonths(prov.filing, 12);
      prov.inCorpus = used < budget && prov.statusDay <= asOf && this.quota.deficit(159) > 0;
      if (prov.inCorpus) used++;
      all.push(prov);
    }
    const priority = root.filing - priorityOffset;
    const spawnFrom = (parent: Member, kind: Parentage, filingDay?: number): Member | null => {
      if (used >= budget) return null;
      const child = this.child(parent, kind, priority, filingDay);
      if (child) {
        all.push(child);
        used++;
      }
      return child;
    };
    if (path === 'fwc' && root.timeline.fwcDay !== null) spawnFrom(root, 'CON', root.timeline.fwcDay);
    else if (type === 'UTL' && rng.chance(0.32)) {
      for (let n = CHILD_COUNT.pick(rng); n > 0; n--) {
        const child = spawnFrom(root, CHILD_KIND.pick(rng));
        if (child && rng.chance(0.2)) spawnFrom(child, GRANDCHILD_KIND.pick(rng));
      }
    }
    all.sort((a, b) => a.filing - b.filing);
    for (const m of all) this.assignNumbers(m);
    const inCorpus = all.filter((m) => m.inCorpus);
    for (const m of inCorpus) this.quota.record(m.status);
    return inCorpus;
  }

  private placeRoot(root: Member, p: { path: Path; expire: boolean; cycles: Cycles; priorityOffset: number; target: number }): Timeline {
    const { rng, asOf } = this.o;
    for (let attempt = 0; ; attempt++) {
      const cycles = p.cycles.pick(rng);
      const filing = REFERENCE_FILING + rng.int(0, 4);
      const tl = simulate(rng, this.simInput(root, filing, filing - p.priorityOffset, p.path, cycles, p.expire, false));
      const delta = PENDING_TARGETS.has(p.target) ? this.pendingDelta(tl, p.target) : this.terminalDelta(tl);
      if (delta !== null) {
        shiftTimeline(tl, delta);
        return tl;
      }
      if (attempt >= 20) {
        // Give up on the exact target (rare): end the history just before asOf.
        shiftTimeline(tl, Math.max(CORPUS_START - tl.filing, 7 * Math.floor((asOf - tl.end) / 7)));
        return tl;
      }
    }
  }

  private terminalDelta(tl: Timeline): number | null {
    const lo = CORPUS_START - tl.filing;
    const hi = this.o.asOf - tl.end;
    if (hi < lo) return null;
    let d = 7 * Math.floor((lo + this.o.rng.int(0, hi - lo)) / 7);
    if (d < lo) d += 7;
    return d <= hi ? d : null;
  }

  /** A shift that puts `asOf` inside a step of the timeline holding `target` (at least a week long). */
  private pendingDelta(tl: Timeline, target: number): number | null {
    const { asOf, rng } = this.o;
    const steps: Array<readonly [number, number]> = [];
    tl.statuses.forEach((s, i) => {
      const next = tl.statuses[i + 1];
      if (s.code === target && next && next.day - s.day >= 8) steps.push([s.day, next.day]);
    });
    if (steps.length === 0) return null;
    const [from, to] = rng.pick(steps);
    const delta = 7 * Math.floor((asOf - (from + rng.int(0, to - from - 8))) / 7);
    return tl.filing + delta >= CORPUS_START ? delta : null;
  }

  private child(parent: Member, kind: Parentage, priority: number, filingDay?: number): Member | null {
    const { rng, asOf } = this.o;
    let filing = filingDay;
    if (filing === undefined) {
      const lo = parent.filing + 60;
      const ended = statusCategory(parent.status);
      const end = ended === 'granted' || ended === 'expired' ? parent.timeline!.grant! : ended === 'abandoned' ? parent.statusDay : asOf;
      const hi = Math.min(end, asOf) - 1;
      if (hi - lo < 30) return null;
      filing = kind === 'CON' && rng.chance(0.55) ? hi - rng.int(0, Math.min(90, hi - lo)) : lo + rng.int(0, hi - lo);
      filing = Math.min(businessDay(filing), hi);
    }
    if (filing > asOf) return null;
    const child = newMember(rng, this.o.pools, 'UTL', parent.party, { member: parent, kind });
    const { path, expire, cycles } = planFor(this.quota.pick(rng, CHILD_TARGETS));
    child.timeline = simulate(rng, this.simInput(child, filing, priority, path, cycles.pick(rng), expire, true));
    this.settle(child);
    return child;
  }

  private simInput(
    m: Member,
    filing: number,
    priority: number,
    path: Path,
    cycles: number,
    expire: boolean,
    continuing: boolean,
  ): SimInput {
    const { rng } = this.o;
    return {
      type: m.type === 'PRV' ? 'UTL' : m.type,
      filing,
      priority,
      path,
      cycles,
      entity: m.entity,
      entityChange: rng.chance(0.04),
      expire,
      continuing,
      nonPublication: rng.chance(0.04),
      firstInventorToFile: m.firstInventorToFile,
    };
  }

  /** Filing day, status and status day from the member's (placed) timeline. */
  private settle(m: Member): void {
    const t = m.timeline!;
    const { code, day: statusDay } = statusAt(t, this.o.asOf);
    m.filing = t.filing;
    m.status = code;
    m.statusDay = statusDay;
  }

  private assignNumbers(m: Member): void {
    const { numbering, rng, asOf } = this.o;
    m.number = numbering.application(m.type, m.filing, rng);
    const t = m.timeline;
    if (!t || m.type === 'PRV') return;
    if (t.grant !== null && t.grant <= asOf) m.patentNumber = numbering.patent(m.type, t.grant, rng);
    if (t.publication !== null && t.publication <= cutoff(t, asOf)) {
      m.publication = { ...numbering.publication(t.publication, m.type === 'PLT' ? 'P1' : 'A1', rng), day: t.publication };
    }
  }
}
