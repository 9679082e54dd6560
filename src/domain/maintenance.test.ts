import { describe, expect, it } from 'vitest';
import { maintenanceStatus, patentKindOf, type FeeEvent, type MaintenanceInput } from './maintenance.js';

// Events are written "YYYY-MM-DD CODE"; patent numbers name the record in USPTO's sample file
// (samples/maintenance-fee/MaintFeeEvents.sample.txt) or in the PEDS sample
// (fee-events-from-peds-transactions.json) they come from.
function status(grant: string, asOf: string, lines: string[], extra: Partial<MaintenanceInput> = {}) {
  const events: FeeEvent[] = lines.map((line) => {
    const [date, code] = line.split(' ');
    return { date: date!, code: code! };
  });
  return maintenanceStatus({ kind: 'utility', scheduleGrantDate: grant, feeFilingDate: '2000-01-01', events, asOf, ...extra });
}

describe('maintenanceStatus: schedule', () => {
  it('1981 patent with M170 and M171 paid and the 11.5-year fee unpaid past its grace (4287053)', () => {
    const s = status('1981-09-01', '2000-01-01', ['1988-12-22 M171', '1985-02-11 M170'], { feeFilingDate: '1980-12-22' });
    expect(s.owesFees).toBe(true);
    expect(s.deadlines).toEqual({
      // 1985-03-01 is a Friday; 1985-09-01 a Sunday and 09-02 Labor Day.
      '3.5y': { opens: '1984-09-01', due: '1985-03-01', surcharge_until: '1985-09-03' },
      '7.5y': { opens: '1988-09-01', due: '1989-03-01', surcharge_until: '1989-09-01' },
      '11.5y': { opens: '1992-09-01', due: '1993-03-01', surcharge_until: '1993-09-01' },
    });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'expired' });
    expect(s.lapse).toBeNull(); // no EXP. in these events
    expect(s.unrecordedLapse).toEqual({ window: '11.5y', effective: '1993-09-01' });
    expect(s.next_fee).toBeNull();
    expect(s.events.map((e) => [e.date, e.code, e.kind, e.stage])).toEqual([
      ['1985-02-11', 'M170', 'paid', 1],
      ['1988-12-22', 'M171', 'paid', 2],
    ]);
  });
  it('today inside upcoming, due and grace, with the boundaries (grant 2020-01-14)', () => {
    const at = (asOf: string) => status('2020-01-14', asOf, []);
    // 2023-07-14 is a Friday; 2024-01-14 a Sunday and 01-15 Martin Luther King Day.
    expect(at('2023-01-01').deadlines['3.5y']).toEqual({ opens: '2023-01-14', due: '2023-07-14', surcharge_until: '2024-01-16' });
    expect(at('2023-01-13').windows).toEqual({ '3.5y': 'upcoming', '7.5y': 'upcoming', '11.5y': 'upcoming' });
    expect(at('2023-01-13').next_fee).toEqual({
      window: '3.5y',
      opens: '2023-01-14',
      due: '2023-07-14',
      surcharge_until: '2024-01-16',
      status: 'upcoming',
    });
    expect(at('2023-01-14').windows['3.5y']).toBe('due');
    expect(at('2023-07-14').windows['3.5y']).toBe('due');
    expect(at('2023-07-15').windows['3.5y']).toBe('grace');
    expect(at('2023-07-15').next_fee?.status).toBe('grace');
    expect(at('2024-01-16').windows['3.5y']).toBe('grace');
    const lapsed = at('2024-01-17');
    expect(lapsed.windows).toEqual({ '3.5y': 'expired', '7.5y': 'expired', '11.5y': 'expired' });
    expect(lapsed.unrecordedLapse).toEqual({ window: '3.5y', effective: '2024-01-14' });
    expect(lapsed.next_fee).toBeNull();
  });
  it('next fee is the first window not paid', () => {
    const s = status('2020-01-14', '2024-06-01', ['2023-03-01 M1551']);
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'upcoming', '11.5y': 'upcoming' });
    expect(s.next_fee).toEqual({
      window: '7.5y',
      opens: '2027-01-14',
      due: '2027-07-14',
      surcharge_until: '2028-01-14',
      status: 'upcoming',
    });
  });
  it('a Saturday due date rolls to Monday (grant 2010-08-10: 7.5y due Sat 2018-02-10 → 02-12)', () => {
    const s = status('2010-08-10', '2018-02-12', ['2014-01-10 M1551']);
    expect(s.deadlines['7.5y']).toEqual({ opens: '2017-08-10', due: '2018-02-12', surcharge_until: '2018-08-10' });
    expect(s.windows['7.5y']).toBe('due');
    expect(status('2010-08-10', '2018-02-13', ['2014-01-10 M1551']).windows['7.5y']).toBe('grace');
  });
  it('closures given by the caller roll deadlines too', () => {
    const closures = new Set(['2018-02-12']);
    expect(status('2010-08-10', '2018-02-01', [], { closures }).deadlines['7.5y']?.due).toBe('2018-02-13');
  });
  it('a grant on 29 February: months counted to the last day of February, anniversaries on leap days', () => {
    const s = status('2000-02-29', '2003-06-01', []);
    expect(s.deadlines).toEqual({
      '3.5y': { opens: '2003-02-28', due: '2003-08-29', surcharge_until: '2004-03-01' }, // 2004-02-29 is a Sunday
      '7.5y': { opens: '2007-02-28', due: '2007-08-29', surcharge_until: '2008-02-29' },
      '11.5y': { opens: '2011-02-28', due: '2011-08-29', surcharge_until: '2012-02-29' },
    });
    expect(s.windows['3.5y']).toBe('due');
    expect(status('2000-02-29', '2004-04-10', ['2004-04-05 EXP.']).lapse).toEqual({
      window: '3.5y',
      effective: '2004-02-29',
      recorded: '2004-04-05',
    });
  });
});

