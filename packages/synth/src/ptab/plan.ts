/**
 * Which patents are challenged, by whom and when. Petitions come in campaigns: one petitioner
 * files one to six petitions on a day against one patent owner, often several against the same
 * patent (parallel petitions), and the Board decides them together; a settlement ends them all.
 * Some patents are challenged again later, by the same or another petitioner. An IPR petition
 * comes at least nine months after the grant, a PGR within them; a few CBM reviews of software
 * and business-method patents before the program closed in September 2020, and one or two
 * derivation proceedings brought by a corpus company. The example trials (EXAMPLES) are planned
 * first, with dates that let them have happened by `asOf`.
 */
import { addMonths, day, iso, Rng, WeightedTable } from '../core/random.js';
import { type ChallengeablePatents, countWhile } from './corpus.js';
import type { PetitionerPool } from './parties.js';
import {
  campaignFate,
  drawSchedule,
  type Fate,
  filingDay,
  liveTrial,
  memberFate,
  numberTrials,
  type Trial,
  type TrialType,
} from './timeline.js';
import { TECHNOLOGIES } from '../core/technology.js';

/** The corpus cannot hold a trial told as one of the examples by `asOf`: nothing is written. */
export class NoPtabExampleError extends RangeError {
  constructor(why: string) {
    super(`no PTAB example possible: ${why}`);
    this.name = 'NoPtabExampleError';
  }
}

const CBM_END = day('2020-09-16');
const CBM_FIELDS = new Set(['business', 'software', 'security'].map((key) => TECHNOLOGIES.findIndex((t) => t.key === key)));
const SIZES = WeightedTable.parse<number>('1:62 2:20 3:10 4:5 6:3');

/** The example trials: what they show, their fate, and the latest (and earliest) filing day, in days before `asOf`, that lets it show. */
const EXAMPLES: ReadonlyArray<readonly [string, Fate, number, number]> = [
  ['final written decision', 'all', 600, Infinity],
  ['final written decision', 'some', 600, Infinity],
  ['denied institution', 'denied', 215, Infinity],
  ['settlement', 'settledBefore', 160, Infinity],
  ['pending trial', 'all', 3, 140], // filed too recently for an institution decision
];
const EXAMPLE_COUNT = EXAMPLES.length;

/** The first day an IPR petition may be filed against a patent granted on `granted`. */
const iprFrom = (granted: number) => addMonths(granted, 9) + 1;

interface Campaign {
  type: TrialType;
  patent: number;
  filed: number;
  petitioner: number;
  fate?: Fate;
  size: number;
}

export class TrialPlanner {
  private readonly trials: Trial[] = [];
  private readonly rng: Rng;

  constructor(
    private readonly patents: ChallengeablePatents,
    private readonly pool: PetitionerPool,
    private readonly asOf: number,
    seed: string | number,
  ) {
    this.rng = new Rng(`${seed}|ptab|plan`);
  }

  plan(proceedings: number): Trial[] {
    if (proceedings < EXAMPLE_COUNT) throw new NoPtabExampleError(`${proceedings} proceedings cannot hold the ${EXAMPLE_COUNT} examples`);
    for (const [what, fate, latest, earliest] of EXAMPLES) this.add(this.example(what, fate, this.asOf - latest, this.asOf - earliest));
    const derivations = proceedings >= 2000 ? 2 : proceedings >= 50 ? 1 : 0;
    for (let i = 0; i < derivations; i++) this.add(this.derivation());
    while (this.trials.length < proceedings) this.add(this.campaign(proceedings - this.trials.length));
    numberTrials(this.trials, this.rng);
    return this.trials;
  }

  private example(what: string, fate: Fate, latest: number, earliest: number): Campaign {
    const eligible = this.patents.grantedBy(latest - 280);
    if (eligible === 0)
      throw new NoPtabExampleError(`no utility patent of the corpus was granted early enough for a ${what} by ${iso(this.asOf)}`);
    const patent = this.rng.int(0, eligible - 1);
    const from = Math.max(earliest, iprFrom(this.patents.granted[patent]!));
    const filed = filingDay(this.rng.int(from, latest), from, latest);
    return { type: 'IPR', patent, filed, petitioner: this.petitioner(patent), fate, size: 1 };
  }

