import { describe, expect, it } from 'vitest';
import type { OfficeActionType } from './office-action-types.js';
import { OFFICE_CLOSURES, officeClosures } from './office-closures.js';
import { replyDeadlines, type ProsecutionAction, type ReplyDeadline } from './reply-periods.js';

// Every expected date below was worked by hand from a calendar: the weekday and any holiday on
// the way are named in the comment next to it.

function deadlinesOf(lines: string[], replies: string[] = [], closures?: ReadonlySet<string>): ReplyDeadline[] {
  const actions: ProsecutionAction[] = lines.map((line) => {
    const [mailedDate, type] = line.split(' ');
    return { mailedDate: mailedDate!, type: type as OfficeActionType };
  });
  return replyDeadlines(actions, { replies, closures });
}

function one(line: string, replies: string[] = [], closures?: ReadonlySet<string>): ReplyDeadline {
  return deadlinesOf([line], replies, closures)[0]!;
}

const dates = (d: ReplyDeadline) => [d.responseDueEstimate, d.responseDueMax];

const NO_PERIOD: ReplyDeadline = {
  responseDueEstimate: null,
  responseDueMax: null,
  responsePeriodMonths: null,
  responseExtendable: null,
  restartsPeriod: null,
  rule: null,
  countsFrom: null,
  note: null,
};

describe('§1.1 periods by type', () => {
  it('non-final: 3 months, extendable to 6', () => {
    // Wed 2023-03-15 → Thu 2023-06-15; + 6 → Fri 2023-09-15.
    expect(one('2023-03-15 non_final')).toEqual({
      responseDueEstimate: '2023-06-15',
      responseDueMax: '2023-09-15',
      responsePeriodMonths: 3,
      responseExtendable: true,
      restartsPeriod: true,
      rule: '35 USC 133; 37 CFR 1.134; MPEP 710.02(b)',
      countsFrom: 0,
      note: null,
    });
  });
  it('restriction: 2 months, extendable to 6', () => {
    // Wed 2013-12-18 (first PLT day) → Tue 2014-02-18; + 6 → Wed 2014-06-18.
    const d = one('2013-12-18 restriction');
    expect(dates(d)).toEqual(['2014-02-18', '2014-06-18']);
    expect([d.responsePeriodMonths, d.responseExtendable, d.note]).toEqual([2, true, null]);
  });
  it('Quayle action: 2 months', () => {
    // Wed 2024-04-10 → Mon 2024-06-10; + 6 → Thu 2024-10-10.
    expect(dates(one('2024-04-10 quayle'))).toEqual(['2024-06-10', '2024-10-10']);
  });
  it('incomplete reply: 2 months from the notice', () => {
    // Wed 2022-06-15 → Mon 2022-08-15; + 6 → Thu 2022-12-15.
    const d = one('2022-06-15 incomplete_reply');
    expect(dates(d)).toEqual(['2022-08-15', '2022-12-15']);
    expect(d.rule).toBe('35 USC 133; 37 CFR 1.135(c); MPEP 714.03');
  });
  it('missing parts: 2 months, extendable 5 more months past the 6-month date', () => {
    // Tue 2020-03-10 → Sun 2020-05-10 → Mon 05-11. + 7 → Sat 2020-10-10; Mon 10-12 Columbus Day
    // → Tue 2020-10-13, a month past the 6-month date 2020-09-10.
    const d = one('2020-03-10 missing_parts');
    expect(dates(d)).toEqual(['2020-05-11', '2020-10-13']);
    expect([d.responsePeriodMonths, d.responseExtendable, d.restartsPeriod]).toEqual([2, true, true]);
    expect(d.note).toBe('due date rolled from Sunday 2020-05-10; maximum rolled from Saturday 2020-10-10');
  });
  it('notice of allowance: 3 months, not extendable (observed: NOA 2021-05-21)', () => {
    // Fri 2021-05-21 → Sat 2021-08-21 → Mon 2021-08-23; no extension, so the maximum is the same.
    expect(one('2021-05-21 notice_of_allowance')).toEqual({
      responseDueEstimate: '2021-08-23',
      responseDueMax: '2021-08-23',
      responsePeriodMonths: 3,
      responseExtendable: false,
      restartsPeriod: true,
      rule: '35 USC 151; 37 CFR 1.311(a); MPEP 1306',
      countsFrom: 0,
      note: 'due date rolled from Saturday 2021-08-21',
    });
  });
  it("examiner's answer: 2-month reply brief, not extendable", () => {
    // Mon 2023-06-05 → Sat 2023-08-05 → Mon 2023-08-07.
    const d = one('2023-06-05 examiners_answer');
    expect(dates(d)).toEqual(['2023-08-07', '2023-08-07']);
    expect([d.responsePeriodMonths, d.responseExtendable, d.rule]).toEqual([2, false, '37 CFR 41.41; 37 CFR 1.136(a)(1)(ii)']);
  });
  it.each(['misc', 'petition_decision', 'other'])('%s: the period is in the letter, every field null', (type) => {
    expect(one(`2023-03-15 ${type}`)).toEqual(NO_PERIOD);
  });
  it('advisory or corrected notice with nothing to carry: every field null', () => {
    expect(one('2023-03-15 advisory')).toEqual(NO_PERIOD);
    expect(one('2023-03-15 corrected_notice_of_allowance')).toEqual(NO_PERIOD);
    expect(one('2023-03-15 restarted_period')).toEqual(NO_PERIOD);
  });
});