describe('maintenanceStatus: payments, surcharges and refunds', () => {
  it('a late payment with its surcharge pays the window (M1552 with M1555 in grace)', () => {
    const s = status('2010-08-10', '2019-01-01', ['2014-01-10 M1551', '2018-05-01 M1555', '2018-05-01 M1552']);
    expect(s.windows['7.5y']).toBe('paid');
    expect(s.events.map((e) => [e.code, e.kind, e.stage])).toEqual([
      ['M1551', 'paid', 1],
      ['M1552', 'paid', 2],
      ['M1555', 'surcharge', 2],
    ]);
  });
  it('a surcharge alone pays nothing', () => {
    expect(status('2010-08-10', '2018-05-02', ['2014-01-10 M1551', '2018-05-01 M1555']).windows['7.5y']).toBe('grace');
  });
  it('a refund R2551 reverses M2551 (and the 3.5y due date rolls past Labor Day 2013-09-02)', () => {
    const s = status('2010-03-02', '2013-08-01', ['2013-06-01 M2551', '2013-07-01 R2551']);
    expect(s.deadlines['3.5y']?.due).toBe('2013-09-03');
    expect(s.windows['3.5y']).toBe('due');
    expect(s.next_fee?.window).toBe('3.5y');
  });
  it('a same-day refund reverses the payment; a refund before any payment reverses nothing', () => {
    expect(status('2010-03-02', '2013-08-01', ['2013-06-01 R2551', '2013-06-01 M2551']).windows['3.5y']).toBe('due');
    expect(status('2010-03-02', '2013-08-01', ['2013-05-01 R2551', '2013-06-01 M2551']).windows['3.5y']).toBe('paid');
  });
  it('each refund cancels one payment of its own code', () => {
    expect(status('2010-03-02', '2013-08-01', ['2013-06-01 M2551', '2013-06-02 M2551', '2013-07-01 R2551']).windows['3.5y']).toBe('paid');
    // 6788977: M1551, then R2551 and STOL: the large-entity payment stands.
    expect(status('2004-09-07', '2008-12-01', ['2008-02-21 M1551', '2008-04-18 R2551', '2008-04-18 STOL']).windows['3.5y']).toBe('paid');
  });
  it('a surcharge with the 12th-year fee in grace (4292311: M185 and M186 on 1993-04-05)', () => {
    const lines = ['1985-03-21 M170', '1988-11-18 M171', '1988-11-25 ASPN', '1993-04-05 M186', '1993-04-05 M185'];
    const s = status('1981-09-29', '1994-01-01', lines);
    expect(s.deadlines['11.5y']?.due).toBe('1993-03-29');
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'paid' });
    expect(s.events.filter((e) => e.date === '1993-04-05').map((e) => [e.code, e.kind, e.stage])).toEqual([
      ['M185', 'paid', 3],
      ['M186', 'surcharge', null],
    ]);
  });
  it('a payment under 1.28(c) pays no window', () => {
    expect(status('2010-03-02', '2013-08-01', ['2013-06-01 M1559']).windows['3.5y']).toBe('due');
  });
  it('legacy codes pay their stage (4289713: M170, M171, M285)', () => {
    const s = status('1981-09-15', '1995-01-01', ['1985-03-06 M170', '1988-11-07 M171', '1993-03-03 M285', '1993-03-30 SM02']);
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'paid' });
    expect(s.next_fee).toBeNull();
  });
});

