/**
 * USPTO application status codes (ODP `applicationMetaData.applicationStatusCode`) with the
 * office's description and the service's status category. Transcribed from DOMAIN-RULES §4.1.
 *
 * Descriptions: codes returned by the ODP status-codes endpoint or seen in ODP records (source
 * "O" in §4.1, samples/code-tables/application-status-codes.observed.csv) carry the ODP text
 * verbatim, double spaces around `--` included (trailing spaces trimmed). The other codes carry
 * the third-party list's text (application-status-codes.third-party-list.csv) or the PatEx
 * wording quoted in §4.1; when the ODP table is synced (§8 work item) its text wins.
 *
 * Categories are keyed on the integer code only (DOMAIN-RULES §0 trap 12, §4.3 row 1): the text
 * differs in spacing, casing and hyphens between sources, and the same text ("Advisory Action
 * Mailed", "Notice of Appeal Filed") exists in both the application and the reexam series.
 */
import type { StatusCategory } from './status-categories.js';

export type StatusCodeRow = readonly [code: number, description: string, category: StatusCategory];

export const STATUS_CODE_ROWS: readonly StatusCodeRow[] = [
  // §4.1 "other": a data-entry artefact, not a state of an application.
  [1, 'Missassigned Application Number', 'other'],
  // §4.1 / §4.3 "ambiguous; check events": the terminated proceeding may be the application or a
  // side proceeding, so the code alone cannot say pending or dead.
  [3, 'Proceedings Terminated', 'other'],
  // Hague design applications under review are US applications in pre-exam, not PCT.
  [11, 'Hague Application under International Review', 'pending'],
  [12, 'Pre-Exam Transmittal Review Complete (Hague)', 'pending'],
  [16, 'Waiting for LR clearance', 'pending'],
  [17, 'Sent to Classification contractor', 'pending'],
  [18, 'Application Returned back to Preexam', 'pending'],
  [19, 'Application Undergoing Preexam Processing', 'pending'],
  [20, 'Application Dispatched from Preexam, Not Yet Docketed', 'pending'],
  [21, 'Lost Image Document Mailed', 'pending'],
  [25, 'TSS review complete', 'pending'],
  [27, 'UNDOCKETED TRACK 1', 'pending'],
  [28, 'Rocket Docket PREX', 'pending'],
  [29, 'Queue Mass Docket', 'pending'],
  // Also the status after an RCE since Nov 2009 (§4.1, [PATEX-B]). Public maps calling 30
  // "Patented Case" are wrong (§4.3 known-bad maps).
  [30, 'Docketed New Case - Ready for Examination', 'pending'],
  [31, 'AWAITING RESPONSE FOR INFORMALITY, FEE DEFICIENCY OR CRF ACTION', 'pending'],
  [37, 'Special New', 'pending'],
  [38, 'Rocket Docket', 'pending'],
  [39, 'Special New (Pilot)', 'pending'],
  [40, 'Non Final Action Counted, Not Yet Mailed', 'pending'],
  [41, 'Non Final Action Mailed', 'pending'],
  [50, 'Ex parte Quayle Action Counted, Not Yet Mailed', 'pending'],
  [51, 'Ex parte Quayle Action Mailed', 'pending'],
  [60, 'Final Rejection Counted, Not Yet Mailed', 'pending'],
  // §4.3: a final rejection is not abandonment; several public lists treat it as dead.
  [61, 'Final Rejection Mailed', 'pending'],
  [66, 'Withdrawn Abandonment, awaiting examiner action', 'pending'],
  // Status after an RCE before Nov 2009 (§4.1).
  [71, 'Response to Non-Final Office Action Entered and Forwarded to Examiner', 'pending'],
  [77, 'Response to Ex parte Quayle Action Entered and Forwarded to Examiner', 'pending'],
  [80, 'Response after Final Action Forwarded to Examiner', 'pending'],
  [82, 'Advisory Action Counted, Not Yet Mailed', 'pending'],
  [83, 'Advisory Action Mailed', 'pending'],
  [89, 'Allowance Counted', 'allowed'],
  [90, 'Allowed -- Notice of Allowance Not Yet Mailed', 'allowed'],
  // Withdrawn from issue: the allowance no longer stands, prosecution continues (§4.1).
  [91, 'Withdraw from issue awaiting action', 'pending'],
  [92, 'Allowed -- Notice of Allowance Mailed -- Issue Revision Completed', 'allowed'],
  [93, 'Notice of Allowance Mailed -- Application Received in Office of Publications', 'allowed'],
  [94, 'Publications -- Issue Fee Payment Received', 'allowed'],
  [95, 'Publications -- Issue Fee Payment Verified', 'allowed'],
  [98, 'Awaiting TC Resp., Issue Fee Not Paid', 'allowed'],
  [99, 'Awaiting TC Resp, Issue Fee Payment Received', 'allowed'],
  [100, 'Awaiting TC Resp, Issue Fee Payment Verified', 'allowed'],
  // 116–144: the application is on appeal, which keeps it pending (§4.1 "pending (appeal)";
  // §4.3: 120 Notice of Appeal Filed is not dead).
  [116, 'Appeal Ready for Review', 'pending'],
  [119, 'TC Return of Appeal', 'pending'],
  [120, 'Notice of Appeal Filed', 'pending'],
  [121, 'Appeal Brief (or Supplemental Brief) Entered and Forwarded to Examiner', 'pending'],
  [122, "Examiner's Answer to Appeal Brief Counted", 'pending'],
  [123, "Examiner's Answer to Appeal Brief Mailed", 'pending'],
  [124, 'On Appeal -- Awaiting Decision by the Board of Appeals', 'pending'],
  [125, 'Remand to Examiner from Board of Appeals', 'pending'],
  [127, 'Amendment after notice of appeal', 'pending'],
  [128, 'Reply Brief (or Supplemental Reply Brief) Forwarded to Examiner', 'pending'],
  [130, "Examiner's Answer to Reply Brief or Response to Remand Mailed", 'pending'],
  [131, 'Reply Brief (or Supplemental Reply Brief) Filed - Not Entered', 'pending'],
  [132, 'Appeal Awaiting BPAI Docketing', 'pending'],
  [133, 'Reply Brief filed and forwarded to BPAI', 'pending'],
  [135, 'Board of Appeals Decision Rendered', 'pending'],
  [136, 'Amendment / Argument after Board of Appeals Decision', 'pending'],
  // §4.1 "pending (check next status)", §4.3 ambiguous: a dismissed appeal usually returns the
  // case to the examiner; abandonment, if any, arrives as its own status code.
  [139, 'Appeal Dismissed / Withdrawn', 'pending'],
  [140, 'Prosecution Suspended', 'pending'],
  [143, 'Request Reconsideration after Board of Appeals Decision', 'pending'],
  [144, 'Board of Appeals Decision Rendered after Request for Reconsideration', 'pending'],
  // §0 trap 8, §4.3: stays on patents whose term has ended; in force vs ended is the term
  // computation's job (§3), not the status code's.
  [150, 'Patented Case', 'granted'],
  [151, 'Patented File - (Old Case Added for File Tracking Purposes)', 'granted'],
  // §4.3: a provisional's expiry is its normal end, not a lapsed patent (35 USC 111(b)(5)).
  [159, 'Provisional Application Expired', 'provisional'],
  [160, 'Abandoned  --  Incomplete Application (Pre-examination)', 'abandoned'],
  [161, 'Abandoned  --  Failure to Respond to an Office Action', 'abandoned'],
  [162, 'Expressly Abandoned -- During Publication Process', 'abandoned'],
  [163, "Abandoned -- After Examiner's Answer or Board of Appeals Decision", 'abandoned'],
  [164, 'Abandoned -- Failure to Pay Issue Fee', 'abandoned'],
  // §4.1 "pending (meaning U: believed revived/restored)": despite the word, not abandoned.
  [165, 'Abandoned - Restored', 'pending'],
  // §4.3: abandoned, but a continuing application exists (link it through continuity data).
  [166, 'Abandoned -- File-Wrapper-Continuation Parent Application', 'abandoned'],
  [167, 'Abandonment for Failure to Correct Drawings/Oath/NonPub Request', 'abandoned'],
  [168, 'Expressly Abandoned -- During Examination', 'abandoned'],
  [169, 'Abandoned -- Incomplete (Filing Date Under Rule 53 (b) - PreExam)', 'abandoned'],
  // Renouncing a Hague designation ends the US application like an abandonment (§4.1).
  [170, 'Renounced-International design application designating the U.S. renounced under the Hague Agreement', 'abandoned'],
  [172, 'Interference -- Initial Memorandum', 'pending'],
  [174, 'Interference -- Declared by Board of Interferences', 'pending'],
  [180, 'Interference -- Decision on Priority Rendered by Board of Interferences', 'pending'],
  [195, 'Application Involved in Court Proceedings', 'pending'],
  // §4.1 / §4.3: the outcome of the court proceeding is not in the code.
  [197, 'Court Proceedings Terminated', 'other'],
  // US Receiving Office copy of a PCT application (§4.1, 3.1 % of PatEx).
  [218, 'RO PROCESSING COMPLETED-PLACED IN STORAGE', 'pct'],
  // §0 trap 8, §4.3: only expiry for non-payment of maintenance fees; may be reinstated (EXPX).
  [250, 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362', 'expired'],
  [311, 'Pre-Interview Communication Mailed', 'pending'],
  // 408–454 ex parte reexamination, 650–680 supplemental examination, 809–871 inter partes
  // reexamination: these are statuses of a proceeding (series 90/, 95/, 96/), never of the
  // patent itself, which stays granted (§4.1 range rows, §4.3).
  [408, 'Incomplete Ex Parte Reexam (Filing Date Vacated)', 'other'],
  [412, 'Reexam Assigned to Examiner for Determination', 'other'],
  [414, 'Determination - Reexamination Ordered', 'other'],
  [416, 'Request for Reexamination Denied', 'other'],
  [418, 'Petition Received RE: Denial of Reexamination Request', 'other'],
  [420, 'Reexam Terminated -- Request Denied in Group', 'other'],
  [421, 'REEXAM TERMINATED - Decision', 'other'],
  [422, 'Reexam Terminated -- Previous Order Vacated', 'other'],
  [423, 'Non-Final Action Mailed', 'other'],
  [424, 'Response after Non-Final Action Entered (or Ready for Examiner Action)', 'other'],
  [425, 'Final Action Mailed', 'other'],
  [426, 'Response after Final Action Received', 'other'],
  [427, 'Withdrawal / Dismissal of Appeal', 'other'],
  [428, 'Advisory Action Mailed', 'other'],
  [429, 'Reexamination Suspended', 'other'],
  [432, 'Notice of Appeal Filed', 'other'],
  [433, 'Appeal Brief Filed (or Remand from Board) - Awaiting Examiner Action', 'other'],
  [435, "Examiner's Answer Mailed", 'other'],
  [436, 'Reexam -- Request Ready for Ex Parte Action', 'other'],
  [437, 'Reply Brief Filed', 'other'],
  [440, 'Decision on Appeal Rendered by Board', 'other'],
  [441, 'Request for Reconsideration after BPAI Decision', 'other'],
  [444, 'BPAI decision on rehearing - Decision is final and appealable', 'other'],
  [445, 'CAFC Decision Remanded to PTAB', 'other'],
  [450, 'Reexam Terminated -- Notice of Intent to Issue a Reexamination Certificate Mailed', 'other'],
  [452, 'Reexam Terminated -- In Publications for Issue of a Certificate', 'other'],
  [454, 'Reexamination Certificate Issued', 'other'],
  // International phase of a PCT application at the USPTO as ISA (§4.1, 2.5 % of PatEx).
  [566, 'PCT - International Search Report Mailed to IB', 'pct'],
  [650, 'SE ready for Pubs Processing -- Certificate in IFW', 'other'],
  [652, 'Supplemental Examination Forwarded to Pubs (NO SNQ)', 'other'],
  [660, 'Ready for Reexam -- Certificate in IFW', 'other'],
  [670, 'Intent to Issue Certificate based on Supplemental Exam', 'other'],
  [680, 'Reexamination SE Certificate', 'other'],
  [809, 'Preprocessing Terminated--Inter Partes Reexam', 'other'],
  [816, 'Request for reexamination denied', 'other'],
  [818, 'Petition received re: Denial of a request for reexamination', 'other'],
  [820, 'Decision on Petition Denied, Reexam Request Denied, Terminated', 'other'],
  [822, 'Decision vacating reexam', 'other'],
  [823, 'Non-final action mailed', 'other'],
  [825, 'Response after non-final action - owner - timely', 'other'],
  [827, 'Ready for examiner action after response/comments after nonfinal', 'other'],
  [837, 'Ready for examiner action after owner/requester comments periods after ACP', 'other'],
  [850, 'Notice of Intent to Issue Reexam Certificate', 'other'],
  [854, 'Reexamination Certificate issued', 'other'],
  [857, 'Ready for examiner action after owner/requester N/AP and appropriate briefs', 'other'],
  [871, 'Oral hearing request - requester', 'other'],
];

/**
 * Descriptions seen in real data whose numeric code is not confirmed (DOMAIN-RULES §4.1, text
 * after the table; third-party source, confidence S). Matched on whitespace-normalized,
 * case-folded text when a record's code is missing or unknown.
 */
export const DESCRIPTION_ONLY_ROWS: ReadonlyArray<readonly [description: string, category: StatusCategory]> = [
  ['PCT - Docketed Chapter 1 Case', 'pct'],
  ['PCT - Dispatch to TC Chapter I case', 'pct'],
  ['PCT - Formal Demand Recorded', 'pct'],
  ['PCT - IPE Report (409) Count', 'pct'],
  ['PCT - IPER (International Preliminary Examination Report) 409-416 Mailed', 'pct'],
  ['PCT - ISA Form 203 Mailed, Non-Establishment of Search Report', 'pct'],
  ['PCT - ISA Form Mailed', 'pct'],
  ['PCT - Ready for IPER or second IPE opinion', 'pct'],
  ['PCT - Receipt of IPE Demand', 'pct'],
  ['PCT - Response to PCT ISA Form Entered', 'pct'],
  ['PCT - Waiting for EPO Search Report', 'pct'],
  ['PCT Search report ready for mailing', 'pct'],
  ['International Application Withdrawn', 'pct'],
  ['Utility Application Converted into a Provisional Application', 'provisional'],
  // A statutory invention registration / defensive publication is not a patent (§4.1).
  ['Defensive Publication or SIR File', 'other'],
  ['Pre-PALM Application Added to Data Base', 'other'],
];
