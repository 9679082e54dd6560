import { describe, expect, it } from 'vitest';
import { type ConveyanceType, conveyanceTypeOf, movesOwnership } from './conveyance.js';

// Texts marked (sample) are copied from samples/assignment-xml/ad20150727 and ad20160101.
const CASES: ReadonlyArray<readonly [string, ConveyanceType]> = [
  ['ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).', 'assignment'], // (sample)
  ['NUNC PRO TUNC ASSIGNMENT (SEE DOCUMENT FOR DETAILS).', 'assignment'], // (sample)
  ["ASSIGNMENT OF ASSIGNOR'S INTEREST", 'assignment'],
  ['SECURITY INTEREST (SEE DOCUMENT FOR DETAILS).', 'security_interest'], // (sample)
  ['SECURITY AGREEMENT', 'security_interest'], // (sample)
  ['PATENT SECURITY AGREEMENT', 'security_interest'], // (sample)
  ['SECOND SUPPLEMENT TO INTELLECTUAL PROPERTY SECURITY AGREEMENT', 'security_interest'], // (sample)
  ['LIEN (SEE DOCUMENT FOR DETAILS).', 'security_interest'], // (sample)
  ['ASSIGNMENT OF SECURITY INTEREST IN PATENTS', 'security_interest'],
  ['RELEASE BY SECURED PARTY (SEE DOCUMENT FOR DETAILS).', 'release'], // (sample)
  ['RELEASE OF SECURITY INTEREST', 'release'],
  ['TERMINATION AND RELEASE OF SECURITY INTEREST IN PATENTS', 'release'],
  ['TERMINATION OF PATENT SECURITY AGREEMENT', 'release'],
  ['MERGER (SEE DOCUMENT FOR DETAILS).', 'merger'], // (sample)
  ['MERGER AND CHANGE OF NAME', 'merger'],
  ['CHANGE OF NAME (SEE DOCUMENT FOR DETAILS).', 'change_of_name'], // (sample)
  ['CHANGE OF LEGAL FORM', 'change_of_name'], // (sample)
  ['ENTITY CONVERSION', 'change_of_name'],
  ['CHANGE OF ADDRESS', 'other'], // (sample)
  ['LICENSE (SEE DOCUMENT FOR DETAILS).', 'license'], // (sample)
  ['CONFIRMATORY LICENSE (SEE DOCUMENT FOR DETAILS).', 'license'], // (sample: licensee NSF, text silent)
  ['EXCLUSIVE LICENSE', 'license'],
  ['TERMINATION OF LICENSE AGREEMENT', 'other'], // (sample)
  [
    'CORRECTIVE ASSIGNMENT TO CORRECT THE OMISSION OF THE SECOND CONVEYING PARTY PREVIOUSLY RECORDED AT REEL: 027760 FRAME: 0925. ASSIGNOR(S) HEREBY CONFIRMS THE ASSIGNMENT.',
    'correction',
  ], // (sample)
  [
    "CORRECTION TO THE FIRST INVENTOR'S LAST NAME ON THE COVERSHEET FOR THE ASSIGNMENT RECORDED AT REEL/FRAME 036104/0803 ON JULY 14, 2015",
    'correction',
  ], // (sample)
  ['CORRECTIVE ASSIGNMENT TO CORRECT THE NATURE OF CONVEYANCE TO SECURITY INTEREST PREVIOUSLY RECORDED', 'correction'],
  ['GOVERNMENT INTEREST AGREEMENT', 'government_interest'], // (sample)
  ['CONFIRMATORY LICENSE TO THE GOVERNMENT', 'government_interest'],
  ['EXECUTIVE ORDER 9424, CONFIRMATORY LICENSE (SEE DOCUMENT FOR DETAILS).', 'government_interest'],
  ['COURT ORDER (SEE DOCUMENT FOR DETAILS).', 'other'],
  ['', 'other'],
];

describe('conveyanceTypeOf', () => {
  it.each(CASES)('%s → %s', (text, type) => {
    expect(conveyanceTypeOf(text)).toBe(type);
  });

  it('ignores case and runs of whitespace', () => {
    expect(conveyanceTypeOf('  release of\n   security interest ')).toBe('release');
    expect(conveyanceTypeOf('Nunc Pro Tunc\tAssignment')).toBe('assignment');
  });
});

describe('movesOwnership', () => {
  it('is true for assignments (nunc pro tunc ones included), mergers and changes of name only', () => {
    const all: ConveyanceType[] = [
      'assignment',
      'security_interest',
      'release',
      'merger',
      'change_of_name',
      'license',
      'correction',
      'government_interest',
      'other',
    ];
    expect(all.filter(movesOwnership)).toEqual(['assignment', 'merger', 'change_of_name']);
    expect(movesOwnership(conveyanceTypeOf('NUNC PRO TUNC ASSIGNMENT (SEE DOCUMENT FOR DETAILS).'))).toBe(true);
  });
});
