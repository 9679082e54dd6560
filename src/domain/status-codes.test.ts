import { describe, expect, it } from 'vitest';
import { STATUS_CATEGORIES, type StatusCategory } from './status-categories.js';
import { STATUS_DESCRIPTIONS, statusBucket, statusCategory, type StatusBucket } from './status-codes.js';

// Expectations are transcribed independently of status-code-table.ts, from DOMAIN-RULES §4.1
// (one entry per table row; range rows expanded to the codes they name) and from
// samples/code-tables/*.csv (paths relative to /work/shared/samples).

const DOMAIN_RULES_ROWS: ReadonlyArray<readonly [number, StatusCategory]> = [
  [1, 'other'],
  [3, 'other'],
  [11, 'pending'],
  [12, 'pending'],
  [16, 'pending'],
  [17, 'pending'],
  [18, 'pending'],
  [19, 'pending'],
  [20, 'pending'],
  [21, 'pending'],
  [25, 'pending'],
  [27, 'pending'],
  [28, 'pending'],
  [29, 'pending'],
  [30, 'pending'],
  [31, 'pending'],
  [37, 'pending'],
  [38, 'pending'],
  [39, 'pending'],
  [40, 'pending'],
  [41, 'pending'],
  [50, 'pending'],
  [51, 'pending'],
  [60, 'pending'],
  [61, 'pending'],
  [66, 'pending'],
  [71, 'pending'],
  [77, 'pending'],
  [80, 'pending'],
  [82, 'pending'],
  [83, 'pending'],
  [89, 'allowed'],
  [90, 'allowed'],
  [91, 'pending'],
  [92, 'allowed'],
  [93, 'allowed'],
  [94, 'allowed'],
  [95, 'allowed'],
  [98, 'allowed'],
  [99, 'allowed'],
  [100, 'allowed'],
  [116, 'pending'],
  [119, 'pending'],
  [120, 'pending'],
  [121, 'pending'],
  [122, 'pending'],
  [123, 'pending'],
  [124, 'pending'],
  [125, 'pending'],
  [127, 'pending'],
  [128, 'pending'],
  [130, 'pending'],
  [131, 'pending'],
  [132, 'pending'],
  [133, 'pending'],
  [135, 'pending'],
  [136, 'pending'],
  [139, 'pending'],
  [140, 'pending'],
  [143, 'pending'],
  [144, 'pending'],
  [150, 'granted'],
  [151, 'granted'],
  [159, 'provisional'],
  [160, 'abandoned'],
  [161, 'abandoned'],
  [162, 'abandoned'],
  [163, 'abandoned'],
  [164, 'abandoned'],
  [165, 'pending'],
  [166, 'abandoned'],
  [167, 'abandoned'],
  [168, 'abandoned'],
  [169, 'abandoned'],
  [170, 'abandoned'],
  [172, 'pending'],
  [174, 'pending'],
  [180, 'pending'],
  [195, 'pending'],
  [197, 'other'],
  [218, 'pct'],
  [250, 'expired'],
  [311, 'pending'],
  [566, 'pct'],
];

// The three range rows of §4.1 (reexam 408–454, supplemental exam 650–680, inter partes
// 809–871), every code they name.
const PROCEEDING_CODES = [
  408, 412, 414, 416, 420, 421, 422, 423, 424, 425, 432, 435, 450, 452, 454, 650, 652, 660, 670, 680, 809, 816, 823, 850, 854, 871,
];

