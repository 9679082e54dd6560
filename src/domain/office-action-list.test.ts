import { describe, expect, it } from 'vitest';
import { listOfficeActions, withdrawnActions } from './office-action-list.js';

const tx = (code: string, date: string) => ({ code, date });
const doc = (documentCode: string, mailedDate: string, documentId = `${documentCode}-${mailedDate}`) => ({
  documentCode,
  mailedDate,
  documentId,
});
const summary = (actions: ReturnType<typeof listOfficeActions>) =>
  actions.map((a) => [a.mailedDate, a.type, a.transaction?.code ?? null, a.document?.documentCode ?? null]);

describe('listOfficeActions', () => {
  it('lists mailings only (not their counted twins), one pre-exam notice per day, oldest first', () => {
    const list = listOfficeActions(
      [
        tx('CTNF', '2023-08-15'),
        tx('MCTNF', '2023-08-18'),
        tx('INCD', '2023-03-01'),
        tx('MPEN', '2023-03-01'),
        tx('INCD', '2023-03-01'),
        tx('MPEN', '2023-07-07'),
        tx('N/=.', '2024-03-11'),
        tx('MN/=.', '2024-03-13'),
        tx('A...', '2023-11-01'),
      ],
      [],
    );
    expect(summary(list)).toEqual([
      ['2023-03-01', 'missing_parts', 'INCD', null],
      ['2023-07-07', 'missing_parts', 'MPEN', null],
      ['2023-08-18', 'non_final', 'MCTNF', null],
      ['2024-03-13', 'notice_of_allowance', 'MN/=.', null],
    ]);
  });

  it('pairs a document with the mailing of the same day and code, and keeps the others as actions of their own', () => {
    const list = listOfficeActions(
      [tx('MCTNF', '2023-05-24'), tx('MN/=.', '2023-09-15'), tx('MOPPT', '2023-10-03')],
      [
        doc('CTNF', '2023-05-24'),
        // The counted date is not the mail date: no pairing, a second action.
        doc('NOA', '2023-09-13'),
        doc('PETDEC', '2023-10-03'),
        doc('CTFR', '2024-01-05'),
      ],
    );
    expect(summary(list)).toEqual([
      ['2023-05-24', 'non_final', 'MCTNF', 'CTNF'],
      ['2023-09-13', 'notice_of_allowance', null, 'NOA'],
      ['2023-09-15', 'notice_of_allowance', 'MN/=.', null],
      ['2023-10-03', 'petition_decision', 'MOPPT', 'PETDEC'],
      ['2024-01-05', 'final', null, 'CTFR'],
    ]);
  });

  it('pairs two actions mailed the same day each with its own document', () => {
    const list = listOfficeActions(
      [tx('MCTRS', '2022-02-01'), tx('MCTNF', '2022-02-01')],
      [doc('CTRS', '2022-02-01'), doc('CTNF', '2022-02-01')],
    );
    expect(summary(list)).toEqual([
      ['2022-02-01', 'non_final', 'MCTNF', 'CTNF'],
      ['2022-02-01', 'restriction', 'MCTRS', 'CTRS'],
    ]);
  });
});

describe('withdrawnActions', () => {
  const actions = [
    { type: 'non_final' as const, mailedDate: '2023-01-10' },
    { type: 'advisory' as const, mailedDate: '2023-02-01' },
    { type: 'final' as const, mailedDate: '2023-06-01' },
  ];
  it('withdraws the latest action that set a period on or before the letter, once for W/AC and its mailing', () => {
    expect([...withdrawnActions(actions, [tx('W/AC', '2023-02-03'), tx('MW/AC', '2023-02-06')])]).toEqual([0]);
    expect([...withdrawnActions(actions, [tx('MW/AC', '2023-06-01')])]).toEqual([2]);
    expect([...withdrawnActions(actions, [tx('MW/AC', '2022-12-01'), tx('MCTNF', '2023-06-01')])]).toEqual([]);
  });
});
