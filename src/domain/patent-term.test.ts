import { describe, expect, it } from 'vitest';
import { patentTerm, type ChainLink, type PtaRecord, type TermInput } from './patent-term.js';
import { termEnd } from './term-start.js';
import { expiryOf } from './term-expiry.js';

type Overrides = Omit<Partial<TermInput>, 'pta'> & { pta?: PtaRecord | null; printedPta?: number | null };

function term({ pta = null, printedPta = null, ...overrides }: Overrides) {
  return patentTerm({
    kind: 'utility',
    applicationNumber: '17248024',
    filingDate: '2021-01-26',
    grantDate: '2023-05-02',
    source: 'file wrapper',
    ancestors: [],
    pta: { fileWrapper: pta, printed: printedPta },
    terminalDisclaimers: [],
    original: null,
    ...overrides,
  });
}

const link = (
  parentOf: string,
  relationship: string,
  applicationNumber: string,
  filingDate: string | null,
  source = 'file wrapper',
): ChainLink => ({
  parentOf,
  relationship,
  applicationNumber,
  filingDate,
  source,
});

describe('termEnd', () => {
  it('is the same calendar date N years later', () => {
    expect(termEnd('2008-08-15', 20)).toBe('2028-08-15');
  });
  it('from 29 February: a leap year keeps it, other years end on 28 February', () => {
    expect(termEnd('2008-02-29', 20)).toBe('2028-02-29');
    expect(termEnd('2000-02-29', 15)).toBe('2015-02-28');
    expect(termEnd('1980-02-29', 17)).toBe('1997-02-28');
  });
});

describe('patentTerm: utility term start (§3.2)', () => {
  it('a continuation of a continuation of a national stage: the PCT filing date starts the term', () => {
    const ancestors = [
      link('17248024', 'CON', '16123456', '2018-10-01'),
      link('16123456', 'CON', '15000001', '2017-03-15'),
      link('15000001', 'NST', 'PCT/US2016/012345', '2016-01-10'),
      link('PCT/US2016/012345', 'PRO', '62100000', '2015-01-12'),
    ];
    const t = term({ ancestors, pta: { total: 30 } });
    expect(t.calculation[0]).toEqual({
      step: 'term start: filing date of PCT/US2016/012345, the earliest in the chain',
      value: '2016-01-10',
      source:
        'continuity (file wrapper): 17248024 is a CON of 16123456; 16123456 is a CON of 15000001; 15000001 is a NST of PCT/US2016/012345',
    });
    expect(t.calculation).toContainEqual({ step: '20 years from term start', value: '2036-01-10', source: '35 U.S.C. 154(a)(2)' });
    expect(t.date).toBe('2036-02-09');
    expect(t.estimate).toBe(true);
    expect(t.possiblyShorter).toBe(false);
  });
  it('a provisional does not count, nor anything reached only through it', () => {
    const ancestors = [link('17248024', 'PRO', '62900001', '2020-01-27'), link('62900001', 'CON', '15000002', '2010-01-01')];
    const t = term({ ancestors });
    expect(t.calculation[0]).toEqual({
      step: 'term start: filing date of 17248024, the earliest in the chain',
      value: '2021-01-26',
      source: 'file wrapper: application 17248024 filing date',
    });
    expect(t.calculation[1]).toEqual({
      step: 'not counted: 62900001, a provisional does not start the term (35 U.S.C. 154(a)(3))',
      value: '2020-01-27',
      source: 'continuity (file wrapper): 17248024 is a PRO of 62900001',
    });
    expect(t.date).toBe('2041-01-26');
  });
  it('a provisional claimed by a parent too is passed over once; the parent counts', () => {
    const ancestors = [
      link('17248024', 'PRO', '62900001', '2020-01-27'),
      link('17248024', 'CON', '16999000', '2020-12-01'),
      link('16999000', 'PRO', '62900001', '2020-01-27'),
    ];
    const t = term({ ancestors });
    expect(t.calculation[0]?.value).toBe('2020-12-01');
    expect(t.calculation.filter((s) => s.step.startsWith('not counted'))).toHaveLength(1);
    expect(t.date).toBe('2040-12-01');
  });
  it('a continuation-in-part counts for the whole patent; a DIV of it too', () => {
    const ancestors = [link('13400001', 'CIP', '12111111', '2009-06-15'), link('12111111', 'DIV', '11000001', '2006-11-30')];
    const t = term({ applicationNumber: '13400001', filingDate: '2012-03-01', grantDate: '2015-06-02', ancestors, pta: { total: 0 } });
    expect(t.calculation[0]?.value).toBe('2006-11-30');
    expect(t.calculation[0]?.source).toBe('continuity (file wrapper): 13400001 is a CIP of 12111111; 12111111 is a DIV of 11000001');
    expect(t.date).toBe('2026-11-30');
  });
  it('relationship codes are read case- and space-insensitively; cycles end the walk', () => {
    const ancestors = [link('17248024', ' con ', '16123456', '2018-10-01'), link('16123456', 'CON', '17248024', '2021-01-26')];
    expect(term({ ancestors }).date).toBe('2038-10-01');
  });
  it('an ancestor with no filing date may start the term earlier', () => {
    const t = term({ ancestors: [link('17248024', 'CON', '16123456', null)] });
    expect(t.possiblyShorter).toBe(true);
    expect(t.calculation).toContainEqual({
      step: 'filing date of 16123456 unknown: the term may start earlier',
      value: null,
      source: 'continuity (file wrapper): 17248024 is a CON of 16123456',
    });
  });
});