describe('maintenanceStatus: lapse and reinstatement', () => {
  it('REM. then EXP.: lapsed on the 4th anniversary (4291808)', () => {
    const s = status('1981-09-29', '1990-01-01', ['1985-10-31 EXP.', '1985-08-12 REM.'], { feeFilingDate: '1980-12-12' });
    expect(s.lapse).toEqual({ window: '3.5y', effective: '1985-09-29', recorded: '1985-10-31' });
    expect(s.windows).toEqual({ '3.5y': 'expired', '7.5y': 'expired', '11.5y': 'expired' });
    expect(s.unrecordedLapse).toBeNull();
    expect(s.reinstated).toBeNull();
    expect(s.next_fee).toBeNull();
    expect(s.events.map((e) => e.kind)).toEqual(['reminder', 'expired']);
  });
  it('an EXP. recorded just before the 12th anniversary ends the 11.5y window (4296211)', () => {
    const lines = [
      '1985-05-29 M170',
      '1985-05-29 M176',
      '1989-05-23 REM.',
      '1989-09-07 M171',
      '1989-09-07 M176',
      '1993-05-25 REM.',
      '1993-10-17 EXP.',
    ];
    const s = status('1981-10-20', '1993-10-18', lines);
    expect(s.lapse).toEqual({ window: '11.5y', effective: '1993-10-20', recorded: '1993-10-17' });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'expired' });
  });
  it('a later payment shows an earlier window settled when its payment is missing (PEDS 7770506)', () => {
    const s = status('2010-08-10', '2024-01-01', ['2018-01-17 M1552', '2022-03-28 REM.', '2022-09-12 EXP.']);
    expect(s.lapse).toEqual({ window: '11.5y', effective: '2022-08-10', recorded: '2022-09-12' });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'expired' });
    expect(s.inferredPaid).toEqual(['3.5y']);
  });
  it('an EXP. ends the window whose anniversary it follows, even with no payments on record (PEDS 5904343)', () => {
    const s = status('1999-05-18', '2012-01-01', ['2011-06-13 EXP.']);
    expect(s.lapse).toEqual({ window: '11.5y', effective: '2011-05-18', recorded: '2011-06-13' });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'expired' });
    expect(s.inferredPaid).toEqual(['3.5y', '7.5y']);
  });
  it('a lapse reinstated by petition, then a lapse at the 12th anniversary (PEDS 6572952)', () => {
    const lines = ['2007-07-05 EXP.', '2008-03-25 PMFP', '2008-03-25 PMFG', '2015-06-26 EXP.'];
    const s = status('2003-06-03', '2016-01-01', lines);
    expect(s.lapse).toEqual({ window: '11.5y', effective: '2015-06-03', recorded: '2015-06-26' });
    expect(s.reinstated).toBeNull();
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'expired' });
  });
  it('an EXP. recorded more than six months late ends the first window after the last paid one', () => {
    const s = status('2004-09-07', '2014-01-01', ['2008-03-01 M1551', '2013-06-10 EXP.']);
    expect(s.lapse).toEqual({ window: '7.5y', effective: '2012-09-07', recorded: '2013-06-10' });
    const unpaid = status('2004-09-07', '2014-01-01', ['2009-06-15 EXP.']);
    expect(unpaid.lapse).toEqual({ window: '3.5y', effective: '2008-09-07', recorded: '2009-06-15' });
  });
  it('EXPX after EXP. reinstates: treated as never expired (8457796)', () => {
    const lines = [
      '2017-07-04 EXP.',
      '2018-09-20 M2558',
      '2018-09-20 M2551',
      '2018-09-20 PMFP',
      '2018-09-20 PMFG',
      '2018-09-20 EXPX',
      '2020-10-28 M2552',
    ];
    const s = status('2013-06-04', '2024-01-01', lines);
    expect(s.lapse).toBeNull();
    expect(s.reinstated).toEqual({ date: '2018-09-20', code: 'EXPX' });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'upcoming' });
    expect(s.deadlines['3.5y']).toEqual({ opens: '2016-06-04', due: '2016-12-05', surcharge_until: '2017-06-05' });
    expect(s.next_fee?.window).toBe('11.5y');
    expect(s.inferredPaid).toEqual([]);
    expect(s.unknownCodes).toEqual(['M2558']); // in PEDS records, not in the Desc file
    expect(s.events.find((e) => e.code === 'M2558')).toEqual({ code: 'M2558', date: '2018-09-20', kind: null, stage: null });
  });
  it('a granted petition with the fee paid reinstates when no EXPX is on record (PEDS 8457796)', () => {
    const lines = ['2017-07-04 EXP.', '2018-09-20 M2551', '2018-09-20 PMFP', '2018-09-20 PMFG'];
    expect(status('2013-06-04', '2019-01-01', lines).reinstated).toEqual({ date: '2018-09-20', code: 'PMFG' });
    // A granted petition with no fee paid after the EXP. is not taken as a reinstatement.
    const petitionOnly = status('2013-06-04', '2019-01-01', ['2017-07-04 EXP.', '2018-09-20 PMFG']);
    expect(petitionOnly.reinstated).toBeNull();
    expect(petitionOnly.lapse).toEqual({ window: '3.5y', effective: '2017-06-04', recorded: '2017-07-04' });
  });
  it('a reinstated lapse with no payment on record counts the window paid (PEDS 7638117)', () => {
    const lines = ['2014-01-24 EXP.', '2014-05-29 PMFP', '2014-05-29 PMFG', '2021-06-28 M1553'];
    const s = status('2009-12-29', '2022-01-01', lines);
    expect(s.reinstated).toEqual({ date: '2014-05-29', code: 'PMFG' });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'paid', '11.5y': 'paid' });
    expect(s.inferredPaid).toEqual(['3.5y', '7.5y']);
  });
  it('an EXP. after a reinstatement lapses again', () => {
    const lines = ['2017-07-04 EXP.', '2018-09-20 M2551', '2018-09-20 EXPX', '2021-07-06 EXP.'];
    const s = status('2013-06-04', '2022-01-01', lines);
    expect(s.reinstated).toBeNull();
    expect(s.lapse).toEqual({ window: '7.5y', effective: '2021-06-04', recorded: '2021-07-06' });
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'expired', '11.5y': 'expired' });
  });
  it('a repeated EXP. on one day is one lapse (4294839)', () => {
    const s = status('1981-10-13', '1990-01-01', ['1985-03-18 M170', '1989-05-16 REM.', '1989-10-15 EXP.', '1989-10-15 EXP.']);
    expect(s.lapse).toEqual({ window: '7.5y', effective: '1989-10-13', recorded: '1989-10-15' });
    expect(s.events).toHaveLength(4);
  });
});

