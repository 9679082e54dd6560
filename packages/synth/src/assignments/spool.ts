/**
 * A temporary file of what the assignment files print about each application of the corpus
 * (numbers, dates, kinds, title, inventors), one JSON array per application in corpus order, read
 * back by application index. Recordations are written in recorded-date order, which is not the
 * corpus's order, and a benchmark corpus of a million applications would not fit in memory as
 * objects: the index costs one number per application.
 */
import { JsonSpool } from '../core/fact-spool.js';

export interface PropertyFacts {
  application: string;
  /** `YYYYMMDD` dates. */
  filing: string;
  /** Publication number as the file prints it (`20250031767`), its kind (A1, P1) and date. */
  publication: readonly [number: string, kind: string, date: string] | null;
  /** Patent number as the corpus writes it (`12761236`, `D1012345`), its kind (B1, B2, S1, P2, P3, E) and date. */
  patent: readonly [number: string, kind: string, date: string] | null;
  title: string;
  /** `[last, first, middle]` in the corpus's order. */
  inventors: ReadonlyArray<readonly [string, string, string | null]>;
}

type Stored = [string, string, PropertyFacts['publication'], PropertyFacts['patent'], string, PropertyFacts['inventors']];

export class PropertySpool {
  private readonly spool: JsonSpool<Stored>;
  /** Where each application's facts start; the next one's start ends them. */
  private readonly offsets: Float64Array;
  private count = 0;

  constructor(
    readonly path: string,
    capacity: number,
  ) {
    this.offsets = new Float64Array(capacity + 1); // before the file: a bad capacity leaves nothing behind
    this.spool = new JsonSpool<Stored>(path);
  }

  /** Appends the facts of the next application (index = number appended before). */
  append(facts: PropertyFacts): void {
    const { offset, length } = this.spool.append([
      facts.application,
      facts.filing,
      facts.publication,
      facts.patent,
      facts.title,
      facts.inventors,
    ]);
    this.offsets[this.count] = offset;
    this.offsets[++this.count] = offset + length;
  }

  read(index: number): PropertyFacts {
    if (index < 0 || index >= this.count) throw new RangeError(`no application ${index} in the spool`);
    const offset = this.offsets[index]!;
    const [application, filing, publication, patent, title, inventors] = this.spool.read([offset, this.offsets[index + 1]! - offset])[0]!;
    return { application, filing, publication, patent, title, inventors };
  }

  /** Closes and deletes the file (safe to call twice). */
  dispose(): void {
    this.spool.dispose();
  }
}
