/**
 * Small wording helpers shared by the claim, abstract and description generators: articles,
 * lower-casing of title vocabulary (keeping acronyms), number ranges with units, and the
 * subject and purpose of an application read back from its title.
 */
import type { Property, Vocabulary } from './claim-vocabulary.js';
import type { Rng } from './random.js';
import { TECHNOLOGIES } from './technology.js';

const ACRONYMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\brna\b/g, 'RNA'],
  [/\bdna\b/g, 'DNA'],
  [/\bpd-1\b/g, 'PD-1'],
  [/\blidar\b/g, 'LIDAR'],
];

/** Title vocabulary (upper case) → running text: `ANTI-PD-1 ANTIBODY` → `anti-PD-1 antibody`. */
export function lower(text: string): string {
  let s = text.toLowerCase();
  for (const [re, to] of ACRONYMS) s = s.replace(re, to);
  return s;
}

/** `a` or `an` before a noun phrase. */
export function a(phrase: string): string {
  const vowel = /^[aeiou]/i.test(phrase) && !/^(u[sn]i|use|one|eu)/i.test(phrase);
  return `${vowel ? 'an' : 'a'} ${phrase}`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function round(value: number, span: number): string {
  const digits = span >= 20 ? 0 : span >= 2 ? 1 : span >= 0.2 ? 2 : 4;
  return String(Number(value.toFixed(digits)));
}

function withUnit(value: string, unit: string): string {
  if (unit === '') return value;
  if (unit === '%' || unit.startsWith('°')) return `${value}${unit}`;
  return `${value} ${unit}`;
}

/** `a thickness of 5 μm to 40 μm`, `a porosity of at most 35%`, `a pH of 5.5 to 7.2`. */
export function measure(rng: Rng, p: Property): string {
  const span = p.hi - p.lo;
  const x = p.lo + rng.next() * span * 0.6;
  const y = x + (0.1 + rng.next() * 0.5) * (p.hi - x);
  const lo = withUnit(round(x, span), p.unit);
  const hi = withUnit(round(y, span), p.unit);
  switch (rng.int(0, 5)) {
    case 0:
      return `${a(p.name)} of at most ${hi}`;
    case 1:
      return `${a(p.name)} in a range of ${lo} to ${hi}`;
    case 2:
      return `${a(p.name)} of \u2264${hi}`; // the office writes ≤ as &#x2264;
    default:
      return `${a(p.name)} of ${lo} to ${hi}`;
  }
}

export interface Topic {
  /** The claimed thing, lower case (`lithium secondary battery`). */
  subject: string;
  /** A gerund phrase for method claims (`managing battery state of charge`). */
  purpose: string;
  /** Every purpose of the technology, for further method claims. */
  purposes: string[];
  /** The title reads "SYSTEMS AND METHODS FOR …" / "METHOD AND APPARATUS FOR …": claim the method first. */
  methodFirst: boolean;
  /** The title reads "… AND METHOD FOR MANUFACTURING THE SAME". */
  manufacturing: boolean;
}

/** Subject and purpose from the title when it uses the technology's vocabulary, else drawn from it. */
export function topicOf(rng: Rng, title: string, tech: string, v: Vocabulary): Topic {
  const t = TECHNOLOGIES.find((x) => x.key === tech);
  const subject = t?.subjects.find((s) => title.includes(s));
  const purpose = t?.purposes.find((p) => title.includes(p));
  return {
    subject: subject ? lower(subject) : t ? lower(rng.pick(t.subjects)) : rng.pick(v.parts).one,
    purpose: purpose ? lower(purpose) : t ? lower(rng.pick(t.purposes)) : `operating ${a(rng.pick(v.parts).one)}`,
    purposes: t ? t.purposes.map(lower) : [],
    methodFirst: /^(SYSTEMS AND METHODS|METHOD AND APPARATUS) FOR /.test(title),
    manufacturing: title.endsWith('AND METHOD FOR MANUFACTURING THE SAME'),
  };
}

/** `count` distinct items (fewer when the list is shorter). */
export function distinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const out: T[] = [];
  for (let guard = 0; out.length < Math.min(count, items.length) && guard < 100; guard++) {
    const item = rng.pick(items);
    if (!out.includes(item)) out.push(item);
  }
  return out;
}
