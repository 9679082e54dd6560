/**
 * One application of a planned family, with its people, classification and title. Continuing
 * applications and claimed provisionals inherit most of that from the application they are
 * linked to (same applicant, often the same examiner, title and CPC symbols).
 */
import type { Parentage } from './codes.js';
import { docketNumber } from './names.js';
import type { ApplicationType } from './numbering.js';
import type { Party, Pools } from './pools.js';
import type { Entity, Timeline } from './prosecution.js';
import { type Rng, WeightedTable } from './random.js';
import { cpcPadded, DESIGN_TITLES, PLANT_CPC, PLANT_KINDS, PLANT_NAMES, type Technology, utilityTitle } from './technology.js';
import { pickSpelling } from './variation.js';

export interface Link {
  parent: Member;
  child: Member;
  kind: Parentage;
}

export interface Member {
  /** False for a claimed provisional that only appears in continuity data. */
  inCorpus: boolean;
  type: ApplicationType;
  number: string;
  filing: number;
  timeline: Timeline | null;
  status: number;
  statusDay: number;
  patentNumber: string | null;
  publication: { number: string; sequence: string; day: number } | null;
  /** Links where this application is the child (claims the other one). */
  parents: Link[];
  /** Links where this application is the parent. */
  children: Link[];
  firstInventorToFile: boolean;
  party: Party;
  applicantName: string;
  /** Entity at filing (the timeline may record a change). */
  entity: Entity;
  technology: Technology | null;
  artUnit: string | null;
  examiner: string | null;
  title: string;
  cpc: string[];
  uspc: string | null;
  docket: string;
  confirmation: number;
}

const CPC_COUNT = WeightedTable.parse<number>('1:20 2:20 3:18 4:14 5:10 6:8 7:5 8:5');

const paddedCpc = new Map<Technology, string[]>();

function pickCpc(rng: Rng, tech: Technology): string[] {
  let symbols = paddedCpc.get(tech);
  if (!symbols) paddedCpc.set(tech, (symbols = tech.cpc.map(cpcPadded)));
  const out: string[] = [];
  for (const n = Math.min(CPC_COUNT.pick(rng), symbols.length); out.length < n;) {
    const symbol = rng.pick(symbols);
    if (!out.includes(symbol)) out.push(symbol);
  }
  return out;
}

/**
 * A new member. With `related` it is linked to that application: a continuing application
 * (`CON`/`DIV`/`CIP`, `related` is its parent) or a claimed provisional (`PRO`, `related` is the
 * application claiming it).
 */
export function newMember(
  rng: Rng,
  pools: Pools,
  type: ApplicationType,
  party: Party,
  related?: { member: Member; kind: Parentage },
): Member {
  const m: Member = {
    inCorpus: true,
    type,
    number: '',
    filing: 0,
    timeline: null,
    status: 0,
    statusDay: 0,
    patentNumber: null,
    publication: null,
    parents: [],
    children: [],
    firstInventorToFile: rng.chance(0.97),
    party,
    applicantName: pickSpelling(rng, party.names),
    entity: party.entity,
    technology: null,
    artUnit: null,
    examiner: null,
    title: '',
    cpc: [],
    uspc: null,
    docket: '',
    confirmation: rng.int(1000, 9999),
  };
  if (related) {
    const { member: other, kind } = related;
    const link: Link = kind === 'PRO' ? { parent: m, child: other, kind } : { parent: other, child: m, kind };
    link.child.parents.push(link);
    link.parent.children.push(link);
    const tech = other.technology!;
    m.firstInventorToFile = kind === 'CIP' ? rng.chance(0.5) || other.firstInventorToFile : other.firstInventorToFile;
    if (rng.chance(0.7)) m.applicantName = other.applicantName;
    m.technology = tech;
    m.docket = kind === 'PRO' ? `${other.docket}PR` : `${other.docket}${kind === 'CIP' ? 'CIP' : kind.charAt(0)}${other.children.length}`;
    m.title = rng.chance(kind === 'CON' ? 0.85 : kind === 'DIV' ? 0.6 : 0.4) ? other.title : utilityTitle(rng, tech);
    if (kind === 'PRO') return m;
    const reassigned = rng.chance(0.35) ? pools.examiner(rng, tech.key) : null;
    m.examiner = reassigned ? reassigned.name : other.examiner;
    m.artUnit = reassigned ? reassigned.artUnit : other.artUnit;
    m.cpc = rng.chance(0.7) ? other.cpc : pickCpc(rng, tech);
    m.uspc = other.uspc;
    return m;
  }
  m.docket = docketNumber(rng, party.firm, party.company?.stem ?? party.names[0]!);
  if (type === 'DES') {
    const [title, uspc] = rng.pick(DESIGN_TITLES);
    const e = pools.examiner(rng, 'design');
    return Object.assign(m, { title, uspc, examiner: e.name, artUnit: e.artUnit });
  }
  if (type === 'PLT') {
    const e = pools.examiner(rng, 'plant');
    const title = `${rng.pick(PLANT_KINDS)} NAMED '${rng.pick(PLANT_NAMES)}'`;
    return Object.assign(m, {
      title,
      uspc: `PLT/${rng.int(156, 263)}`,
      examiner: e.name,
      artUnit: e.artUnit,
      cpc: [cpcPadded(rng.pick(PLANT_CPC))],
    });
  }
  const tech = pools.technology(rng, party);
  const e = pools.examiner(rng, tech.key);
  return Object.assign(m, {
    technology: tech,
    title: utilityTitle(rng, tech),
    uspc: rng.pick(tech.uspc),
    examiner: e.name,
    artUnit: e.artUnit,
    cpc: pickCpc(rng, tech),
  });
}