describe('patentTerm: URAA transition and PTA eligibility', () => {
  it('filed before 1995-06-08: 17 years from grant wins when longer', () => {
    const t = term({ applicationNumber: '08001234', filingDate: '1993-01-15', grantDate: '1996-03-05' });
    expect(t.date).toBe('2013-03-05');
    expect(t.calculation.map((s) => [s.step, s.value])).toEqual([
      ['term start: filing date of 08001234, the earliest in the chain', '1993-01-15'],
      ['20 years from term start', '2013-01-15'],
      ['17 years from grant (filed before 1995-06-08)', '2013-03-05'],
      ['the greater term applies: 17 years from grant', '2013-03-05'],
      ['no patent term adjustment: filed before 2000-05-29 (former 154(b) extensions are not in the data)', 0],
    ]);
    expect(t.calculation[2]?.source).toBe('35 U.S.C. 154(c)(1); grant date 1996-03-05');
  });
  it('filed before 1995-06-08: 20 years from filing wins when longer', () => {
    const t = term({ applicationNumber: '08170000', filingDate: '1994-01-10', grantDate: '1995-01-03' });
    expect(t.date).toBe('2014-01-10');
    expect(t.calculation).toContainEqual({
      step: 'the greater term applies: 20 years from term start',
      value: '2014-01-10',
      source: '35 U.S.C. 154(c)(1)',
    });
  });
  it('a 1994 continuation of a 1985 parent: 20 years from the parent, so 17 from grant wins', () => {
    const t = term({
      applicationNumber: '08250000',
      filingDate: '1994-06-01',
      grantDate: '1996-05-07',
      ancestors: [link('08250000', 'CON', '06700000', '1985-03-01')],
    });
    expect(t.date).toBe('2013-05-07');
  });
  it('filed from 1995-06-08 to 2000-05-28: 20 years only, no PTA even when the record has some', () => {
    const t = term({ applicationNumber: '09100000', filingDate: '1998-07-01', grantDate: '2001-10-02', pta: { total: 50 } });
    expect(t.date).toBe('2018-07-01');
    expect(t.calculation.some((s) => s.step.startsWith('17 years'))).toBe(false);
  });
  it('a national stage counts as filed on its PCT date for both tests (35 U.S.C. 363)', () => {
    const ancestors = [link('09700000', 'NST', 'PCT/US00/11111', '2000-05-01')];
    const t = term({ applicationNumber: '09700000', filingDate: '2001-01-15', grantDate: '2004-02-03', ancestors, pta: { total: 90 } });
    expect(t.date).toBe('2020-05-01'); // no PTA: the PCT was filed before 2000-05-29
    expect(t.calculation).toContainEqual({
      step: 'filing date for the 1995-06-08 and 2000-05-29 tests: the international filing date (national stage)',
      value: '2000-05-01',
      source: 'continuity (file wrapper): 09700000 is a NST of PCT/US00/11111; 35 U.S.C. 363',
    });
  });
});

