/**
 * Patent term estimate (DOMAIN-RULES §3): the statutory end date plus PTA, with each step of
 * the calculation and where its value came from (DESIGN D26). The facts arrive already gathered
 * from every product that prints them (evidence.ts decides between them); each step names the
 * product it read. Terminal disclaimer dates and PTE (35 USC 156) are not in any product, so
 * the date is always an estimate. Whether the patent has expired is term-expiry.ts. Pure.
 */
import { addDays } from './dates.js';
import { EVIDENCE_SOURCES, firstOf } from './evidence.js';
import type { PatentKind } from './maintenance.js';
import { type ChainLink, countingAncestors, describePath, relationshipOf, termEnd } from './term-start.js';

export type { ChainLink } from './term-start.js';

export interface PtaRecord {
  total: number | null;
  a?: number | null;
  b?: number | null;
  c?: number | null;
  overlap?: number | null;
  applicantDelay?: number | null;
  nonOverlapping?: number | null;
}

/** PTA as each product gives it: the file wrapper's determination and the days printed on the grant. */
export interface PtaEvidence {
  fileWrapper: PtaRecord | null;
  printed: number | null;
}

export interface TermInput {
  kind: PatentKind;
  applicationNumber: string;
  /** Actual US filing date of the patent's own application. */
  filingDate: string;
  grantDate: string;
  /** The product the application number and dates above came from, as answers name it. */
  source: string;
  /** Every ancestor link of the chain (parents of parents…), each from the product the precedence table keeps. */
  ancestors: readonly ChainLink[];
  pta: PtaEvidence;
  /** Each product's sign of a terminal disclaimer, described with its source ("file wrapper transactions: DISQ on …"). */
  terminalDisclaimers: readonly string[];
  /** For a reissue: the original patent's estimate (computed by the caller), or null when unknown. */
  original: { patentNumber: string; term: TermEstimate } | null;
}

export interface CalculationStep {
  step: string;
  value: string | number | boolean | null;
  source: string;
}

export interface TermEstimate {
  date: string | null;
  estimate: true;
  calculation: CalculationStep[];
  /** A terminal disclaimer, or an ancestor whose filing date is unknown, may end the term earlier. */
  possiblyShorter: boolean;
}

/** URAA transition: earlier applications get the greater of 20 years from filing and 17 from grant (35 USC 154(c)(1)). */
export const URAA_FILING_DATE = '1995-06-08';
/** PTA under 35 USC 154(b) applies to applications filed on or after this date (AIPA). */
const PTA_FILING_DATE = '2000-05-29';
/** Design applications filed on or after this date get 15 years from grant, earlier ones 14 (35 USC 173, PLTIA). */
const DESIGN_15_YEAR_FILING_DATE = '2015-05-13';

const FILE_WRAPPER_PTA = `${EVIDENCE_SOURCES.file_wrapper}: patentTermAdjustmentData`;
const PRINTED_PTA = `${EVIDENCE_SOURCES.grant}: us-term-extension`;

/** The file wrapper's PTA days with the steps that explain them; null when its record gives no number. */
function fileWrapperPta(pta: PtaRecord | null): { days: number; steps: CalculationStep[] } | null {
  if (pta === null) return null;
  const { a, b, c, overlap, applicantDelay } = pta;
  const parts = [a, b, c, overlap, applicantDelay];
  if (!parts.every((n): n is number => typeof n === 'number')) {
    return pta.total === null ? null : { days: Math.max(0, pta.total), steps: [] };
  }
  const days = Math.max(0, a! + b! + c! - overlap! - applicantDelay!);
  if (pta.total === null || pta.total === days) return { days, steps: [] };
  const named: [string, number][] = [
    ['A', a!],
    ['B', b!],
    ['C', c!],
    ['overlap', overlap!],
    ['applicant delay', applicantDelay!],
  ];
  const shown = named.filter(([, n]) => n !== 0).map(([label, n]) => `${label} = ${n}`);
  const step = `the office's total (${pta.total}) disagrees with its parts (${shown.join(', ') || 'all 0'} → ${days}): the parts are used`;
  return { days, steps: [{ step, value: days, source: `${FILE_WRAPPER_PTA}: adjustmentTotalQuantity vs. its parts` }] };
}

/** PTA days by the precedence table (the file wrapper's later determination, else the grant's print). */
function ptaSteps(evidence: PtaEvidence): { days: number; steps: CalculationStep[] } {
  const fileWrapper = fileWrapperPta(evidence.fileWrapper);
  const chosen = firstOf('pta', { file_wrapper: fileWrapper?.days, grant: evidence.printed });
  if (chosen === null) {
    return {
      days: 0,
      steps: [{ step: 'patent term adjustment not in the data: 0 days added', value: 0, source: 'file wrapper, grant full text' }],
    };
  }
  const steps = chosen.source === 'file_wrapper' ? [...fileWrapper!.steps] : [];
  if (chosen.source === 'file_wrapper' && evidence.printed !== null && evidence.printed !== chosen.value) {
    steps.push({
      step: `the grant printed ${evidence.printed} days at issue; the file wrapper's later determination is used`,
      value: evidence.printed,
      source: PRINTED_PTA,
    });
  }
  steps.push({
    step: 'patent term adjustment (days)',
    value: chosen.value,
    source: chosen.source === 'grant' ? PRINTED_PTA : FILE_WRAPPER_PTA,
  });
  return { days: chosen.value, steps };
}