describe('maintenanceStatus: who owes fees', () => {
  it.each([
    ['design', 'design patents owe no maintenance fees (35 U.S.C. 41(b)(3))'],
    ['plant', 'plant patents owe no maintenance fees (35 U.S.C. 41(b)(3))'],
    ['sir', 'statutory invention registrations owe no maintenance fees (MPEP 2504)'],
  ] as const)('%s: n/a', (kind, reason) => {
    const s = status('2015-01-06', '2020-01-01', [], { kind });
    expect(s).toMatchObject({ owesFees: false, noFeesReason: reason, next_fee: null, lapse: null });
    expect(s.windows).toEqual({ '3.5y': 'n/a', '7.5y': 'n/a', '11.5y': 'n/a' });
    expect(s.deadlines).toEqual({ '3.5y': null, '7.5y': null, '11.5y': null });
  });
  it('an application filed before 1980-12-12 owes nothing; filed that day it does', () => {
    const before = status('1982-03-02', '1990-01-01', [], { feeFilingDate: '1980-12-11' });
    expect(before.owesFees).toBe(false);
    expect(before.noFeesReason).toBe('application filed 1980-12-11, before 1980-12-12: no maintenance fees (37 CFR 1.362(a))');
    expect(before.windows['3.5y']).toBe('n/a');
    expect(status('1982-03-02', '1990-01-01', [], { feeFilingDate: '1980-12-12' }).owesFees).toBe(true);
  });
  it('an unknown filing date assumes fees are owed', () => {
    expect(status('2015-01-06', '2017-01-01', [], { feeFilingDate: null }).windows['3.5y']).toBe('upcoming');
  });
  it("a reissue follows its original's schedule and filing date", () => {
    const s = status('2005-05-03', '2012-01-01', ['2008-10-01 M1551'], { kind: 'reissue', feeFilingDate: '2002-01-15' });
    expect(s.owesFees).toBe(true);
    expect(s.deadlines['7.5y']).toEqual({ opens: '2012-05-03', due: '2012-11-05', surcharge_until: '2013-05-03' }); // 11-03 is a Saturday
    expect(s.windows).toEqual({ '3.5y': 'paid', '7.5y': 'upcoming', '11.5y': 'upcoming' });
    expect(status('1985-05-07', '1990-01-01', [], { kind: 'reissue', feeFilingDate: '1979-06-01' }).owesFees).toBe(false);
  });
});

