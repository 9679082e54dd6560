/**
 * Office transaction (prosecution event) code → normalized event type (interface-spec §2
 * Transaction `event_type`, §6 event types). Pure rules, no I/O. Source: DOMAIN-RULES §5.1 and
 * §5.2, samples/code-tables/transaction-event-codes.observed.csv, and the ODP/PEDS records in
 * samples/file-wrapper-json.
 *
 * One office act must yield one event, so each act maps through exactly one of its codes:
 *
 * - Counted vs mailed pairs (CTNF/MCTNF, N/=./MN/=., ABN2/MABN2, APEA/MAPEA, N574/MN574 …): the
 *   mail code maps, the counted code is null. Clocks start at the mail date (§0 trap 6, §5.2),
 *   and in the observed data every counted code has exactly as many mail codes (CTNF 162 /
 *   MCTNF 162, N/=. 119 / MN/=. 119, ABN2 18 / MABN2 18), so nothing is lost.
 * - Interview summaries are the exception: the mailings are fewer than the records (EXET 15 /
 *   MEXET 2, EXIE 12 / none), so the record code maps and the mail code is null.
 * - Issue fee: N084 "Verified" maps, IFEE "Received" is null. Both carry the same date in the
 *   samples, but pre-2000 records have N084 only (observed N084 114 / IFEE 108).
 * - Grant: PGM/ maps (dated on the issue date, like PTAC). WPIR is the issue notification mailed
 *   ~3 weeks before the issue date; EPG/, EPG_NTF and MEPG_NTF accompany PGM/ on eGrants, same day.
 *
 * Null also for the codes §5.1 maps to `status_change` (docketing, workflow, ABN9, PGPC,
 * petitions, extensions …), for maintenance-fee codes and for PTAB trial codes: DESIGN D17
 * gives status_change events a {from, to} detail (a status-code diff), maintenance_* events a
 * {window, due, surcharge_until} detail (computed from the maintenance tables, §2.6) and
 * ptab_* events a trial number (from PTAB data), none of which a transaction row can supply.
 * Unknown codes are null too; the transaction row itself keeps code and text verbatim (§5.2).
 */

import type { EventType } from './events.js';

// The catalogue of event types lives in events.ts; re-exported for the code table's readers.
export { EVENT_TYPES, type EventType } from './events.js';

const ROWS: ReadonlyArray<readonly [EventType, readonly string[]]> = [
  // Mailed examiner actions (§5.1): non-final, final, restriction, Quayle, advisory, misc with
  // SSP, restarted period. Their counted twins CTNF, CTFR, CTRS, CTEQ, CTAV, CTMS, NRES are null.
  // INCR and NINA have no counted twin in the data. W/AC / MW/AC (withdrawn action) are
  // status_change in §5.1, hence null.
  ['office_action', ['MCTNF', 'MCTFR', 'MCTRS', 'MCTEQ', 'MCTAV', 'MCTMS', 'MNRES', 'INCR', 'NINA']],
  // Mailed notice of allowance and corrected notices (twins N/=., C/N=, CNOA are null). EX.R,
  // MEX.R, EX.A, MEX.A ("allowance (supporting)" in §5.1) are mailed with the notice itself and
  // would only repeat its event, so they are null.
  ['allowance', ['MN/=.', 'MC/N=', 'MCNOA']],
  // Mailed abandonment notices (twins ABN2, ABN6, ABN7, ABN10 null) and DABN, which has no twin.
  // §0 trap 7: ABN9 "Disposal for a RCE / CPA / R129" is part of an RCE, not an abandonment.
  ['abandonment', ['MABN2', 'MABN6', 'MABN7', 'MABN10', 'DABN']],
  // BRCE/FRCE are workflow steps and IRCE an improper request (status_change in §5.1).
  ['rce', ['RCEX']],
  // A continued prosecution application (design only). Child continuations filed as new
  // applications are seen through continuity data, not through a parent transaction (§5.1).
  ['continuation_filed', ['ACPA']],
  ['response_filed', ['A...', 'A.NE', 'A.QU', 'A.PE', 'A.NA', 'A.I.', 'ELC.', 'SA..', 'AF/D', 'AP/A']],
  // Each step of an ex parte appeal is its own event; office-issued steps through the mail code
  // (twins APCA, APCP, APCR, APEA, RBNE, APDA, APDR are null). Board decisions on an ex parte
  // appeal are `appeal`, not ptab_decision (that type is for PTAB trials, §5.1).
  [
    'appeal',
    [
      'N/AP',
      'AP.B',
      'APBD',
      'APBI',
      'AP.C',
      'MAPCA',
      'MAPCP',
      'MAPCR',
      'MAPEA',
      'APRB',
      'MRBNE',
      'APWD',
      'TCWD',
      'APAS',
      'AP_DK_M',
      'MAPDA',
      'MAPDR',
    ],
  ],
  // Interview summary records (mail twins MEXIN, MEXIA, MEXAT, MEXAC, MEXET, MEXIE are null) and
  // requests for an interview.
  ['interview', ['EXIN', 'EXIA', 'EXAT', 'EXAC', 'EXET', 'EXIE', 'M865', 'M865E']],
  // Filed, approved (DISQ, P574, mailed MN574) or not accepted (P575, mailed MN575); N574 and
  // N575 are the counted twins. Only an accepted disclaimer limits the term (§5.1).
  ['terminal_disclaimer', ['DIST', 'DISQ', 'MN574', 'P574', 'MN575', 'P575']],
  ['issue_fee_paid', ['N084']],
  ['grant', ['PGM/']],
  // §0 trap 7: PGPC "Sent to Classification Contractor" is not a publication.
  ['publication', ['PG-ISSUE']],
  // PTA.RFE when examination can start, PTAC at issue (dated on the issue date).
  ['pta', ['PTA.RFE', 'PTAC']],
];

/** Normalized event type of every transaction code that produces an event. */
export const TRANSACTION_EVENT_TYPES: ReadonlyMap<string, EventType> = new Map(
  ROWS.flatMap(([type, codes]) => codes.map((code) => [code, type] as const)),
);

/**
 * Event type of an office transaction code, or null when the code produces no event of its own
 * (see the header). Codes are matched trimmed and case-folded: `BIG.` and `big.` both occur.
 */
export function transactionEventType(code: string): EventType | null {
  if (typeof code !== 'string') return null;
  return TRANSACTION_EVENT_TYPES.get(code.trim().toUpperCase()) ?? null;
}
