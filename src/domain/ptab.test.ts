import { describe, expect, it } from 'vitest';
import {
  leadParty,
  claimsOutcome,
  type DecisionTexts,
  decisionKind,
  instituted,
  isFailedUploadText,
  isTruncatedText,
  latestFinalDecision,
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
  it('is null while undecided or when nothing tells', () => {
    expect(instituted({ ...base, status: 'Pending' })).toBeNull();
    expect(
      instituted({ ...base, status: 'Terminated-Settled', institutionDecisionDate: '2025-01-01', terminationDate: '2025-06-01' }),
    ).toBeNull();
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

describe('leadParty', () => {
  it('drops the et al. the office appends', () => {
    expect(leadParty('Samsung Electronics Co., Ltd. et al.')).toBe('Samsung Electronics Co., Ltd.');
    expect(leadParty('Beckman Coulter, Inc. et al')).toBe('Beckman Coulter, Inc.');
    expect(leadParty('ZYDUS LIFESCIENCES LIMITED ET AL.')).toBe('ZYDUS LIFESCIENCES LIMITED');
    expect(leadParty('Apple Inc.')).toBe('Apple Inc.');
  });
});
