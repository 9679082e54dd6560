/**
 * How many utility patents a grant week had, which numbers they got, and application numbers
 * by filing date: the real file's proportions for the benchmark file (maintenance-fee-cumulative.ts).
 */
import { day, dayOfYear, type Rng, year } from '../core/random.js';

/** Thousands of utility patents granted per year (USPTO statistics, rounded), interpolated linearly. */
const GRANTS_PER_YEAR: ReadonlyArray<readonly [number, number]> = [
  [1981, 66],
  [1985, 72],
  [1990, 90],
  [1995, 101],
  [1998, 148],
  [2000, 158],
  [2005, 144],
  [2008, 158],
  [2010, 220],
  [2012, 253],
  [2015, 298],
  [2019, 354],
  [2020, 352],
  [2022, 323],
  [2024, 324],
  [2027, 330],
];
/** Patent number on a grant Tuesday (real anchors), interpolated linearly. */
export const PATENT_NUMBERS: ReadonlyArray<readonly [number, number]> = (
  [
    ['1981-09-01', 4_287_000],
    ['1991-03-19', 5_000_000],
    ['1999-12-07', 6_000_000],
    ['2006-02-14', 7_000_000],
    ['2011-08-16', 8_000_000],
    ['2015-04-07', 9_000_000],
    ['2018-06-19', 10_000_000],
    ['2021-05-11', 11_000_000],
    ['2024-06-04', 12_000_000],
    ['2028-01-04', 13_180_000],
  ] as const
).map(([d, n]) => [day(d), n] as const);
/** Application series codes by filing date (USPTO's Table 1; recent ones estimated). */
const SERIES: ReadonlyArray<readonly [number, string]> = (
  [
    ['1979-01-01', '06'],
    ['1987-01-01', '07'],
    ['1993-01-01', '08'],
    ['1997-12-30', '09'],
    ['2001-10-24', '10'],
    ['2004-12-01', '11'],
    ['2007-12-06', '12'],
    ['2010-12-17', '13'],
    ['2013-08-16', '14'],
    ['2015-12-15', '15'],
    ['2018-05-16', '16'],
    ['2020-09-01', '17'],
    ['2022-07-01', '18'],
    ['2025-01-01', '19'],
    ['2028-01-01', '20'],
  ] as const
).map(([d, s]) => [day(d), s] as const);

export function interpolate(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  if (x <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    if (x <= x1) {
      const [x0, y0] = points[i - 1]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points[points.length - 1]![1];
}

export const weeklyGrants = (grant: number): number => (interpolate(GRANTS_PER_YEAR, year(grant) + dayOfYear(grant) / 365) * 1000) / 52.18;

export function applicationNumber(filing: number, rng: Rng): string {
  let i = 0;
  while (i + 1 < SERIES.length - 1 && SERIES[i + 1]![0] <= filing) i++;
  const [start, code] = SERIES[i]!;
  const span = SERIES[i + 1]![0] - start;
  const serial = Math.min(999_999, Math.floor(((filing - start) / span) * 990_000) + rng.int(0, 9_999));
  return `${code}${String(serial).padStart(6, '0')}`;
}

/** The i-th of k increasing patent numbers among the `range` numbers of a week from `from` (k ≤ range): one from each of k slices. */
export function numberInWeek(from: number, range: number, k: number, i: number, rng: Rng): number {
  const lo = Math.floor((i * range) / k);
  return from + rng.int(lo, Math.floor(((i + 1) * range) / k) - 1);
}
