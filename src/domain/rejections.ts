/**
 * The statutes and rejections of one office action, from the office's parsed rows (oa_rejections:
 * one row per legal ground or claim disposition of a document, with document-level flags
 * hasRej101…112 repeated on every row) and the references it cites (oa_citations). Pure.
 *
 * What the rows say, as the real data shows it (samples/office-actions): a ground's row has
 * `legalSectionCode` 101/102/103/112 (or "nonstatutory double patenting"), `actionTypeCategory`
 * "rejected" or blank, and sometimes a paragraph ("a" → 103(a), 112(b)); rows of other
 * dispositions (allowed, objected, canceled, withdrawn) name claims but reject nothing; a row
 * with a blank section is the document's claim summary.
 */

export interface RejectionFacts {
  legalSection: string | null;
  paragraph: string | null;
  actionCategory: string | null;
  claims: readonly number[];
  flaggedStatutes: readonly string[];
}

export interface CitedReference {
  legalSection: string | null;
  actionCategory: string | null;
  reference: string;
}

export interface Rejection {
  /** `103`, `103(a)`, `112(b)`, `double_patenting`, or the office's other ground as written (lower case). */
  statute: string;
  claims: number[];
  /** References cited for this ground (patent and publication numbers as the office parsed them). */
  references: string[];
}

const STATUTES = new Set(['101', '102', '103', '112']);

const isRejecting = (category: string | null) => category === null || category === 'rejected';

/** The ground's bare form: `103`, `double_patenting`, or the office's text. */
function groundOf(section: string): string {
  const s = section.trim().toLowerCase();
  if (STATUTES.has(s)) return s;
  return s.includes('double patenting') ? 'double_patenting' : s;
}

/** `103(a)` for a paragraph letter; a paragraph that is no letter ("Non-Statutory-other") names none. */
function paragraphed(ground: string, paragraph: string | null): string | null {
  return STATUTES.has(ground) && paragraph !== null && /^[a-f]$/i.test(paragraph.trim())
    ? `${ground}(${paragraph.trim().toLowerCase()})`
    : null;
}

/**
 * Bare and paragraphed statutes of an action, sorted (`103`, `103(a)`, `112`); null when the
 * office sent no parsed rows for it (which differs from rows that reject nothing: []).
 */
export function statutesOf(rows: readonly RejectionFacts[]): string[] | null {
  if (rows.length === 0) return null;
  const statutes = new Set<string>();
  for (const row of rows) {
    for (const flagged of row.flaggedStatutes) statutes.add(flagged);
    if (row.legalSection === null || !isRejecting(row.actionCategory)) continue;
    const ground = groundOf(row.legalSection);
    if (!STATUTES.has(ground)) continue;
    statutes.add(ground);
    const withParagraph = paragraphed(ground, row.paragraph);
    if (withParagraph !== null) statutes.add(withParagraph);
  }
  return [...statutes].sort();
}

/** One entry per ground (the paragraphed form when the office gave one), claims merged and sorted, with the references cited for it. */
export function rejectionsOf(rows: readonly RejectionFacts[], citations: readonly CitedReference[]): Rejection[] {
  const byStatute = new Map<string, { ground: string; claims: Set<number> }>();
  for (const row of rows) {
    if (row.legalSection === null || !isRejecting(row.actionCategory)) continue;
    const ground = groundOf(row.legalSection);
    const statute = paragraphed(ground, row.paragraph) ?? ground;
    const entry = byStatute.get(statute) ?? { ground, claims: new Set<number>() };
    for (const claim of row.claims) entry.claims.add(claim);
    byStatute.set(statute, entry);
  }
  return [...byStatute]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([statute, { ground, claims }]) => ({
      statute,
      claims: [...claims].sort((a, b) => a - b),
      references: [
        ...new Set(
          citations
            .filter((c) => c.legalSection !== null && groundOf(c.legalSection) === ground && isRejecting(c.actionCategory))
            .map((c) => c.reference),
        ),
      ],
    }));
}
