/**
 * Claims of a grant or publication (`claims/claim[@id,@num]`, XML-FORMATS.md §3): number, text
 * with each limb (nested `claim-text`) on its own line, the claims it depends on, and the canceled
 * claims of publications.
 *
 * Dependencies come from `claim-ref idref`: `claim 1 or 2` is two refs; the words around refs
 * only widen two refs (or one ref's own words) into a range. An idref names a claim `id`
 * (`CLM-00001`); when no claim has that id, the number at the end of the idref is used (an office
 * typo should not lose the dependency).
 */
import { childElements } from '../../ingest/xml/select.js';
import { inlineText, textLines } from '../../ingest/xml/text.js';
import type { XmlElement } from '../../ingest/xml/tree.js';
import type { Claim } from '../../domain/claim.js';

const LIMB = new Set(['claim-text']);

const PLAIN_NUMBER = /^\d+$/;
const LEADING_NUMBER = /^\D*?(\d+)/;
const TRAILING_NUMBER = /(\d+)\D*$/;

/**
 * After the printed number(s) — `9.`, `1-18.`, `1.-18.` — only "(canceled)": a publication's
 * placeholder for a claim (or a range of claims) canceled before publication.
 */
const CANCELED = /^(?:\d+\s*\.?\s*(?:(?:-|–|to|through)\s*\d+\s*\.?\s*)?)?\(?\s*cancell?ed\s*\)?\s*\.?$/i;

/** A printed range of claim numbers: `num="01-18"`, or a text starting `1-18.` / `1.-18.` / `1 to 18.`. */
const NUM_RANGE = /^0*(\d+)\s*(?:-|–)\s*0*(\d+)$/;
const TEXT_RANGE = /^(\d+)\s*\.?\s*(?:-|–|to|through)\s*(\d+)\s*\./i;

/** Ranges longer than this are taken as typos, not as hundreds of claims or dependencies. */
const MAX_RANGE = 200;

interface Printed {
  element: XmlElement;
  lines: string[];
  canceled: boolean;
  /** The numbers a canceled placeholder stands for (`1-18. (canceled)` → 1 to 18); null for one claim. */
  range: { from: number; to: number } | null;
}

function printedRange(printedNum: string, firstLine: string): { from: number; to: number } | null {
  const m = NUM_RANGE.exec(printedNum) ?? TEXT_RANGE.exec(firstLine);
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return from >= 1 && to > from && to - from <= MAX_RANGE ? { from, to } : null;
}

/**
 * Every claim of `claims` in document order; `[]` when the element is absent (ipgb records).
 * A publication prints claims canceled before publication as one placeholder for the range
 * (`<claim num="01-18">1-18. (canceled)</claim>`, US20150075015A2, US20220240350A1): that is one
 * canceled claim per number, each with the placeholder's text, so counts and lists see 18 claims.
 */
export function mapClaims(claims: XmlElement | null): Claim[] {
  if (claims === null) return [];
  const printed: Printed[] = childElements(claims, 'claim').map((element) => {
    const lines = textLines(element, { lineElements: LIMB });
    const canceled = lines.length === 1 && CANCELED.test(lines[0] ?? '');
    const range = canceled ? printedRange((element.attributes.num ?? '').trim(), lines[0] ?? '') : null;
    return { element, lines, canceled, range };
  });
  const numbers = assignNumbers(printed);
  const byId = new Map<string, number>();
  printed.forEach(({ element }, i) => {
    const id = element.attributes.id;
    if (id !== undefined && !byId.has(id)) byId.set(id, numbers[i]?.number ?? 0);
  });
  return printed.flatMap(({ element, lines, canceled }, i) => {
    const { number, raw, through } = numbers[i] ?? { number: i + 1, raw: null, through: i + 1 };
    const text = lines.join('\n');
    if (through > number) {
      return Array.from({ length: through - number + 1 }, (_, k): Claim => ({
        number: number + k,
        text,
        dependent_on: [],
        canceled: true,
      }));
    }
    const claim: Claim = { number, text, dependent_on: dependencies(element, byId) };
    if (canceled) claim.canceled = true;
    if (raw !== null) claim.number_raw = raw;
    return [claim];
  });
}

