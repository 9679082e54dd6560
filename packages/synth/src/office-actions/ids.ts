/**
 * Identifiers and timestamps of the office-action records, in the two shapes the reader meets:
 * the Open Data Portal's (`2023-01-03T00:00:00`, no zone, sentinel `0001-01-01T00:00:00`) and
 * the retired developer DS-API's (the US-Eastern midnight written in UTC, `2019-06-03T04:00:00Z`
 * in summer time and `…T05:00:00Z` in winter, sentinel `0001-01-01T05:00:00Z`).
 *
 * `obsoleteDocumentIdentifier` (the IFW document id, 15 characters): the real ones begin with
 * the document's creation time as base-36 epoch milliseconds (`LC92E2KN` is 2022-12-29
 * 12:30:45 UTC, a few days before the mailing) followed by a storage tag (`XBLUEX1`,
 * `RXEAPX5`). Here the time is taken on the day the action was counted, and the documents of one
 * day get successive seconds (a per-day counter), so two documents can never share an id however
 * large the corpus; the milliseconds and the tag come from the document's own stream.
 * `id` (56 hex) is a SHA-224 of the seed and the document (application, mail date, code).
 */
import { createHash } from 'node:crypto';
import { iso, onOrAfter, SUNDAY } from '../core/random.js';

export type Shape = 'odp' | 'dsapi';

export const SENTINEL: Readonly<Record<Shape, string>> = { odp: '0001-01-01T00:00:00', dsapi: '0001-01-01T05:00:00Z' };

const MS_PER_DAY = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

/** US-Eastern summer time (EDT) at midnight of `d`: after the second Sunday of March, up to the first Sunday of November. */
function easternSummerTime(d: number): boolean {
  const year = iso(d).slice(0, 4);
  const march = onOrAfter(Date.UTC(Number(year), 2, 1) / MS_PER_DAY, SUNDAY) + 7;
  const november = onOrAfter(Date.UTC(Number(year), 10, 1) / MS_PER_DAY, SUNDAY);
  return d > march && d <= november;
}

/** A calendar day as the shape writes dates: `YYYY-MM-DDT00:00:00` or Eastern midnight in UTC. */
export function dateOf(shape: Shape, d: number): string {
  return shape === 'odp' ? `${iso(d)}T00:00:00` : `${iso(d)}T0${easternSummerTime(d) ? 4 : 5}:00:00Z`;
}

/** An instant (epoch ms) as the shape writes timestamps; `millis` adds `.mmm` (DS-API createDateTime). */
export function timestampOf(shape: Shape, ms: number, millis = false): string {
  const t = new Date(ms);
  const clock = `${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`;
  const base = `${iso(Math.floor(ms / MS_PER_DAY))}T${clock}`;
  if (shape === 'odp') return base;
  return millis ? `${base}.${String(t.getUTCMilliseconds()).padStart(3, '0')}Z` : `${base}Z`;
}

/** The first instant of day `d` plus `seconds`. */
export const instant = (d: number, seconds: number): number => d * MS_PER_DAY + seconds * 1000;

/** Storage tags seen in real identifiers, by era of the document. */
const TAGS: ReadonlyArray<readonly [before: string, tags: readonly string[]]> = [
  ['2018-01-01', ['RXEAPX', 'PXXIFW', 'PPOPPY']],
  ['2022-01-01', ['RXEAPX', 'LDFLYX', 'RXEAPX']],
  ['9999-12-31', ['XBLUEX', 'GREENX', 'XBLUEX']],
];

/** `obsoleteDocumentIdentifier`s, unique across one run (see the file comment). */
export class DocumentIds {
  private readonly perDay = new Map<number, number>();

  /** The identifier and its creation instant (ms) for a document counted on day `counted`; `draw` gives 0 ≤ x < 1. */
  next(counted: number, draw: () => number): { id: string; created: number } {
    const n = this.perDay.get(counted) ?? 0;
    this.perDay.set(counted, n + 1);
    // 11:30 UTC onwards (the morning in Alexandria), one ~second slot per document of the day.
    const created = instant(counted, 41_400 + n) + Math.floor(draw() * 1000);
    const prefix = created.toString(36).toUpperCase().padStart(8, '0').slice(-8);
    const tags = TAGS.find(([before]) => iso(counted) < before)![1];
    const tag = tags[Math.floor(draw() * tags.length)]!;
    return { id: `${prefix}${tag}${1 + Math.floor(draw() * 7)}`, created };
  }
}

/** 56 hex characters (SHA-224), as the text records' `id`. */
export function documentHash(...parts: ReadonlyArray<string | number>): string {
  return createHash('sha224').update(parts.join('|')).digest('hex');
}
