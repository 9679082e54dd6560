/**
 * Synthetic claim sets in the Red Book markup: `<claim id="CLM-00001" num="00001">` with an outer
 * `claim-text` holding the preamble and nested `claim-text` limbs, and dependent claims pointing at
 * earlier claims with `<claim-ref idref="CLM-00001">claim 1</claim-ref>` (sometimes "claim 1 or
 * 2" with two refs, sometimes a dependent of a dependent). Utility sets have 8–30 claims in 2–4
 * groups, each opened by an independent claim (apparatus, method, and for computing technologies
 * system or computer-readable medium); the wording comes from the technology's vocabulary, with
 * antecedent basis ("a separator" first, "the separator" after) and both singular and plural
 * forms. Grants print `1. A …`; publications print `<b>1</b>. A …` and may open with claims
 * cancelled by a preliminary amendment, as continuing applications' publications do.
 */
import type { Noun, Vocabulary } from '../core/claim-vocabulary.js';
import { a, capitalize, distinct, measure, type Topic } from '../core/phrasing.js';
import { type Rng, WeightedTable } from '../core/random.js';
import { escapeXml as x } from '../core/xml-escape.js';

export interface Claim {
  num: number;
  /** Claims this one refers to, ascending (empty for independent and cancelled claims). */
  refs: number[];
  canceled: boolean;
  xml: string;
}

type Kind = 'apparatus' | 'method' | 'system' | 'medium';
type Limb = string | { head: string; items: string[] };

interface Intro {
  noun: Noun;
  plural: boolean;
}

interface Group {
  first: number;
  kind: Kind;
  /** The noun a dependent claim repeats: `The method of claim 1`, `The battery module of claim 1`. */
  name: string;
  intro: Intro[];
}

const CLAIM_COUNT = WeightedTable.parse<number>(
  '8:3 9:2 10:5 11:2 12:5 13:3 14:5 15:7 16:6 17:5 18:7 19:4 20:30 21:3 22:4 23:2 24:3 25:3 26:2 27:1 28:2 29:1 30:4',
);
const INDEPENDENT_COUNT = WeightedTable.parse<number>('2:40 3:48 4:12');

const pad = (n: number) => String(n).padStart(5, '0');
const the = (i: Intro) => (i.plural ? `the ${i.noun.many}` : `the ${i.noun.one}`);

/** Limbs with the office's punctuation: `;` between, `; and` before the last, `.` at the end. */
function renderLimbs(limbs: readonly Limb[]): string {
  const suffix = (i: number, n: number, end: string) => (i === n - 1 ? end : i === n - 2 ? '; and' : ';');
  return limbs
    .map((limb, i) => {
      const end = suffix(i, limbs.length, '.');
      if (typeof limb === 'string') return `<claim-text>${x(limb)}${end}</claim-text>`;
      const items = limb.items.map((item, j) => `<claim-text>${x(item)}${suffix(j, limb.items.length, end)}</claim-text>`);
      return `<claim-text>${x(limb.head)}\n${items.join('\n')}\n</claim-text>`;
    })
    .join('\n');
}

class ClaimWriter {
  private methods = 0;

  constructor(
    private readonly rng: Rng,
    private readonly v: Vocabulary,
    private readonly topic: Topic,
  ) {}

  private part(): Noun {
    return this.rng.pick(this.v.parts);
  }

  private rel(): string {
    return this.rng.pick(this.v.relations);
  }

  /** A relation that reads after "is" (`adjacent to`, not `extending through`). */
  private stative(): string {
    const r = this.rel();
    return /^\w+ing\b/.test(r) ? 'adjacent to' : r;
  }

  private verb() {
    return this.rng.pick(this.v.verbs);
  }

