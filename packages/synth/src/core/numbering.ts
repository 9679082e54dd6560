/**
 * Realistic, unique application, patent and publication numbers.
 *
 * Each number space is a piecewise-linear map from date to number, fitted to real anchors
 * (e.g. 16/123,456 filed 2018-09-06; patent 10,000,000 granted 2018-06-19; 12,000,000 granted
 * 2024-06-04). A day (applications) or a week (grants, publications) owns the slice of numbers
 * between its own start and the next one's; numbers are taken from the slice in increasing
 * order with small random gaps, and a full slice spills into the next. So numbers are unique,
 * grow with the date, and need memory per day or week, not per application.
 */
import { day, dayOfYear, onOrAfter, type Rng, TUESDAY, year } from './random.js';

type Anchor = readonly [date: string, value: number];

/** Lines of `code date=value date=value …` → `[code, anchors]` pairs. */
function series(table: string): Array<readonly [string, Anchor[]]> {
  return table
    .trim()
    .split('\n')
    .map((line) => {
      const [code, ...points] = line.split(' ');
      return [code!, points.map((p) => [p.slice(0, 10), Number(p.slice(11))] as const)] as const;
    });
}

class Slots {
  private readonly days: number[];
  private readonly values: number[];
  private readonly used = new Map<number, number>();
  private readonly start: number;
  private readonly lastUnit: number;
  private readonly gap: number;

  constructor(
    anchors: readonly Anchor[],
    private readonly unit: number,
    expectedPerUnit: number,
  ) {
    this.days = anchors.map(([d]) => day(d));
    this.values = anchors.map(([, v]) => v);
    this.start = unit === 7 ? onOrAfter(this.days[0]!, TUESDAY) : this.days[0]!;
    this.lastUnit = Math.floor((this.days[this.days.length - 1]! - this.start) / unit);
    const capacity = (this.values[this.values.length - 1]! - this.values[0]!) / (this.lastUnit + 1);
    this.gap = Math.max(0, Math.min(Math.floor(capacity * 0.6), Math.floor(capacity / (2.5 * Math.max(expectedPerUnit, 0.01))) - 1));
  }

  covers(d: number): boolean {
    return d >= this.start && d <= this.days[this.days.length - 1]!;
  }

  get firstDay(): number {
    return this.start;
  }

  private valueAt(d: number): number {
    const { days, values } = this;
    if (d <= days[0]!) return values[0]!;
    for (let i = 1; i < days.length; i++) {
      if (d <= days[i]!) {
        const d0 = days[i - 1]!;
        const v0 = values[i - 1]!;
        return v0 + ((values[i]! - v0) * (d - d0)) / (days[i]! - d0);
      }
    }
    return values[values.length - 1]! + 1;
  }

  private base(u: number): number {
    return u > this.lastUnit ? this.values[this.values.length - 1]! + 1 : Math.round(this.valueAt(this.start + u * this.unit));
  }

  /** A fresh number for day `d`, or null when this space is exhausted from `d` on. */
  take(d: number, rng: Rng): number | null {
    for (let u = Math.max(0, Math.floor((d - this.start) / this.unit)); u <= this.lastUnit; u++) {
      const lo = this.base(u);
      const hi = this.base(u + 1);
      const used = this.used.get(u) ?? 0;
      const step = 1 + rng.int(0, this.gap);
      if (lo + used + step - 1 < hi) {
        this.used.set(u, used + step);
        return lo + used + step - 1;
      }
    }
    return null;
  }
}

export type ApplicationType = 'UTL' | 'DES' | 'PLT' | 'REI' | 'PRV';

// Series code → [filing date, 6-digit serial] anchors. Sample-backed points: 14/156,267 (2014-01-15),
// 15/150,231 (2016-05-09), 15/487,364 (2017-04-13), 16/123,456 (2018-09-06), 16/695,054 (2019-11-25),
// 17/248,024 (2021-01-05), 18/597,857 (2024-03-06), 61/763,412 (2013-02-11), 63/785,814 (2025-04-09). Series boundaries are estimates.
// Series code → "filing date=6-digit serial" anchors. Sample-backed points: 14/156,267 (2014-01-15),
// 15/150,231 (2016-05-09), 15/487,364 (2017-04-13), 16/123,456 (2018-09-06), 16/695,054 (2019-11-25),
// 17/248,024 (2021-01-05), 18/597,857 (2024-03-06), 61/763,412 (2013-02-11), 63/785,814 (2025-04-09).
// Series boundaries are estimates.
const NONPROVISIONAL_SERIES = series(`
14 2013-08-01=0 2014-01-15=156267 2015-12-14=999999
15 2015-12-15=0 2016-05-09=150231 2017-04-13=487364 2018-05-15=999999
16 2018-05-16=0 2018-09-06=123456 2019-11-25=695054 2020-08-31=999999
17 2020-09-01=0 2021-01-05=248024 2022-06-30=999999
18 2022-07-01=0 2024-03-06=597857 2024-12-31=999999
19 2025-01-01=0 2025-12-31=600000 2027-12-31=999999`);
const DESIGN_SERIES = series(`
29 2013-01-01=440000 2017-04-01=600000 2019-08-01=700000 2021-07-01=800000 2023-07-01=900000 2027-12-31=999999`);
const PROVISIONAL_SERIES = series(`
61 2013-02-11=763412 2014-11-30=999999
62 2014-12-01=0 2020-03-31=999999
63 2020-04-01=0 2025-04-09=785814 2027-12-31=999999`);

