/**
 * The office codes the synthetic corpus uses, with their descriptions verbatim.
 *
 * Sources (steering repo): `samples/code-tables/application-status-codes.observed.csv` (ODP
 * status-codes endpoint and real records), `transaction-event-codes.observed.csv` and
 * `maintenance-fee-related-event-codes.observed.csv` (real ODP/PEDS records), and
 * DOMAIN-RULES §4.1/§5.1 for the few codes those tables do not hold (marked below).
 * The ODP status table writes two spaces around `--` (`Abandoned  --  Failure to Respond …`);
 * descriptions with `--` copy that spacing throughout.
 */

const STATUS: Readonly<Record<number, string>> = {
  19: 'Application Undergoing Preexam Processing',
  20: 'Application Dispatched from Preexam, Not Yet Docketed',
  30: 'Docketed New Case - Ready for Examination',
  40: 'Non Final Action Counted, Not Yet Mailed',
  41: 'Non Final Action Mailed',
  60: 'Final Rejection Counted, Not Yet Mailed',
  61: 'Final Rejection Mailed',
  // 71–135: DOMAIN-RULES §4.1 (third-party list / PatEx appendix), not returned by our ODP samples.
  71: 'Response to Non-Final Office Action Entered and Forwarded to Examiner',
  80: 'Response after Final Action Forwarded to Examiner',
  82: 'Advisory Action Counted, Not Yet Mailed',
  83: 'Advisory Action Mailed',
  90: 'Allowed  --  Notice of Allowance Not Yet Mailed',
  93: 'Notice of Allowance Mailed  --  Application Received in Office of Publications',
  94: 'Publications  --  Issue Fee Payment Received',
  95: 'Publications  --  Issue Fee Payment Verified',
  120: 'Notice of Appeal Filed',
  121: 'Appeal Brief (or Supplemental Brief) Entered and Forwarded to Examiner',
  122: "Examiner's Answer to Appeal Brief Counted",
  123: "Examiner's Answer to Appeal Brief Mailed",
  124: 'On Appeal  --  Awaiting Decision by the Board of Appeals',
  135: 'Board of Appeals Decision Rendered',
  150: 'Patented Case',
  159: 'Provisional Application Expired',
  161: 'Abandoned  --  Failure to Respond to an Office Action',
  163: "Abandoned  --  After Examiner's Answer or Board of Appeals Decision",
  164: 'Abandoned  --  Failure to Pay Issue Fee',
  166: 'Abandoned  --  File-Wrapper-Continuation Parent Application',
  250: 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362',
};

export function statusText(code: number): string {
  const text = STATUS[code];
  if (text === undefined) throw new RangeError(`no description for status ${code}`);
  return text;
}

export type StatusCategory = 'granted' | 'expired' | 'abandoned' | 'pending' | 'provisional';

export function statusCategory(code: number): StatusCategory {
  if (code === 150) return 'granted';
  if (code === 250) return 'expired';
  if (code === 159) return 'provisional';
  if (code >= 160 && code <= 169) return 'abandoned';
  return 'pending';
}