  /** The preamble (without its number), the limbs, and what dependents of it may refer to. */
  independent(kind: Kind): { head: string; limbs: Limb[]; group: Omit<Group, 'first'> } {
    const { rng, v, topic } = this;
    const [p0, p1, p2, p3] = distinct(rng, v.parts, 4) as [Noun, Noun, Noun, Noun];
    const intro: Intro[] = [
      { noun: p0, plural: false },
      { noun: p1, plural: false },
    ];
    const prop = () => measure(rng, rng.pick(v.properties));
    if (kind === 'method') {
      const purpose =
        topic.manufacturing && rng.chance(0.6)
          ? `manufacturing ${a(topic.subject)}`
          : this.methods++ === 0 || topic.purposes.length === 0
            ? topic.purpose
            : rng.pick(topic.purposes);
      const head = rng.chance(0.5) ? `A method of ${purpose}, the method comprising:` : `A method for ${purpose}, comprising:`;
      const limbs: Limb[] = [
        `${this.verb().ing} ${a(p0.one)}`,
        `${this.verb().ing} ${a(p1.one)} ${this.rel()} the ${p0.one}`,
        `${this.verb().ing} the ${p1.one} at ${prop()}`,
      ];
      if (rng.chance(0.6)) {
        limbs.push(`${this.verb().ing} a plurality of ${p2.many} using the ${p0.one}`);
        intro.push({ noun: p2, plural: true });
      }
      return { head, limbs, group: { kind, name: 'method', intro } };
    }
    if (kind === 'system' || kind === 'medium') {
      const steps = [
        `${a(p0.one)}`,
        `${a(p1.one)} ${this.rel()} the ${p0.one}`,
        `a plurality of ${p2.many} based on the ${p1.one}`,
        `the ${p2.many} ${this.rel()} ${a(p3.one)}`,
      ];
      intro.push({ noun: p2, plural: true }, { noun: p3, plural: false });
      if (kind === 'system') {
        const items = steps.map((s) => `${this.verb().base} ${s}`);
        const limbs: Limb[] = [
          'one or more processors',
          { head: 'memory storing instructions that, when executed by the one or more processors, cause the system to:', items },
        ];
        return { head: 'A system, comprising:', limbs, group: { kind, name: 'system', intro } };
      }
      return {
        head: `A non-transitory computer-readable medium storing instructions that, when executed by a processor, cause the processor to perform operations comprising:`,
        limbs: steps.map((s) => `${this.verb().ing} ${s}`),
        group: { kind, name: 'non-transitory computer-readable medium', intro },
      };
    }
    intro.push({ noun: p2, plural: true });
    const limbs: Limb[] = [
      rng.chance(0.4) ? `${a(p0.one)} comprising ${rng.pick(v.options)}` : a(p0.one),
      `${a(p1.one)} ${this.rel()} the ${p0.one}`,
      `a plurality of ${p2.many} ${this.rel()} the ${p1.one}`,
    ];
    if (rng.chance(0.4)) {
      limbs.push(`${a(p3.one)} disposed between the ${p0.one} and the ${p1.one}`);
      intro.push({ noun: p3, plural: false });
    }
    if (v.controller && rng.chance(0.35)) {
      limbs.push({
        head: `${a(v.controller)} configured to:`,
        items: [`${this.verb().base} the ${p0.one}`, `${this.verb().base} the ${p2.many} based on the ${p1.one}`],
      });
    } else {
      // The last limb is text here: a limb with items is only ever pushed above, never followed by this branch's draw.
      const last = limbs.length - 1;
      const limb = limbs[last];
      if (typeof limb === 'string') limbs[last] = `${limb}, wherein the ${p0.one} has ${prop()}`;
      else limb!.items.push(`the ${p0.one} having ${prop()}`);
    }
    return { head: `${capitalize(a(topic.subject))}, comprising:`, limbs, group: { kind, name: topic.subject, intro } };
  }

  /** The body after `The <name> of claim N, `. */
  dependent(g: Group): string {
    const { rng, v } = this;
    const i = rng.pick(g.intro);
    const other = rng.pick(g.intro);
    let fresh = this.part();
    for (let tries = 0; tries < 8 && g.intro.some((known) => known.noun === fresh); tries++) fresh = this.part();
    const prop = () => measure(rng, rng.pick(v.properties));
    const is = i.plural ? 'are' : 'is';
    switch (rng.int(0, g.kind === 'method' ? 6 : 5)) {
      case 0:
        return `wherein ${i.plural ? `each of ${the(i)}` : the(i)} comprises ${rng.pick(v.options)}`;
      case 1: {
        const [o1, o2, o3] = distinct(rng, v.options, 3);
        return `wherein ${the(i)} ${is} selected from the group consisting of ${o1}, ${o2}, and ${o3}`;
      }
      case 2:
        if (g.kind === 'medium')
          return `wherein the operations further comprise ${this.verb().ing} ${a(fresh.one)} ${this.rel()} ${the(i)}`;
        if (g.kind === 'method') return `further comprising ${this.verb().ing} ${a(fresh.one)} ${this.rel()} ${the(i)}`;
        return `further comprising ${a(fresh.one)} ${this.rel()} ${the(i)}`;
      case 3:
        return `wherein ${i.plural ? `each of ${the(i)}` : the(i)} has ${prop()}`;
      case 4:
        return `wherein ${the(i)} ${i.plural ? 'include' : 'includes'} a plurality of ${fresh.many}, and each of the ${fresh.many} is ${this.stative()} ${the(other)}`;
      case 5:
        return i === other
          ? `wherein ${the(i)} ${is} formed of ${rng.pick(v.options)}`
          : `wherein ${the(i)} ${is} ${this.stative()} ${the(other)}`;
      default:
        return `further comprising ${this.verb().ing} ${the(i)} at ${prop()}`;
    }
  }
}

