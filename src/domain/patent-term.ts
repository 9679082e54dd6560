/**
 * Patent term estimate (DOMAIN-RULES §3): the statutory end date plus PTA, with each step of
 * the calculation and where its value came from (DESIGN D26). Pure, no I/O. Terminal
 * disclaimer dates and PTE (35 USC 156) are not in the data, so the date is always an estimate.
 */
import { addDays, addYears } from './dates.js';
import type { PatentKind } from './maintenance.js';

export interface ChainLink {
  applicationNumber: string;
  filingDate: string | null;
  /** ODP claimParentageTypeCode: CON, DIV, CIP, NST, PRO, REX, REI, … */
  relationship: string;
  /** The child application number of this link. */
  parentOf: string;
}

export interface PtaRecord {
  total: number | null;
  a?: number | null;
  b?: number | null;
  c?: number | null;
  overlap?: number | null;
  applicantDelay?: number | null;
  nonOverlapping?: number | null;
}

export interface TermInput {
  kind: PatentKind;
  applicationNumber: string;
  /** Actual US filing date of the patent's own application. */
  filingDate: string;
  grantDate: string;
  /** Every ancestor link found by walking the whole continuity chain (parents of parents…). */
  ancestors: readonly ChainLink[];
  pta: PtaRecord | null;
  /** An accepted terminal disclaimer seen in the transactions. */
  terminalDisclaimer: { code: string; date: string } | null;
  /** Maintenance lapse not reinstated; `recorded` (the EXP. date) names the source when given. */
  lapse: { effective: string; recorded?: string | null } | null;
  /** For a reissue: the original patent's computed term (computed by the caller), or null when unknown. */
  original: { patentNumber: string; term: TermResult } | null;
  today: string;
}

export interface CalculationStep {
  step: string;
  value: string | number | boolean | null;
  source: string;
}

export interface TermResult {
  date: string | null;
  estimate: true;
  calculation: CalculationStep[];
  expired: boolean;
  expiration_reason: 'term ended' | 'maintenance fee not paid' | null;
  /** A terminal disclaimer, or an ancestor whose filing date is unknown, may end the term earlier. */
  possiblyShorter: boolean;
}

/**
 * Links whose parent's filing date can start the 20-year term (35 USC 154(a)(2)): continuation,
 * division and continuation-in-part (120, 121; a bypass continuation of a PCT, 365(c), is coded
 * CON) and national stage entry (NST: the PCT's international filing date). Provisional (PRO)
 * and foreign priority never count (154(a)(3)); REX/REI/SUB/SER are not term starts.
 */
export const TERM_START_RELATIONSHIPS: ReadonlySet<string> = new Set(['CON', 'DIV', 'CIP', 'NST']);

/** URAA transition: earlier applications get the greater of 20 years from filing and 17 from grant (35 USC 154(c)(1)). */
export const URAA_FILING_DATE = '1995-06-08';
/** PTA under 35 USC 154(b) applies to applications filed on or after this date (AIPA). */
export const PTA_FILING_DATE = '2000-05-29';
/** Design applications filed on or after this date get 15 years from grant, earlier ones 14 (35 USC 173, PLTIA). */
export const DESIGN_15_YEAR_FILING_DATE = '2015-05-13';

/**
 * The end of a term of `years` counted from `start`, the one place this convention lives. A term
 * "ending 20 years from the date on which the application was filed" ends on the same calendar
 * date `years` later (2008-08-15 → 2028-08-15); from 29 February it ends on 28 February of a
 * non-leap year (addMonths' last-day rule). The patent is treated as in force through that date
 * (expired from the day after), and PTA days are added to it with addDays.
 */
export function termEnd(start: string, years: number): string {
  return addYears(start, years);
}

const relationshipOf = (link: ChainLink) => link.relationship.trim().toUpperCase();
const describeLink = (link: ChainLink) => `${link.parentOf} is a ${relationshipOf(link)} of ${link.applicationNumber}`;
const continuity = (path: readonly ChainLink[]) => `continuity: ${path.map(describeLink).join('; ')}`;

interface Ancestor {
  link: ChainLink;
  /** The links from the patent's own application to this ancestor. */
  path: ChainLink[];
}

