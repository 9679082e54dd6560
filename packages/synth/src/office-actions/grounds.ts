/**
 * What a rejection (CTNF/CTFR) says, drawn once and then written three ways (the action's text,
 * its rejection rows, its citation rows), so that the statutes, claims and references agree
 * everywhere. Shares follow the public office-action research data roughly: 103 in ~90 % of
 * rejections, 112 in ~40 %, 102 in ~35 %, 101 in ~10 % (more in the computing and business art
 * units, where they are Alice rejections; Mayo/Myriad in 1600), nonstatutory double patenting in
 * ~35 % of continuing applications. Dependent claims whose base claim is rejected
 * may be objected to ("would be allowable if rewritten in independent form"); a final rejection
 * sometimes allows a whole independent claim group.
 */
import type { ClaimSet } from './claims.js';
import type { Application } from './history.js';
import type { Reference, ReferenceShelf } from './references.js';
import type { Rng } from '../core/random.js';

export type Statute = '101' | '102' | '103' | '112' | 'DP';

export interface Ground {
  statute: Statute;
  /** Row `paragraphNumber`: `a`/`b` for 112(a)/(b), 102(a)(1) or pre-AIA 102(b), pre-AIA 103(a); else empty. */
  paragraph: string;
  claims: number[];
  /** 102: one; 103: the primary then the secondaries; DP: none (the conflicting document is in `conflict`). */
  references: Reference[];
  /** 112: indefiniteness or written description; 101: the judicial exception. */
  basis: string;
  /** DP: the conflicting patent, or the copending application. */
  conflict?: { patent: string | null; application: string };
  /** 112/101: the claims the discussion is about; the others are rejected as depending from them. */
  leads: number[];
}

export interface RejectionPlan {
  final: boolean;
  grounds: Ground[];
  /** Claims objected to (allowable if rewritten), claims allowed, claims rejected on no ground (allowable once the other rejections are overcome). */
  objected: number[];
  allowed: number[];
  allowable: number[];
  pending: number[];
  withdrawn: number[];
  canceled: number[];
  alice: boolean;
  mayo: boolean;
  myriad: boolean;
  /** Quality flags of the rejection rows (the text extractor's misses). */
  quality: { header: number; formParagraph: number; mismatch: number; closing: number };
}

/** Art units where 101 is common: computing, e-commerce and business methods. */
const ELIGIBILITY_UNITS = /^(21|24|36|37)/;
const BASIS_112 = { a: 'written description', b: 'indefinite' } as const;

function subset(rng: Rng, claims: readonly number[], share: number, min = 1): number[] {
  const out = claims.filter(() => rng.chance(share));
  if (out.length < min && claims.length > 0) {
    for (const c of claims) if (out.length < min && !out.includes(c)) out.push(c);
  }
  return out.sort((a, b) => a - b);
}