describe('non-compliant amendment notice', () => {
  it('after a non-final action: a new 2-month period from the notice', () => {
    // Notice Mon 2022-03-21 → Sat 2022-05-21 → Mon 05-23; + 6 → Wed 2022-09-21.
    const [, notice] = deadlinesOf(['2022-01-10 non_final', '2022-03-21 non_compliant_amendment'], ['2022-03-01']);
    expect(dates(notice!)).toEqual(['2022-05-23', '2022-09-21']);
    expect([notice!.restartsPeriod, notice!.countsFrom, notice!.responsePeriodMonths]).toEqual([true, 1, 2]);
  });
  it("after a final: no new period, the final's keeps running", () => {
    // Final Mon 2022-01-10: reply 02-15 is within 2 months, no advisory → 3 months = Sun
    // 2022-04-10 → Mon 04-11; 6 months = Sun 2022-07-10 → Mon 07-11.
    const [final, notice] = deadlinesOf(['2022-01-10 final', '2022-02-25 non_compliant_amendment'], ['2022-02-15']);
    expect(dates(final!)).toEqual(['2022-04-11', '2022-07-11']);
    expect(notice).toEqual({ ...final, restartsPeriod: false, countsFrom: 0, rule: '35 USC 133; 37 CFR 1.121; MPEP 714; MPEP 706.07(f)' });
  });
  it('after a final and a later non-final: 2 months again', () => {
    // Notice Tue 2022-05-10 → Sun 2022-07-10 → Mon 07-11; + 6 → Thu 2022-11-10.
    const d = deadlinesOf(['2022-01-10 final', '2022-04-01 non_final', '2022-05-10 non_compliant_amendment'], ['2022-03-01']);
    expect(dates(d[2]!)).toEqual(['2022-07-11', '2022-11-10']);
    expect(d[2]!.countsFrom).toBe(2);
  });
});