  private derivation(): Campaign {
    const eligible = this.patents.grantedBy(this.asOf - 60);
    const patent = this.rng.int(0, Math.max(0, eligible - 1));
    const granted = this.patents.granted[patent]!;
    const filed = filingDay(Math.min(this.asOf, granted + this.rng.int(30, 360)), granted + 1, this.asOf);
    const petitioner = this.pool.corpusCompany(this.rng, this.patents.owner[patent]!);
    return { type: 'DER', patent, filed, petitioner, fate: this.rng.chance(0.7) ? 'denied' : 'settledBefore', size: 1 };
  }

  private campaign(left: number): Campaign {
    const size = Math.min(left, SIZES.pick(this.rng));
    const repeat = this.trials.length > 0 && this.rng.chance(0.08) ? this.repeat() : null;
    if (repeat) return { ...repeat, size };
    const rng = this.rng;
    const pgrPatents = this.patents.grantedBy(this.asOf - 30);
    if (pgrPatents > 0 && rng.chance(0.05)) {
      const patent = rng.int(0, pgrPatents - 1);
      const granted = this.patents.granted[patent]!;
      const filed = filingDay(Math.min(this.asOf, granted + rng.int(30, 268)), granted + 1, this.asOf);
      return { type: 'PGR', patent, filed, petitioner: this.petitioner(patent), size };
    }
    const patent = rng.int(0, Math.max(0, this.patents.grantedBy(this.asOf - 280) - 1));
    const from = iprFrom(this.patents.granted[patent]!);
    // Spread evenly over each patent's life, most petitions would fall in the last years (when every patent
    // can be challenged): skewed towards the earlier part of it instead.
    const filed = filingDay(from + Math.floor((this.asOf - from) * rng.next() ** 1.8), from, this.asOf);
    const cbm = filed < CBM_END && CBM_FIELDS.has(this.patents.technology[patent]!) && rng.chance(0.4);
    return { type: cbm ? 'CBM' : 'IPR', patent, filed, petitioner: this.petitioner(patent), size };
  }

  /** A patent challenged before, challenged again later (by whoever challenges such patents). */
  private repeat(): Omit<Campaign, 'size'> | null {
    const before = this.rng.pick(this.trials);
    if (before.type === 'DER') return null;
    const patent = before.patent;
    const from = iprFrom(this.patents.granted[patent]!);
    const raw = Math.max(from, before.schedule.filed + this.rng.int(20, 900));
    if (raw > this.asOf) return null;
    return { type: 'IPR', patent, filed: filingDay(raw, from, this.asOf), petitioner: this.petitioner(patent) };
  }

  private petitioner(patent: number): number {
    return this.pool.pick(this.rng, this.patents.technology[patent]!, this.patents.owner[patent]!);
  }

  /** Another patent for a parallel petition: the same one, or another of the owner's that the petition may reach. */
  private member(c: Campaign): number {
    const owner = this.patents.owner[c.patent]!;
    const list = this.patents.byOwner.get(owner);
    if (c.type === 'PGR' || c.type === 'DER' || !list || this.rng.chance(0.5)) return c.patent;
    // How many of them (in grant order) a petition filed on that day may reach.
    const n = countWhile(list.length, (k) => iprFrom(this.patents.granted[list[k]!]!) <= c.filed);
    return n === 0 ? c.patent : list[this.rng.int(0, n - 1)]!;
  }

  private add(c: Campaign): void {
    const rng = this.rng;
    const schedule = drawSchedule(rng, c.filed);
    const fate = c.fate ?? campaignFate(rng, schedule);
    const printed = this.pool.printed(rng, c.petitioner);
    for (let i = 0; i < c.size; i++) {
      const patent = i === 0 ? c.patent : this.member(c);
      const own = memberFate(rng, fate, i === 0);
      const trial = {
        type: c.type,
        number: '',
        patent,
        petitioner: c.petitioner,
        petitionerName: printed,
        schedule,
        fate: own,
        seq: this.trials.length,
      };
      this.trials.push(liveTrial(rng, trial, this.asOf));
    }
  }
}