/** The grounds of one rejection over the claims as they stand. */
export function planRejection(rng: Rng, app: Application, claims: ClaimSet, shelf: ReferenceShelf, final: boolean): RejectionPlan {
  const pending = claims.pending();
  const groups = claims.groups();
  const single = pending.length <= 1;
  const grounds: Ground[] = [];
  const objected: number[] = [];
  const allowed: number[] = [];

  // A final rejection may allow a whole independent group; dependents of rejected claims may be objected to.
  let rejected = pending;
  if (final && groups.length > 1 && rng.chance(0.15)) {
    const group = groups[groups.length - 1]!;
    allowed.push(...group);
    rejected = pending.filter((c) => !group.includes(c));
  }
  if (!single && rng.chance(0.35)) {
    const dependents = rejected.filter((c) => !claims.isIndependent(c));
    const pick = subset(rng, dependents, 0.2, 1).slice(0, 3);
    objected.push(...pick);
    rejected = rejected.filter((c) => !pick.includes(c));
  }

  const computing = ELIGIBILITY_UNITS.test(app.artUnit);
  const biotech = app.artUnit.startsWith('16');
  const parent = app.parents[0];
  const designLike = app.type === 'DES' || app.type === 'PLT';
  const want = {
    s101: !designLike && rng.chance(computing ? 0.18 : biotech ? 0.12 : 0.03),
    s112: rng.chance(designLike ? 0.45 : 0.4),
    s102: rng.chance(designLike ? 0.4 : 0.35),
    s103: rng.chance(designLike ? 0.6 : 0.85),
    dp: parent !== undefined && !designLike && rng.chance(0.35),
  };
  if (!want.s102 && !want.s103 && (!want.s101 || rng.chance(0.7))) want.s103 = true;

  // Prior art: 102 takes some claims (often an independent one with a few dependents), 103 the rest.
  let forPriorArt = rejected;
  if (want.s102 && forPriorArt.length > 0) {
    // An anticipated dependent claim implies its base claim is anticipated too: take an independent claim and some of its dependents.
    const lead = forPriorArt.find((c) => claims.isIndependent(c)) ?? forPriorArt[0]!;
    const anticipated =
      want.s103 && forPriorArt.length > 1
        ? forPriorArt.filter((c) => c === lead || (claims.baseOf(c) === lead && rng.chance(0.5)))
        : forPriorArt;
    const fitf = app.firstInventorToFile;
    const paragraph = fitf ? 'a' : rng.pick(['b', 'b', 'e']);
    grounds.push({ statute: '102', paragraph, claims: anticipated, references: [shelf.main()], basis: '', leads: [] });
    forPriorArt = forPriorArt.filter((c) => !anticipated.includes(c));
  }
  if (want.s103 && forPriorArt.length > 0) {
    const main = grounds[0]?.references[0] ?? shelf.main();
    const paragraph = app.firstInventorToFile ? '' : 'a';
    const split =
      forPriorArt.length >= 6 && rng.chance(0.35) ? Math.round(forPriorArt.length * (0.4 + rng.next() * 0.3)) : forPriorArt.length;
    const parts = [forPriorArt.slice(0, split), forPriorArt.slice(split)].filter((p) => p.length > 0);
    let secondaries: number = rng.weighted([
      [0, 10],
      [1, 50],
      [2, 28],
      [3, 9],
      [4, 3],
    ] as const);
    for (const part of parts) {
      const others = shelf.others(secondaries, [main]);
      grounds.push({ statute: '103', paragraph, claims: part, references: [main, ...others], basis: '', leads: [] });
      secondaries = Math.min(4, secondaries + 1); // the later group adds a reference to the combination
    }
  }
  if (want.s112) {
    const paragraph = rng.chance(0.75) ? 'b' : 'a';
    // One or two claims at fault; an independent one takes its dependents along.
    const leads = [...new Set([rng.pick(rejected), rng.pick(rejected)].slice(0, rng.chance(0.3) ? 2 : 1))].sort((a, b) => a - b);
    const target = rejected.filter((c) => leads.includes(c) || leads.includes(claims.baseOf(c)));
    grounds.push({ statute: '112', paragraph, claims: target, references: [], basis: BASIS_112[paragraph], leads });
  }
  let alice = false;
  let mayo = false;
  let myriad = false;
  if (want.s101) {
    const group = rng.pick(groups).filter((c) => rejected.includes(c));
    const target = rng.chance(0.6) || group.length === 0 ? rejected : group;
    alice = computing || !biotech;
    mayo = biotech && rng.chance(0.7);
    myriad = biotech && !mayo;
    const basis = mayo ? 'a law of nature' : myriad ? 'a product of nature' : 'an abstract idea';
    const leads = target.filter((c) => claims.isIndependent(c));
    grounds.push({
      statute: '101',
      paragraph: '',
      claims: [...target],
      references: [],
      basis,
      leads: leads.length > 0 ? leads : target.slice(0, 1),
    });
  }
  if (want.dp && parent) {
    const first = (groups[0] ?? []).filter((c) => rejected.includes(c));
    const target = rng.chance(0.7) || first.length === 0 ? rejected : first;
    grounds.push({
      statute: 'DP',
      paragraph: '',
      claims: [...target],
      references: [],
      basis: '',
      conflict: { patent: parent.patent, application: parent.number },
      leads: [],
    });
  }
  if (grounds.length === 0) {
    // Everything was objected to or allowed: reject the independent claims under 112(b).
    const independents = pending.filter((c) => claims.isIndependent(c));
    const target = independents.length ? independents : pending;
    grounds.push({ statute: '112', paragraph: 'b', claims: target, references: [], basis: 'indefinite', leads: target });
  }
  const covered = new Set([...grounds.flatMap((g) => g.claims), ...objected, ...allowed]);
  const allowable = pending.filter((c) => !covered.has(c));
  const miss = () => (rng.chance(0.02) ? 1 : 0);
  return {
    final,
    grounds,
    objected,
    allowed,
    allowable,
    pending,
    withdrawn: claims.withdrawn(),
    canceled: claims.canceled(),
    alice,
    mayo,
    myriad,
    quality: { header: miss(), formParagraph: miss(), mismatch: miss(), closing: miss() },
  };
}

/** Claims rejected on any ground (what the reply amends). */
export function rejectedClaims(plan: RejectionPlan): number[] {
  const all = new Set<number>();
  for (const g of plan.grounds) for (const c of g.claims) all.add(c);
  return [...all].sort((a, b) => a - b);
}

/** The row's legalSectionCode of a statute. */
export const SECTION_CODE: Readonly<Record<Statute, string>> = {
  '101': '101',
  '102': '102',
  '103': '103',
  '112': '112',
  DP: 'nonstatutory double patenting',
};