// Breadth-first from the patent's own application, only through links that count: an ancestor
// reachable only through a provisional (or a reissue, reexam…) link does not start the term.
function countingAncestors(own: string, links: readonly ChainLink[]): { counted: Ancestor[]; passedOver: ChainLink[] } {
  const counted: Ancestor[] = [];
  const passedOver: ChainLink[] = [];
  const seen = new Set([own]);
  const queue: { number: string; path: ChainLink[] }[] = [{ number: own, path: [] }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const link of links.filter((l) => l.parentOf === next!.number)) {
      if (!TERM_START_RELATIONSHIPS.has(relationshipOf(link))) {
        // A provisional claimed by several members of the family is reported once.
        if (!passedOver.some((p) => p.applicationNumber === link.applicationNumber)) passedOver.push(link);
      } else if (!seen.has(link.applicationNumber)) {
        seen.add(link.applicationNumber);
        const path = [...next.path, link];
        counted.push({ link, path });
        queue.push({ number: link.applicationNumber, path });
      }
    }
  }
  return { counted, passedOver };
}

function ptaSteps(pta: PtaRecord | null): { days: number; steps: CalculationStep[] } {
  const source = 'file wrapper: patentTermAdjustmentData';
  if (pta === null) return { days: 0, steps: [{ step: 'patent term adjustment not in the data: 0 days added', value: 0, source }] };
  const { a, b, c, overlap, applicantDelay } = pta;
  const steps: CalculationStep[] = [];
  let days: number;
  if (
    typeof a === 'number' &&
    typeof b === 'number' &&
    typeof c === 'number' &&
    typeof overlap === 'number' &&
    typeof applicantDelay === 'number'
  ) {
    days = Math.max(0, a + b + c - overlap - applicantDelay);
    const named: [string, number][] = [
      ['A', a],
      ['B', b],
      ['C', c],
      ['overlap', overlap],
      ['applicant delay', applicantDelay],
    ];
    const shown = named.filter(([, n]) => n !== 0).map(([label, n]) => `${label} = ${n}`);
    if (pta.total !== null && pta.total !== days) {
      steps.push({
        step: `the office's total (${pta.total}) disagrees with its parts (${shown.join(', ') || 'all 0'} → ${days}): the parts are used`,
        value: days,
        source: `${source}: adjustmentTotalQuantity vs. its parts`,
      });
    }
  } else if (pta.total !== null) {
    days = Math.max(0, pta.total);
  } else {
    return { days: 0, steps: [{ step: 'patent term adjustment not in the data: 0 days added', value: 0, source }] };
  }
  steps.push({ step: 'patent term adjustment (days)', value: days, source });
  return { days, steps };
}

// Utility and plant (35 USC 161 applies the utility rules): 20 years from the earliest counted
// filing date, the URAA alternative, then PTA.
function utilityTerm(input: TermInput, steps: CalculationStep[]): { date: string; uncertainStart: boolean } {
  const { counted, passedOver } = countingAncestors(input.applicationNumber, input.ancestors);
  let start = {
    date: input.filingDate,
    source: `file wrapper: application ${input.applicationNumber} filing date`,
    from: input.applicationNumber,
  };
  for (const { link, path } of counted) {
    if (link.filingDate !== null && link.filingDate < start.date)
      start = { date: link.filingDate, source: continuity(path), from: link.applicationNumber };
  }
  steps.push({ step: `term start: filing date of ${start.from}, the earliest in the chain`, value: start.date, source: start.source });
  const unknown = counted.filter(({ link }) => link.filingDate === null);
  for (const { link, path } of unknown) {
    steps.push({
      step: `filing date of ${link.applicationNumber} unknown: the term may start earlier`,
      value: null,
      source: continuity(path),
    });
  }
  for (const link of passedOver) {
    const why =
      relationshipOf(link) === 'PRO'
        ? 'a provisional does not start the term (35 U.S.C. 154(a)(3))'
        : 'this relationship does not start the term';
    steps.push({ step: `not counted: ${link.applicationNumber}, ${why}`, value: link.filingDate, source: continuity([link]) });
  }

  // A national stage application counts as filed on its PCT's international filing date (35 USC 363).
  const pct = input.ancestors.find((l) => l.parentOf === input.applicationNumber && relationshipOf(l) === 'NST' && l.filingDate !== null);
  const filed = pct?.filingDate ?? input.filingDate;
  if (pct) {
    steps.push({
      step: 'filing date for the 1995-06-08 and 2000-05-29 tests: the international filing date (national stage)',
      value: filed,
      source: `${continuity([pct])}; 35 U.S.C. 363`,
    });
  }

  const twenty = termEnd(start.date, 20);
  steps.push({ step: '20 years from term start', value: twenty, source: '35 U.S.C. 154(a)(2)' });
  let end = twenty;
  if (filed < URAA_FILING_DATE) {
    const seventeen = termEnd(input.grantDate, 17);
    steps.push({
      step: `17 years from grant (filed before ${URAA_FILING_DATE})`,
      value: seventeen,
      source: `35 U.S.C. 154(c)(1); grant date ${input.grantDate}`,
    });
    end = seventeen > twenty ? seventeen : twenty;
    const winner = seventeen > twenty ? '17 years from grant' : '20 years from term start';
    steps.push({ step: `the greater term applies: ${winner}`, value: end, source: '35 U.S.C. 154(c)(1)' });
  }

  if (filed < PTA_FILING_DATE) {
    steps.push({
      step: `no patent term adjustment: filed before ${PTA_FILING_DATE} (former 154(b) extensions are not in the data)`,
      value: 0,
      source: '35 U.S.C. 154(b)',
    });
    return { date: end, uncertainStart: unknown.length > 0 };
  }
  const pta = ptaSteps(input.pta);
  steps.push(...pta.steps);
  if (pta.days > 0) {
    end = addDays(end, pta.days);
    steps.push({ step: `end of term with ${pta.days} days of adjustment`, value: end, source: '35 U.S.C. 154(b)' });
  }
  return { date: end, uncertainStart: unknown.length > 0 };
}