describe('§1.2 date arithmetic', () => {
  it('month end: Nov 30 + 3 → Feb 28, and Feb 29 in a leap year', () => {
    // 2022-11-30 → Tue 2023-02-28; + 6 → Tue 2023-05-30 (Memorial Day was Mon 05-29).
    expect(dates(one('2022-11-30 non_final'))).toEqual(['2023-02-28', '2023-05-30']);
    // 2023-11-30 → Thu 2024-02-29; + 6 → Thu 2024-05-30.
    expect(dates(one('2023-11-30 non_final'))).toEqual(['2024-02-29', '2024-05-30']);
  });
  it('never forward from a short month, and a Memorial Day roll: Feb 28 + 3 → May 28', () => {
    // 2023-02-28 → Sun 2023-05-28; Mon 05-29 Memorial Day → Tue 05-30. + 6 → Mon 2023-08-28.
    const d = one('2023-02-28 non_final');
    expect(dates(d)).toEqual(['2023-05-30', '2023-08-28']);
    expect(d.note).toBe('due date rolled from Sunday 2023-05-28');
  });
  it('extensions count from the nominal date: Jan 31 + 3 = Apr 30, max Jan 31 + 6 = Jul 31', () => {
    // Sun 2023-04-30 rolls to Mon 05-01, but the maximum is Mon 2023-07-31, not May 1 + 3 = Aug 1.
    expect(dates(one('2023-01-31 non_final'))).toEqual(['2023-05-01', '2023-07-31']);
    // A 2-month period: Jan 31 + 2 → Fri 2023-03-31; + 6 (2 + 5 capped at 6) → Mon 2023-07-31.
    expect(dates(one('2023-01-31 restriction'))).toEqual(['2023-03-31', '2023-07-31']);
  });
  it('a federal holiday rolls the due date: Thanksgiving', () => {
    // Wed 2023-08-23 → Thu 2023-11-23 Thanksgiving → Fri 11-24; + 6 → Fri 2024-02-23.
    const d = one('2023-08-23 non_final');
    expect(dates(d)).toEqual(['2023-11-24', '2024-02-23']);
    expect(d.note).toBe('due date rolled from Thursday 2023-11-23 (federal holiday)');
  });
  it('the 6-month cap rolls (observed: action 2021-08-19 → reply on 2022-02-22 timely)', () => {
    // + 3 → Fri 2021-11-19. + 6 → Sat 2022-02-19; Mon 02-21 Washington's Birthday → Tue 02-22.
    const d = one('2021-08-19 non_final');
    expect(dates(d)).toEqual(['2021-11-19', '2022-02-22']);
    expect(d.note).toBe('maximum rolled from Saturday 2022-02-19');
  });
  it('an office closure rolls like a holiday: a due date on 2019-12-24', () => {
    // Tue 2019-09-24 → Tue 2019-12-24, closed by executive order; Wed 12-25 Christmas → Thu 12-26.
    // + 6 → Tue 2020-03-24.
    expect(dates(one('2019-09-24 non_final'))).toEqual(['2019-12-24', '2020-03-24']);
    const closed = one('2019-09-24 non_final', [], officeClosures());
    expect(dates(closed)).toEqual(['2019-12-26', '2020-03-24']);
    expect(closed.note).toBe('due date rolled from Tuesday 2019-12-24 (office closure)');
  });
});

describe('pre-PLT periods (mailed before 2013-12-18): 1 month or 30 days, whichever is longer', () => {
  it('restriction of 2013-01-31: Feb 28 vs Mar 2 → Sat Mar 2 → Mon Mar 4', () => {
    // Max: + 6 → Wed 2013-07-31.
    const d = one('2013-01-31 restriction');
    expect(dates(d)).toEqual(['2013-03-04', '2013-07-31']);
    expect(d.responsePeriodMonths).toBe(1);
    expect(d.note).toBe(
      'pre-PLT period (action mailed before 2013-12-18): 1 month or 30 days, whichever is longer, ends 2013-03-02; due date rolled from Saturday 2013-03-02',
    );
  });
  it('the month wins when longer: 2013-03-15 → Mon Apr 15 (30 days: Sun Apr 14)', () => {
    // + 6 → Sun 2013-09-15 → Mon 2013-09-16.
    expect(dates(one('2013-03-15 incomplete_reply'))).toEqual(['2013-04-15', '2013-09-16']);
  });
  it('the day before PLT still had 1 month: non-compliant amendment of Tue 2013-12-17', () => {
    // + 1 month → Fri 2014-01-17 (30 days: Thu 01-16); + 6 → Tue 2014-06-17.
    const d = one('2013-12-17 non_compliant_amendment');
    expect(dates(d)).toEqual(['2014-01-17', '2014-06-17']);
    expect(d.responsePeriodMonths).toBe(1);
  });
  it('other types are unchanged: a Quayle action of 2013-01-31 has 2 months', () => {
    // + 2 → Sun 2013-03-31 → Mon 2013-04-01. + 6 → Wed 2013-07-31.
    expect(dates(one('2013-01-31 quayle'))).toEqual(['2013-04-01', '2013-07-31']);
  });
});

