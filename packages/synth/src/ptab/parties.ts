/**
 * Who files PTAB petitions and who argues them. A few large technology companies file a large
 * share of all petitions (as at the real Board), each in the fields it sells in; generic drug
 * makers take on pharmaceutical patents, device makers medical ones. Each petitioner is printed
 * two or three ways across its trials, as the Board's records name it. The corpus's own
 * companies also petition against their competitors' patents. Counsel print as the API does:
 * `Last, First` with `et al` glued on when a team appears.
 */
import type { Company } from '../core/names.js';
import { pickPerson } from '../core/names.js';
import { Rng, WeightedTable } from '../core/random.js';
import { TECHNOLOGIES } from '../core/technology.js';

export interface Petitioner {
  /** Printed forms, the usual one first. */
  names: readonly string[];
  weight: number;
  technologies: readonly string[];
  /** Index into the corpus's companies when the petitioner is one of them. */
  company: number | null;
  counsel: readonly string[];
}

// names (";"-separated) | weight | technology keys (technology.ts)
const PETITIONERS = `Samsung Electronics Co., Ltd. et al.;SAMSUNG ELECTRONICS CO., LTD.;Samsung Electronics Co., Ltd.|12|networking imaging semiconductors software optics consumer batteries
Apple Inc.;APPLE INC.;Apple, Inc.|10|software networking imaging security optics consumer semiconductors
Google LLC;GOOGLE LLC;Google LLC et al.|8|software networking security imaging business
Unified Patents, LLC;UNIFIED PATENTS, LLC;Unified Patents LLC|5|software networking security imaging semiconductors
Microsoft Corporation;MICROSOFT CORPORATION;Microsoft Corp.|4|software security networking business
Meta Platforms, Inc.;META PLATFORMS, INC.;Meta Platforms, Inc. et al.|3|software networking imaging
Amazon.com, Inc. et al.;AMAZON.COM, INC.;Amazon.com, Inc.|3|software business networking consumer
Intel Corporation;INTEL CORPORATION;Intel Corp.|3|semiconductors software networking
Cisco Systems, Inc.;CISCO SYSTEMS, INC.;Cisco Systems Inc.|2|networking security
LG Electronics Inc.;LG ELECTRONICS INC.;LG Electronics, Inc. et al.|2|imaging batteries consumer networking
Tesla, Inc.;TESLA, INC.;Tesla Inc.|2|vehicles batteries
Ford Motor Company;FORD MOTOR COMPANY;Ford Motor Co.|1.5|vehicles mechanical
Mylan Pharmaceuticals Inc.;MYLAN PHARMACEUTICALS INC.;Mylan Pharmaceuticals Inc. et al.|2|pharma
Teva Pharmaceuticals USA, Inc.;TEVA PHARMACEUTICALS USA, INC.;Teva Pharmaceuticals USA Inc.|1.5|pharma
Sandoz Inc.;SANDOZ INC.;Sandoz Inc. et al.|1|pharma
Medtronic, Inc.;MEDTRONIC, INC.;Medtronic Inc.|1.5|medical
Edwards Lifesciences Corporation;EDWARDS LIFESCIENCES CORPORATION;Edwards Lifesciences Corp.|1|medical
Sony Group Corporation;SONY GROUP CORPORATION;Sony Group Corporation et al.|1.5|imaging optics consumer
Lenovo (United States) Inc.;LENOVO (UNITED STATES) INC.;Lenovo (United States), Inc.|1|software consumer networking
Netflix, Inc.;NETFLIX, INC.;Netflix Inc.|1|software networking imaging
Roku, Inc.;ROKU, INC.;Roku Inc.|1|imaging networking
Hisense USA Corporation et al.;HISENSE USA CORPORATION;Hisense USA Corp.|1|imaging consumer
Micron Technology, Inc.;MICRON TECHNOLOGY, INC.;Micron Technology Inc.|1.5|semiconductors
Taiwan Semiconductor Manufacturing Co., Ltd.;TAIWAN SEMICONDUCTOR MANUFACTURING CO., LTD.|1|semiconductors optics
BASF Corporation;BASF CORPORATION;BASF Corp.|1|materials batteries
3M Company;3M COMPANY;3M Co.|1|materials medical mechanical consumer
Visa Inc.;VISA INC.;Visa, Inc.|1|business security
Caterpillar Inc.;CATERPILLAR INC.;Caterpillar, Inc.|1|mechanical vehicles`;

/** Share of petitions filed by the corpus's own companies. */
const CORPUS_SHARE = 0.08;

