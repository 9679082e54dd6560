import { describe, expect, it } from 'vitest';
import {
  leadParty,
  claimsOutcome,
  type DecisionTexts,
  decisionKind,
  instituted,
  isDecisionDocument,
  isFailedUploadText,
  isTruncatedText,
  latestFinalDecision,
  standingClaimsOutcome,
  statusEndsTrial,
} from './ptab.js';

const texts = (t: Partial<DecisionTexts>): DecisionTexts => ({
  typeDescription: null,
  documentTitle: null,
  category: null,
  outcome: null,
  documentName: null,
  ...t,
});

describe('decisionKind', () => {
  // Each line: texts as the office printed them in the real ODP and legacy samples.
  it.each([
    [{ typeDescription: 'Institution Decision:  Grant', category: 'DECISION', outcome: 'Institution Granted' }, 'institution_granted'],
    [{ typeDescription: 'Institution Decision:  Granting Institution of Inter Partes Review 35 U.S.C. sec. 314 ' }, 'institution_granted'],
    [{ documentTitle: 'Decision Granting Institution of Inter Partes Review', category: 'DECISION' }, 'institution_granted'],
    [{ documentTitle: 'DECISION Denying Institution of Inter Partes Review 35 U.S.C. § 314' }, 'institution_denied'],
    [{ typeDescription: 'Director Discretionary Decision: Deny', category: 'RESPONSE' }, 'institution_denied'],
    [{ typeDescription: 'Director Discretionary Decision: Deny', outcome: 'Institution Denied' }, 'institution_denied'],
    [
      { typeDescription: 'Final Written Decision:  original', category: 'FINAL', outcome: 'Final Written Decision' },
      'final_written_decision',
    ],
    [
      { typeDescription: 'Final Written Decision: On remand from the CAFC', outcome: 'Final Written Decision On CAFC Remand' },
      'final_written_decision',
    ],
    // The download variant: the category where the type description belongs, the description as the title.
    [{ typeDescription: 'FINAL', documentTitle: 'Judgment Final Written Decision ' }, 'final_written_decision'],
    [{ typeDescription: 'TERMINATE', documentTitle: 'Termination Decision:  Post-DI Settlement' }, 'termination'],
    [{ typeDescription: 'Termination Decision:  Pre-DI dismissal', outcome: 'Settled Before Institution' }, 'termination'],
    [{ outcome: 'Request For Adverse Judgment After Institution' }, 'termination'],
    [{ outcome: 'Dismissed' }, 'termination'],
    [{ typeDescription: 'Other: Fed Circuit mandate', category: 'OTHER', outcome: 'Affirmed/Reversed in Part' }, 'appeal_mandate'],
    [{ outcome: 'Affirmed' }, 'appeal_mandate'],
    [
      { typeDescription: 'Rehearing Decision:  Denied', documentTitle: 'Decision Denying Request for Rehearing of Final Written Decision' },
      'rehearing',
    ],
    // Legacy v2: only the subdecision and the file name tell.
    [
      { outcome: 'Settlement after Institution', documentName: 'IPR2016-00831 -832 -833 Decision on Motion to Terminate.pdf' },
      'termination',
    ],
    [{ typeDescription: 'Order:  Conduct of Proceeding' }, 'other'],
  ] as const)('%o → %s', (t, kind) => {
    expect(decisionKind(texts(t))).toBe(kind);
  });
});

describe('claimsOutcome', () => {
  it.each([
    ['JUDGMENT Final Written Decision Determining All Challenged Claims Unpatentable 35 U.S.C. § 318(a)', 'all_unpatentable'],
    ['JUDGMENT Final Written Decision Determining Some Challenged Claims Unpatentable Denying Patent Owner’s Motion', 'some_unpatentable'],
    ['JUDGMENT Final Written Decision Determining No Challenged Claims Unpatentable 35 U.S.C. § 328(a)', 'none_unpatentable'],
    ['Final Written Decision:  Final Written Decision Determining No Challenged Claim Unpatentable 35 U.S.C. sec. 3', 'none_unpatentable'],
    ['Final Written Decision Determining Not All Challenged Claims Unpatentable', 'some_unpatentable'],
    ['Determining  All  Remaining Challenged Claims Unpatentable', 'all_unpatentable'],
    ['Judgment Final Written Decision ', null],
  ] as const)('%s → %s', (title, outcome) => {
    expect(claimsOutcome(title)).toBe(outcome);
  });

  it('reads the text when the title does not say', () => {
    expect(
      claimsOutcome(
        'Decision Final Written Decision',
        'JUDGMENT \nFinal Written Decision \n\nDetermining All Challenged Claims Unpatentable ...',
      ),
    ).toBe('all_unpatentable');
    expect(claimsOutcome(null, '')).toBeNull();
  });
});

