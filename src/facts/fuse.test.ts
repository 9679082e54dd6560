import { describe, expect, it } from 'vitest';
import { assessPatent } from './assess.js';
import { fusePatentFacts } from './fuse.js';
import type { PatentEvidenceRows } from './patent-evidence.sql.js';

const none: PatentEvidenceRows = {
  file_wrapper: null,
  fee: null,
  grant: null,
  file_wrapper_links: [],
  grant_relations: [],
  fee_events: [],
  file_wrapper_fee_events: [],
  file_wrapper_disclaimers: [],
  fee_file_date: null,
  file_wrapper_file_date: null,
};
const grant = (more: Partial<NonNullable<PatentEvidenceRows['grant']>> = {}) => ({
  application_number: '16900001',
  filing_date: '2018-03-01',
  date: '2021-06-01',
  source_file_date: '2021-06-01',
  term_extension_days: null,
  disclaimer: null,
  pct_number: null,
  pct_filing_date: null,
  ...more,
});
const fileWrapper = (more: Partial<NonNullable<PatentEvidenceRows['file_wrapper']>> = {}) => ({
  application_number: '16900001',
  application_type: 'UTL',
  filing_date: '2018-03-01',
  grant_date: '2021-06-01',
  pta_days: null,
  pta_parts: null,
  source_product: 'PTFWPRD',
  source_file_date: '2026-01-14',
  ...more,
});

describe('fusePatentFacts', () => {
  it('has no facts without a grant date from any product', () => {
    expect(fusePatentFacts('11000001', none)).toBeNull();
  });

  it("takes PTA from the file wrapper's determination, else the grant's print", () => {
    const both = fusePatentFacts('11000001', {
      ...none,
      grant: grant({ term_extension_days: 430 }),
      file_wrapper: fileWrapper({ pta_days: 12 }),
    })!;
    expect(both.pta).toEqual({ fileWrapper: { total: 12 }, printed: 430 });
    expect(fusePatentFacts('11000001', { ...none, grant: grant({ term_extension_days: 430 }) })!.pta).toEqual({
      fileWrapper: null,
      printed: 430,
    });
  });

  it("keeps each continuity link once, the file wrapper's copy where both print it, and a grant's PCT data as its NST link", () => {
    const facts = fusePatentFacts('11000001', {
      ...none,
      file_wrapper: fileWrapper(),
      grant: grant({ pct_number: 'PCT/US2017/012345', pct_filing_date: '2017-01-05' }),
      file_wrapper_links: [
        { child_number: '16900001', parent_number: '15000001', relationship: 'CON', filing_date: '2016-02-02', patent_number: null },
      ],
      grant_relations: [
        {
          relation: 'CON',
          parent_number: '15000001',
          parent_filing_date: '2016-02-03',
          parent_patent_number: null,
          parent_patent_date: null,
          child_number: '16900001',
        },
        {
          relation: 'PRO',
          parent_number: '62100001',
          parent_filing_date: '2015-02-02',
          parent_patent_number: null,
          parent_patent_date: null,
          child_number: null,
        },
      ],
    })!;
    expect(facts.links.map((l) => [l.parentOf, l.relationship, l.applicationNumber, l.filingDate, l.source])).toEqual([
      ['16900001', 'CON', '15000001', '2016-02-02', 'file wrapper'],
      ['16900001', 'PRO', '62100001', '2015-02-02', 'grant full text'],
      ['16900001', 'NST', 'PCT/US2017/012345', '2017-01-05', 'grant full text'],
    ]);
  });

  it('lists a fee event both products print once, the fee file’s copy, and is covered through the newest product date', () => {
    const facts = fusePatentFacts('11000001', {
      ...none,
      file_wrapper: fileWrapper(),
      fee_events: [{ code: 'M1551', date: '2024-07-10', description: 'fee file text', source_file_date: '2025-04-08' }],
      file_wrapper_fee_events: [
        { code: 'M1551', date: '2024-07-10', description: 'file wrapper text' },
        { code: 'REM.', date: '2024-01-02', description: 'Maintenance Fee Reminder Mailed' },
      ],
      fee_file_date: '2025-04-08',
      file_wrapper_file_date: '2026-01-14',
    })!;
    expect(facts.feeEvents).toEqual([
      {
        code: 'REM.',
        date: '2024-01-02',
        description: 'Maintenance Fee Reminder Mailed',
        source: { product: 'PTFWPRD', file_date: '2026-01-14' },
      },
      { code: 'M1551', date: '2024-07-10', description: 'fee file text', source: { product: 'PTMNFEE2', file_date: '2025-04-08' } },
    ]);
    expect(facts.feesCoveredThrough).toEqual({ date: '2026-01-14', source: { product: 'PTFWPRD', file_date: '2026-01-14' } });
    // Without the file wrapper's record its product's date covers nothing of this patent.
    expect(
      fusePatentFacts('11000001', { ...none, grant: grant(), fee_file_date: '2025-04-08', file_wrapper_file_date: '2026-01-14' })!
        .feesCoveredThrough,
    ).toEqual({
      date: '2025-04-08',
      source: { product: 'PTMNFEE2', file_date: '2025-04-08' },
    });
  });
});

describe('assessPatent of a reissue', () => {
  // A reissue granted 2022-10-25 of patent 10124207 (granted 2018-11-13, application 15577437, the
  // national stage of PCT/CA2016/050609 filed 2016-05-30), as the reissue's grant prints them.
  const reissue = fusePatentFacts('RE49257', {
    ...none,
    grant: grant({
      application_number: '17096946',
      filing_date: '2020-11-12',
      date: '2022-10-25',
      source_file_date: '2022-10-25',
      pct_number: 'PCT/CA2016/050609',
      pct_filing_date: '2016-05-30',
    }),
    grant_relations: [
      {
        relation: 'REI',
        parent_number: '15577437',
        parent_filing_date: '2017-11-28',
        parent_patent_number: '10124207',
        parent_patent_date: '2018-11-13',
        child_number: '17096946',
      },
    ],
  })!;

  it("counts fees from the original's grant and keeps the original's term (its PCT date + 20 years)", () => {
    const { status, estimate, scheduleNote } = assessPatent(reissue, null, '2026-11-27');
    expect(status.deadlines['3.5y']).toEqual({ opens: '2021-11-13', due: '2022-05-13', surcharge_until: '2022-11-14' });
    expect(estimate.date).toBe('2036-05-30');
    expect(scheduleNote).toBeNull();
  });

  it("counts the original's payments made before the reissue issued", () => {
    const original = fusePatentFacts('10124207', {
      ...none,
      grant: grant({ application_number: '15577437', filing_date: '2017-11-28', date: '2018-11-13' }),
      fee_events: [
        { code: 'M1551', date: '2022-04-01', description: null, source_file_date: '2022-04-05' },
        { code: 'M1552', date: '2026-04-01', description: null, source_file_date: '2026-04-07' },
      ],
      fee_file_date: '2026-04-07',
    })!;
    const { status } = assessPatent(
      { ...reissue, feesCoveredThrough: { date: '2026-04-07', source: { product: 'PTMNFEE2', file_date: '2026-04-07' } } },
      original,
      '2026-11-27',
    );
    // M1551 of 2022-04-01 (before 2022-10-25) pays the reissue's 3.5y window; the original's M1552 of 2026 is its own.
    expect(status.windows).toMatchObject({ '3.5y': 'paid', '7.5y': 'due' });
  });
});