describe('patentTerm: PTA', () => {
  const odpRecord = { total: 0, a: 142, b: 0, c: 0, overlap: 0, applicantDelay: 15, nonOverlapping: 127 };
  it('an office total that disagrees with its parts: the parts win, with a step saying so (ODP fixture)', () => {
    const t = term({ applicationNumber: '16123456', filingDate: '2018-09-06', grantDate: '2021-01-26', pta: odpRecord });
    expect(t.date).toBe('2039-01-11'); // 2038-09-06 + 127 days
    expect(t.calculation.slice(2)).toEqual([
      {
        step: "the office's total (0) disagrees with its parts (A = 142, applicant delay = 15 → 127): the parts are used",
        value: 127,
        source: 'file wrapper: patentTermAdjustmentData: adjustmentTotalQuantity vs. its parts',
      },
      { step: 'patent term adjustment (days)', value: 127, source: 'file wrapper: patentTermAdjustmentData' },
      { step: 'end of term with 127 days of adjustment', value: '2039-01-11', source: '35 U.S.C. 154(b)' },
    ]);
  });
  it('parts that agree with the total, a total alone, parts below zero, no record', () => {
    const at = (pta: PtaRecord | null) => term({ filingDate: '2018-09-06', pta }).date;
    expect(at({ ...odpRecord, total: 127 })).toBe('2039-01-11');
    expect(at({ total: 127 })).toBe('2039-01-11');
    expect(at({ total: null, a: 10, b: 0, c: 0, overlap: 0, applicantDelay: 30 })).toBe('2038-09-06');
    expect(at({ total: 127, a: 142, applicantDelay: 15 })).toBe('2039-01-11'); // parts incomplete: total used
    expect(at(null)).toBe('2038-09-06');
    expect(term({ filingDate: '2018-09-06', pta: null }).calculation.at(-1)?.step).toBe(
      'patent term adjustment not in the data: 0 days added',
    );
  });
  it('overlapping days count once', () => {
    expect(term({ filingDate: '2018-09-06', pta: { total: 100, a: 80, b: 50, c: 0, overlap: 30, applicantDelay: 0 } }).date).toBe(
      '2038-12-15',
    );
  });
  it('a 29 February start ends on 29 February twenty years on', () => {
    expect(term({ filingDate: '2008-02-29', grantDate: '2011-03-01', pta: { total: 0 } }).date).toBe('2028-02-29');
  });
});

describe('patentTerm: design, plant, reissue, SIR', () => {
  it('design filed 2015-05-12 gets 14 years from grant, filed 2015-05-13 gets 15', () => {
    const design = (filingDate: string) =>
      term({ kind: 'design', applicationNumber: '29500000', filingDate, grantDate: '2017-01-03', pta: { total: 40 } });
    expect(design('2015-05-12').date).toBe('2031-01-03');
    expect(design('2015-05-12').calculation[1]?.step).toBe(
      'design term: 14 years from grant (application filed 2015-05-12, before 2015-05-13)',
    );
    expect(design('2015-05-13').date).toBe('2032-01-03');
    expect(design('2015-05-13').calculation).toEqual([
      { step: 'term start: grant date', value: '2017-01-03', source: 'file wrapper: application 29500000 grant date' },
      {
        step: 'design term: 15 years from grant (application filed 2015-05-13, on or after 2015-05-13)',
        value: '2032-01-03',
        source: '35 U.S.C. 173',
      },
    ]);
  });
  it('a design granted on 29 February ends on 28 February', () => {
    expect(term({ kind: 'design', filingDate: '1998-06-01', grantDate: '2000-02-29' }).date).toBe('2014-02-28');
  });
  it('plant: utility rules, PTA included', () => {
    expect(term({ kind: 'plant', filingDate: '2018-09-06', pta: { total: 10 } }).date).toBe('2038-09-16');
  });
  it("a reissue takes its original's date, with no adjustment of its own", () => {
    const original = term({ applicationNumber: '12000000', filingDate: '2008-04-01', grantDate: '2011-05-03', pta: { total: 100 } });
    expect(original.date).toBe('2028-07-10');
    const reissue = term({
      kind: 'reissue',
      applicationNumber: '16999999',
      filingDate: '2019-01-02',
      pta: { total: 300 },
      original: { patentNumber: '7950000', term: original },
    });
    expect(reissue.date).toBe('2028-07-10');
    // The original's own steps come first, named as its, then the reissue's.
    expect(reissue.calculation[0]).toEqual({
      step: 'original patent 7950000: term start: filing date of 12000000, the earliest in the chain',
      value: '2008-04-01',
      source: 'file wrapper: application 12000000 filing date',
    });
    expect(reissue.calculation.at(-1)).toEqual({
      step: 'reissue: the unexpired term of original patent 7950000 (no adjustment of its own)',
      value: '2028-07-10',
      source: '35 U.S.C. 251(a); term estimate of patent 7950000',
    });
  });
  it('a reissue whose original is unknown has no date', () => {
    const t = term({ kind: 'reissue', original: null });
    expect(t.date).toBeNull();
    expect(expiryOf(t, null, '2060-01-01').expired).toBe(false);
    expect(t.calculation).toEqual([
      { step: "reissue keeps its original patent's term, but the original patent is unknown", value: null, source: '35 U.S.C. 251(a)' },
    ]);
  });
  it('a statutory invention registration has no term', () => {
    expect(term({ kind: 'sir' }).date).toBeNull();
  });
});

