import { describe, expect, it } from 'vitest';
import {
  OFFICE_ACTION_MAILING_CODES,
  OFFICE_ACTION_TYPES,
  isMailingCodeOfDocument,
  mailingCodesOfDocument,
  officeActionTypeOfDocument,
  officeActionTypeOfTransaction,
  type OfficeActionType,
} from './office-action-types.js';

// Transcribed from the brief and DOMAIN-RULES §5.1, independently of the source tables.
const MAILING_CODES: ReadonlyArray<readonly [string, OfficeActionType]> = [
  ['MCTNF', 'non_final'],
  ['MCTFR', 'final'],
  ['MCTRS', 'restriction'],
  ['MCTEQ', 'quayle'],
  ['MCTAV', 'advisory'],
  ['MCTMS', 'misc'],
  ['MNRES', 'restarted_period'],
  ['INCR', 'incomplete_reply'],
  ['NINA', 'non_compliant_amendment'],
  ['MPEN', 'missing_parts'],
  ['INCD', 'missing_parts'],
  ['MN/=.', 'notice_of_allowance'],
  ['MC/N=', 'corrected_notice_of_allowance'],
  ['MCNOA', 'corrected_notice_of_allowance'],
  ['MAPEA', 'examiners_answer'],
];

// §0 trap 6: the counted event is dated before the mailing, so it never starts a clock.
const COUNTED_TWINS = ['CTNF', 'CTFR', 'CTRS', 'CTEQ', 'CTAV', 'CTMS', 'NRES', 'N/=.', 'C/N=', 'CNOA', 'APEA'];

const DOCUMENT_CODES: ReadonlyArray<readonly [string, OfficeActionType, readonly string[]]> = [
  ['CTNF', 'non_final', ['MCTNF']],
  ['CTFR', 'final', ['MCTFR']],
  ['CTRS', 'restriction', ['MCTRS']],
  ['CTEQ', 'quayle', ['MCTEQ']],
  ['CTAV', 'advisory', ['MCTAV']],
  ['CTMS', 'misc', ['MCTMS']],
  ['NRES', 'restarted_period', ['MNRES']],
  ['INCR', 'incomplete_reply', ['INCR']],
  ['NINA', 'non_compliant_amendment', ['NINA']],
  ['NOA', 'notice_of_allowance', ['MN/=.']],
  ['CNOA', 'corrected_notice_of_allowance', ['MC/N=', 'MCNOA']],
  ['APEA', 'examiners_answer', ['MAPEA']],
];

describe('officeActionTypeOfTransaction', () => {
  it.each(MAILING_CODES)('%s mails a %s', (code, type) => {
    expect(officeActionTypeOfTransaction(code)).toBe(type);
  });
  it.each(COUNTED_TWINS)('counted twin %s mails nothing', (code) => {
    expect(officeActionTypeOfTransaction(code)).toBeNull();
  });
  it('lists no petition decision, response or unknown code', () => {
    for (const code of ['MOPPT', 'MPTGR', 'MP014', 'A...', 'A.NE', 'ELC.', 'N/AP', 'W/AC', 'MW/AC', 'XYZ', '']) {
      expect(officeActionTypeOfTransaction(code)).toBeNull();
    }
  });
  it('matches trimmed and case-folded', () => {
    expect(officeActionTypeOfTransaction(' mctnf ')).toBe('non_final');
    expect(officeActionTypeOfTransaction('mn/=.')).toBe('notice_of_allowance');
  });
});

describe('OFFICE_ACTION_MAILING_CODES', () => {
  it('is exactly the mail codes, without counted twins', () => {
    expect([...OFFICE_ACTION_MAILING_CODES].sort()).toEqual(MAILING_CODES.map(([code]) => code).sort());
  });
  it('names only listed types', () => {
    for (const code of OFFICE_ACTION_MAILING_CODES) expect(OFFICE_ACTION_TYPES).toContain(officeActionTypeOfTransaction(code));
  });
});

describe('officeActionTypeOfDocument and mailingCodesOfDocument', () => {
  it.each(DOCUMENT_CODES)('document %s is a %s, mailed as %j', (code, type, mailing) => {
    expect(officeActionTypeOfDocument(code)).toBe(type);
    expect([...mailingCodesOfDocument(code)].sort()).toEqual([...mailing].sort());
    for (const mailingCode of mailing) expect(isMailingCodeOfDocument(code, mailingCode)).toBe(true);
  });
  it('trims and upper-cases the document code', () => {
    expect(officeActionTypeOfDocument(' ctnf ')).toBe('non_final');
    expect(mailingCodesOfDocument('noa ')).toEqual(['MN/=.']);
  });
  it("an unknown document code is 'other' with no mailing code", () => {
    for (const code of ['REM', 'CLM', 'XYZ', '']) {
      expect(officeActionTypeOfDocument(code)).toBe('other');
      expect(mailingCodesOfDocument(code)).toEqual([]);
      expect(isMailingCodeOfDocument(code, 'MCTNF')).toBe(false);
    }
  });
  it('does not match a document with its counted twin or another type', () => {
    expect(isMailingCodeOfDocument('CTNF', 'CTNF')).toBe(false);
    expect(isMailingCodeOfDocument('CTNF', 'MCTFR')).toBe(false);
    expect(isMailingCodeOfDocument('NOA', 'N/=.')).toBe(false);
  });
});

describe('petition decisions (PETDEC)', () => {
  it('are typed from the document only', () => {
    expect(officeActionTypeOfDocument('PETDEC')).toBe('petition_decision');
  });
  it('list the named petition-decision mail codes', () => {
    const codes = mailingCodesOfDocument('PETDEC');
    for (const code of ['MOPPT', 'MPTDI', 'MPTGR', 'MPREV', 'MPMFG', 'MP003', 'MP006', 'MP014', 'MP034']) expect(codes).toContain(code);
  });
  it('match MOPPT, MP014 and any MP followed by three digits', () => {
    expect(isMailingCodeOfDocument('PETDEC', 'MOPPT')).toBe(true);
    expect(isMailingCodeOfDocument('PETDEC', 'MP014')).toBe(true);
    expect(isMailingCodeOfDocument('petdec', ' mp123 ')).toBe(true);
    expect(isMailingCodeOfDocument('PETDEC', 'MPMFG')).toBe(true);
  });
  it('do not match other MP… codes or the MP pattern under another document', () => {
    expect(isMailingCodeOfDocument('PETDEC', 'MPEN')).toBe(false); // pre-exam notice
    expect(isMailingCodeOfDocument('PETDEC', 'MP01')).toBe(false);
    expect(isMailingCodeOfDocument('PETDEC', 'MP0145')).toBe(false);
    expect(isMailingCodeOfDocument('PETDEC', 'MCTNF')).toBe(false);
    expect(isMailingCodeOfDocument('CTNF', 'MP014')).toBe(false);
  });
});
