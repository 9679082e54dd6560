/**
 * Reel and frame numbers, and which file each recordation goes in.
 *
 * Numbering: recordations in recorded-date order (same day: inventor assignments by application,
 * then the other recordations in the order the plan made them, which is the order ownership moved
 * in) take increasing reels and frames. Each recorded day opens a new reel, at least the reel the
 * real numbering had reached that day (assignment-calendar.ts); a recordation takes as many frames
 * as it has pages (at most 300), after a gap standing for the other recordations of the day; a reel holds
 * frames 1–999.
 *
 * Files: one daily file per business day of the window (the last `dailyFiles` business days up to
 * `asOf`), holding the recordations posted that day, plus the earlier ones whose properties were
 * published or granted that day (the office re-sends a record whenever its data changes, with that
 * day as its last-update-date); and before them one history file, dated the business day before
 * the window, holding everything posted until then with the numbers known that day.
 *
 * A recordation id is its application index for an inventor assignment (id < size), else
 * size + its index in the plan's list.
 */
import { NEVER, reelAt } from './calendar.js';
import type { Corpus } from './corpus.js';
import type { InventorAssignments } from './inventors.js';
import type { Recordation } from './types.js';
import { Rng } from '../core/random.js';

const SEQUENCE_BITS = 2 ** 23;
const LAST_FRAME = 999;

export class Ledger {
  /** Ids in reel/frame order. */
  readonly order: Int32Array;
  readonly reel: Int32Array;
  readonly frame: Int16Array;

  constructor(
    readonly size: number,
    private readonly corpus: Corpus,
    private readonly inventors: InventorAssignments,
    readonly objects: readonly Recordation[],
    seed: string | number,
  ) {
    if (size >= SEQUENCE_BITS || objects.length >= SEQUENCE_BITS) throw new RangeError('too many recordations to number');
    const keys: number[] = [];
    for (let i = 0; i < size; i++) if (inventors.recorded[i] !== NEVER) keys.push(inventors.recorded[i]! * 2 * SEQUENCE_BITS + i);
    objects.forEach((r, k) => keys.push(r.recorded * 2 * SEQUENCE_BITS + SEQUENCE_BITS + k));
    const sorted = Float64Array.from(keys).sort();
    this.order = new Int32Array(sorted.length);
    this.reel = new Int32Array(size + objects.length);
    this.frame = new Int16Array(size + objects.length);
    const rng = new Rng(`${seed}|assignments|reels`);
    let reel = 0;
    let frame = 0;
    let day = -1;
    sorted.forEach((key, position) => {
      const sequence = key % (2 * SEQUENCE_BITS);
      const id = sequence < SEQUENCE_BITS ? sequence : size + sequence - SEQUENCE_BITS;
      this.order[position] = id;
      const recorded = (key - sequence) / (2 * SEQUENCE_BITS);
      const pages = this.pages(id);
      if (recorded !== day) {
        day = recorded;
        reel = Math.max(reel + 1, reelAt(recorded));
        frame = 1 + rng.int(0, 40);
      } else frame += rng.int(0, 30);
      if (frame + pages > LAST_FRAME) {
        reel++;
        frame = 1 + rng.int(0, 10);
      }
      this.reel[id] = reel;
      this.frame[id] = frame;
      frame += pages;
    });
  }

  pages(id: number): number {
    if (id >= this.size) return this.objects[id - this.size]!.pages;
    return 2 + Math.ceil(this.corpus.inventors[id]! / 2) + (this.corpus.applicationNumber[id]! % 3);
  }

  posted(id: number): number {
    return id < this.size ? this.inventors.posted[id]! : this.objects[id - this.size]!.posted;
  }

  properties(id: number): ArrayLike<number> {
    return id < this.size ? [id] : this.objects[id - this.size]!.properties;
  }

  reelFrame(id: number): string {
    return `${this.reel[id]}/${this.frame[id]}`;
  }

  count(): number {
    return this.order.length;
  }

  /** Last change on or before `day`: posting, or a publication or grant of one of its properties. */
  lastUpdate(id: number, day: number): number {
    let out = this.posted(id);
    const props = this.properties(id);
    for (let k = 0; k < props.length; k++) {
      const p = props[k]!;
      for (const d of [this.corpus.published[p]!, this.corpus.granted[p]!]) if (d <= day && d > out) out = d;
    }
    return out;
  }

  /** Ids of the daily file of `day`: posted that day, or posted before and updated that day; in reel/frame order. */
  daily(day: number): number[] {
    const out: number[] = [];
    const { published, granted } = this.corpus;
    for (const id of this.order) {
      const posted = this.posted(id);
      if (posted === day) out.push(id);
      else if (posted < day) {
        const props = this.properties(id);
        for (let k = 0; k < props.length; k++) {
          if (published[props[k]!] === day || granted[props[k]!] === day) {
            out.push(id);
            break;
          }
        }
      }
    }
    return out;
  }
}
