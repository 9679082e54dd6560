/**
 * A patent's facts are printed by several bulk products (DESIGN D29). This is the one table that
 * says, for each fact, which products may give it and how their answers combine: `first` takes
 * the first source in the order that has the fact; `union` keeps every item, and where two
 * sources print the same item (same key) the earlier source's copy is served. Answers are read
 * from what each product stored, so they do not depend on which product loaded first. Pure.
 */

/** The products that print a patent's facts, as answers name them. */
export const EVIDENCE_SOURCES = {
  file_wrapper: 'file wrapper',
  grant: 'grant full text',
  fee_file: 'maintenance fee events',
  assignments: 'assignment recordations',
} as const;
export type EvidenceSource = keyof typeof EVIDENCE_SOURCES;

interface PrecedenceRule {
  sources: readonly EvidenceSource[];
  combine: 'first' | 'union';
  /** Why this order: the reason a disagreement goes this way. */
  why: string;
}

export const PRECEDENCE = {
  grant: {
    sources: ['file_wrapper', 'grant', 'fee_file'],
    combine: 'first',
    why:
      "application number, filing and grant date: the file wrapper is the office's live record of the application; " +
      'the grant prints them at issue; the fee file repeats them on every fee line',
  },
  continuity: {
    sources: ['file_wrapper', 'grant'],
    combine: 'union',
    why:
      'each benefit claim (120, 121, 365(c)) stands on its own, and either product may know a link the other lacks; ' +
      "for a link both print, the file wrapper's copy wins because the office corrects it after issue; " +
      "a grant's PCT filing data is its national stage link (NST) to the international application",
  },
  pta: {
    sources: ['file_wrapper', 'grant'],
    combine: 'first',
    why:
      "the file wrapper carries the office's later determinations (reconsideration, certificates of correction); " +
      'the grant prints the one made at issue',
  },
  terminal_disclaimer: {
    sources: ['file_wrapper', 'grant'],
    combine: 'union',
    why: 'a disclaimer accepted in the transactions or printed on the grant limits the term either way (35 U.S.C. 253)',
  },
  reissue_original: {
    sources: ['file_wrapper', 'grant'],
    combine: 'first',
    why: "the original patent of a reissue: the file wrapper's REI link, else the grant's reissue relation",
  },
  fee_events: {
    sources: ['fee_file', 'file_wrapper'],
    combine: 'union',
    why:
      'a payment, lapse or reinstatement recorded in either counts; the same code on the same day is one event, ' +
      "and the fee file's copy (with the office's fee code description) is served",
  },
  recordations: {
    sources: ['assignments', 'file_wrapper'],
    combine: 'union',
    why:
      'a recordation (by reel/frame) from either counts; the assignment product lists every party and property of it, ' +
      "while a file wrapper's assignment bag is its copy for one application, so the former is served when both have it",
  },
} as const satisfies Record<string, PrecedenceRule>;
export type Fact = keyof typeof PRECEDENCE;

/** A value with the source it was taken from. */
export interface Sourced<T> {
  value: T;
  source: EvidenceSource;
}

// A source the table does not list for the fact is a programming error: say so loudly.
function ruleFor(fact: Fact, combine: PrecedenceRule['combine'], given: object): PrecedenceRule {
  const rule: PrecedenceRule = PRECEDENCE[fact];
  if (rule.combine !== combine) throw new Error(`${fact} is combined by ${rule.combine}, not ${combine}`);
  const unlisted = Object.keys(given).filter((source) => !rule.sources.includes(source as EvidenceSource));
  if (unlisted.length > 0) throw new Error(`${fact} is not taken from ${unlisted.join(', ')}`);
  return rule;
}

/** The value of a `first` fact: the first source in the table's order that has one (not null or undefined). */
export function firstOf<T>(fact: Fact, candidates: Partial<Record<EvidenceSource, T | null | undefined>>): Sourced<T> | null {
  for (const source of ruleFor(fact, 'first', candidates).sources) {
    const value = candidates[source];
    if (value !== undefined && value !== null) return { value, source };
  }
  return null;
}

/**
 * The items of a `union` fact from every source, each key once: where sources share a key, the
 * copy of the source earlier in the table is kept, tagged `from` it. Items keep their source's
 * order, sources in the table's order.
 */
export function unionOf<T extends object>(
  fact: Fact,
  candidates: Partial<Record<EvidenceSource, readonly T[]>>,
  key: (item: T) => string,
): (T & { from: EvidenceSource })[] {
  const seen = new Set<string>();
  const merged: (T & { from: EvidenceSource })[] = [];
  for (const source of ruleFor(fact, 'union', candidates).sources) {
    for (const item of candidates[source] ?? []) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      merged.push({ ...item, from: source });
    }
  }
  return merged;
}