/** The term estimate of one patent, with the calculation behind it (§3.4). */
export function patentTerm(input: TermInput): TermResult {
  const steps: CalculationStep[] = [];
  let date: string | null = null;
  let possiblyShorter = false;

  if (input.kind === 'design') {
    const years = input.filingDate >= DESIGN_15_YEAR_FILING_DATE ? 15 : 14;
    const rule = `${years === 15 ? 'on or after' : 'before'} ${DESIGN_15_YEAR_FILING_DATE}`;
    steps.push({
      step: 'term start: grant date',
      value: input.grantDate,
      source: `file wrapper: application ${input.applicationNumber} grant date`,
    });
    date = termEnd(input.grantDate, years);
    steps.push({
      step: `design term: ${years} years from grant (application filed ${input.filingDate}, ${rule})`,
      value: date,
      source: '35 U.S.C. 173',
    });
  } else if (input.kind === 'reissue') {
    const original = input.original;
    if (original === null || original.term.date === null) {
      const which = original === null ? 'the original patent is unknown' : `original patent ${original.patentNumber} has no term estimate`;
      steps.push({ step: `reissue keeps its original patent's term, but ${which}`, value: null, source: '35 U.S.C. 251(a)' });
    } else {
      date = original.term.date;
      possiblyShorter = original.term.possiblyShorter;
      steps.push({
        step: `reissue: the unexpired term of original patent ${original.patentNumber} (no adjustment of its own)`,
        value: date,
        source: `35 U.S.C. 251(a); term estimate of patent ${original.patentNumber}`,
      });
    }
  } else if (input.kind === 'sir') {
    steps.push({ step: 'statutory invention registration: not an enforceable patent, no term', value: null, source: '35 U.S.C. 157' });
  } else {
    const utility = utilityTerm(input, steps);
    date = utility.date;
    possiblyShorter = utility.uncertainStart;
  }

  if (input.terminalDisclaimer) {
    possiblyShorter = true;
    const { code, date: filed } = input.terminalDisclaimer;
    steps.push({
      step: 'terminal disclaimer on record: the date it disclaims from is not in the data, so the term may end earlier',
      value: null,
      source: `transactions: ${code} on ${filed}`,
    });
  }

  let expired = false;
  let reason: TermResult['expiration_reason'] = null;
  const { lapse } = input;
  if (lapse) {
    steps.push({
      step: 'lapsed: maintenance fee not paid',
      value: lapse.effective,
      source: lapse.recorded ? `maintenance fees: EXP. on ${lapse.recorded}` : 'maintenance fees: EXP. (recording date not given)',
    });
  }
  // A lapse after the term already ended (a late grant) changes nothing: the term ended first.
  if (lapse && (date === null || lapse.effective <= date)) [expired, reason] = [true, 'maintenance fee not paid'];
  else if (date !== null && input.today > date) [expired, reason] = [true, 'term ended'];

  return { date, estimate: true, calculation: steps, expired, expiration_reason: reason, possiblyShorter };
}