describe('instituted', () => {
  const base = { status: null, institutionDecisionDate: null, terminationDate: null, decisions: [] };
  it('is true once granted or decided on the merits, whatever the status says later', () => {
    expect(
      instituted({ ...base, status: 'Terminated-Settled', decisions: [{ kind: 'institution_granted', outcome: 'Institution Granted' }] }),
    ).toBe(true);
    expect(instituted({ ...base, decisions: [{ kind: 'final_written_decision', outcome: null }] })).toBe(true);
    expect(instituted({ ...base, status: 'Final Written Decision - Appealed' })).toBe(true);
  });
  it('is false when denied, or ended before any institution decision', () => {
    expect(instituted({ ...base, status: 'Discretionary Denial', institutionDecisionDate: '2025-11-20' })).toBe(false);
    expect(instituted({ ...base, status: 'Terminated-Denied' })).toBe(false);
    expect(instituted({ ...base, decisions: [{ kind: 'institution_denied', outcome: 'Institution Denied' }] })).toBe(false);
    expect(instituted({ ...base, status: 'Terminated-Settled', terminationDate: '2026-01-05' })).toBe(false);
    expect(instituted({ ...base, decisions: [{ kind: 'termination', outcome: 'Settled Before Institution' }] })).toBe(false);
  });
  it('reads a settlement after institution as instituted', () => {
    expect(
      instituted({
        ...base,
        status: 'Terminated-Settled',
        institutionDecisionDate: '2025-12-23',
        decisions: [{ kind: 'termination', outcome: 'Settled After Institution' }],
      }),
    ).toBe(true);
  });
  it('reads a trial that outlived its institution decision and then settled, was dismissed or lost by adverse judgment as instituted', () => {
    // The retired v2 API's proceedings: status, institution decision date, and the decision date that ended the trial.
    const ended = { institutionDecisionDate: '2016-09-14', terminationDate: '2017-07-06' };
    expect(instituted({ ...base, ...ended, status: 'Terminated-Settled' })).toBe(true);
    expect(instituted({ ...base, ...ended, status: 'Terminated-Dismissed' })).toBe(true);
    expect(instituted({ ...base, ...ended, status: 'Terminated-Adverse Judgment' })).toBe(true);
    // Settled the day of the institution decision: that decision may have been either.
    expect(
      instituted({ ...base, status: 'Terminated-Settled', institutionDecisionDate: '2017-07-06', terminationDate: '2017-07-06' }),
    ).toBeNull();
    expect(instituted({ ...base, status: 'Not Instituted' })).toBe(false);
  });
  it('is null while undecided or when nothing tells', () => {
    expect(instituted({ ...base, status: 'Pending' })).toBeNull();
    // "Terminated" alone: a denial followed by a refused rehearing ends after the institution decision too.
    expect(instituted({ ...base, status: 'Terminated', institutionDecisionDate: '2025-01-01', terminationDate: '2025-06-01' })).toBeNull();
  });
});

describe('latestFinalDecision', () => {
  it('takes the latest final written decision (a decision on remand replaces the original)', () => {
    const decisions = [
      { kind: 'final_written_decision' as const, date: '2023-05-01', id: 'original' },
      { kind: 'appeal_mandate' as const, date: '2025-01-01', id: 'mandate' },
      { kind: 'final_written_decision' as const, date: '2026-04-22', id: 'remand' },
    ];
    expect(latestFinalDecision(decisions)?.id).toBe('remand');
    expect(latestFinalDecision(decisions.slice(1, 2))).toBeNull();
  });
});

describe('decision texts', () => {
  it('tells the placeholder and the truncated OCR text', () => {
    expect(isFailedUploadText('upload to S3 failed')).toBe(true);
    expect(isFailedUploadText('Trials@uspto.gov Paper 13')).toBe(false);
    expect(isTruncatedText('MITCHELL, Administ ...')).toBe(true);
    expect(isTruncatedText('the end.')).toBe(false);
  });
});

describe('claimsOutcome of a text cut short', () => {
  it('reads a last word cut mid-way', () => {
    expect(claimsOutcome(null, 'JUDGMENT \nFinal Written Decision \n\nDetermining All Challenged Claims Unpaten ...')).toBe(
      'all_unpatentable',
    );
  });
});

