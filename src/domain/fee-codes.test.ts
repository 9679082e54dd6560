import { describe, expect, it } from 'vitest';
import { BUILT_IN_FEE_CODES, classifyFeeCode, parseFeeCodeDescriptions, type FeeCodeMeaning } from './fee-codes.js';

// "kind stage entity", then "petition", "↩reversed-code" and "→new-entity-status" when set.
function summary(meaning: FeeCodeMeaning | null): string {
  if (!meaning) return 'unknown';
  const { kind, stage, entity, petition, reverses, entityChange } = meaning;
  return [
    kind,
    stage ?? '-',
    entity ?? '-',
    petition ? 'petition' : '',
    reverses ? `↩${reverses}` : '',
    entityChange ? `→${entityChange}` : '',
  ]
    .filter((part) => part !== '')
    .join(' ');
}

// Every built-in code, read off the official descriptions independently of the classifier's
// rules (DOMAIN-RULES §2.5 and the brief's stage assignments for codes whose text names none).
const EXPECTED: ReadonlyArray<readonly [codes: string, meaning: string]> = [
  ['M1551 M183 F173', 'paid 1 large'],
  ['M1552 M184 F174', 'paid 2 large'],
  ['M1553 M185 F175', 'paid 3 large'],
  ['M2551 M283 M273 F273', 'paid 1 small'],
  ['M2552 M284 M274 F274', 'paid 2 small'],
  ['M2553 M285 M275 F275', 'paid 3 small'],
  ['M3551', 'paid 1 micro'],
  ['M3552', 'paid 2 micro'],
  ['M3553', 'paid 3 micro'],
  ['M170 M173 F170', 'paid 1 -'],
  ['M171 M174 F171', 'paid 2 -'],
  ['M172 M175 F172', 'paid 3 -'],
  ['M1559', 'paid - large'],
  ['M695', 'paid - -'],
  ['M1554', 'surcharge 1 large'],
  ['M1555 M181', 'surcharge 2 large'],
  ['M1556 M182', 'surcharge 3 large'],
  ['M2554', 'surcharge 1 small'],
  ['M2555 M281', 'surcharge 2 small'],
  ['M2556 M282', 'surcharge 3 small'],
  ['M3554', 'surcharge 1 micro'],
  ['M3555', 'surcharge 2 micro'],
  ['M3556', 'surcharge 3 micro'],
  ['M176 M177 F176', 'surcharge - -'],
  ['F177 M186', 'surcharge - large'],
  ['M277 F277 M286', 'surcharge - small'],
  ['M1557 M1558 M187 M188', 'surcharge - large petition'],
  ['M3557 M3558', 'surcharge - micro petition'],
  ['M178', 'surcharge - - petition'],
  ['REM.', 'reminder - -'],
  ['EXP.', 'expired - -'],
  ['EXPX', 'reinstated - -'],
  ['ASPN RMPN PMFP PMFG PMFD PMFS M1461 M699', 'other - -'],
  ['F160 F161 F162 F163 F164 F165 F166 F167 F168 F169', 'other - -'],
  ['SMAL SM01 SM02 SM03 LTOS MTOS', 'other - - →small'],
  ['MICR STOM', 'other - - →micro'],
  ['BIG. STOL LSM1 LSM2 LSM3', 'other - - →undiscounted'],
  ['R160 R161 R165 R169', 'refund - -'],
  ['R1461', 'refund - - ↩M1461'],
  ['R669', 'refund - - ↩M699'],
  ['R695', 'refund - - ↩M695'],
  ['R1559', 'refund - large ↩M1559'],
];

const REFUNDS_OF_ITS_M_TWIN = [
  'R1551 R1552 R1553 R1554 R1555 R1556 R1557 R1558 R170 R171 R172 R173 R174 R175 R176 R177 R178',
  'R181 R182 R183 R184 R185 R186 R187 R188 R2551 R2552 R2553 R2554 R2555 R2556 R273 R274 R275 R277',
  'R281 R282 R283 R284 R285 R286 R3551 R3552 R3553 R3554 R3555 R3556 R3557 R3558',
].flatMap((line) => line.split(' '));

