/**
 * Prior art an examiner relies on, and the three ways one reference is written: in the action's
 * text ("Sabe (US 2007/0217688 A1)", "Miles et al. (US 4,087,248 A)"), in a citation row's
 * `referenceIdentifier` ("Sabe; Kohtaro US 20070217688 A1", or the bare number as most DS-API
 * rows have it) and as `parsedReferenceIdentifier` (the number's characters, `20070217688`,
 * `7751013`, `D700123`). US patents come from outside-references.ts (issued before 2015, so they
 * never collide with the corpus's numbers); US publications are 2001–2014 ones, for the same
 * reason. Each application keeps its references from action to action (a final rejection mostly
 * repeats the non-final's primary reference), see ReferenceShelf.
 */
import { outsidePatent, SURNAMES } from '../core/outside-references.js';
import { type Rng, year } from '../core/random.js';

export interface Reference {
  /** `20070217688`, `7751013`, `D700123`. */
  number: string;
  kind: string;
  family: string;
  given: string;
  /** More than one inventor: the text writes "et al.". */
  several: boolean;
  publication: boolean;
}

const GIVEN =
  'Kohtaro|Souvik|James|Maria|Hiroshi|Wei|Stefan|Min-jun|Priya|Carlos|Anna|Yuki|David|Elena|Thomas|Jing|Rajesh|Sarah|Lars|Chia-Hung'.split(
    '|',
  );

const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** As the text cites it: `US 2007/0217688 A1`, `US 7,751,013 B2`, `US D700,123 S1`. */
function printedNumber(r: Reference): string {
  if (r.publication) return `US ${r.number.slice(0, 4)}/${r.number.slice(4)} ${r.kind}`;
  if (r.number.startsWith('D')) return `US D${thousands(r.number.slice(1))} ${r.kind}`;
  return `US ${thousands(r.number)} ${r.kind}`;
}

/** `Sabe` or `Sabe et al.`, the short name the discussion uses. */
export const shortName = (r: Reference) => (r.several ? `${r.family} et al.` : r.family);

/** `Sabe (US 2007/0217688 A1)`. */
export const citedAs = (r: Reference) => `${shortName(r)} (${printedNumber(r)})`;

/** A citation row's `referenceIdentifier`: `Sabe; Kohtaro US 20070217688 A1`, or the bare number. */
export const rowIdentifier = (r: Reference, named: boolean) => (named ? `${r.family}; ${r.given} US ${r.number} ${r.kind}` : r.number);

/** A reference the examiner could find before the application's filing day. */
function drawReference(rng: Rng, type: string, filing: number): Reference {
  const family = rng.pick(SURNAMES);
  const given = rng.pick(GIVEN);
  const several = rng.chance(0.55);
  if (type !== 'DES' && type !== 'PLT' && rng.chance(0.5)) {
    const last = Math.min(2014, year(filing) - 1);
    const y = rng.int(Math.min(2002, last), last);
    return {
      number: `${y}0${rng.int(10_000, 399_999).toString().padStart(6, '0')}`,
      kind: 'A1',
      family,
      given,
      several,
      publication: true,
    };
  }
  const p = outsidePatent(rng, type === 'DES' ? 'DES' : 'UTL', filing);
  return { number: p.number, kind: p.kind, family, given, several, publication: false };
}

/** The references one application's actions rely on, reused from action to action. */
export class ReferenceShelf {
  private primary: Reference | null = null;
  private readonly secondary: Reference[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly rng: Rng,
    private readonly type: string,
    private readonly filing: number,
  ) {}

  private fresh(): Reference {
    for (;;) {
      const r = drawReference(this.rng, this.type, this.filing);
      if (this.seen.has(r.number)) continue;
      this.seen.add(r.number);
      return r;
    }
  }

  /** The main reference of the next action: the previous one two times in three. */
  main(): Reference {
    if (this.primary === null || !this.rng.chance(0.65)) this.primary = this.fresh();
    return this.primary;
  }

  /** `count` secondary references other than `not`, mostly ones already used when there are some. */
  others(count: number, not: readonly Reference[]): Reference[] {
    const out: Reference[] = [];
    for (const r of this.secondary) if (out.length < count && !not.includes(r) && this.rng.chance(0.5)) out.push(r);
    while (out.length < count) {
      const r = this.fresh();
      this.secondary.push(r);
      out.push(r);
    }
    return out;
  }

  /** A reference only ever cited by the applicant (an IDS), not relied on in any action. */
  applicantCited(): Reference {
    return this.fresh();
  }
}
