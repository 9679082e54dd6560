import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, TRANSACTION_EVENT_TYPES, transactionEventType, type EventType } from './transaction-codes.js';

// One entry per code named in DOMAIN-RULES §5.1, transcribed independently of the source
// table. null marks the codes that deliberately produce no event of their own: counted twins of
// mailed actions, the §5.1 status_change rows, maintenance and PTAB trial codes (see the header
// of transaction-codes.ts for why).
const DOMAIN_RULES_ROWS: ReadonlyArray<readonly [string, EventType | null]> = [
  // office actions: mailed maps, counted is null (§0 trap 6, §5.2)
  ['CTNF', null],
  ['MCTNF', 'office_action'],
  ['CTFR', null],
  ['MCTFR', 'office_action'],
  ['CTRS', null],
  ['MCTRS', 'office_action'],
  ['CTEQ', null],
  ['MCTEQ', 'office_action'],
  ['CTAV', null],
  ['MCTAV', 'office_action'],
  ['CTMS', null],
  ['MCTMS', 'office_action'],
  ['NRES', null],
  ['MNRES', 'office_action'],
  ['W/AC', null],
  ['MW/AC', null],
  ['INCR', 'office_action'],
  ['NINA', 'office_action'],
  // allowance
  ['N/=.', null],
  ['MN/=.', 'allowance'],
  ['C/N=', null],
  ['MC/N=', 'allowance'],
  ['CNOA', null],
  ['MCNOA', 'allowance'],
  ['EX.R', null],
  ['MEX.R', null],
  ['EX.A', null],
  ['MEX.A', null],
  // abandonment
  ['ABN2', null],
  ['MABN2', 'abandonment'],
  ['ABN6', null],
  ['MABN6', 'abandonment'],
  ['ABN7', null],
  ['MABN7', 'abandonment'],
  ['ABN10', null],
  ['MABN10', 'abandonment'],
  ['DABN', 'abandonment'],
  ['ABN9', null],
  ['NRAB', null],
  ['MNRAB', null],
  ['PREV', null],
  ['MPREV', null],
  // RCE and continuations
  ['RCEX', 'rce'],
  ['BRCE', null],
  ['FRCE', null],
  ['IRCE', null],
  ['ACPA', 'continuation_filed'],
  // responses
  ['A...', 'response_filed'],
  ['A.NE', 'response_filed'],
  ['A.QU', 'response_filed'],
  ['A.PE', 'response_filed'],
  ['A.NA', 'response_filed'],
  ['A.I.', 'response_filed'],
  ['ELC.', 'response_filed'],
  ['SA..', 'response_filed'],
  ['AF/D', 'response_filed'],
  ['XT/G', null],
  // appeal
  ['N/AP', 'appeal'],
  ['AP.B', 'appeal'],
  ['APBD', 'appeal'],
  ['APBI', 'appeal'],
  ['AP.C', 'appeal'],
  ['APCA', null],
  ['MAPCA', 'appeal'],
  ['APCP', null],
  ['MAPCP', 'appeal'],
  ['APCR', null],
  ['MAPCR', 'appeal'],
  ['APEA', null],
  ['MAPEA', 'appeal'],
  ['APRB', 'appeal'],
  ['RBNE', null],
  ['MRBNE', 'appeal'],
  ['APWD', 'appeal'],
  ['TCWD', 'appeal'],
  ['APAS', 'appeal'],
  ['AP_DK_M', 'appeal'],
  ['APDA', null],
  ['MAPDA', 'appeal'],
  ['APDR', null],
  ['MAPDR', 'appeal'],
  ['AP/A', 'response_filed'],
  // interview: the record maps, the mailing is null (mailings are fewer than records)
  ['EXIN', 'interview'],
  ['MEXIN', null],
  ['EXIA', 'interview'],
  ['MEXIA', null],
  ['EXAT', 'interview'],
  ['MEXAT', null],
  ['EXAC', 'interview'],
  ['EXET', 'interview'],
  ['MEXET', null],
  ['EXIE', 'interview'],
  ['M865', 'interview'],
  ['M865E', 'interview'],
  // terminal disclaimer
  ['DIST', 'terminal_disclaimer'],
  ['DISQ', 'terminal_disclaimer'],
  ['N574', null],
  ['MN574', 'terminal_disclaimer'],
  ['P574', 'terminal_disclaimer'],
  ['N575', null],
  ['MN575', 'terminal_disclaimer'],
  ['P575', 'terminal_disclaimer'],
  // issue and grant
  ['IFEE', null],
  ['N084', 'issue_fee_paid'],
  ['VFEE', null],
  ['PILS', null],
  ['WPIR', null],
  ['PGM/', 'grant'],
  ['EPG/', null],
  ['EPG_NTF', null],
  ['MEPG_NTF', null],
  // publication
  ['PG-ISSUE', 'publication'],
  ['PG-PB-DT', null],
  ['PG-RQST', null],
  ['PG-SUBM', null],
  ['EPRQ', null],
  ['NPRQ', null],
  ['RESC', null],
  ['PGPC', null],
  // patent term adjustment
  ['PTA.RFE', 'pta'],
  ['PTAC', 'pta'],
  // docketing and workflow
  ['DOCK', null],
  ['OIPE', null],
  ['COMP', null],
  ['IEXX', null],
  ['FWDX', null],
  ['SCAN', null],
  // maintenance fees (computed maintenance_* events, not transaction events)
  ['M1551', null],
  ['M1552', null],
  ['M1553', null],
  ['M2551', null],
  ['M2552', null],
  ['M2553', null],
  ['M1555', null],
  ['M2556', null],
  ['M2558', null],
  ['REM.', null],
  ['EXP.', null],
  ['PMFP', null],
  ['PMFG', null],
  ['MPMFG', null],
  // PTAB trial links (ptab_* events come from PTAB data)
  ['TRIALPET', null],
  ['TRIALGRT', null],
  ['TRIALDEN', null],
  ['TRIALFWD', null],
  ['TRIALCER', null],
  ['REVCM', null],
];

