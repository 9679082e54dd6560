import { describe, expect, it } from 'vitest';
import { actionDeadlines, type ActionTransaction } from './action-deadlines.js';
import { listOfficeActions } from './office-action-list.js';
import { isProvisionalNumber, prosecutionDeadlines, provisionalDeadline } from './prosecution-docket.js';

const NO_CLOSURES: ReadonlySet<string> = new Set();
const t = (date: string, code: string, event_type: string | null = null): ActionTransaction => ({ date, code, event_type });
const reply = (date: string) => t(date, 'A...', 'response_filed');

function docket(transactions: ActionTransaction[]) {
  const listed = listOfficeActions(transactions, []);
  return prosecutionDeadlines(listed, actionDeadlines(listed, transactions, NO_CLOSURES), transactions, NO_CLOSURES);
}

describe('prosecutionDeadlines', () => {
  it('lists the reply to an unanswered non-final action: 3 months, 6 at most', () => {
    // Thu 2024-02-29 + 3 months → Wed 2024-05-29; + 6 → Thu 2024-08-29.
    expect(docket([t('2024-02-29', 'MCTNF')])).toEqual([
      expect.objectContaining({
        key: 'office_action_reply:2024-02-29:non_final',
        kind: 'office_action_reply',
        actionType: 'non_final',
        dueDate: '2024-05-29',
        lastDate: '2024-08-29',
        extendable: true,
        ifMissed: 'abandonment',
        basis: expect.objectContaining({ countsFrom: '2024-02-29', transaction: { code: 'MCTNF', date: '2024-02-29' } }),
      }),
    ]);
  });

  it('drops a period once a reply is filed, and lists the next action’s', () => {
    expect(docket([t('2024-01-10', 'MCTNF'), reply('2024-03-01')])).toEqual([]);
    // The restriction was answered; the non-final mailed after the reply runs: Mon 2024-05-06 + 3 → Tue 2024-08-06.
    expect(docket([t('2024-01-08', 'MCTRS'), reply('2024-02-01'), t('2024-05-06', 'MCTNF')])).toEqual([
      expect.objectContaining({ actionType: 'non_final', dueDate: '2024-08-06', lastDate: '2024-11-06' }),
    ]);
  });

  it('keeps a final’s period running after an amendment, with the advisory-action rule', () => {
    // Final Fri 2024-03-15, reply 04-10 (within 2 months), advisory Mon 2024-07-01 after the 3-month date (Sat 06-15):
    // the period ends on the advisory's date; the 6-month limit Sun 2024-09-15 rolls to Mon 09-16.
    const rows = docket([t('2024-03-15', 'MCTFR'), t('2024-04-10', 'A.NE', 'response_filed'), t('2024-07-01', 'MCTAV')]);
    expect(rows).toEqual([
      expect.objectContaining({
        key: 'office_action_reply:2024-03-15:final',
        dueDate: '2024-07-01',
        lastDate: '2024-09-16',
        basis: expect.objectContaining({
          countsFrom: '2024-03-15',
          note: expect.stringContaining('advisory action mailed after the 3-month date'),
        }),
      }),
    ]);
    // An RCE answers it.
    expect(
      docket([t('2024-03-15', 'MCTFR'), t('2024-04-10', 'A.NE', 'response_filed'), t('2024-07-01', 'MCTAV'), t('2024-08-01', 'RCEX')]),
    ).toEqual([]);
  });

  it('lists the issue fee until it is paid, never extendable', () => {
    // Fri 2024-05-24 + 3 → Sat 2024-08-24 → Mon 2024-08-26.
    expect(docket([t('2024-05-24', 'MN/=.')])).toEqual([
      expect.objectContaining({
        key: 'issue_fee:2024-05-24:notice_of_allowance',
        kind: 'issue_fee',
        dueDate: '2024-08-26',
        lastDate: '2024-08-26',
        extendable: false,
      }),
    ]);
    expect(docket([t('2024-05-24', 'MN/=.'), t('2024-07-30', 'N084')])).toEqual([]);
    // A corrected notice leaves the notice's period running (DOMAIN-RULES §1.4); a reply is no payment.
    expect(docket([t('2024-05-24', 'MN/=.'), reply('2024-06-01'), t('2024-06-03', 'MC/N=')])).toEqual([
      expect.objectContaining({ key: 'issue_fee:2024-05-24:notice_of_allowance', dueDate: '2024-08-26' }),
    ]);
  });

  it('gives a withdrawn action no deadline, and the earlier period back only if unanswered', () => {
    expect(docket([t('2024-01-08', 'MCTRS'), reply('2024-02-01'), t('2024-04-01', 'MCTNF'), t('2024-04-20', 'W/AC')])).toEqual([]);
    // Mon 2024-01-08 + 2 months (restriction) → Fri 2024-03-08; 6 months → Mon 2024-07-08.
    expect(docket([t('2024-01-08', 'MCTRS'), t('2024-02-01', 'MCTNF'), t('2024-02-20', 'W/AC')])).toEqual([
      expect.objectContaining({ actionType: 'restriction', dueDate: '2024-03-08', lastDate: '2024-07-08' }),
    ]);
  });

  it('lists the appeal brief after a notice of appeal: 2 months, 5 more by extension', () => {
    // Notice Mon 2024-02-26 + 2 → Fri 2024-04-26; + 7 → Thu 2024-09-26.
    expect(docket([t('2023-12-01', 'MCTFR'), t('2024-02-26', 'N/AP')])).toEqual([
      expect.objectContaining({
        key: 'appeal_brief:2024-02-26',
        kind: 'appeal_brief',
        dueDate: '2024-04-26',
        lastDate: '2024-09-26',
        extendable: true,
        ifMissed: 'appeal_dismissed',
        basis: expect.objectContaining({ countsFrom: '2024-02-26', transaction: { code: 'N/AP', date: '2024-02-26' } }),
      }),
    ]);
    expect(docket([t('2023-12-01', 'MCTFR'), t('2024-02-26', 'N/AP'), t('2024-04-20', 'AP.B')])).toEqual([]);
  });

  it('holds the brief during a pre-appeal conference, then counts from the later of the panel’s month and the two months', () => {
    const appeal = [t('2023-12-01', 'MCTFR'), t('2024-02-26', 'N/AP'), t('2024-02-26', 'AP.C')];
    expect(docket(appeal)).toEqual([]);
    // Panel Fri 2024-04-05: one month → Mon 2024-05-06 (from Sun 05-05), later than Fri 2024-04-26; last: + 6 → Sat 2024-10-05 → Mon 10-07.
    expect(docket([...appeal, t('2024-04-05', 'MAPCP')])).toEqual([
      expect.objectContaining({
        kind: 'appeal_brief',
        dueDate: '2024-05-06',
        lastDate: '2024-10-07',
        basis: expect.objectContaining({ countsFrom: '2024-04-05' }),
      }),
    ]);
    // Panel Mon 2024-03-11: one month (2024-04-11) is earlier than the two months, which stand.
    expect(docket([...appeal, t('2024-03-11', 'MAPCP')])).toEqual([
      expect.objectContaining({ dueDate: '2024-04-26', lastDate: '2024-09-26' }),
    ]);
    expect(docket([...appeal, t('2024-04-05', 'MAPCR')])).toEqual([]);
  });

  it('lists the reply brief after an examiner’s answer, not extendable', () => {
    // Examiner's answer Wed 2024-06-12 + 2 → Mon 2024-08-12.
    expect(docket([t('2023-12-01', 'MCTFR'), t('2024-02-26', 'N/AP'), t('2024-04-20', 'AP.B'), t('2024-06-12', 'MAPEA')])).toEqual([
      expect.objectContaining({
        actionType: 'examiners_answer',
        dueDate: '2024-08-12',
        lastDate: '2024-08-12',
        ifMissed: 'reply_brief_waived',
      }),
    ]);
  });
});

describe('provisionalDeadline', () => {
  it('is due 12 months after filing, 14 with a restoration petition, and answered once claimed', () => {
    // Thu 2024-02-29 + 12 → Fri 2025-02-28 (no Feb 29); + 14 → Tue 2025-04-29.
    expect(provisionalDeadline('2024-02-29', false, NO_CLOSURES)).toMatchObject({
      kind: 'nonprovisional_filing',
      dueDate: '2025-02-28',
      lastDate: '2025-04-29',
      ifMissed: 'benefit_lost',
    });
    expect(provisionalDeadline('2024-02-29', true, NO_CLOSURES)).toBeNull();
  });

  it('knows provisionals by their series', () => {
    expect(['60123456', '61000001', '62999999', '63785814'].every(isProvisionalNumber)).toBe(true);
    expect(['17248024', '29589628', '64000000', '6312345'].some(isProvisionalNumber)).toBe(false);
  });
});