/** `Cohen, Alexiset al` (a team) or `Cohen, Alexis` (one lead counsel). */
function counselName(rng: Rng): string {
  const p = pickPerson(rng, 'US');
  return `${p.lastName}, ${p.firstName}${rng.chance(0.85) ? 'et al' : ''}`;
}

function counselTeam(key: string, size: number): string[] {
  const rng = new Rng(`ptab counsel|${key}`);
  return Array.from({ length: size }, () => counselName(rng));
}

export class PetitionerPool {
  readonly petitioners: Petitioner[];
  /** Per technology (TECHNOLOGIES index), the outside petitioners active in it; the last entry serves an unknown one. */
  private readonly tables: WeightedTable<number>[];
  private readonly corpusByTechnology: number[][];

  constructor(companies: readonly Company[]) {
    this.petitioners = PETITIONERS.split('\n').map((line) => {
      const [names, weight, techs] = line.split('|') as [string, string, string];
      const printed = names.split(';');
      return {
        names: printed,
        weight: Number(weight),
        technologies: techs.split(' '),
        company: null,
        counsel: counselTeam(printed[0]!, 3),
      };
    });
    const outside = this.petitioners.length;
    companies.forEach((c, i) =>
      this.petitioners.push({
        names: c.variants.slice(0, 3),
        weight: c.weight,
        technologies: c.technologies,
        company: i,
        counsel: counselTeam(c.stem, 2),
      }),
    );
    const active = (key: string | null, from: number, to: number) =>
      this.petitioners
        .map((p, i) => [i, p] as const)
        .filter(([i, p]) => i >= from && i < to && (key === null || p.technologies.includes(key)));
    this.tables = [...TECHNOLOGIES.map((t) => t.key), null].map((key) => {
      const list = active(key, 0, outside);
      return new WeightedTable((list.length > 0 ? list : active(null, 0, outside)).map(([i, p]) => [i, p.weight] as const));
    });
    this.corpusByTechnology = [...TECHNOLOGIES.map((t) => t.key), null].map((key) =>
      active(key, outside, this.petitioners.length).map(([i]) => i),
    );
  }

  /** A petitioner for a patent of `technology` (-1: unknown) owned by company `owner` (-1: its inventors). */
  pick(rng: Rng, technology: number, owner: number): number {
    const t = technology < 0 ? TECHNOLOGIES.length : technology;
    const rivals = this.corpusByTechnology[t]!.filter((i) => this.petitioners[i]!.company !== owner);
    if (rivals.length > 0 && rng.chance(CORPUS_SHARE)) return rng.pick(rivals);
    return this.tables[t]!.pick(rng);
  }

  /** One printed form: mostly the usual one. */
  printed(rng: Rng, petitioner: number): string {
    const names = this.petitioners[petitioner]!.names;
    return names[rng.weighted([0, 1, 2].slice(0, names.length).map((i) => [i, [70, 20, 10][i]!] as const))]!;
  }

  /** A corpus company for a derivation proceeding (an applicant who says the inventors took its invention). */
  corpusCompany(rng: Rng, owner: number): number {
    const candidates = this.corpusByTechnology[TECHNOLOGIES.length]!.filter((i) => this.petitioners[i]!.company !== owner);
    return rng.pick(candidates);
  }
}

/** Patent owner counsel: one team per company, so its trials share it; an inventor-owned patent gets its own. */
export function ownerCounsel(rng: Rng, owner: number, companies: readonly Company[]): string {
  if (owner < 0) return counselName(rng);
  return rng.pick(counselTeam(`owner ${companies[owner]!.stem}`, 2));
}

const INITIAL_LETTERS = 'ABCDEGHJKLMNPRSTW';

/** The Board's administrative patent judges, `JEFFREY N. FREDMAN`, drawn once. */
const JUDGES: readonly string[] = (() => {
  const rng = new Rng('ptab judges v1');
  const out = new Set<string>();
  while (out.size < 48) {
    const p = pickPerson(rng, 'US');
    out.add(`${p.firstName} ${INITIAL_LETTERS[rng.int(0, INITIAL_LETTERS.length - 1)]}. ${p.lastName}`.toUpperCase());
  }
  return [...out];
})();

/** A panel of three judges, the author first. */
export function panel(rng: Rng): [string, string, string] {
  const a = rng.int(0, JUDGES.length - 1);
  const b = (a + rng.int(1, 15)) % JUDGES.length;
  const c = (b + rng.int(1, 15)) % JUDGES.length;
  return [JUDGES[a]!, JUDGES[b]!, JUDGES[c]!];
}
