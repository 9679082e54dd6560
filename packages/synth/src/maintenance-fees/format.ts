/**
 * The fixed-width text of USPTO's MaintFeeEvents file (product PTMNFEE2) and its Desc file, as
 * the synthetic writers produce them. Layout (DOMAIN-RULES §2.4; USPTO's "Maintenance Fee Events
 * File Documentation"), 1-based: patent 1–13, application 15–22, entity status 24, filing date
 * 26–33, grant date 35–42, event entry date 44–51, event code 53–57 (left-aligned, padded with
 * spaces), CR LF: 59 bytes a record. Desc file: code in 1–5 (padded), a space, the description
 * from column 7, CR LF.
 */
import { BUILT_IN_FEE_CODES } from '../../../../src/domain/fee-codes.js';
import type { Entity } from '../core/timeline.js';

/** The file's entity-status column: `Y` small, `M` micro, `N` large (undiscounted). */
export const ENTITY_FLAG: Readonly<Record<Entity, string>> = { large: 'N', small: 'Y', micro: 'M' };

/**
 * Positions 1–13 of a line: a utility number as 13 digits right-justified with leading zeros
 * (`0000010234567`); a reissue as `RE` and its digits zero-padded to the 13 positions
 * (`RE00000049257`). Takes the canonical form (`10234567`, `RE49257`).
 */
export function feePatentField(patentNumber: string): string {
  const m = /^(RE)?([1-9]\d{0,10})$/.exec(patentNumber);
  if (!m) throw new RangeError(`not a utility or reissue patent number: ${patentNumber}`);
  return m[1] ? `RE${m[2]!.padStart(11, '0')}` : m[2]!.padStart(13, '0');
}

/** `YYYY-MM-DD` → `yyyymmdd`. */
export const compactDate = (iso: string): string => iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/**
 * The first 43 characters of every line of one patent (through the space before the event
 * date): patent, application, current entity status, filing and grant dates.
 */
export function feeLinePrefix(p: {
  patentNumber: string;
  applicationNumber: string;
  entity: Entity;
  filingDate: string;
  grantDate: string;
}): string {
  if (!/^\d{8}$/.test(p.applicationNumber)) throw new RangeError(`not an 8-digit application number: ${p.applicationNumber}`);
  return `${feePatentField(p.patentNumber)} ${p.applicationNumber} ${ENTITY_FLAG[p.entity]} ${compactDate(p.filingDate)} ${compactDate(p.grantDate)} `;
}

const padded = new Map<string, string>();

/** The event code padded to 5 characters, with the line end: the last 16 characters of a line start after the date. */
export function codeField(code: string): string {
  let out = padded.get(code);
  if (out === undefined) {
    if (!BUILT_IN_FEE_CODES.has(code)) throw new RangeError(`not a maintenance-fee event code: ${code}`);
    padded.set(code, (out = ` ${code.padEnd(5, ' ')}\r\n`));
  }
  return out;
}

/** MaintFeeEventsDesc content: one CR LF line per code of the built-in table, in its order. */
export function descFileText(): string {
  let out = '';
  for (const [code, description] of BUILT_IN_FEE_CODES) out += `${code.padEnd(5, ' ')} ${description}\r\n`;
  return out;
}

/** `MaintFeeEvents_YYYYMMDD.txt` and `MaintFeeEventsDesc_YYYYMMDD.txt` for a file date. */
export function feeFileNames(fileDate: string): { events: string; desc: string } {
  const stamp = compactDate(fileDate);
  return { events: `MaintFeeEvents_${stamp}.txt`, desc: `MaintFeeEventsDesc_${stamp}.txt` };
}
