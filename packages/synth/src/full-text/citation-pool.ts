/**
 * The corpus documents a grant may cite: a per-technology reservoir sample of earlier grants and
 * publications (bounded at 1,500 each, uniform over everything added so far). full-text.ts feeds
 * it week by week in date order, after each week is done, so a grant only ever sees documents of
 * earlier weeks, whichever weeks are written.
 */
import type { DocFacts } from './facts.js';
import { Rng } from '../core/random.js';

export interface Citable {
  /** Canonical patent number, or the 11-digit publication number. */
  number: string;
  kind: string;
  name: string;
  /** Grant or publication date, `YYYY-MM-DD`. */
  date: string;
  filing: string;
  app: string;
  cpc: string | null;
}

const CAPACITY = 1500;

class Reservoir {
  readonly items: Citable[] = [];
  private seen = 0;

  add(item: Citable, rng: Rng): void {
    this.seen++;
    if (this.items.length < CAPACITY) this.items.push(item);
    else {
      const j = rng.int(0, this.seen - 1);
      if (j < CAPACITY) this.items[j] = item;
    }
  }
}

/** "Visco et al.", "Sato" (upper-case family names as the front page prints them). */
export function citedName(facts: DocFacts): string {
  const last = facts.inventors[0]?.last ?? facts.applicant.name;
  const name = last === last.toUpperCase() ? last.charAt(0) + last.slice(1).toLowerCase() : last;
  return facts.inventors.length > 1 ? `${name} et al.` : name;
}

export class CitationPool {
  private readonly rng: Rng;
  private readonly grants = new Map<string, Reservoir>();
  private readonly publications = new Map<string, Reservoir>();

  constructor(seed: string | number) {
    this.rng = new Rng(`${seed}|citation-pool`);
  }

  private static into(map: Map<string, Reservoir>, key: string): Reservoir {
    let r = map.get(key);
    if (!r) map.set(key, (r = new Reservoir()));
    return r;
  }

  addGrant(f: DocFacts): void {
    const g = f.grant!;
    const item = { number: g.number, kind: g.kind, name: citedName(f), date: g.date, filing: f.filing, app: f.app, cpc: f.cpc[0] ?? null };
    CitationPool.into(this.grants, f.tech).add(item, this.rng);
  }

  addPublication(f: DocFacts): void {
    const p = f.publication!;
    const item = {
      number: p.number.slice(2, 13),
      kind: p.number.slice(13),
      name: citedName(f),
      date: p.date,
      filing: f.filing,
      app: f.app,
      cpc: f.cpc[0] ?? null,
    };
    CitationPool.into(this.publications, f.tech).add(item, this.rng);
  }

  grantsOf(tech: string): readonly Citable[] {
    return this.grants.get(tech)?.items ?? [];
  }

  publicationsOf(tech: string): readonly Citable[] {
    return this.publications.get(tech)?.items ?? [];
  }
}
