/**
 * One line of USPTO's MaintFeeEvents file (DOMAIN-RULES §2.4; the office's own layout document
 * is samples/maintenance-fee/MaintFeeEventsFileDocumentation.txt). Fixed width, 1-based:
 * patent 1–13, application 15–22, entity status 24, filing date 26–33, grant date 35–42, event
 * entry date 44–51, event code 53–57 (left-aligned, periods kept), CR LF. Lines may arrive
 * right-trimmed. A line that does not fit is refused with its reason, never guessed at.
 */

import { isCalendarDate } from '../../domain/calendar-date.js';

export type FeeEntityStatus = 'small' | 'micro' | 'undiscounted';

export interface FeeLine {
  /** Canonical: `4287053`, `RE49257` (no leading zeros). */
  patentNumber: string;
  applicationNumber: string;
  /** The owner's current status (`Y`, `M`, `N`); null for `?` or blank (not available). */
  entityStatus: FeeEntityStatus | null;
  filingDate: string;
  grantDate: string;
  eventDate: string;
  code: string;
}

const ENTITY: Record<string, FeeEntityStatus | null> = { Y: 'small', M: 'micro', N: 'undiscounted', '?': null, ' ': null };
/** 0-based columns that hold the single-space field delimiters. */
const DELIMITERS = [13, 22, 24, 33, 42, 51] as const;
/** A whole line's characters before its line end. */
export const LINE_LENGTH = 57;

function allDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The file holds some 15,000 distinct dates among 14 million lines: each is checked once. */
const DATES = new Map<string, string | null>();

function date(field: string): string | null {
  let known = DATES.get(field);
  if (known === undefined) {
    const candidate = `${field.slice(0, 4)}-${field.slice(4, 6)}-${field.slice(6, 8)}`;
    known = field.length === 8 && allDigits(field, 0, 8) && isCalendarDate(candidate) ? candidate : null;
    if (DATES.size < 100_000) DATES.set(field, known);
  }
  return known;
}

/**
 * Utility: 13 digits, zero-padded. Reissue: `RE` and its digits, right-justified in the 13
 * positions (padded with zeros or spaces on either side of `RE`: the document does not show one).
 */
function patentNumber(field: string): string | null {
  if (allDigits(field, 0, 13)) {
    let start = 0;
    while (start < 13 && field.charCodeAt(start) === 48) start += 1;
    return start === 13 ? null : field.slice(start);
  }
  const reissue = /^[0 ]*RE0*([1-9]\d*) *$/.exec(field);
  return reissue ? `RE${reissue[1]}` : null;
}

/** The line (without its line end) read into its fields, or the reason it does not fit the layout. */
export function parseFeeLine(line: string): FeeLine | { reason: string } {
  // Right-trimmed without a copy: most lines end in the code's pad space.
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 32) end -= 1;
  if (end > LINE_LENGTH) return { reason: `line is ${end} characters long; the layout has ${LINE_LENGTH} before the line end` };
  if (end < 53) return { reason: `line is ${end} characters long; the layout needs at least 53 (up to the event code)` };
  for (const at of DELIMITERS) {
    if (line[at] !== ' ') return { reason: `column ${at + 1} should be the space between fields` };
  }
  const patent = patentNumber(line.slice(0, 13));
  if (patent === null) return { reason: `patent number "${line.slice(0, 13)}" is neither 13 zero-padded digits nor a reissue (RE) number` };
  const application = line.slice(14, 22);
  if (!allDigits(application, 0, 8)) return { reason: `application number "${application}" is not 8 digits` };
  const entityFlag = line[23]!;
  if (!(entityFlag in ENTITY)) return { reason: `entity status "${entityFlag}" is not Y, M, N, ? or blank` };
  const filingDate = date(line.slice(25, 33));
  if (filingDate === null) return { reason: `filing date "${line.slice(25, 33)}" is not a date (yyyymmdd)` };
  const grantDate = date(line.slice(34, 42));
  if (grantDate === null) return { reason: `grant date "${line.slice(34, 42)}" is not a date (yyyymmdd)` };
  const eventDate = date(line.slice(43, 51));
  if (eventDate === null) return { reason: `event entry date "${line.slice(43, 51)}" is not a date (yyyymmdd)` };
  const code = line.slice(52, end);
  if (!/^[A-Z0-9.]{1,5}$/.test(code)) return { reason: `event code "${code}" is not 1–5 letters, digits or periods` };
  return {
    patentNumber: patent,
    applicationNumber: application,
    entityStatus: ENTITY[entityFlag]!,
    filingDate,
    grantDate,
    eventDate,
    code,
  };
}