describe('§1.3 final rejection and the advisory-action rule', () => {
  // Final Tue 2022-03-01: 2-month date Sun 05-01 (→ Mon 05-02), 3-month date Wed 2022-06-01,
  // 6-month date Thu 2022-09-01 (Labor Day 2022 was Sep 5).
  const FINAL = '2022-03-01 final';

  it('no reply within 2 months: 3 months', () => {
    const [final, advisory] = deadlinesOf([FINAL, '2022-06-14 advisory'], ['2022-05-10']);
    expect(dates(final!)).toEqual(['2022-06-01', '2022-09-01']);
    expect(final!.note).toBe('no reply within 2 months of the final rejection: 3 months (MPEP 706.07(f))');
    expect(advisory).toEqual({ ...final, restartsPeriod: false, countsFrom: 0, rule: '35 USC 133; MPEP 706.07(f); MPEP 714.13' });
  });
  it('reply within 2 months, advisory mailed on the 3-month date: 3 months', () => {
    const [final] = deadlinesOf([FINAL, '2022-06-01 advisory'], ['2022-04-15']);
    expect(dates(final!)).toEqual(['2022-06-01', '2022-09-01']);
    expect(final!.note).toBe('first reply within 2 months, advisory action mailed by the 3-month date: 3 months (MPEP 706.07(f))');
  });
  it('reply within 2 months, advisory mailed after the 3-month date: the advisory mailing date', () => {
    // Advisory Tue 2022-06-14.
    const [final, advisory] = deadlinesOf([FINAL, '2022-06-14 advisory'], ['2022-04-15']);
    expect(final).toEqual({
      responseDueEstimate: '2022-06-14',
      responseDueMax: '2022-09-01',
      responsePeriodMonths: 3,
      responseExtendable: true,
      restartsPeriod: true,
      rule: '35 USC 133; 37 CFR 1.134; MPEP 706.07(f)',
      countsFrom: 0,
      note: 'first reply within 2 months, advisory action mailed after the 3-month date: the period ends on its mailing date (MPEP 706.07(f))',
    });
    expect(advisory).toEqual({ ...final, restartsPeriod: false, countsFrom: 0, rule: '35 USC 133; MPEP 706.07(f); MPEP 714.13' });
  });
  it('a reply on the business day after a weekend 2-month date counts as within 2 months', () => {
    // 2-month date Sun 2022-05-01 → Mon 05-02.
    const [onTime] = deadlinesOf([FINAL, '2022-06-14 advisory'], ['2022-05-02']);
    expect(onTime!.responseDueEstimate).toBe('2022-06-14');
    expect(onTime!.note).toMatch(/^first reply within 2 months \(2022-05-02, the business day after the 2-month date 2022-05-01\)/);
    const [late] = deadlinesOf([FINAL, '2022-06-14 advisory'], ['2022-05-03']);
    expect(late!.responseDueEstimate).toBe('2022-06-01');
  });
  it('never past the 6-month cap, which rolls', () => {
    // Final Thu 2021-08-19, reply 09-30, advisory Tue 2022-03-01: 6 months = Sat 2022-02-19;
    // Mon 02-21 Washington's Birthday → Tue 2022-02-22.
    const [final, advisory] = deadlinesOf(['2021-08-19 final', '2022-03-01 advisory'], ['2021-09-30']);
    expect(dates(final!)).toEqual(['2022-02-22', '2022-02-22']);
    expect(final!.note).toBe(
      'first reply within 2 months, advisory action mailed after the 6-month date: the period ends at the 6-month maximum (35 USC 133; MPEP 706.07(f)); due date rolled from Saturday 2022-02-19; maximum rolled from Saturday 2022-02-19',
    );
    expect(dates(advisory!)).toEqual(['2022-02-22', '2022-02-22']);
  });
  it('only the first reply and the first advisory count; a second advisory carries the same dates', () => {
    // First reply 04-15; a second one 05-20. First advisory Thu 2022-05-26 (before the 3-month date).
    const d = deadlinesOf([FINAL, '2022-06-14 advisory', '2022-05-26 advisory'], ['2022-05-20', '2022-04-15']);
    expect(d.map((x) => x.responseDueEstimate)).toEqual(['2022-06-01', '2022-06-01', '2022-06-01']);
  });
  it('reply within 2 months and no advisory yet: 3 months', () => {
    const [final] = deadlinesOf([FINAL], ['2022-04-15']);
    expect(final!.responseDueEstimate).toBe('2022-06-01');
    expect(final!.note).toMatch(/no advisory action yet/);
  });
  it("a petition decision between the final and the advisory does not end the final's stage", () => {
    const [final] = deadlinesOf([FINAL, '2022-05-05 petition_decision', '2022-06-14 advisory'], ['2022-04-15']);
    expect(final!.responseDueEstimate).toBe('2022-06-14');
  });
  it('an action that sets its own period ends the stage: a later advisory is not counted', () => {
    // Non-final Fri 2022-05-20 (after an RCE); the advisory after it has no final to carry.
    const [final, nonFinal, advisory] = deadlinesOf([FINAL, '2022-05-20 non_final', '2022-06-14 advisory'], ['2022-04-15']);
    expect(final!.responseDueEstimate).toBe('2022-06-01');
    expect(nonFinal!.countsFrom).toBe(1);
    expect(advisory).toEqual(NO_PERIOD);
  });
});

