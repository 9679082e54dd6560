/**
 * Claims of a grant or publication (`claims/claim[@id,@num]`, XML-FORMATS.md §3): number, text
 * with each limb (nested `claim-text`) on its own line, the claims it depends on, and the canceled
 * claims of publications.
 *
 * Dependencies come from `claim-ref idref`, never from the words around it: `claim 1 or 2` is two
 * refs. An idref names a claim `id` (`CLM-00001`); when no claim has that id, the number at the
 * end of the idref is used (an office typo should not lose the dependency).
 */
import { descendants, childElements } from '../xml/select.js';
import { textLines } from '../xml/text.js';
import type { XmlElement } from '../xml/tree.js';
import type { Claim } from './document.js';

const LIMB = new Set(['claim-text']);

const PLAIN_NUMBER = /^\d+$/;
const LEADING_NUMBER = /^\D*?(\d+)/;
const TRAILING_NUMBER = /(\d+)\D*$/;

/**
 * After the printed number(s) — `9.`, `1-18.`, `1.-18.` — only "(canceled)": a publication's
 * placeholder for a claim (or a range of claims) canceled before publication.
 */
const CANCELED = /^(?:\d+\s*\.?\s*(?:(?:-|–|to|through)\s*\d+\s*\.?\s*)?)?\(?\s*cancell?ed\s*\)?\s*\.?$/i;

/** Every `claim` of `claims` in document order; `[]` when the element is absent (ipgb records). */
export function mapClaims(claims: XmlElement | null): Claim[] {
  if (claims === null) return [];
  const elements = childElements(claims, 'claim');
  const numbers = assignNumbers(elements);
  const byId = new Map<string, number>();
  elements.forEach((e, i) => {
    const id = e.attributes.id;
    if (id !== undefined && !byId.has(id)) byId.set(id, numbers[i]?.number ?? 0);
  });
  return elements.map((e, i) => {
    const { number, raw } = numbers[i] ?? { number: i + 1, raw: null };
    const lines = textLines(e, { lineElements: LIMB });
    const claim: Claim = { number, text: lines.join('\n'), dependent_on: dependencies(e, byId) };
    if (lines.length === 1 && CANCELED.test(lines[0] ?? '')) claim.canceled = true;
    if (raw !== null) claim.number_raw = raw;
    return claim;
  });
}

/**
 * `num="00003"` → 3. A printed number that is not a plain positive integer (`01-18`, blank) or that
 * repeats an earlier one keeps its raw form in `number_raw`; the number is then its first digits
 * (the start of a range) or, with none, the one after the previous claim.
 */
function assignNumbers(elements: XmlElement[]): { number: number; raw: string | null }[] {
  const seen = new Set<number>();
  let previous = 0;
  return elements.map((e) => {
    const printed = (e.attributes.num ?? '').trim();
    const plain = PLAIN_NUMBER.test(printed) ? Number(printed) : 0;
    const leading = LEADING_NUMBER.exec(printed)?.[1];
    const number = plain > 0 ? plain : leading !== undefined && Number(leading) > 0 ? Number(leading) : previous + 1;
    const raw = plain > 0 && !seen.has(number) ? null : printed;
    seen.add(number);
    previous = number;
    return { number, raw };
  });
}

function dependencies(claim: XmlElement, byId: ReadonlyMap<string, number>): number[] {
  const targets = new Set<number>();
  for (const ref of descendants(claim, 'claim-ref')) {
    for (const idref of (ref.attributes.idref ?? '').split(/\s+/)) {
      if (idref === '') continue;
      const known = byId.get(idref);
      const fallback = TRAILING_NUMBER.exec(idref)?.[1];
      const target = known ?? (fallback === undefined ? undefined : Number(fallback));
      if (target !== undefined && target > 0) targets.add(target);
    }
  }
  return [...targets].sort((a, b) => a - b);
}