describe('BUILT_IN_FEE_CODES', () => {
  it('holds the 155 official codes with descriptions kept verbatim', () => {
    expect(BUILT_IN_FEE_CODES.size).toBe(155);
    expect(BUILT_IN_FEE_CODES.get('BIG.')).toBe('Entity status set to Undiscounted (note the period is included in the code).');
    expect(BUILT_IN_FEE_CODES.get('EXP.')).toBe('Patent Expired for Failure to Pay Maintenance Fees.');
    expect(BUILT_IN_FEE_CODES.get('M275')).toBe('Payment of Maintenance Fee,12th Yr, Small Entity, PL 97-247.');
    expect(BUILT_IN_FEE_CODES.get('M1556')).toBe('11.5 yr surcharge- late pmt w/in 6 mo, Large Entity.');
    expect(BUILT_IN_FEE_CODES.get('STOL')).toBe('Pat Hldr no Longer Claims Small Ent Stat');
    expect(BUILT_IN_FEE_CODES.get('R2558')).toBe('Refund – Surcharge, Petition to Accept Payment After Expired, Unintentional.');
    expect(BUILT_IN_FEE_CODES.get('R286')).toBe('Refund - 3.5 yr surcharge - late pmt w/in 6 mo, Small Entity.');
  });
  it('keeps codes at 4–5 characters of capitals, digits and periods', () => {
    for (const code of BUILT_IN_FEE_CODES.keys()) expect(code).toMatch(/^[A-Z0-9][A-Z0-9.]{3,4}$/);
  });
});

describe('classifyFeeCode', () => {
  it('classifies every built-in code to something', () => {
    for (const code of BUILT_IN_FEE_CODES.keys()) expect(classifyFeeCode(code), code).not.toBeNull();
  });
  it('each built-in code means what its official description says', () => {
    const listed = [...EXPECTED.flatMap(([codes]) => codes.split(' ')), ...REFUNDS_OF_ITS_M_TWIN, 'R2558'];
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(BUILT_IN_FEE_CODES.keys()));
    for (const [codes, meaning] of EXPECTED)
      for (const code of codes.split(' ')) expect(summary(classifyFeeCode(code)), code).toBe(meaning);
  });
  it('a refund reverses its M twin and takes its stage and entity', () => {
    for (const refund of REFUNDS_OF_ITS_M_TWIN) {
      const twin = classifyFeeCode(`M${refund.slice(1)}`)!;
      const meaning = classifyFeeCode(refund)!;
      expect(meaning.reverses, refund).toBe(`M${refund.slice(1)}`);
      expect([meaning.kind, meaning.stage, meaning.entity, meaning.petition], refund).toEqual(['refund', twin.stage, twin.entity, false]);
    }
    expect(summary(classifyFeeCode('R1551'))).toBe('refund 1 large ↩M1551');
    expect(summary(classifyFeeCode('R170'))).toBe('refund 1 - ↩M170');
    expect(summary(classifyFeeCode('R286'))).toBe('refund - small ↩M286');
  });
  it('M186 and M286 name no stage: the sample pairs M186 with the 12th-year fee (4292311, 1993-04-05)', () => {
    expect(summary(classifyFeeCode('M186'))).toBe('surcharge - large');
    expect(summary(classifyFeeCode('M286'))).toBe('surcharge - small');
  });
  it('R2558 reverses M2558, which the Desc file lacks, and takes a small entity from its structure', () => {
    expect(summary(classifyFeeCode('R2558'))).toBe('refund - small ↩M2558');
    expect(classifyFeeCode('M2558')).toBeNull();
  });
  it('the current scheme M{entity}55{n}: entity digit and stage digit', () => {
    expect(classifyFeeCode('M2552')).toEqual({
      kind: 'paid',
      stage: 2,
      entity: 'small',
      petition: false,
      reverses: null,
      entityChange: null,
    });
    expect(summary(classifyFeeCode('M3556'))).toBe('surcharge 3 micro');
    expect(summary(classifyFeeCode('M1558'))).toBe('surcharge - large petition');
  });
  it('returns null for codes outside the table, never a guess', () => {
    for (const code of ['M2557', 'M276', 'MPMFG', 'XYZ', '', 'm1551', 'EXP']) expect(classifyFeeCode(code), code).toBeNull();
  });
  it('ignores the fixed-width padding after a code', () => {
    expect(summary(classifyFeeCode('EXP. '))).toBe('expired - -');
    expect(summary(classifyFeeCode('M170 '))).toBe('paid 1 -');
    expect(classifyFeeCode(' M170')).toBeNull();
  });
  it('returns meanings callers cannot change', () => {
    const meaning = classifyFeeCode('M1551')!;
    expect(() => {
      (meaning as FeeCodeMeaning).stage = 3;
    }).toThrow(TypeError);
    expect(classifyFeeCode('M1551')!.stage).toBe(1);
  });
});