describe('EVENT_TYPES', () => {
  it('is exactly the 19 monitor-selectable types of interface-spec §6', () => {
    expect([...EVENT_TYPES].sort()).toEqual(
      [
        'office_action',
        'allowance',
        'abandonment',
        'rce',
        'appeal',
        'issue_fee_paid',
        'grant',
        'publication',
        'response_filed',
        'interview',
        'terminal_disclaimer',
        'pta',
        'status_change',
        'assignment',
        'ptab_petition',
        'ptab_decision',
        'maintenance_due',
        'maintenance_lapse',
        'continuation_filed',
      ].sort(),
    );
    expect(new Set(EVENT_TYPES).size).toBe(19);
  });
});

describe('transactionEventType: DOMAIN-RULES §5.1 rows', () => {
  it.each(DOMAIN_RULES_ROWS)('%s → %s', (code, type) => {
    expect(transactionEventType(code)).toBe(type);
  });
});

describe('transactionEventType: traps', () => {
  it('ABN9 (disposal for an RCE/CPA) is not an abandonment (trap 7)', () => {
    expect(transactionEventType('ABN9')).toBeNull();
    expect(transactionEventType('RCEX')).toBe('rce');
  });
  it('PGPC (sent to classification contractor) is not a publication (trap 7)', () => {
    expect(transactionEventType('PGPC')).toBeNull();
    expect(transactionEventType('PG-ISSUE')).toBe('publication');
  });
  it('one office action yields one event: MCTNF maps, CTNF does not (trap 6)', () => {
    expect(transactionEventType('MCTNF')).toBe('office_action');
    expect(transactionEventType('CTNF')).toBeNull();
  });
  it('one notice of allowance yields one event: MN/=. maps, N/=. does not (trap 6)', () => {
    expect(transactionEventType('MN/=.')).toBe('allowance');
    expect(transactionEventType('N/=.')).toBeNull();
  });
  it('each counted/mailed pair in the table has exactly one mapped member', () => {
    for (const [code, type] of TRANSACTION_EVENT_TYPES) {
      if (!code.startsWith('M') || code.startsWith('M865')) continue;
      const twin = code.slice(1);
      if (DOMAIN_RULES_ROWS.some(([c]) => c === twin)) expect([code, type, transactionEventType(twin)]).toEqual([code, type, null]);
    }
  });
});

describe('transactionEventType: input handling', () => {
  it('trims and case-folds the code', () => {
    expect(transactionEventType(' mctnf ')).toBe('office_action');
    expect(transactionEventType('pgm/')).toBe('grant');
    expect(transactionEventType('a.ne\t')).toBe('response_filed');
    expect(transactionEventType('big.')).toBeNull();
  });
  it('is null for unknown and empty codes', () => {
    expect(transactionEventType('')).toBeNull();
    expect(transactionEventType('   ')).toBeNull();
    expect(transactionEventType('ZZZZ')).toBeNull();
    // Observed codes with no event: entity status, IDS, filing receipts.
    for (const code of ['BIG.', 'SMAL', 'WIDS', 'IDSC', 'FLRCPT.O', 'EML_NTF', 'ASGMT']) {
      expect(transactionEventType(code)).toBeNull();
    }
  });
});

describe('TRANSACTION_EVENT_TYPES', () => {
  it('holds only upper-case, trimmed codes and monitor-selectable types', () => {
    for (const [code, type] of TRANSACTION_EVENT_TYPES) {
      expect(code).toBe(code.trim().toUpperCase());
      expect(EVENT_TYPES).toContain(type);
    }
  });
  it('maps every code that the §5.1 transcription maps, and no other', () => {
    const expected = DOMAIN_RULES_ROWS.filter(([, type]) => type !== null).map(([code]) => code);
    expect([...TRANSACTION_EVENT_TYPES.keys()].sort()).toEqual(expected.sort());
  });
});
