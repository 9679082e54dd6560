import { describe, expect, it } from 'vitest';
import { maintenanceStatus, type PatentKind } from './maintenance.js';
import { patentDeadlines } from './patent-docket.js';
import type { TermEstimate } from './patent-term.js';

const GRANT = '2020-07-14';
const term = (date: string | null, possiblyShorter = false): TermEstimate => ({
  date,
  estimate: true,
  possiblyShorter,
  calculation: [
    { step: 'term start: filing date of 16000007, the earliest in the chain', value: '2018-05-01', source: 'file wrapper: continuity' },
    { step: '20 years from term start', value: '2038-05-01', source: '35 U.S.C. 154(a)(2)' },
  ],
});

function docket(events: { code: string; date: string }[], asOf: string, end: string | null = '2038-05-01', kind: PatentKind = 'utility') {
  const status = maintenanceStatus({ kind, scheduleGrantDate: GRANT, feeFilingDate: '2018-05-01', events, asOf });
  return patentDeadlines({
    patentNumber: '10000007',
    scheduleGrantDate: GRANT,
    status,
    estimate: term(end),
    expired: false,
    scheduleNote: null,
  });
}

// Granted Tue 2020-07-14. 3.5y: opens 2023-07-14, due Sun 2024-01-14 → Mon 01-15 is Martin Luther King Day → Tue 2024-01-16,
// grace to Sun 2024-07-14 → Mon 2024-07-15. 7.5y: opens 2027-07-14, due Fri 2028-01-14, grace Fri 2028-07-14.
// 11.5y: opens 2031-07-14, due Wed 2032-01-14, grace Wed 2032-07-14.
describe('patentDeadlines', () => {
  it('lists each unpaid window and the end of term, each later one naming the first unpaid grace', () => {
    expect(docket([{ code: 'M1551', date: '2023-12-01' }], '2025-01-01')).toEqual([
      expect.objectContaining({
        key: 'maintenance_fee:10000007:7.5y',
        kind: 'maintenance_fee',
        window: '7.5y',
        patentNumber: '10000007',
        opens: '2027-07-14',
        dueDate: '2028-01-14',
        lastDate: '2028-07-14',
        ifMissed: 'lapse',
        earlierFeeGraceEnds: null,
        basis: expect.objectContaining({ countsFrom: GRANT }),
      }),
      expect.objectContaining({ window: '11.5y', dueDate: '2032-01-14', lastDate: '2032-07-14', earlierFeeGraceEnds: '2028-07-14' }),
      expect.objectContaining({
        key: 'end_of_term:10000007',
        kind: 'end_of_term',
        dueDate: '2038-05-01',
        lastDate: '2038-05-01',
        ifMissed: 'term_ends',
        earlierFeeGraceEnds: '2028-07-14',
        basis: expect.objectContaining({ rule: '35 U.S.C. 154(a)(2)', countsFrom: '2018-05-01' }),
      }),
    ]);
  });

  it('lists a window in its grace, and nothing once the grace has ended unpaid as of the data', () => {
    const inGrace = docket([], '2024-03-01');
    expect(inGrace.map((d) => [d.key, d.dueDate, d.lastDate, d.earlierFeeGraceEnds])).toEqual([
      ['maintenance_fee:10000007:3.5y', '2024-01-16', '2024-07-15', null],
      ['maintenance_fee:10000007:7.5y', '2028-01-14', '2028-07-14', '2024-07-15'],
      ['maintenance_fee:10000007:11.5y', '2032-01-14', '2032-07-14', '2024-07-15'],
      ['end_of_term:10000007', '2038-05-01', '2038-05-01', '2024-07-15'],
    ]);
    expect(docket([], '2024-08-01')).toEqual([]);
    expect(docket([{ code: 'EXP.', date: '2024-08-20' }], '2024-08-20')).toEqual([]);
  });

  it('owes no fee the term makes moot, and a design patent owes none at all', () => {
    // A term ending 2030-01-01 (a terminal disclaimer): the 11.5y fee would be due after it.
    expect(docket([{ code: 'M1551', date: '2023-12-01' }], '2025-01-01', '2030-01-01').map((d) => d.key)).toEqual([
      'maintenance_fee:10000007:7.5y',
      'end_of_term:10000007',
    ]);
    expect(docket([], '2025-01-01', '2035-07-14', 'design').map((d) => d.key)).toEqual(['end_of_term:10000007']);
    expect(docket([], '2025-01-01', null, 'design')).toEqual([]);
  });
});
