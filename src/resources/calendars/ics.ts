/**
 * A calendar feed as iCalendar (RFC 5545), written by ical-generator: one all-day event per
 * deadline on its due date, its UID the deadline's stable id, so a calendar program that refreshes
 * the feed updates its events in place instead of adding copies.
 */
import ical, { escape, ICalAlarmType, ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { addDays } from '../../domain/dates.js';
import type { DeadlineKind, MissedOutcome } from '../../domain/docket.js';
import { formatApplicationNumber, parseApplicationNumber } from '../../domain/numbers.js';
import type { OfficeActionType } from '../../domain/office-action-types.js';
import { VERSION } from '../../version.js';
import type { DeadlineView } from '../deadlines/service.js';

const DAY_SECONDS = 86_400;
/** The data changes once a night (the sync): refreshing more often would cost the org units and show nothing new. */
const REFRESH_SECONDS = DAY_SECONDS;

const ACTION_WORDS: Record<OfficeActionType, string> = {
  non_final: 'non-final rejection',
  final: 'final rejection',
  restriction: 'restriction requirement',
  quayle: 'Ex parte Quayle action',
  advisory: 'advisory action',
  misc: 'office letter',
  restarted_period: 'office action (period restarted)',
  incomplete_reply: 'notice of incomplete reply',
  non_compliant_amendment: 'notice of non-compliant amendment',
  missing_parts: 'notice to file missing parts',
  notice_of_allowance: 'notice of allowance',
  corrected_notice_of_allowance: 'corrected notice of allowance',
  examiners_answer: "examiner's answer",
  petition_decision: 'petition decision',
  other: 'office action',
};

const MISSED_WORDS: Record<MissedOutcome, string> = {
  abandonment: 'the application is abandoned',
  appeal_dismissed: 'the appeal is dismissed',
  reply_brief_waived: 'the reply brief is waived',
  lapse: 'the patent lapses',
  term_ends: 'nothing to file: the patent expires',
  benefit_lost: "the provisional's benefit can no longer be claimed",
};

const WINDOW_WORDS = { '3.5y': '3.5-year', '7.5y': '7.5-year', '11.5y': '11.5-year' } as const;

function whatIsDue(deadline: DeadlineView): string {
  const kind: DeadlineKind = deadline.kind;
  switch (kind) {
    case 'office_action_reply':
      return deadline.action_type === 'examiners_answer'
        ? 'reply brief due'
        : `reply to ${ACTION_WORDS[deadline.action_type ?? 'other']} due`;
    case 'issue_fee':
      return 'issue fee due';
    case 'appeal_brief':
      return 'appeal brief due';
    case 'maintenance_fee':
      return `${deadline.window ? `${WINDOW_WORDS[deadline.window]} ` : ''}maintenance fee due`;
    case 'end_of_term':
      return 'patent term ends (estimate)';
    case 'nonprovisional_filing':
      return 'non-provisional filing due';
  }
}

/** `17/248,024 — issue fee due`; a patent's deadlines name the patent too. */
function summaryOf(deadline: DeadlineView): string {
  const number = deadline.application_number;
  const matter = parseApplicationNumber(number) === null ? number : formatApplicationNumber(number);
  const patent = deadline.patent_number ? ` (patent ${deadline.patent_number})` : '';
  return `${matter}${patent} — ${whatIsDue(deadline)}`;
}

function descriptionOf(deadline: DeadlineView): string {
  const { basis, source } = deadline;
  const dates =
    deadline.kind === 'end_of_term'
      ? [`Term ends: ${deadline.due_date}`]
      : [
          `Due: ${deadline.due_date} (the last day without an extension of time or a surcharge)`,
          `Last date: ${deadline.last_date}${deadline.last_date === deadline.due_date ? ' (no extension or surcharge can move it)' : ' (with every extension or surcharge the rules allow)'}`,
        ];
  const lines = [
    ...dates,
    ...(deadline.opens ? [`Window opens: ${deadline.opens}`] : []),
    `If missed: ${MISSED_WORDS[deadline.if_missed]}`,
    `Rule: ${basis.rule}`,
    `Counts from: ${basis.counts_from}`,
    ...(basis.transaction ? [`Transaction: ${basis.transaction.code} of ${basis.transaction.date}`] : []),
    ...(basis.note ? [`Note: ${basis.note}`] : []),
    `Source: ${source.product}${source.file_date ? ` file of ${source.file_date}` : ''}`,
    `Deadline id: ${deadline.deadline_id}`,
    'Estimates from public data, not legal advice.',
  ];
  return lines.join('\n');
}

export interface CalendarDocument {
  name: string;
  alarmDays: number | null;
  deadlines: readonly DeadlineView[];
  window: { from: string; to: string };
  /** False when the feed stopped at its cap with more deadlines behind. */
  complete: boolean;
  /** The host of the service's public address: UIDs are `<deadline_id>@<host>`, unique beyond this service. */
  host: string;
}

export function renderCalendar(document: CalendarDocument): string {
  const calendar = ical({
    // ical-generator writes the name and description as given: escaped here, as RFC 5545 TEXT.
    name: escape(document.name, false),
    description: escape(
      `Open patent deadlines due from ${document.window.from} to ${document.window.to}` +
        `${document.complete ? '' : ` (the ${document.deadlines.length} soonest)`}. Estimates from public data, not legal advice.`,
      false,
    ),
    prodId: { company: 'patent-status', product: `Patent Status Service ${VERSION}`, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const deadline of document.deadlines) {
    const event = calendar.createEvent({
      id: `${deadline.deadline_id}@${document.host}`,
      allDay: true,
      start: deadline.due_date,
      // DTEND is exclusive: the event covers the due date alone.
      end: addDays(deadline.due_date, 1),
      summary: summaryOf(deadline),
      description: descriptionOf(deadline),
      // A deadline is a reminder, not an appointment: it never shows the day as busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    if (document.alarmDays !== null) event.createAlarm({ type: ICalAlarmType.display, trigger: document.alarmDays * DAY_SECONDS });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves the last one bare.
  return `${calendar.toString()}\r\n`;
}