describe('patentTerm: terminal disclaimer', () => {
  it('a terminal disclaimer from either product makes the estimate possibly shorter, naming each', () => {
    const t = term({
      terminalDisclaimers: [
        'file wrapper transactions: DISQ on 2019-03-04',
        'grant full text: "This patent is subject to a terminal disclaimer."',
      ],
    });
    expect(t.possiblyShorter).toBe(true);
    expect(t.date).toBe('2041-01-26');
    expect(t.calculation.at(-1)).toEqual({
      step: 'terminal disclaimer on record: the date it disclaims from is not in the data, so the term may end earlier',
      value: null,
      source: 'file wrapper transactions: DISQ on 2019-03-04; grant full text: "This patent is subject to a terminal disclaimer."',
    });
  });
  it("a reissue inherits its original's terminal disclaimer doubt", () => {
    const original = term({ terminalDisclaimers: ['file wrapper transactions: DISQ on 2019-03-04'] });
    expect(term({ kind: 'reissue', original: { patentNumber: '11000000', term: original } }).possiblyShorter).toBe(true);
  });
});

describe('patentTerm: PTA printed on the grant', () => {
  it('the grant’s us-term-extension counts when the file wrapper has no PTA (US10000000B2: 430 days)', () => {
    // Filed 2015-03-10: 20 years → 2035-03-10; + 430 days → 2036-05-13 (2036 is a leap year).
    const t = term({
      applicationNumber: '14643719',
      filingDate: '2015-03-10',
      grantDate: '2018-06-19',
      source: 'grant full text',
      printedPta: 430,
    });
    expect(t.date).toBe('2036-05-13');
    expect(t.calculation).toContainEqual({
      step: 'patent term adjustment (days)',
      value: 430,
      source: 'grant full text: us-term-extension',
    });
  });
  it("the file wrapper's later determination wins over the print, with a step naming both", () => {
    const t = term({ filingDate: '2018-09-06', pta: { total: 127 }, printedPta: 140 });
    expect(t.date).toBe('2039-01-11'); // 2038-09-06 + 127 days
    expect(t.calculation).toContainEqual({
      step: "the grant printed 140 days at issue; the file wrapper's later determination is used",
      value: 140,
      source: 'grant full text: us-term-extension',
    });
  });
  it('a file wrapper record with no number leaves the print to count', () => {
    expect(term({ filingDate: '2018-09-06', pta: { total: null }, printedPta: 10 }).date).toBe('2038-09-16');
  });
});

describe('expiryOf', () => {
  it('a lapse: expired for non-payment, the statutory date kept, a step with the effective date', () => {
    const t = term({});
    const e = expiryOf(t, { effective: '2027-05-02', source: 'maintenance fee events: EXP. on 2027-06-07' }, '2027-06-10');
    expect(t.date).toBe('2041-01-26');
    expect(e).toMatchObject({ expired: true, expiration_reason: 'maintenance fee not paid' });
    expect(e.calculation.at(-1)).toEqual({
      step: 'lapsed: maintenance fee not paid',
      value: '2027-05-02',
      source: 'maintenance fee events: EXP. on 2027-06-07',
    });
  });
  it('in force through the end date, expired the day after', () => {
    expect(expiryOf(term({}), null, '2041-01-26')).toMatchObject({ expired: false, expiration_reason: null });
    expect(expiryOf(term({}), null, '2041-01-27')).toMatchObject({ expired: true, expiration_reason: 'term ended' });
  });
  it('a lapse after the term ended does not change why it expired', () => {
    const t = term({ filingDate: '1999-01-05', grantDate: '2016-03-01' });
    const e = expiryOf(t, { effective: '2020-03-01', source: 'maintenance fee events: EXP. on 2020-04-06' }, '2021-01-01');
    expect(t.date).toBe('2019-01-05');
    expect(e).toMatchObject({ expired: true, expiration_reason: 'term ended' });
  });
});