const EVENT: Readonly<Record<string, string>> = {
  IEXX: 'Initial Exam Team nn',
  'BIG.': 'Entity Status Set To Undiscounted (Initial Default Setting or Status Change)',
  SMAL: 'Applicant Has Filed a Verified Statement of Small Entity Status in Compliance with 37 CFR 1.27',
  WIDS: 'Information Disclosure Statement (IDS) Filed',
  M844: 'Information Disclosure Statement (IDS) Filed',
  IDSC: 'Information Disclosure Statement considered',
  'PTA.RFE': 'Patent Term Adjustment - Ready for Examination',
  APPERMS: 'Applicants have given acceptable permission for participating foreign',
  SREXR141: 'PTO/SB/69-Authorize EPO Access to Search Results',
  'A.PE': 'Preliminary Amendment',
  NPRQ: 'PGPubs nonPub Request',
  INCD: 'Notice Mailed--Application Incomplete--Filing Date Assigned',
  MPEN: 'Mail Pre-Exam Notice',
  FLFEE: 'Payment of additional filing fee/Preexam',
  'FLRCPT.O': 'Filing Receipt',
  'FLRCPT.U': 'Filing Receipt - Updated',
  COMP: 'Application Is Now Complete',
  FTFS: 'FITF set to YES - revise initial setting',
  FTFI: 'FITF set to NO - revise initial setting',
  PGPC: 'Sent to Classification Contractor',
  OIPE: 'Application Dispatched from OIPE',
  DOCK: 'Case Docketed to Examiner in GAU',
  'PG-ISSUE': 'PG-Pub Issue Notification',
  CCRDY: 'Application ready for PDX access by participating foreign offices',
  EML_NTR: 'Email Notification',
  EML_NTF: 'Email Notification',
  ELC_RVW: 'Electronic Review',
  'PA..': 'Change in Power of Attorney (May Include Associate POA)',
  'C.AD': 'Correspondence Address Change',
  CTRS: 'Restriction/Election Requirement',
  MCTRS: 'Mail Restriction Requirement',
  'ELC.': 'Response to Election / Restriction Filed',
  CTNF: 'Non-Final Rejection',
  MCTNF: 'Mail Non-Final Rejection',
  'A...': 'Response after Non-Final Action',
  'XT/G': 'Request for Extension of Time - Granted',
  FWDX: 'Date Forwarded to Examiner',
  EXIA: 'Interview Summary- Applicant Initiated',
  EXAT: 'Interview Summary - Applicant Initiated - Telephonic',
  MEXIA: 'Mail Applicant Initiated Interview Summary',
  CTFR: 'Final Rejection',
  MCTFR: 'Mail Final Rejection (PTOL - 326)',
  'A.NE': 'Response after Final Action',
  CTAV: 'Advisory Action (PTOL-303)',
  MCTAV: 'Mail Advisory Action (PTOL - 303)',
  RCEX: 'Request for Continued Examination (RCE)',
  BRCE: 'Workflow - Request for RCE - Begin',
  ABN9: 'Disposal for a RCE / CPA / R129',
  DIST: 'Terminal Disclaimer Filed',
  P574: 'PARALEGAL OR ELECTRONIC TERMINAL DISCLAIMER APPROVED',
  'N/AP': 'Notice of Appeal Filed',
  'AP.B': 'Appeal Brief Filed',
  APBR: 'Appeal Brief Review Complete',
  APEA: "Examiner's Answer to Appeal Brief",
  MAPEA: "Mail Examiner's Answer",
  APRB: 'Reply Brief Filed',
  APWD: 'Appeal Awaiting PTAB Docketing',
  APAS: 'Assignment of Appeal Number',
  AP_DK_M: 'Docketing Notice Mailed to Appellant',
  APDA: 'PTAB Decision - Examiner Affirmed',
  MAPDA: 'Mail PTAB Decision on Appeal - Affirmed',
  APDR: 'PTAB Decision - Examiner Reversed',
  MAPDR: 'Mail PTAB Decision on Appeal - Reversed',
  'N/=.': 'Notice of Allowance Data Verification Completed',
  'MN/=.': 'Mail Notice of Allowance',
  'EX.R': 'Reasons for Allowance',
  'MEX.R': 'Mail Reasons for Allowance',
  IFEE: 'Issue Fee Payment Received',
  N084: 'Issue Fee Payment Verified',
  PILS: 'Application Is Considered Ready for Issue',
  D1935: 'Dispatch to FDC',
  WPIR: 'Issue Notification Mailed',
  PTAC: 'Patent Issue Date Used in PTA Calculation',
  'EPG/': 'Recordation of Patent eGrant',
  EPG_NTF: 'Patent eGrant Notification',
  MEPG_NTF: 'Mail Patent eGrant Notification',
  'PGM/': 'Recordation of Patent Grant Mailed',
  ABN2: 'Aband. for Failure to Respond to O. A.',
  MABN2: 'Mail Abandonment for Failure to Respond to Office Action',
  ABN10: "Abandonment after Examiner's Answer or PTAB Decision",
  MABN10: "Mail of Abandonment after Examiner's Answer or PTAB Decision",
  // Not in the observed tables; code and wording from DOMAIN-RULES §5.1.
  ABN6: 'Abandonment for Failure to Pay Issue Fee',
  MABN6: 'Mail Abandonment for Failure to Pay Issue Fee',
  DABN: 'Decision Noting Abandonment',
  'REM.': 'Maintenance Fee Reminder Mailed',
  'EXP.': 'Expire Patent',
  M1551: 'Payment of Maintenance Fee, 4th Year, Large Entity',
  M1552: 'Payment of Maintenance Fee, 8th Year, Large Entity',
  M2551: 'Payment of Maintenance Fee, 4th Yr, Small Entity',
  M2552: 'Payment of Maintenance Fee, 8th Yr, Small Entity',
  // Micro-entity payments: code from DOMAIN-RULES §2.5, wording by analogy with M2551 (unverified).
  M3551: 'Payment of Maintenance Fee, 4th Yr, Micro Entity',
  M3552: 'Payment of Maintenance Fee, 8th Yr, Micro Entity',
};

export function eventText(code: string): string {
  const text = EVENT[code];
  if (text === undefined) throw new RangeError(`no description for event ${code}`);
  return text;
}

/** Abandonment events per abandonment status (the test oracle and the generator share it). */
export const ABANDONMENT_EVENTS: Readonly<Record<number, string>> = { 161: 'ABN2', 163: 'ABN10', 164: 'ABN6', 166: 'DABN' };

/** Events that record the grant itself; at least one is present on every granted record. */
export const GRANT_EVENTS: readonly string[] = ['PGM/', 'EPG/'];

export const CONTINUITY: Readonly<Record<'CON' | 'DIV' | 'CIP' | 'PRO', string>> = {
  CON: 'is a Continuation of',
  DIV: 'is a Division of',
  CIP: 'is a Continuation in-part of',
  PRO: 'Claims priority from a provisional application',
};

export type Parentage = keyof typeof CONTINUITY;