/**
 * `num="00003"` → 3. A printed number that is not a plain positive integer (`A`, blank) or that
 * repeats an earlier one keeps its raw form in `number_raw`; the number is then its first digits
 * or, with none, the one after the previous claim. A canceled range (`01-18`) takes its first
 * number and counts as every number through its last.
 */
function assignNumbers(printed: Printed[]): { number: number; raw: string | null; through: number }[] {
  const seen = new Set<number>();
  let previous = 0;
  return printed.map(({ element, range }) => {
    const text = (element.attributes.num ?? '').trim();
    const plain = PLAIN_NUMBER.test(text) ? Number(text) : 0;
    const leading = LEADING_NUMBER.exec(text)?.[1];
    const number = plain > 0 ? plain : leading !== undefined && Number(leading) > 0 ? Number(leading) : previous + 1;
    const last = range !== null && range.from === number ? range.to : number;
    let repeats = false;
    for (let n = number; n <= last; n += 1) repeats ||= seen.has(n);
    const raw = (plain > 0 || last > number) && !repeats ? null : text;
    // A range that repeats numbers already printed stays one flagged claim: it cannot be told apart.
    const through = raw === null ? last : number;
    for (let n = number; n <= through; n += 1) seen.add(n);
    previous = through;
    return { number, raw, through };
  });
}

/** Text between two refs that makes them a range: `claims 1 to 5`, `1-5`, `1 through 5`. */
const RANGE_BETWEEN = /^\s*(?:-|–|to|through)\s*$/i;
/** One ref written as a range: `claims 1-5`, `claims 1 to 5`. */
const RANGE_IN_REF = /(\d+)\s*(?:-|–|to|through)\s*(\d+)\s*$/i;
/** The claim's content in document order: each `claim-ref` with its targets and text, and the text between. */
function refsAndText(node: XmlElement, out: ({ targets: number[]; text: string } | string)[], byId: ReadonlyMap<string, number>): void {
  for (const child of node.children) {
    if (typeof child === 'string') out.push(child);
    else if (child.name === 'claim-ref') out.push({ targets: refTargets(child, byId), text: inlineText(child) });
    else refsAndText(child, out, byId);
  }
}

function refTargets(ref: XmlElement, byId: ReadonlyMap<string, number>): number[] {
  const targets: number[] = [];
  for (const idref of (ref.attributes.idref ?? '').split(/\s+/)) {
    if (idref === '') continue;
    const fallback = TRAILING_NUMBER.exec(idref)?.[1];
    const target = byId.get(idref) ?? (fallback === undefined ? undefined : Number(fallback));
    if (target !== undefined && target > 0) targets.push(target);
  }
  return targets;
}

function addRange(targets: Set<number>, from: number, to: number): void {
  if (to <= from || to - from > MAX_RANGE) return;
  for (let n = from; n <= to; n += 1) targets.add(n);
}

/**
 * Every claim this one refers to. `claims 1 or 2` is two refs; a range is either two refs joined
 * by `to` / `-` / `through` (`<claim-ref>claims 1</claim-ref> to <claim-ref>5</claim-ref>`) or
 * one ref whose words say so (`<claim-ref idref="CLM-00001">claims 1-5</claim-ref>`): every
 * claim in between counts.
 */
function dependencies(claim: XmlElement, byId: ReadonlyMap<string, number>): number[] {
  const sequence: ({ targets: number[]; text: string } | string)[] = [];
  refsAndText(claim, sequence, byId);
  const targets = new Set<number>();
  let previous: number | null = null;
  let between = '';
  for (const item of sequence) {
    if (typeof item === 'string') {
      between += item;
      continue;
    }
    for (const target of item.targets) targets.add(target);
    const first = item.targets[0];
    if (first !== undefined && previous !== null && RANGE_BETWEEN.test(between)) addRange(targets, previous, first);
    const written = RANGE_IN_REF.exec(item.text);
    if (written && first !== undefined && Number(written[1]) === first) addRange(targets, first, Number(written[2]));
    previous = item.targets.at(-1) ?? null;
    between = '';
  }
  return [...targets].sort((a, b) => a - b);
}
