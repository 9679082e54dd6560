/**
 * Who holds each application while the plan runs through time. An application's explicit owner
 * is its applicant company until a sale moves it; a merger or change of name does not touch the
 * applications: it makes the company's successor the holder of everything the company holds then
 * or gets later (the corpus keeps printing the old applicant name on later filings, as real
 * filings often do). The current holder is the explicit owner followed through its successors.
 */
import type { Corpus } from './corpus.js';
import { PRV } from './corpus.js';
import type { InventorAssignments } from './inventors.js';

export const INVENTORS = -1;

export class Ownership {
  /** Entity index, or INVENTORS when the inventors hold the application. */
  readonly owner: Int16Array;
  /** Day of the last sale of the application (-1: never sold). */
  readonly moved: Int32Array;
  private readonly successor: number[] = [];
  private readonly successionDay: number[] = [];
  private readonly bought = new Map<number, number[]>();
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly corpus: Corpus,
    private readonly inventors: InventorAssignments,
  ) {
    this.owner = Int16Array.from(corpus.applicant);
    this.moved = new Int32Array(corpus.size).fill(-1);
    this.seen = new Uint32Array(corpus.size);
  }

  /** The entity that holds what `e` held, after every succession so far. */
  resolve(e: number): number {
    let out = e;
    for (let next = this.successor[out]; next !== undefined; next = this.successor[out]) out = next;
    return out;
  }

  /** The same, counting only successions on or before day `d`. */
  resolveAt(e: number, d: number): number {
    let out = e;
    for (let next = this.successor[out]; next !== undefined && this.successionDay[out]! <= d; next = this.successor[out]) out = next;
    return out;
  }

  live(e: number): boolean {
    return this.successor[e] === undefined;
  }

  succeed(from: number, to: number, d: number): void {
    if (!this.live(from) || !this.live(to) || from === to) throw new RangeError(`entity ${from} cannot pass to ${to}`);
    this.successor[from] = to;
    this.successionDay[from] = d;
  }

  holder(app: number): number {
    const o = this.owner[app]!;
    return o === INVENTORS ? INVENTORS : this.resolve(o);
  }

  transfer(app: number, to: number, d: number): void {
    this.owner[app] = to;
    this.moved[app] = d;
    let list = this.bought.get(to);
    if (!list) this.bought.set(to, (list = []));
    list.push(app);
  }

  /** Property on day `d`: filed, not abandoned, lapsed or expired, not a provisional, not sold that day. */
  isProperty(app: number, d: number): boolean {
    const c = this.corpus;
    return c.type[app] !== PRV && c.filing[app]! <= d && c.end[app]! > d && this.moved[app]! < d;
  }

  /** Can be sold on day `d`: property whose inventors' assignment (and its corrections) came before. */
  isSaleable(app: number, d: number): boolean {
    return this.isProperty(app, d) && this.inventors.lastOwn[app]! < d;
  }

  /** Entities whose holdings `e` has (itself and the companies that passed to it). */
  private sources(e: number): number[] {
    const out: number[] = [];
    // Any other source has a successor, so its index is below successor.length.
    for (let c = 0, last = Math.max(e, this.successor.length - 1); c <= last; c++) if (this.resolve(c) === e) out.push(c);
    return out;
  }

  /** About how many applications `e` holds on day `d` (its and its predecessors' filings, plus purchases). */
  approximateHoldings(e: number, d: number): number {
    let n = 0;
    for (const c of this.sources(e)) n += this.corpus.filedBy(c, d) + (this.bought.get(c)?.length ?? 0);
    return n;
  }

  /** Whether `e` or a predecessor files applications after day `d`. */
  filesAfter(e: number, d: number): boolean {
    return this.sources(e).some((c) => this.corpus.filedBy(c, d) < (this.corpus.byApplicant.get(c)?.length ?? 0));
  }

  /** The applications `e` holds on day `d` (saleable ones only with `saleable`), by application number. */
  holdings(e: number, d: number, saleable: boolean): number[] {
    const out: number[] = [];
    this.stamp++;
    const consider = (app: number) => {
      if (this.seen[app] === this.stamp) return;
      this.seen[app] = this.stamp;
      if (this.holder(app) === e && (saleable ? this.isSaleable(app, d) : this.isProperty(app, d))) out.push(app);
    };
    for (const c of this.sources(e)) {
      const own = this.corpus.byApplicant.get(c);
      if (own) for (let k = 0, n = this.corpus.filedBy(c, d); k < n; k++) consider(own[k]!);
      for (const app of this.bought.get(c) ?? []) consider(app);
    }
    const numbers = this.corpus.applicationNumber;
    return out.sort((a, b) => numbers[a]! - numbers[b]!);
  }
}