describe('claimsOutcome of a title the office cut', () => {
  it.each([
    ['JUDGMENT Final Written Decision Determining All Challenged Claims Un …', 'all_unpatentable'],
    ['Final Written Decision Determining All Challenged Claims Un…', 'all_unpatentable'],
    ['Final Written Decision:  Final Written Decision Determining No Challenged Claims Unpa ...', 'none_unpatentable'],
    ['Final Written Decision Determining Not All Challenged Claims Un', 'some_unpatentable'],
    // Cut before the holding's last word says anything: "U" could begin more than one word, "Claims" ends nothing.
    ['Final Written Decision Determining All Challenged Claims U …', null],
    ['Final Written Decision Determining All Challenged Claims …', null],
  ] as const)('%s → %s', (title, outcome) => {
    expect(claimsOutcome(title)).toBe(outcome);
  });
});

describe('isDecisionDocument', () => {
  // Each line: a v2 documents record as the office printed it (filing party, category, type).
  it.each([
    ['BOARD', 'FINAL', 'Final Written Decision:  original', true],
    ['BOARD', 'DECISION', 'Institution Decision:  Grant', true],
    ['BOARD', 'RESPONSE', 'Director Discretionary Decision: Deny', true],
    ['BOARD', 'OTHER', 'Other: Fed Circuit mandate', true],
    [null, 'TERMINATE', 'TERMINATE', true],
    ['BOARD', 'ORDER', 'Order:  Other', false],
    ['BOARD', 'OTHER', 'Other:  Hearing transcript', false],
    ['BOARD', 'NOTICE', 'Notice:  refund approved', false],
    ['PETITIONER', 'NOTICE', 'Notice:  notice of appeal', false],
    ['PETITIONER', 'MOTION', 'Motion:  to Terminate', false],
    ['PATENT OWNER', 'DECISION', 'Request for Rehearing', false],
  ] as const)('%s %s %s → %s', (filingParty, category, typeDescription, expected) => {
    expect(isDecisionDocument({ filingParty, category, typeDescription })).toBe(expected);
  });
});

describe('statusEndsTrial', () => {
  it('tells the statuses of a trial that is over', () => {
    for (const status of ['Terminated-Settled', 'Terminated-Denied', 'Final Written Decision - Appealed', 'FWD Entered', 'Terminated'])
      expect(statusEndsTrial(status), status).toBe(true);
    for (const status of ['Instituted', 'Trial Instituted', 'Pending', 'Filing Date Accorded', null])
      expect(statusEndsTrial(status), String(status)).toBe(false);
  });
});

describe('standingClaimsOutcome', () => {
  const board = {
    kind: 'final_written_decision' as const,
    date: '2023-04-10',
    outcome: 'Final Written Decision',
    claimsOutcome: 'all_unpatentable' as const,
  };
  const mandate = (outcome: string | null, date = '2026-06-05') => ({
    kind: 'appeal_mandate' as const,
    date,
    outcome,
    claimsOutcome: null,
  });

  it('keeps the Board’s holding when the Federal Circuit affirms it, or when its mandate does not say', () => {
    expect(standingClaimsOutcome([board, mandate('Affirmed')])).toBe('all_unpatentable');
    expect(standingClaimsOutcome([mandate(null), board])).toBe('all_unpatentable');
    expect(standingClaimsOutcome([board])).toBe('all_unpatentable');
    expect(standingClaimsOutcome([mandate('Affirmed')])).toBeNull();
  });
  it('leaves no holding standing once the mandate reverses, vacates or remands it, until a decision on remand', () => {
    for (const outcome of ['Affirmed/Reversed in Part', 'Remanded-in part', 'Vacated', 'Reversed'])
      expect(standingClaimsOutcome([board, mandate(outcome)]), outcome).toBeNull();
    const onRemand = {
      ...board,
      date: '2026-04-22',
      outcome: 'Final Written Decision On CAFC Remand',
      claimsOutcome: 'some_unpatentable' as const,
    };
    expect(standingClaimsOutcome([board, mandate('Vacated', '2025-01-01'), onRemand])).toBe('some_unpatentable');
  });
});

describe('leadParty', () => {
  it('drops the et al. the office appends', () => {
    expect(leadParty('Samsung Electronics Co., Ltd. et al.')).toBe('Samsung Electronics Co., Ltd.');
    expect(leadParty('Beckman Coulter, Inc. et al')).toBe('Beckman Coulter, Inc.');
    expect(leadParty('ZYDUS LIFESCIENCES LIMITED ET AL.')).toBe('ZYDUS LIFESCIENCES LIMITED');
    expect(leadParty('Apple Inc.')).toBe('Apple Inc.');
  });
});
