/**
 * The claims of one application as its office actions see them: numbered 1…n at filing with a
 * few independent claims (each followed by its dependents), split into inventions by a
 * restriction requirement (the non-elected claims are withdrawn), amended in each reply (a few
 * claims canceled, new claims numbered after the highest number ever used: numbers are never
 * reused). Also the two ways claims are written: in prose ("Claims 1-5, 8 and 10") and in the
 * rejection rows (one comma-joined string sorted as text, "1,10,11,2,3", as the real rows are).
 */
import type { Rng } from '../core/random.js';

export type ClaimState = 'pending' | 'withdrawn' | 'canceled';

export interface Amendment {
  canceled: number[];
  added: number[];
}

export class ClaimSet {
  /** State of claim i at index i - 1. */
  private readonly state: ClaimState[] = [];
  /** For each claim, its independent claim (itself when independent). */
  private readonly base: number[] = [];

  constructor(rng: Rng, type: string) {
    if (type === 'DES' || type === 'PLT') {
      this.add(1, 1);
      return;
    }
    const total = rng.triangular(6, 20, 32);
    const independents =
      total < 10
        ? 1
        : rng.weighted([
            [2, 45],
            [3, 40],
            [1, 15],
          ] as const);
    const starts = [1];
    for (let k = 1; k < independents; k++) starts.push(Math.round((total * k) / independents) + 1);
    for (let c = 1; c <= total; c++) this.add(c, starts.filter((s) => s <= c).at(-1)!);
  }

  private add(claim: number, base: number): void {
    this.state[claim - 1] = 'pending';
    this.base[claim - 1] = base;
  }

  get highest(): number {
    return this.state.length;
  }

  private having(state: ClaimState): number[] {
    const out: number[] = [];
    this.state.forEach((s, i) => s === state && out.push(i + 1));
    return out;
  }

  pending(): number[] {
    return this.having('pending');
  }

  withdrawn(): number[] {
    return this.having('withdrawn');
  }

  canceled(): number[] {
    return this.having('canceled');
  }

  isIndependent(claim: number): boolean {
    return this.base[claim - 1] === claim;
  }

  /** The independent claim a claim depends on (itself when independent). */
  baseOf(claim: number): number {
    return this.base[claim - 1] ?? claim;
  }

  /** Pending independent claims, each with its pending dependents. */
  groups(): number[][] {
    const out = new Map<number, number[]>();
    for (const c of this.pending()) {
      const b = this.baseOf(c);
      (out.get(b) ?? out.set(b, []).get(b)!).push(c);
    }
    return [...out.values()];
  }

  /**
   * A restriction requirement: the pending claims in two or three inventions (by independent
   * claim, or a cut through the dependents when there is one); the elected invention stays, the
   * others are withdrawn. Returns the inventions and the elected one's index.
   */
  restrict(rng: Rng): { inventions: number[][]; elected: number } {
    const pending = this.pending();
    let inventions = this.groups();
    if (inventions.length < 2) {
      const cut = Math.max(1, Math.round(pending.length * (0.5 + rng.next() * 0.3)));
      inventions = [pending.slice(0, cut), pending.slice(cut)].filter((g) => g.length > 0);
    }
    const elected = inventions.length > 1 && rng.chance(0.2) ? 1 : 0;
    inventions.forEach((g, i) => i !== elected && g.forEach((c) => (this.state[c - 1] = 'withdrawn')));
    // An elected invention cut out of the dependents gets its first claim rewritten in independent form.
    const kept = inventions[elected]!;
    if (!kept.some((c) => this.isIndependent(c))) for (const c of kept) this.base[c - 1] = kept[0]!;
    return { inventions, elected };
  }

  /** The applicant's amendment in reply to a rejection: cancel some rejected dependents, add new ones. */
  amend(rng: Rng, rejected: readonly number[]): Amendment {
    const canceled: number[] = [];
    const dependents = rejected.filter((c) => !this.isIndependent(c) && this.state[c - 1] === 'pending');
    const cancel = Math.min(
      dependents.length,
      this.pending().length - 1,
      rng.weighted([
        [0, 40],
        [1, 30],
        [2, 20],
        [3, 10],
      ] as const),
    );
    for (let k = 0; k < cancel; k++) {
      const c = dependents.splice(rng.int(0, dependents.length - 1), 1)[0]!;
      this.state[c - 1] = 'canceled';
      canceled.push(c);
    }
    const bases = this.groups().map((g) => g[0]!);
    const added: number[] = [];
    const count =
      bases.length === 0
        ? 0
        : rng.weighted([
            [0, 45],
            [1, 20],
            [2, 20],
            [3, 15],
          ] as const);
    for (let k = 0; k < count; k++) {
      const claim = this.highest + 1;
      this.add(claim, rng.pick(bases));
      added.push(claim);
    }
    return { canceled: canceled.sort((a, b) => a - b), added };
  }
}

/** `[1,2,3,5,8,9]` → `1-3, 5 and 8-9` (ascending, runs of two or more as ranges). */
export function claimRanges(claims: readonly number[]): string {
  const sorted = [...claims].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** `Claim 7 is` / `Claims 1-5 and 8 are`. */
export function claimsAre(claims: readonly number[]): string {
  return claims.length === 1 ? `Claim ${claims[0]} is` : `Claims ${claimRanges(claims)} are`;
}

/** `claim 7` / `claims 1-5 and 8`. */
export function claimsWord(claims: readonly number[]): string {
  return claims.length === 1 ? `claim ${claims[0]}` : `claims ${claimRanges(claims)}`;
}

/** The rows' form: numbers sorted as text and comma-joined (`1,10,11,2,3`). */
export function claimArray(claims: readonly number[]): string {
  return claims.map(String).sort().join(',');
}

/** Back from prose: `1-3, 5 and 8-9` → `[1,2,3,5,8,9]` (for tests and readers). */
export function parseClaimRanges(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(/,\s*|\s+and\s+/)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) continue;
    for (let c = Number(m[1]); c <= Number(m[2] ?? m[1]); c++) out.push(c);
  }
  return out;
}