// samples/code-tables/application-status-codes.observed.csv, verbatim (218 appears twice,
// once with a trailing space).
const OBSERVED_CSV: ReadonlyArray<readonly [number, string]> = [
  [1, 'Missassigned Application Number'],
  [3, 'Proceedings Terminated'],
  [11, 'Hague Application under International Review'],
  [12, 'Pre-Exam Transmittal Review Complete (Hague)'],
  [16, 'Waiting for LR clearance'],
  [17, 'Sent to Classification contractor'],
  [18, 'Application Returned back to Preexam'],
  [19, 'Application Undergoing Preexam Processing'],
  [20, 'Application Dispatched from Preexam, Not Yet Docketed'],
  [21, 'Lost Image Document Mailed'],
  [25, 'TSS review complete'],
  [27, 'UNDOCKETED TRACK 1'],
  [28, 'Rocket Docket PREX'],
  [29, 'Queue Mass Docket'],
  [30, 'Docketed New Case - Ready for Examination'],
  [31, 'AWAITING RESPONSE FOR INFORMALITY, FEE DEFICIENCY OR CRF ACTION'],
  [37, 'Special New'],
  [38, 'Rocket Docket'],
  [39, 'Special New (Pilot)'],
  [40, 'Non Final Action Counted, Not Yet Mailed'],
  [41, 'Non Final Action Mailed'],
  [50, 'Ex parte Quayle Action Counted, Not Yet Mailed'],
  [51, 'Ex parte Quayle Action Mailed'],
  [60, 'Final Rejection Counted, Not Yet Mailed'],
  [61, 'Final Rejection Mailed'],
  [89, 'Allowance Counted'],
  [150, 'Patented Case'],
  [159, 'Provisional Application Expired'],
  [160, 'Abandoned  --  Incomplete Application (Pre-examination)'],
  [161, 'Abandoned  --  Failure to Respond to an Office Action'],
  [218, 'RO PROCESSING COMPLETED-PLACED IN STORAGE'],
  [218, 'RO PROCESSING COMPLETED-PLACED IN STORAGE '],
  [250, 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362'],
  [412, 'Reexam Assigned to Examiner for Determination'],
];

// Observed codes deliberately left 'other':
//   1   Missassigned Application Number (data artefact)
//   3   Proceedings Terminated (ambiguous, §4.3; decide from transactions)
//   412 Reexam Assigned to Examiner for Determination (a reexam proceeding, not the patent)
const OBSERVED_LEFT_OTHER = new Set([1, 3, 412]);

// Codes of samples/code-tables/application-status-codes.third-party-list.csv.
const THIRD_PARTY_CODES = [
  1, 17, 18, 19, 20, 30, 31, 37, 40, 41, 50, 51, 60, 61, 66, 80, 82, 83, 90, 91, 93, 94, 95, 98, 99, 100, 116, 119, 120, 122, 123, 124, 125,
  127, 130, 135, 136, 140, 143, 150, 151, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 170, 174, 195, 197, 250, 311, 408, 412, 414,
  416, 418, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 432, 433, 435, 436, 437, 440, 441, 444, 445, 450, 452, 454, 650, 652, 660,
  670, 680, 809, 816, 818, 820, 822, 823, 825, 827, 837, 850, 854, 857, 871,
];

describe('statusCategory: DOMAIN-RULES §4.1 rows', () => {
  it.each(DOMAIN_RULES_ROWS)('code %i → %s', (code, category) => {
    expect(statusCategory(code)).toBe(category);
  });
  it.each(PROCEEDING_CODES)('reexam / supplemental exam code %i → other', (code) => {
    expect(statusCategory(code)).toBe('other');
  });
});

describe('statusCategory: traps (§0, §4.3)', () => {
  it('150 Patented Case stays granted even when the term has ended (trap 8)', () => {
    expect(statusCategory(150, 'Patented Case')).toBe('granted');
  });
  it('250 is expired (non-payment of maintenance fees), not granted', () => {
    expect(statusCategory(250, 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362')).toBe('expired');
  });
  it('61 Final Rejection Mailed and 120 Notice of Appeal Filed are pending, not dead', () => {
    expect(statusCategory(61)).toBe('pending');
    expect(statusCategory(120)).toBe('pending');
  });
  it('159 Provisional Application Expired is provisional, not expired', () => {
    expect(statusCategory(159, 'Provisional Application Expired')).toBe('provisional');
  });
  it('165 ABANDONED - RESTORED is pending despite its wording', () => {
    expect(statusCategory(165, 'ABANDONED - RESTORED')).toBe('pending');
  });
  // §4.3 known-bad maps: "30 = Patented Case", "160 = RCE Filed", "250 = Certificate of
  // Correction Filed", "31 = Non-Final Action Mailed", "50 = Patent Issued", "60 = Abandoned".
  it.each([
    [30, 'pending'],
    [160, 'abandoned'],
    [250, 'expired'],
    [31, 'pending'],
    [50, 'pending'],
    [60, 'pending'],
  ] as const)('known-bad public map corrected: %i → %s', (code, category) => {
    expect(statusCategory(code)).toBe(category);
  });
  it('keys on the code: a known code ignores a contradicting description', () => {
    expect(statusCategory(150, 'Abandoned  --  Failure to Respond to an Office Action')).toBe('granted');
    expect(statusCategory(30, 'Patented Case')).toBe('pending');
  });
  it('an unknown reexam-series code stays other whatever its text (§4.3)', () => {
    expect(statusCategory(453, 'Reexamination Certificate Issued')).toBe('other');
    expect(statusCategory(855, 'Patented Case')).toBe('other');
  });
  it('an unknown code outside the proceeding spans falls back on its text', () => {
    expect(statusCategory(567, 'PCT - ISA Form Mailed')).toBe('pct');
    expect(statusCategory(499, 'Abandoned -- A New Reason')).toBe('abandoned');
  });
});

describe('statusCategory: description fallback for missing or unknown codes', () => {
  it.each([
    // Real texts from the code-tables CSVs, with the ODP spacing quirks.
    ['Abandoned  --  Failure to Respond to an Office Action', 'abandoned'],
    ['Abandoned -- Incomplete Application (Pre-examination)', 'abandoned'],
    ['Expressly Abandoned -- During Examination', 'abandoned'],
    ['Abandonment for Failure to Correct Drawings/Oath/NonPub Request', 'abandoned'],
    ['Renounced-International design application designating the U.S. renounced under the Hague Agreement', 'abandoned'],
    ['Patented Case', 'granted'],
    ['patented case', 'granted'],
    ['Patented File - (Old Case Added for File Tracking Purposes)', 'granted'],
    ['Patent Expired Due to Non Payment of Maintenance Fees Under 37 CFR 1.362', 'expired'],
    ['Provisional Application Expired', 'provisional'],
    ['RO PROCESSING COMPLETED-PLACED IN STORAGE ', 'pct'],
    ['Allowed -- Notice of Allowance Not Yet Mailed', 'allowed'],
    ['Non Final Action Mailed', 'pending'],
    ['Docketed New Case - Ready for Examination', 'pending'],
    ['Hague Application under International Review', 'pending'],
    ['Withdrawn Abandonment, awaiting examiner action', 'pending'],
    ['Abandoned - Restored', 'pending'],
    // Description-only rows of §4.1 (codes unconfirmed).
    ['PCT - Docketed Chapter 1 Case', 'pct'],
    ['PCT Search report ready for mailing', 'pct'],
    ['International Application Withdrawn', 'pct'],
    ['Utility Application Converted into a Provisional Application', 'provisional'],
    ['Defensive Publication or SIR File', 'other'],
    ['Pre-PALM Application Added to Data Base', 'other'],
    // Shared by an application code and a reexam code with different categories (83/428,
    // 120/432): the text alone cannot decide.
    ['Advisory Action Mailed', 'other'],
    ['Notice of Appeal Filed', 'other'],
  ] as const)('%j → %s', (description, category) => {
    expect(statusCategory(null, description)).toBe(category);
    expect(statusCategory(9999, description)).toBe(category);
  });

  it.each([
    // Texts in no table: the patterns decide.
    ['PCT - Some New International Phase Step', 'pct'],
    ['Patent Expired Due to Something New', 'expired'],
    ['Abandoned -- A New Reason', 'abandoned'],
    ['Abandoned -- Revived After Petition', 'other'],
    ['Converted to a Non-Provisional Application', 'other'],
    ['Hague Application under International Examination', 'other'],
    ['Some Status Nobody Has Seen', 'other'],
  ] as const)('pattern: %j → %s', (description, category) => {
    expect(statusCategory(null, description)).toBe(category);
  });

  it('is other without code or text', () => {
    expect(statusCategory(null)).toBe('other');
    expect(statusCategory(null, null)).toBe('other');
    expect(statusCategory(null, '   ')).toBe('other');
    expect(statusCategory(9999)).toBe('other');
  });
});

describe('observed and listed codes', () => {
  it.each(OBSERVED_CSV)('observed code %i (%j) has a category other than other, unless listed', (code, text) => {
    const category = statusCategory(code, text);
    expect(STATUS_CATEGORIES).toContain(category);
    if (OBSERVED_LEFT_OTHER.has(code)) expect(category).toBe('other');
    else expect(category).not.toBe('other');
  });

  it('every third-party-listed code is in the table, with a description', () => {
    const missing = THIRD_PARTY_CODES.filter((code) => !STATUS_DESCRIPTIONS.has(code));
    expect(missing).toEqual([]);
  });

  it('keeps the ODP text verbatim (double spaces), without trailing spaces', () => {
    expect(STATUS_DESCRIPTIONS.get(160)).toBe('Abandoned  --  Incomplete Application (Pre-examination)');
    expect(STATUS_DESCRIPTIONS.get(218)).toBe('RO PROCESSING COMPLETED-PLACED IN STORAGE');
    expect(STATUS_DESCRIPTIONS.get(1)).toBe('Missassigned Application Number');
    for (const text of STATUS_DESCRIPTIONS.values()) expect(text).toBe(text.trim());
  });

  it('every observed ODP text matches the table text once whitespace is normalized', () => {
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    for (const [code, text] of OBSERVED_CSV) expect(norm(STATUS_DESCRIPTIONS.get(code) ?? '')).toBe(norm(text));
  });
});

describe('statusBucket (interface-spec §2 portfolio rows)', () => {
  const examined = { granted: false, examined: true };
  const unexamined = { granted: false, examined: false };
  const granted = { granted: true, examined: true };

  it.each([
    ['allowed folds into pending', 'allowed', examined, 'pending'],
    ['allowed is pending even without an examined fact (an allowance is an examination)', 'allowed', unexamined, 'pending'],
    ['examined pending stays pending', 'pending', examined, 'pending'],
    ['never-examined pending folds into other', 'pending', unexamined, 'other'],
    ['examined abandoned stays abandoned', 'abandoned', examined, 'abandoned'],
    ['abandoned before examination folds into other', 'abandoned', unexamined, 'other'],
    ['granted is granted', 'granted', granted, 'granted'],
    ['granted stays granted whatever the facts say', 'granted', unexamined, 'granted'],
    ['expired after grant folds into granted', 'expired', granted, 'granted'],
    ['expired without a grant on record folds into other', 'expired', examined, 'other'],
    ['provisional folds into other', 'provisional', unexamined, 'other'],
    ['pct folds into other', 'pct', unexamined, 'other'],
    ['other stays other', 'other', granted, 'other'],
  ] as const)('%s', (_name, category, facts, bucket) => {
    expect(statusBucket(category, facts)).toBe(bucket);
  });

  it('every category lands in one of the four buckets', () => {
    const buckets: StatusBucket[] = ['pending', 'granted', 'abandoned', 'other'];
    for (const category of STATUS_CATEGORIES) {
      for (const facts of [examined, unexamined, granted]) expect(buckets).toContain(statusBucket(category, facts));
    }
  });

  it('250 with its grant on record counts as granted, 150 as granted', () => {
    expect(statusBucket(statusCategory(250), granted)).toBe('granted');
    expect(statusBucket(statusCategory(150), granted)).toBe('granted');
    expect(statusBucket(statusCategory(89), examined)).toBe('pending');
    expect(statusBucket(statusCategory(159), unexamined)).toBe('other');
  });
});
