/**
 * References outside the corpus, for citations and reissues: US patents issued before the corpus
 * (numbers interpolated from real issue dates, so they never collide with corpus numbers; kind A
 * before 2001, B1/B2 after; S/S1 designs, P/P2/P3 plants), foreign patent documents (EP, JP, WO,
 * CN, KR, DE in their printed shapes) and non-patent literature (journal articles, search
 * reports, office actions in the technology's vocabulary). A few names carry non-ASCII letters.
 */
import { vocabularyFor } from './claim-vocabulary.js';
import type { DocFacts } from '../full-text/facts.js';
import { longDate, serial } from '../full-text/prose.js';
import { day, iso, type Rng } from './random.js';

/** `[epoch day, number]` pairs of a number series, from `date=number` text. */
type Anchors = ReadonlyArray<readonly [number, number]>;
const anchors = (spec: string): Anchors => spec.split(' ').map((p) => [day(p.slice(0, 10)), Number(p.slice(11))] as const);
// Each series ends 1,000 below the corpus's first number (the interpolated value gets up to +999).
const UTILITY = anchors(
  '1976-01-06=3930271 1991-03-12=5000000 1999-12-07=6000000 2006-02-14=7000000 2011-08-16=8000000 2014-12-30=8924000',
);
const DESIGN = anchors(
  '1976-01-06=237000 1989-01-03=299000 1998-10-06=400000 2005-01-04=500000 2009-09-29=600000 2014-02-04=700000 2014-12-30=719000',
);
const PLANT = anchors('1976-01-06=3800 1995-01-03=9000 2005-01-04=15500 2014-12-30=24200');
const LAST_OUTSIDE = day('2014-12-30');
const FIRST_OUTSIDE = day('1976-01-06');

function interpolate(series: Anchors, d: number): number {
  for (let i = 1; i < series.length; i++) {
    const [t1, v1] = series[i]!;
    if (d <= t1 || i === series.length - 1) {
      const [t0, v0] = series[i - 1]!;
      return Math.round(v0 + ((v1 - v0) * (Math.min(d, t1) - t0)) / (t1 - t0));
    }
  }
  return series[series.length - 1]![1];
}

/** `2019-03-05` → `20190300` (citations print month precision). */
export const month = (date: string) => `${date.slice(0, 4)}${date.slice(5, 7)}00`;

export const SURNAMES =
  'Friend|Ovshinsky|McRae|Littauer|Shipman|Takeuchi|Kazacos|Nakamura|Yamamoto|Becker|M\u00fcller|Gon\u00e7alves|Nu\u00f1ez|H\u00e5kansson|Schr\u00f6der|Kowalski|Okafor|Anderson|Brown|Cheng|Garc\u00eda|Hoffmann|Ivanov|Johansson|Kim|Lefebvre|Moreau|Novak|Patel|Rossi|Singh|Tanaka|Visser|Wong|Zhang'.split(
    '|',
  );

/** A US patent issued before the corpus (before 2015), before `before` and, when given, after `after` (epoch days). */
export function outsidePatent(
  rng: Rng,
  type: string,
  before: number,
  after = FIRST_OUTSIDE,
): { number: string; kind: string; date: string } {
  const lo = Math.max(FIRST_OUTSIDE, Math.min(after, LAST_OUTSIDE - 30));
  const hi = Math.min(before - 200, LAST_OUTSIDE);
  const d = iso(rng.int(lo, Math.max(lo + 30, hi)));
  const n = interpolate(type === 'DES' ? DESIGN : type === 'PLT' ? PLANT : UTILITY, day(d)) + rng.int(0, 999);
  const modern = d >= '2001-01-02';
  if (type === 'DES') return { number: `D${n}`, kind: modern ? 'S1' : 'S', date: d };
  if (type === 'PLT') return { number: `PP${n}`, kind: modern ? (rng.chance(0.4) ? 'P3' : 'P2') : 'P', date: d };
  return { number: String(n), kind: modern ? (rng.chance(0.3) ? 'B1' : 'B2') : 'A', date: d };
}

export function foreign(rng: Rng, year: number): { country: string; number: string; kind: string | null } {
  const digits = (k: number) => String(rng.int(10 ** (k - 1), 10 ** k - 1));
  switch (rng.int(0, 6)) {
    case 0:
      return { country: 'EP', number: digits(7), kind: rng.pick(['A1', 'A1', 'A2', 'B1']) };
    case 1:
      return { country: 'JP', number: `${year}${digits(6)}`, kind: 'A' };
    case 2:
      return { country: 'JP', number: `${year}-${digits(6)}`, kind: null };
    case 3:
      return { country: 'WO', number: `${year}/${digits(6)}`, kind: 'A1' };
    case 4:
      return { country: 'CN', number: `1${digits(8)}`, kind: rng.chance(0.8) ? 'A' : 'U' };
    case 5:
      return { country: 'KR', number: `10-${year}-${digits(7)}`, kind: 'A' };
    default:
      return { country: 'DE', number: `10${year}${digits(6)}`, kind: 'A1' };
  }
}

const ADJECTIVES = ['High-performance', 'Scalable', 'Robust', 'Efficient', 'Low-cost', 'Adaptive', 'Compact', 'Improved'];
const CONNECTIVES = ['for', 'with', 'using', 'based on'];
const ACTIONS = ['Non-Final Office Action', 'Final Office Action', 'Notice of Allowance', 'Restriction Requirement'];

export function npl(rng: Rng, facts: DocFacts, grantDay: number): string {
  const filing = day(facts.filing);
  const before = iso(rng.int(filing - 3650, filing - 30));
  const during = iso(rng.int(filing + 60, Math.max(filing + 61, grantDay - 30)));
  const v = vocabularyFor(facts.tech);
  switch (rng.int(0, 5)) {
    case 0:
    case 1: {
      const title = `${rng.pick(ADJECTIVES)} ${rng.pick(v.parts).one} ${rng.pick(CONNECTIVES)} ${rng.pick(v.parts).many}`;
      const page = rng.int(1, 2400);
      return `${rng.pick(SURNAMES)} et al., \u201c${title},\u201d ${rng.pick(v.journals)}, vol. ${rng.int(3, 120)}, no. ${rng.int(1, 12)}, pp. ${page}-${page + rng.int(4, 18)} (${before.slice(0, 4)}).`;
    }
    case 2:
      return `International Search Report and Written Opinion for International Application No. PCT/${rng.pick(['US', 'JP', 'KR', 'EP', 'CN'])}${during.slice(0, 4)}/0${rng.int(10000, 99999)}, dated ${longDate(during)}, ${rng.int(8, 22)} pages.`;
    case 3:
      return `Extended European Search Report for European Application No. ${rng.int(15000000, 23999999)}.${rng.int(0, 9)}, dated ${longDate(during)}, ${rng.int(6, 14)} pages.`;
    default: {
      const parent = facts.parents.find((p) => p.relation !== 'PRO' && p.child === facts.app);
      return `U.S. Appl. No. ${serial(parent?.parent ?? facts.app)}, ${rng.pick(ACTIONS)} dated ${longDate(during)}.`;
    }
  }
}