// Utility and plant (35 USC 161 applies the utility rules): 20 years from the earliest counted
// filing date, the URAA alternative, then PTA.
function utilityTerm(input: TermInput, steps: CalculationStep[]): { date: string; uncertainStart: boolean } {
  const { counted, passedOver } = countingAncestors(input.applicationNumber, input.ancestors);
  let start = {
    date: input.filingDate,
    source: `${input.source}: application ${input.applicationNumber} filing date`,
    from: input.applicationNumber,
  };
  for (const { link, path } of counted) {
    if (link.filingDate !== null && link.filingDate < start.date)
      start = { date: link.filingDate, source: describePath(path), from: link.applicationNumber };
  }
  steps.push({ step: `term start: filing date of ${start.from}, the earliest in the chain`, value: start.date, source: start.source });
  const unknown = counted.filter(({ link }) => link.filingDate === null);
  for (const { link, path } of unknown) {
    steps.push({
      step: `filing date of ${link.applicationNumber} unknown: the term may start earlier`,
      value: null,
      source: describePath(path),
    });
  }
  for (const link of passedOver) {
    const why =
      relationshipOf(link) === 'PRO'
        ? 'a provisional does not start the term (35 U.S.C. 154(a)(3))'
        : 'this relationship does not start the term';
    steps.push({ step: `not counted: ${link.applicationNumber}, ${why}`, value: link.filingDate, source: describePath([link]) });
  }

  // A national stage application counts as filed on its PCT's international filing date (35 USC 363).
  const pct = input.ancestors.find((l) => l.parentOf === input.applicationNumber && relationshipOf(l) === 'NST' && l.filingDate !== null);
  const filed = pct?.filingDate ?? input.filingDate;
  if (pct) {
    steps.push({
      step: 'filing date for the 1995-06-08 and 2000-05-29 tests: the international filing date (national stage)',
      value: filed,
      source: `${describePath([pct])}; 35 U.S.C. 363`,
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

function designTerm(input: TermInput, steps: CalculationStep[]): string {
  const years = input.filingDate >= DESIGN_15_YEAR_FILING_DATE ? 15 : 14;
  const rule = `${years === 15 ? 'on or after' : 'before'} ${DESIGN_15_YEAR_FILING_DATE}`;
  steps.push({
    step: 'term start: grant date',
    value: input.grantDate,
    source: `${input.source}: application ${input.applicationNumber} grant date`,
  });
  const date = termEnd(input.grantDate, years);
  steps.push({
    step: `design term: ${years} years from grant (application filed ${input.filingDate}, ${rule})`,
    value: date,
    source: '35 U.S.C. 173',
  });
  return date;
}

/** The term estimate of one patent, with the calculation behind it (§3.4). */
export function patentTerm(input: TermInput): TermEstimate {
  const steps: CalculationStep[] = [];
  let date: string | null = null;
  let possiblyShorter = false;

  if (input.kind === 'design') date = designTerm(input, steps);
  else if (input.kind === 'reissue') {
    const original = input.original;
    if (original === null || original.term.date === null) {
      const which = original === null ? 'the original patent is unknown' : `original patent ${original.patentNumber} has no term estimate`;
      steps.push({ step: `reissue keeps its original patent's term, but ${which}`, value: null, source: '35 U.S.C. 251(a)' });
    } else {
      date = original.term.date;
      possiblyShorter = original.term.possiblyShorter;
      steps.push(
        ...original.term.calculation.map((step) => ({ ...step, step: `original patent ${original.patentNumber}: ${step.step}` })),
        {
          step: `reissue: the unexpired term of original patent ${original.patentNumber} (no adjustment of its own)`,
          value: date,
          source: `35 U.S.C. 251(a); term estimate of patent ${original.patentNumber}`,
        },
      );
    }
  } else if (input.kind === 'sir') {
    steps.push({ step: 'statutory invention registration: not an enforceable patent, no term', value: null, source: '35 U.S.C. 157' });
  } else {
    const utility = utilityTerm(input, steps);
    date = utility.date;
    possiblyShorter = utility.uncertainStart;
  }

  if (input.terminalDisclaimers.length > 0) {
    possiblyShorter = true;
    steps.push({
      step: 'terminal disclaimer on record: the date it disclaims from is not in the data, so the term may end earlier',
      value: null,
      source: input.terminalDisclaimers.join('; '),
    });
  }
  return { date, estimate: true, calculation: steps, possiblyShorter };
}
