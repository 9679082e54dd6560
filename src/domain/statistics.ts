/**
 * What the examiner, art-unit and entity statistics count (spec §2, D9): the
 * transaction event types each metric reads, and the sentence that defines it. The nightly SQL
 * takes its event types from here and the answers' `definitions` quote the same constants, so a
 * definition cannot drift from what is counted.
 */
import type { EventType } from './events.js';

/** The examiner acted on the merits: a mailed office action or a notice of allowance (a first-action allowance counts). */
export const FIRST_ACTION_TYPES = ['office_action', 'allowance'] as const satisfies readonly EventType[];
/** Mailed examiner actions (non-final, final, restriction, Quayle, advisory …): what an "office action" is in these counts. */
export const OFFICE_ACTION_TYPE = 'office_action' satisfies EventType;
export const RCE_TYPE = 'rce' satisfies EventType;
/** Any step of an ex parte appeal (notice of appeal, brief, examiner's answer, Board decision). */
export const APPEAL_TYPE = 'appeal' satisfies EventType;
export const ABANDONMENT_TYPE = 'abandonment' satisfies EventType;

/** Days in an average month: medians are reported in months to one decimal. */
const DAYS_PER_MONTH = 365.25 / 12;

export function monthsOf(days: number | null): number | null {
  return days === null ? null : Math.round((days / DAYS_PER_MONTH) * 10) / 10;
}

/** A share rounded to three decimals; null when nothing is counted below the line (never 0 or NaN). */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 1000) / 1000;
}

const bucketSentence =
  "An application's bucket comes from its status: pending (examined and not disposed, allowed included), granted (expired patents " +
  'included), abandoned (after examination), other (never examined, provisional, international phase).';
const disposed = 'disposed applications (granted or abandoned)';

/** The metrics examiner and art-unit statistics share, one sentence each. */
export const EXAMINER_DEFINITIONS = {
  counts: `Applications on file in each bucket. ${bucketSentence}`,
  allowance_rate: `Granted applications divided by ${disposed}; null when none is disposed.`,
  median_months_to_first_action: `Median months from the filing date to the first mailed ${FIRST_ACTION_TYPES.join(' or ')} transaction, over applications that have one.`,
  median_months_to_disposal:
    'Median months from the filing date to the grant date (granted) or to the first mailed abandonment notice, else the status date (abandoned), over disposed applications.',
  avg_office_actions_per_disposed: `Mailed ${OFFICE_ACTION_TYPE} transactions (non-final, final, restriction, Quayle, advisory …) per disposed application; null when none is disposed.`,
  rce_rate: `Share of applications with a first action that have at least one ${RCE_TYPE} (RCEX) transaction; null when none has a first action.`,
  appeal_rate: `Share of applications with a first action that have at least one ${APPEAL_TYPE} transaction (notice of appeal or a later step); null when none has a first action.`,
  art_units: 'Art units of the applications counted, with how many each, largest first.',
  sample_size: 'Applications counted: every application on file with this examiner (or in this art unit).',
  computed_over: 'Earliest and latest filing date of the applications counted, and how many they are.',
  examiners: 'Distinct examiners of the applications in the art unit (docket placeholders not counted).',
} as const;

/** One sentence per number of an entity's statistics (D9); the prosecution metrics are the examiners'. */
export const ENTITY_DEFINITIONS = {
  applications: "Applications linked to the entity (a family: to any member), each once, whatever the link's role.",
  patents: 'Distinct patents granted on those applications.',
  pending: `Applications in the pending bucket. ${bucketSentence}`,
  granted: 'Applications in the granted bucket (expired patents included).',
  abandoned: 'Applications in the abandoned bucket (abandoned after examination).',
  alive_patents:
    'Patents not expired by the maintenance answer: within their term today, and no fee lapse as of the date the fee data covers.',
  expiring_within_12_months:
    'Alive patents whose estimated expiry (the maintenance answer’s expiration_estimate) falls within the next 12 months.',
  computed_over: 'Earliest and latest filing date of the linked applications, and how many they are.',
  filings_per_year: 'Linked applications by the year of their filing date.',
  grants_per_year: 'Granted linked applications by the year of their grant.',
  allowance_rate: EXAMINER_DEFINITIONS.allowance_rate,
  median_months_to_first_action: EXAMINER_DEFINITIONS.median_months_to_first_action,
  median_months_to_grant: 'Median months from the filing date to the grant date, over granted applications.',
  avg_office_actions_per_disposed: EXAMINER_DEFINITIONS.avg_office_actions_per_disposed,
  rce_rate: EXAMINER_DEFINITIONS.rce_rate,
  appeal_rate: EXAMINER_DEFINITIONS.appeal_rate,
  cpc_subclasses: 'The 20 most frequent subclasses of the main CPC symbol, with their share of the applications that have one.',
  cpc_coverage: 'Share of the linked applications with a CPC symbol on file: how far cpc_subclasses can be trusted.',
  art_units: 'The 20 art units examining most of the linked applications, with how many each.',
  examiners: 'The 20 examiners of most of the linked applications (docket placeholders not counted), with how many each.',
  customer_numbers: 'The 20 correspondence customer numbers on most of the linked applications: who prosecutes them.',
  as_patent_owner:
    'PTAB trials naming the entity as patent owner: how many, how many were instituted, and claims_lost: those whose latest final written decision found some or all challenged claims unpatentable.',
  as_petitioner:
    'PTAB trials naming the entity as petitioner: how many, how many were instituted, and their claims outcomes from the latest final written decision.',
  acquired: 'Recordations that pass title (assignment, merger, change of name) naming the entity as assignee.',
  sold: 'Recordations that pass title naming the entity as assignor.',
  since: 'Recording date of the first such recordation naming the entity.',
} as const;