describe('maintenanceStatus: after the end of term', () => {
  // 11646472: granted 2023-05-09, its term ended 2025-02-12 (a chain back to 2004 plus 304 days of
  // PTA). Its 3.5-year window opens 2026-05-09, due 2026-11-09, grace to 2027-05-10 (05-09 a Sunday).
  it('owes nothing once the term ended: open and upcoming windows are n/a, no next fee', () => {
    const s = status('2023-05-09', '2026-11-20', [], { termEnded: '2025-02-12' });
    expect(s.windows).toEqual({ '3.5y': 'n/a', '7.5y': 'n/a', '11.5y': 'n/a' });
    expect(s.mootAfterTerm).toEqual(['3.5y', '7.5y', '11.5y']);
    expect(s.next_fee).toBeNull();
    expect(s.unrecordedLapse).toBeNull();
    // Without the end of term, the same data says 3.5y is in its grace period.
    expect(status('2023-05-09', '2026-11-20', []).windows['3.5y']).toBe('grace');
  });
  it('a paid window stays paid; a lapse by law after the term ended is moot, one before it stands', () => {
    // Granted 2010-03-02, paid at 3.5 years; 7.5y grace ended unpaid 2018-03-02.
    const events = ['2013-08-01 M1551'];
    const moot = status('2010-03-02', '2019-01-01', events, { termEnded: '2017-06-30' });
    expect(moot.windows).toEqual({ '3.5y': 'paid', '7.5y': 'n/a', '11.5y': 'n/a' });
    expect(moot.unrecordedLapse).toBeNull();
    const stands = status('2010-03-02', '2019-01-01', events, { termEnded: '2018-06-30' });
    expect(stands.windows).toEqual({ '3.5y': 'paid', '7.5y': 'expired', '11.5y': 'expired' });
    expect(stands.unrecordedLapse).toEqual({ window: '7.5y', effective: '2018-03-02' });
  });
  it('a recorded lapse stays recorded', () => {
    // 4291808: REM. then EXP., lapsed on its 4th anniversary 1985-09-29.
    const s = status('1981-09-29', '2010-01-01', ['1985-08-12 REM.', '1985-10-31 EXP.'], { termEnded: '1998-09-29' });
    expect(s.lapse).toEqual({ window: '3.5y', effective: '1985-09-29', recorded: '1985-10-31' });
    expect(s.windows).toEqual({ '3.5y': 'expired', '7.5y': 'expired', '11.5y': 'expired' });
  });
});

describe('maintenanceStatus: judged as of the data', () => {
  it('never asserts a lapse after the date the evidence covers', () => {
    // Granted 2020-01-14, no fee event in a fee file dated 2023-09-05: as of then the 3.5y fee was
    // in its grace period (due 2023-07-14, surcharge until 2024-01-16); as of 2024-02-01 it lapsed.
    expect(status('2020-01-14', '2023-09-05', []).windows['3.5y']).toBe('grace');
    expect(status('2020-01-14', '2023-09-05', []).unrecordedLapse).toBeNull();
    expect(status('2020-01-14', '2024-02-01', []).unrecordedLapse).toEqual({ window: '3.5y', effective: '2024-01-14' });
  });
});

describe('maintenanceStatus: events', () => {
  it('lists events in date order, ties by code, with padding dropped and unknown codes reported', () => {
    const s = status('2004-09-07', '2009-01-01', [
      '2008-04-18 STOL',
      '2008-04-18 R2551 ',
      '2008-02-21 M1551',
      '2008-02-21 ASPN',
      '2008-05-01 XYZ1',
    ]);
    expect(s.events).toEqual([
      { code: 'ASPN', date: '2008-02-21', kind: 'other', stage: null },
      { code: 'M1551', date: '2008-02-21', kind: 'paid', stage: 1 },
      { code: 'R2551', date: '2008-04-18', kind: 'refund', stage: 1 },
      { code: 'STOL', date: '2008-04-18', kind: 'other', stage: null },
      { code: 'XYZ1', date: '2008-05-01', kind: null, stage: null },
    ]);
    expect(s.unknownCodes).toEqual(['XYZ1']);
  });
});

describe('patentKindOf', () => {
  it('reads the kind the fee rules go by from the number', () => {
    expect(['11646472', 'D701016', 'PP18398', 'RE49257', 'H2140', 'T100001'].map(patentKindOf)).toEqual([
      'utility',
      'design',
      'plant',
      'reissue',
      'sir',
      'sir',
    ]);
  });
});