// Grant Tuesday → patent number. 10,000,000 (2018-06-19), 11,000,000 (2021-05-11) and 12,000,000
// (2024-06-04, sample file name 18045436_12000000.xml) are real; the others are interpolated estimates.
const PATENT_ANCHORS = new Map(
  series(`
UTL 2015-01-06=8925000 2016-01-05=9226000 2017-01-03=9532000 2018-06-19=10000000 2019-01-01=10165000 2020-01-07=10524000 2021-05-11=11000000 2022-01-04=11212000 2023-01-03=11540000 2024-06-04=12000000 2025-01-07=12185000 2026-01-06=12520000 2028-01-04=13180000
DES 2015-01-06=720000 2017-01-03=775000 2019-01-01=838000 2021-01-05=907000 2023-10-03=1000000 2028-01-04=1190000
PLT 2015-01-06=25200 2019-01-01=30050 2022-01-04=33850 2025-01-07=36300 2028-01-04=38900
REI 2015-01-06=45300 2019-01-01=47250 2021-01-05=48500 2023-01-03=49450 2025-01-07=50150 2028-01-04=51200`),
);
const PATENT_PREFIX = { UTL: '', DES: 'D', PLT: 'PP', REI: 'RE' } as const;

const PUBLICATIONS_PER_WEEK = 7900;

export class Numbering {
  private readonly series = new Map<ApplicationType, Array<{ code: string; slots: Slots }>>();
  private readonly patents = new Map<string, Slots>();
  private readonly publications = new Map<number, number>();
  private readonly pubGap: number;

  /** `applications` sizes the random gaps so a corpus of that size spreads over the number space. */
  constructor(applications: number, startSerial = 0) {
    const perDay = applications / 4300;
    const shift = (anchors: readonly Anchor[]): Anchor[] =>
      anchors.map(([d, v]) => [d, Math.round(startSerial + (v * (999999 - startSerial)) / 999999)] as const);
    const build = (list: ReadonlyArray<readonly [string, Anchor[]]>, load: number) =>
      list.map(([code, anchors]) => ({ code, slots: new Slots(shift(anchors), 1, load) }));
    const utility = build(NONPROVISIONAL_SERIES, perDay);
    this.series.set('UTL', utility).set('PLT', utility).set('REI', utility);
    this.series.set('DES', build(DESIGN_SERIES, perDay * 0.05));
    this.series.set('PRV', build(PROVISIONAL_SERIES, perDay * 0.35));
    const perWeek = (applications * 0.55) / 600;
    const share = { UTL: 0.93, DES: 0.05, PLT: 0.003, REI: 0.005 } as const;
    for (const type of ['UTL', 'DES', 'PLT', 'REI'] as const) {
      this.patents.set(type, new Slots(PATENT_ANCHORS.get(type)!, 7, perWeek * share[type]));
    }
    this.pubGap = Math.max(0, Math.floor(PUBLICATIONS_PER_WEEK / (2.5 * Math.max((applications * 0.7) / 600, 0.01))) - 1);
  }

  /** 8-digit application number for a filing day. */
  application(type: ApplicationType, filing: number, rng: Rng): string {
    const list = this.series.get(type)!;
    let i = list.findIndex(({ slots }) => slots.covers(filing));
    if (i < 0) throw new RangeError(`no ${type} application series covers day ${filing}`);
    for (let from = filing; i < list.length; i++) {
      const { code, slots } = list[i]!;
      const serial = slots.take(Math.max(from, slots.firstDay), rng);
      if (serial !== null) return code + String(serial).padStart(6, '0');
      from = slots.firstDay;
    }
    throw new RangeError(`${type} application numbers exhausted after day ${filing}: too many applications`);
  }

  /** Patent number as ODP writes it: digits for utility, `D`/`PP`/`RE` prefixes otherwise. */
  patent(type: 'UTL' | 'DES' | 'PLT' | 'REI', grantTuesday: number, rng: Rng): string {
    const n = this.patents.get(type)!.take(grantTuesday, rng);
    if (n === null) throw new RangeError(`${type} patent numbers exhausted after day ${grantTuesday}`);
    return PATENT_PREFIX[type] + String(n);
  }

  /** Pre-grant publication: year + 7-digit sequence, numbered through the year week by week. */
  publication(pubThursday: number, kind: 'A1' | 'P1', rng: Rng): { number: string; sequence: string } {
    const y = year(pubThursday);
    // A full week spills into the next week's block (week indexes past 52 stay unique within the year).
    for (let week = Math.floor(dayOfYear(pubThursday) / 7); ; week++) {
      const key = y * 100 + week;
      const used = (this.publications.get(key) ?? 0) + 1 + rng.int(0, this.pubGap);
      if (used >= PUBLICATIONS_PER_WEEK) continue;
      this.publications.set(key, used);
      const sequence = String(week * PUBLICATIONS_PER_WEEK + used).padStart(7, '0');
      return { number: `US${y}${sequence}${kind}`, sequence };
    }
  }
}