describe('parseFeeCodeDescriptions', () => {
  it('reads codes padded to 5 columns, periods kept, with CRLF or LF and blank lines', () => {
    const text = [
      'ASPN  Payor Number Assigned.',
      'EXP.  Patent Expired for Failure to Pay Maintenance Fees.   ',
      '',
      'M1551 Payment of Maintenance Fee, 4th Year, Large Entity.',
      '   ',
      'M170  Payment of Maintenance Fee, 4th Year, PL 96-517.',
      'STOL  Pat Hldr no Longer Claims Small Ent Stat',
    ].join('\r\n');
    const { codes, rejects } = parseFeeCodeDescriptions(`${text}\r\nREM.  Maintenance Fee Reminder Mailed.\n`);
    expect(rejects).toEqual([]);
    expect([...codes]).toEqual([
      ['ASPN', 'Payor Number Assigned.'],
      ['EXP.', 'Patent Expired for Failure to Pay Maintenance Fees.'],
      ['M1551', 'Payment of Maintenance Fee, 4th Year, Large Entity.'],
      ['M170', 'Payment of Maintenance Fee, 4th Year, PL 96-517.'],
      ['STOL', 'Pat Hldr no Longer Claims Small Ent Stat'],
      ['REM.', 'Maintenance Fee Reminder Mailed.'],
    ]);
  });
  it('skips a byte-order mark before the first code', () => {
    expect([...parseFeeCodeDescriptions('\uFEFFBIG.  Entity status set to Undiscounted.').codes.keys()]).toEqual(['BIG.']);
  });
  it('rejects lines that do not fit the layout, with their 1-based line numbers', () => {
    const text = [
      'ASPN  Payor Number Assigned.',
      'ASPN Payor Number Assigned.', // single space: description would start in column 6
      'EXPX\tPatent Reinstated After Maintenance Fee Payment Confirmed.', // tab-separated
      '',
      'M1551',
      'M1551   Payment of Maintenance Fee, 4th Year, Large Entity.', // description in column 9
      'M1552X Payment of Maintenance Fee, 8th Year, Large Entity.', // 6-character code
      'REM   Maintenance Fee Reminder Mailed.', // 3 characters
      'ASPN  Payor Number Assigned again.',
      'M1553 Payment of Maintenance Fee, 12th Year, Large Entity.',
    ].join('\n');
    const { codes, rejects } = parseFeeCodeDescriptions(text);
    expect([...codes.keys()]).toEqual(['ASPN', 'M1553']);
    expect(codes.get('ASPN')).toBe('Payor Number Assigned.');
    expect(rejects.map((r) => r.line)).toEqual([2, 3, 5, 6, 7, 8, 9]);
    expect(rejects[0]).toEqual({ line: 2, reason: 'column 6 is not the space that ends the code', excerpt: 'ASPN Payor Number Assigned.' });
    expect(rejects[2]!.reason).toBe('no description after the code');
    expect(rejects[3]!.reason).toBe('the description does not start in column 7');
    expect(rejects[6]!.reason).toBe('code ASPN repeats line 1');
  });
  it('reads the built-in table back when written in the Desc layout', () => {
    const text = [...BUILT_IN_FEE_CODES].map(([code, description]) => `${code.padEnd(5)} ${description}\r\n`).join('');
    const { codes, rejects } = parseFeeCodeDescriptions(text);
    expect(rejects).toEqual([]);
    expect(codes).toEqual(BUILT_IN_FEE_CODES);
  });
});
