/**
 * Seeded randomness and calendar helpers for the synthetic generators.
 *
 * The generator is sfc32 (Small Fast Counter, 128-bit state), seeded through the cyrb128 string
 * hash, so a string or number seed always yields the same stream on every platform: the same
 * seed and the same request give byte-identical files. Dates are handled as "epoch days"
 * (integer days since 1970-01-01, UTC calendar), which keeps date arithmetic exact and cheap.
 */
import { addMonths as addCalendarMonths, nextBusinessDay } from '../../../../src/domain/dates.js';

/** cyrb128: four 32-bit words from a string. Public-domain hash, good enough to seed a PRNG. */
function cyrb128(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    [this.a, this.b, this.c, this.d] = cyrb128(`${typeof seed}:${seed}`);
    // Discard the first outputs: sfc32 mixes its state over a few rounds.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** Next 32-bit unsigned integer (sfc32). */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return max <= min ? min : min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One value of `[value, weight]` pairs, proportionally to the weights. */
  weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.next() * total;
    for (const [value, w] of pairs) {
      r -= w;
      if (r < 0) return value;
    }
    return pairs[pairs.length - 1]![0];
  }

  /** Triangular distribution on [min, max] peaking at mode, rounded to an integer. */
  triangular(min: number, mode: number, max: number): number {
    const u = this.next();
    const f = (mode - min) / (max - min);
    const x = u < f ? min + Math.sqrt(u * (max - min) * (mode - min)) : max - Math.sqrt((1 - u) * (max - min) * (max - mode));
    return Math.round(x);
  }

  /** An independent stream derived from this one (advances this stream by four draws). */
  fork(label: string | number): Rng {
    return new Rng(`${this.uint32()}.${this.uint32()}.${this.uint32()}.${this.uint32()}.${label}`);
  }
}

/** Precomputed cumulative weights, for tables picked from millions of times. */
export class WeightedTable<T> {
  private readonly values: T[] = [];
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(pairs: ReadonlyArray<readonly [T, number]>) {
    let sum = 0;
    for (const [value, weight] of pairs) {
      if (weight <= 0) continue;
      sum += weight;
      this.values.push(value);
      this.cumulative.push(sum);
    }
    if (sum === 0) throw new RangeError('weighted table without positive weights');
    this.total = sum;
  }

  /** `'CON:60 DIV:25 CIP:15'` → a table of those keys (numeric keys become numbers). */
  static parse<K extends string | number>(spec: string): WeightedTable<K> {
    return new WeightedTable(
      spec.split(' ').map((pair) => {
        const [key, weight] = pair.split(':') as [string, string];
        return [(/^\d+$/.test(key) ? Number(key) : key) as K, Number(weight)] as const;
      }),
    );
  }

  pick(rng: Rng): T {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo]!;
  }
}

// ---------------------------------------------------------------------------------------
// Calendar: epoch days (UTC calendar, no time zone involved).

const MS_PER_DAY = 86_400_000;
const ISO_CACHE_FROM = 7305; // 1990-01-01
const isoCache: string[] = [];

export function day(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${iso}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY;
}

/** Epoch day → `YYYY-MM-DD` (cached: the generator formats the same few thousand days over and over). */
export function iso(epochDay: number): string {
  const i = epochDay - ISO_CACHE_FROM;
  if (i >= 0 && i < 30_000) {
    const hit = isoCache[i];
    if (hit !== undefined) return hit;
    return (isoCache[i] = new Date(epochDay * MS_PER_DAY).toISOString().slice(0, 10));
  }
  return new Date(epochDay * MS_PER_DAY).toISOString().slice(0, 10);
}

export const SUNDAY = 0;
export const TUESDAY = 2;
export const THURSDAY = 4;

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
function weekday(epochDay: number): number {
  return (((epochDay + 4) % 7) + 7) % 7;
}

/** The first day on or after `epochDay` that falls on `wd`. */
export function onOrAfter(epochDay: number, wd: number): number {
  return epochDay + ((wd - weekday(epochDay) + 7) % 7);
}

/**
 * The day itself when the office is open, else the next day it is (weekends and federal holidays
 * move forward, as the office mails and records on business days): the domain's one calendar.
 */
export function businessDay(epochDay: number): number {
  let known = businessDays.get(epochDay);
  if (known === undefined) businessDays.set(epochDay, (known = day(nextBusinessDay(iso(epochDay)))));
  return known;
}

/** Whether the office is open on the day (domain/dates.ts: weekends and federal holidays closed). */
export function isOfficeDay(epochDay: number): boolean {
  return businessDay(epochDay) === epochDay;
}

/** The generator asks for the same few thousand days over and over. */
const businessDays = new Map<number, number>();

export function year(epochDay: number): number {
  return new Date(epochDay * MS_PER_DAY).getUTCFullYear();
}

/** 0-based day of the year. */
export function dayOfYear(epochDay: number): number {
  return epochDay - Date.UTC(year(epochDay), 0, 1) / MS_PER_DAY;
}

/** Calendar months later, clamped to the month's last day (Nov 30 + 3 → Feb 28/29), as MPEP 710.01(a). */
export function addMonths(epochDay: number, months: number): number {
  return day(addCalendarMonths(iso(epochDay), months));
}
