/**
 * The fixed cast of a corpus: law firms, applicant companies, and examiners tied to art units.
 * The cast comes from its own constant seed, so every corpus (whatever its seed or size) shares
 * the same examiners and applicants: demo queries by examiner or applicant keep working across
 * regenerated data. Selection is skewed: a few big filers and busy examiners, a long tail.
 */
import { buildCast, type Company, examinerName, type LawFirm, type Person, pickPerson, type Place } from './names.js';
import { Rng, WeightedTable } from './random.js';
import type { Entity } from './prosecution.js';
import { DESIGN_ART_UNITS, PLANT_ART_UNITS, TECHNOLOGIES, type Technology, pickTechnology } from './technology.js';

export interface Examiner {
  name: string;
  /** 1–3 art units; the first is the examiner's home unit. */
  artUnits: string[];
}

export interface Party {
  company: Company | null;
  /** Applicant name spellings, the usual one first (one for an individual inventor-applicant). */
  names: string[];
  place: Place;
  inventors: Person[];
  firm: LawFirm;
  entity: Entity;
  technologies: string[];
}

const EXAMINERS_TOTAL = 360;
const INVENTOR_COUNT = WeightedTable.parse<number>('1:25 2:30 3:22 4:13 5:10');
const DESIGN_TECHNOLOGIES = new Set(['consumer', 'imaging', 'vehicles', 'medical', 'software']);

export class Pools {
  readonly firms: LawFirm[];
  readonly companies: WeightedTable<Company>;
  private readonly examiners = new Map<string, WeightedTable<Examiner>>();

  constructor() {
    const { rng, firms, companies } = buildCast();
    this.firms = firms;
    this.companies = new WeightedTable(companies.map((c) => [c, c.weight] as const));
    const used = new Set<string>();
    const uniqueName = (): string => {
      for (;;) {
        const name = examinerName(rng);
        if (used.has(name)) continue;
        used.add(name);
        return name;
      }
    };
    const pool = (artUnits: readonly string[], count: number): WeightedTable<Examiner> => {
      const pairs: Array<readonly [Examiner, number]> = [];
      for (let i = 0; i < count; i++) {
        const home = rng.int(0, artUnits.length - 1);
        const units = [artUnits[home]!];
        for (
          let extra = rng.weighted([
            [0, 60],
            [1, 30],
            [2, 10],
          ] as const);
          extra > 0;
          extra--
        ) {
          const other = artUnits[Math.min(artUnits.length - 1, Math.max(0, home + rng.int(-3, 3)))]!;
          if (!units.includes(other)) units.push(other);
        }
        // Most examiners carry similar dockets; a few (primary examiners, busy units) many more.
        pairs.push([{ name: uniqueName(), artUnits: units }, 1 + 9 * rng.next() ** 4]);
      }
      return new WeightedTable(pairs);
    };
    const totalWeight = TECHNOLOGIES.reduce((sum, t) => sum + t.weight, 0);
    for (const tech of TECHNOLOGIES)
      this.examiners.set(tech.key, pool(tech.artUnits, Math.round((EXAMINERS_TOTAL * tech.weight) / totalWeight)));
    this.examiners.set('design', pool(DESIGN_ART_UNITS, 24));
    this.examiners.set('plant', pool(PLANT_ART_UNITS, 3));
  }

  /** An examiner and the art unit the case sits in (usually the examiner's home unit). */
  examiner(rng: Rng, pool: string): { name: string; artUnit: string } {
    const e = this.examiners.get(pool)!.pick(rng);
    return { name: e.name, artUnit: e.artUnits.length > 1 && rng.chance(0.25) ? rng.pick(e.artUnits) : e.artUnits[0]! };
  }

  /**
   * Applicant, inventors, law firm and entity status of a new family. `designs` prefers
   * companies whose products get design patents; `individual` forces an inventor-applicant.
   */
  party(rng: Rng, options: { individual?: boolean; designs?: boolean } = {}): Party {
    const { individual = false, designs = false } = options;
    const inventorCount = INVENTOR_COUNT.pick(rng);
    if (individual || rng.chance(0.085)) {
      const first = pickPerson(rng, 'US');
      const inventors = [first];
      if (rng.chance(0.3)) inventors.push(pickPerson(rng, 'US', first.place));
      const entity: Entity = rng.chance(0.42) ? 'micro' : 'small';
      return {
        company: null,
        names: [first.fullName],
        place: first.place,
        inventors,
        firm: rng.pick(this.firms),
        entity,
        technologies: [],
      };
    }
    let company = this.companies.pick(rng);
    for (let i = 0; designs && i < 8 && !company.technologies.some((t) => DESIGN_TECHNOLOGIES.has(t)); i++)
      company = this.companies.pick(rng);
    const inventors: Person[] = [];
    for (let i = 0; i < inventorCount; i++) {
      const cc = rng.chance(0.9) ? company.countryCode : 'US';
      inventors.push(pickPerson(rng, cc, cc === company.countryCode && rng.chance(0.6) ? company.place : undefined));
    }
    const entity: Entity = company.small ? (rng.chance(0.06) ? 'micro' : 'small') : rng.chance(0.04) ? 'small' : 'large';
    return {
      company,
      names: company.variants,
      place: company.place,
      inventors,
      firm: company.firm,
      entity,
      technologies: company.technologies,
    };
  }

  technology(rng: Rng, party: Party): Technology {
    return pickTechnology(rng, party.technologies);
  }
}