describe('§1.4 restarted period and corrected notice of allowance', () => {
  it("a restart letter restarts the running period's terms from its own mail date", () => {
    // Non-final Tue 2022-04-05 → Tue 07-05 (the holiday was Mon 07-04); + 6 → Wed 2022-10-05.
    // Restart Wed 2022-04-20 → Wed 2022-07-20; + 6 → Thu 2022-10-20.
    const [nonFinal, restart] = deadlinesOf(['2022-04-20 restarted_period', '2022-04-05 non_final']).reverse();
    expect(dates(nonFinal!)).toEqual(['2022-07-05', '2022-10-05']);
    expect(restart).toEqual({
      responseDueEstimate: '2022-07-20',
      responseDueMax: '2022-10-20',
      responsePeriodMonths: 3,
      responseExtendable: true,
      restartsPeriod: true,
      rule: '35 USC 133; 37 CFR 1.134; MPEP 710.02(b); MPEP 710.06; MPEP 707.05(g)',
      countsFrom: 0,
      note: 'restarts the period of the action mailed 2022-04-05 (MPEP 710.06)',
    });
  });
  it('a restarted restriction keeps 2 months', () => {
    // Restart Mon 2022-08-01 → Sat 2022-10-01 → Mon 10-03; + 6 → Wed 2023-02-01.
    const [, restart] = deadlinesOf(['2022-07-15 restriction', '2022-08-01 restarted_period']);
    expect(dates(restart!)).toEqual(['2022-10-03', '2023-02-01']);
    expect(restart!.responsePeriodMonths).toBe(2);
  });
  it('a corrected notice carries the latest notice of allowance', () => {
    // Notices Fri 2021-05-21 (→ Mon 08-23) and, after a withdrawal from issue, Tue 2021-10-12 →
    // Wed 2022-01-12; the corrected notice of 2021-11-01 carries the second.
    const d = deadlinesOf(['2021-05-21 notice_of_allowance', '2021-10-12 notice_of_allowance', '2021-11-01 corrected_notice_of_allowance']);
    expect(dates(d[0]!)).toEqual(['2021-08-23', '2021-08-23']);
    expect(d[2]).toEqual({ ...d[1], restartsPeriod: false, countsFrom: 1 });
    expect(dates(d[2]!)).toEqual(['2022-01-12', '2022-01-12']);
    expect(d[2]!.responseExtendable).toBe(false);
  });
});

describe('replyDeadlines input', () => {
  it('keeps the input order whatever the mail order', () => {
    const d = deadlinesOf(['2022-06-14 advisory', '2022-03-01 final'], ['2022-04-15']);
    expect(d.map((x) => [x.responseDueEstimate, x.countsFrom])).toEqual([
      ['2022-06-14', 1],
      ['2022-06-14', 1],
    ]);
  });
  it('rejects malformed dates', () => {
    expect(() => deadlinesOf(['2022-02-30 non_final'])).toThrow(RangeError);
    expect(() => deadlinesOf(['2022-02-01 non_final'], ['2022/03/01'])).toThrow(RangeError);
  });
});

describe('officeClosures', () => {
  it('defaults to OFFICE_CLOSURES, each with a reason', () => {
    const closures = officeClosures();
    expect(closures.size).toBe(16);
    expect(closures.has('2019-12-24')).toBe(true);
    expect(closures.has('2025-01-09')).toBe(true);
    expect(OFFICE_CLOSURES.find((c) => c.date === '2019-12-24')?.reason).toBe('executive order closing executive departments');
    expect(OFFICE_CLOSURES.find((c) => c.date === '2004-06-11')?.reason).toMatch(/Reagan/);
  });
  it("takes the operator's list; an empty string means none", () => {
    expect([...officeClosures(' 2020-12-24, 2021-01-01 ,')]).toEqual(['2020-12-24', '2021-01-01']);
    expect(officeClosures('').size).toBe(0);
  });
  it('throws RangeError on a malformed date', () => {
    expect(() => officeClosures('2020-12-24,2020-13-01')).toThrow(RangeError);
    expect(() => officeClosures('24/12/2020')).toThrow(RangeError);
  });
});