function kindsFor(topic: Topic, v: Vocabulary, count: number, rng: Rng): Kind[] {
  const first: Kind = topic.methodFirst ? 'method' : 'apparatus';
  const others: Kind[] = v.computing
    ? ['system', 'medium', 'method', 'apparatus']
    : first === 'method'
      ? ['apparatus', 'method']
      : ['method', 'apparatus'];
  const kinds: Kind[] = [first];
  while (kinds.length < count) kinds.push(rng.chance(0.75) ? others[(kinds.length - 1) % others.length]! : rng.pick(others));
  return kinds;
}

export interface ClaimOptions {
  /** Publication style: bold claim numbers. */
  bold: boolean;
  /** Claims 1..n printed as cancelled before the live ones (publications of continuing applications). */
  canceled?: number;
  /** Fixed claim count (otherwise drawn, 8–30). */
  count?: number;
}

/** A utility claim set: independent claims first in each group, dependents referring to earlier claims. */
export function utilityClaims(rng: Rng, v: Vocabulary, topic: Topic, options: ClaimOptions): Claim[] {
  const canceled = options.canceled ?? 0;
  const total = options.count ?? CLAIM_COUNT.pick(rng);
  const groupCount = total < 10 ? 2 : INDEPENDENT_COUNT.pick(rng);
  const kinds = kindsFor(topic, v, groupCount, rng);
  const writer = new ClaimWriter(rng, v, topic);
  const label = (n: number) => (options.bold ? `<b>${n}</b>. ` : `${n}. `);
  const claims: Claim[] = [];
  for (let n = 1; n <= canceled; n++) {
    claims.push({
      num: n,
      refs: [],
      canceled: true,
      xml: `<claim id="CLM-${pad(n)}" num="${pad(n)}">\n<claim-text>${label(n)}(canceled)</claim-text>\n</claim>`,
    });
  }
  const starts = Array.from({ length: groupCount }, (_, i) => Math.floor((i * total) / groupCount));
  let group: Group | null = null;
  let members: number[] = [];
  for (let k = 0; k < total; k++) {
    const n = canceled + k + 1;
    const start = starts.indexOf(k);
    if (start >= 0) {
      const g = writer.independent(kinds[start]!);
      group = { first: n, ...g.group };
      members = [];
      const xml = `<claim-text>${label(n)}${x(g.head)}\n${renderLimbs(g.limbs)}\n</claim-text>`;
      claims.push({ num: n, refs: [], canceled: false, xml: `<claim id="CLM-${pad(n)}" num="${pad(n)}">\n${xml}\n</claim>` });
      continue;
    }
    const g = group!;
    const r = rng.next();
    let refs = [g.first];
    if (members.length > 0 && r < 0.27) refs = [rng.pick(members)];
    else if (members.length > 0 && r < 0.35) refs = [g.first, members[0]!];
    const refXml = refs.map((ref, i) => `<claim-ref idref="CLM-${pad(ref)}">${i === 0 ? `claim ${ref}` : ref}</claim-ref>`).join(' or ');
    const text = `${label(n)}The ${x(g.name)} of ${refXml}, ${x(writer.dependent(g))}.`;
    claims.push({
      num: n,
      refs,
      canceled: false,
      xml: `<claim id="CLM-${pad(n)}" num="${pad(n)}">\n<claim-text>${text}</claim-text>\n</claim>`,
    });
    members.push(n);
  }
  return claims;
}

/** The single design claim (no number printed). */
export function designClaim(article: string): Claim {
  return {
    num: 1,
    refs: [],
    canceled: false,
    xml: `<claim id="CLM-00001" num="00001">\n<claim-text>${x(`The ornamental design for ${article}, as shown and described.`)}</claim-text>\n</claim>`,
  };
}

/** The single plant claim. */
export function plantClaim(kind: string, name: string, bold: boolean): Claim {
  const text = `A new and distinct variety of ${kind} named \u2018${name}\u2019, as illustrated and described herein.`;
  return {
    num: 1,
    refs: [],
    canceled: false,
    xml: `<claim id="CLM-00001" num="00001">\n<claim-text>${bold ? '<b>1</b>. ' : '1. '}${x(text)}</claim-text>\n</claim>`,
  };
}
