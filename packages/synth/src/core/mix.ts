/**
 * The status mix the corpus aims at, and the prosecution plan that leads to each status.
 *
 * A quota steers the mix: each new family root takes a target status in proportion to how far
 * that status is below its share so far, so the corpus converges on the targets whatever the
 * continuing applications (whose status follows from their filing date) happen to reach.
 */
import type { Path } from './prosecution.js';
import { type Rng, WeightedTable } from './random.js';

/** Target share of each final status in the corpus (sums to 1). */
export const TARGET_MIX: Readonly<Record<number, number>> = Object.fromEntries(
  (
    '150:0.47 250:0.08 161:0.155 164:0.025 166:0.012 163:0.008 19:0.008 20:0.005 30:0.06 41:0.042 71:0.03 61:0.02 80:0.004 ' +
    '83:0.006 93:0.025 95:0.005 120:0.006 123:0.004 124:0.005 159:0.03'
  )
    .split(' ')
    .map((pair) => pair.split(':').map(Number) as [number, number]),
);

/** Pending statuses a root can be placed in (`asOf` inside the step that sets them). */
export const PENDING_TARGETS: ReadonlySet<number> = new Set([19, 20, 30, 41, 71, 61, 80, 83, 93, 95, 120, 123, 124]);
export const ROOT_TARGETS: readonly number[] = Object.keys(TARGET_MIX)
  .map(Number)
  .filter((c) => c !== 159);
/** Continuing applications aim at an outcome; where their history stands at `asOf` decides the status. */
export const CHILD_TARGETS: readonly number[] = [150, 250, 161, 164];

export class Quota {
  private readonly counts = new Map<number, number>();
  private total = 0;

  deficit(code: number): number {
    return (TARGET_MIX[code] ?? 0) * (this.total + 1) - (this.counts.get(code) ?? 0);
  }

  pick(rng: Rng, allowed: readonly number[]): number {
    const pairs = allowed.map((code) => [code, Math.max(0, this.deficit(code))] as const);
    return pairs.some(([, w]) => w > 0) ? rng.weighted(pairs) : rng.weighted(allowed.map((c) => [c, TARGET_MIX[c] ?? 0] as const));
  }

  record(code: number): void {
    this.counts.set(code, (this.counts.get(code) ?? 0) + 1);
    this.total++;
  }
}

/** Number of rejections before the outcome. */
export type Cycles = WeightedTable<number>;
const GRANT_CYCLES: Cycles = WeightedTable.parse('0:12 1:33 2:30 3:15 4:10');
const REJECTED: Cycles = WeightedTable.parse('1:40 2:35 3:25');
const AFTER_FINAL: Cycles = WeightedTable.parse('2:50 3:30 4:20');

export interface Plan {
  path: Path;
  /** Let the patent lapse for non-payment (status 250). */
  expire: boolean;
  cycles: Cycles;
}

export function planFor(code: number): Plan {
  if (code === 250) return { path: 'grant', expire: true, cycles: GRANT_CYCLES };
  if (code === 161) return { path: 'abandon-oa', expire: false, cycles: REJECTED };
  if (code === 164) return { path: 'abandon-fee', expire: false, cycles: GRANT_CYCLES };
  if (code === 166) return { path: 'fwc', expire: false, cycles: REJECTED };
  if (code === 163) return { path: 'appeal-affirmed', expire: false, cycles: AFTER_FINAL };
  if (code === 120 || code === 123 || code === 124) return { path: 'appeal-reversed', expire: false, cycles: AFTER_FINAL };
  if (code === 41 || code === 71) return { path: 'grant', expire: false, cycles: REJECTED };
  if (code === 61 || code === 80 || code === 83) return { path: 'grant', expire: false, cycles: AFTER_FINAL };
  return { path: 'grant', expire: false, cycles: GRANT_CYCLES };
}
