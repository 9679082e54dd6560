import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

const OA = join(SAMPLES_DIR, 'office-actions');
const SAMPLE_FILES = ['odp-v1', 'legacy-dsapi'].flatMap((dir) =>
  readdirSync(join(OA, dir))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(OA, dir, name)),
);

let ctx: TestContext;
let key: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json(), charged: response.headers['x-credits-charged'] };
};
const load = (path: string) => ingestFile(ctx.db, productNamed('office-actions')!, path, { fileDate: '2025-07-15' });

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'docket@example.com', 1000)).apiKey;
});
afterAll(async () => ctx.close());

/** A hand-worked deadline: the dates, and where they count from. */
const deadline = (
  estimate: string | null,
  max: string | null,
  months: number | null,
  extendable: boolean | null,
  restarts: boolean | null,
) => ({
  response_due_estimate: estimate,
  response_due_max: max,
  response_period_months: months,
  response_extendable: extendable,
  restarts_period: restarts,
});
const NO_PERIOD = { ...deadline(null, null, null, null, null), basis: null };

describe.skipIf(!samplesPresent('office-actions', 'file-wrapper-json'))('the real office-action samples through HTTP', () => {
  beforeAll(async () => {
    const wrapper = await ingestFile(
      ctx.db,
      productNamed('file-wrapper')!,
      join(SAMPLES_DIR, 'file-wrapper-json/odp-v1/17248024.application.json'),
      {
        fileDate: '2025-07-01',
      },
    );
    expect(wrapper).toMatchObject({ read: 1, rejected: 0 });
    const skipped: Record<string, number> = {};
    let read = 0;
    for (const file of SAMPLE_FILES) {
      const summary = await load(file);
      expect(summary.rejected, file).toBe(0);
      read += summary.read;
      for (const [reason, n] of Object.entries(summary.skipped)) skipped[reason] = (skipped[reason] ?? 0) + n;
    }
    expect(read).toBe(3 + 3 + 1 + 2 + 7 + 12 + 23);
    expect(skipped).toEqual({
      'API field list (no records)': 4,
      'citation row without a reference': 5,
      'citation tied to no office action (no obsoleteDocumentIdentifier)': 13,
    });
  });

  it('reloading every file changes nothing', async () => {
    for (const file of SAMPLE_FILES) expect(await load(file), file).toMatchObject({ inserted: 0, updated: 0, rejected: 0 });
  });

  it('lists 17248024: its transactions merged with the texts of the same actions, each with its deadline and basis', async () => {
    const { status, body, charged } = await get('/v1/applications/17/248,024/office-actions');
    expect(status).toBe(200);
    expect(charged).toBe('1');
    expect(body.application_number).toBe('17248024');
    expect(body.office_actions.map((a: { mailed_date: string; type: string }) => [a.mailed_date, a.type])).toEqual([
      ['2023-10-03', 'petition_decision'],
      ['2023-06-28', 'petition_decision'],
      ['2023-01-13', 'corrected_notice_of_allowance'],
      ['2023-01-03', 'notice_of_allowance'],
      ['2021-01-29', 'missing_parts'],
    ]);
    const [petition, , corrected, allowance, missingParts] = body.office_actions;
    // A petition decision sets no period; its text is the OA record, paired with the Mail O.P. Petition Decision of the same day.
    expect(petition).toMatchObject({ ...NO_PERIOD, document_code: 'PETDEC', text_available: true, text_chars: 1528, statutes: null });
    // Mailed Tue 2023-01-03: 3 months → Mon 2023-04-03, not extendable (37 CFR 1.311(a)).
    expect(allowance).toMatchObject({
      ...deadline('2023-04-03', '2023-04-03', 3, false, true),
      document_code: 'NOA',
      document_id: 'LC92E2KNXBLUEX1',
      basis: { counts_from: '2023-01-03', transaction: { code: 'MN/=.', date: '2023-01-03' }, rule: expect.stringContaining('1.311') },
      statutes: null,
      rejections: [],
      text_available: true,
      text_chars: 2312,
    });
    expect(allowance).not.toHaveProperty('body_text');
    // The corrected notice keeps the notice's period.
    expect(corrected).toMatchObject({
      ...deadline('2023-04-03', '2023-04-03', 3, false, false),
      document_code: null,
      text_available: false,
      basis: { counts_from: '2023-01-03', transaction: { code: 'MN/=.', date: '2023-01-03' } },
    });
    // INCD Fri 2021-01-29: 2 months → Mon 2021-03-29; + 5 months of extension → Sun 2021-08-29 → Mon 2021-08-30 (no 6-month cap).
    expect(missingParts).toMatchObject({
      ...deadline('2021-03-29', '2021-08-30', 2, true, true),
      basis: { counts_from: '2021-01-29', transaction: { code: 'INCD', date: '2021-01-29' }, rule: expect.stringContaining('1.53(f)') },
    });

    const application = await get('/v1/applications/17248024');
    expect(application.body.counts.office_actions).toBe(5);
  });

  it('lists an action known only from its parsed rejections, with the statutes in bare and paragraphed form', async () => {
    const { status, body } = await get('/v1/applications/12190351/office-actions');
    expect(status).toBe(200);
    expect(body.source.product).toBe('OA');
    // Wed 2011-10-19 + 3 → Thu 2012-01-19; 6-month cap Thu 2012-04-19.
    expect(body.office_actions).toEqual([
      expect.objectContaining({
        mailed_date: '2011-10-19',
        type: 'non_final',
        document_code: 'CTNF',
        ...deadline('2012-01-19', '2012-04-19', 3, true, true),
        basis: expect.objectContaining({ counts_from: '2011-10-19', transaction: null }),
        statutes: ['103', '103(a)', '112'],
        rejections: [
          { statute: '103(a)', claims: [1, 2, 3, 4, 5], references: [] },
          { statute: '112', claims: [1], references: [] },
        ],
        text_available: false,
        sections: [],
      }),
    ]);
  });

  it('rolls a final rejection due on a Saturday past Presidents’ Day, and names the double-patenting ground', async () => {
    const { body } = await get('/v1/applications/14574014/office-actions');
    // Fri 2016-11-18 + 3 → Sat 2017-02-18; Mon 02-20 Washington's Birthday → Tue 2017-02-21. Cap: Thu 2017-05-18.
    expect(body.office_actions[0]).toMatchObject({
      type: 'final',
      ...deadline('2017-02-21', '2017-05-18', 3, true, true),
      statutes: ['103'],
      rejections: [
        { statute: '103', claims: [33, 34, 35, 36, 37, 40, 42, 43, 44, 45, 46], references: [] },
        { statute: 'double_patenting', claims: expect.arrayContaining([1, 2, 46]), references: [] },
      ],
    });
  });

  it('gives each legacy DS-API action its period: restriction and Quayle two months, a Quayle max rolled off a Saturday', async () => {
    const first = async (n: string) => (await get(`/v1/applications/${n}/office-actions`)).body.office_actions[0];
    // Mon 2016-01-11 + 2 → Fri 2016-03-11; cap Mon 2016-07-11.
    expect(await first('14743423')).toMatchObject({ type: 'restriction', ...deadline('2016-03-11', '2016-07-11', 2, true, true) });
    // Thu 2018-03-22 + 2 → Tue 2018-05-22; cap Sat 2018-09-22 → Mon 2018-09-24.
    expect(await first('29589628')).toMatchObject({ type: 'quayle', ...deadline('2018-05-22', '2018-09-24', 2, true, true) });
    // Mon 2017-07-03 (written 04:00Z, Eastern midnight): a 101 rejection whose paragraph is no letter names no paragraph.
    expect(await first('14353601')).toMatchObject({ mailed_date: '2017-07-03', type: 'non_final', statutes: ['101', '102', '112'] });
  });

  it('withholds texts unless asked, then serves the body and each section', async () => {
    const plain = (await get('/v1/applications/16023763/office-actions')).body.office_actions[0];
    expect(plain).toMatchObject({
      type: 'non_final',
      mailed_date: '2019-06-03',
      text_available: true,
      text_chars: 13843,
      section_chars: 5135 + 3878,
      sections: [
        { statute: '102', heading: 'Claim Rejections - 35 USC § 102', chars: 5135 },
        { statute: '112', heading: 'Claim Rejections - 35 USC § 112', chars: 3878 },
      ],
    });
    expect(plain).not.toHaveProperty('body_text');
    expect(plain.sections[0]).not.toHaveProperty('text');
    const full = (await get('/v1/applications/16023763/office-actions?include_text=true')).body.office_actions[0];
    expect(full.body_text).toHaveLength(13843);
    expect(full.sections[0].text).toMatch(/^Claims 3-8 are rejected/);
  });

  it('answers 404 for an application nothing names, and pages with a cursor', async () => {
    expect((await get('/v1/applications/19999999/office-actions')).status).toBe(404);
    const first = await get('/v1/applications/17248024/office-actions?limit=2');
    expect(first.body.office_actions.map((a: { mailed_date: string }) => a.mailed_date)).toEqual(['2023-10-03', '2023-06-28']);
    const second = await get(`/v1/applications/17248024/office-actions?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.office_actions.map((a: { mailed_date: string }) => a.mailed_date)).toEqual(['2023-01-13', '2023-01-03']);
    const third = await get(`/v1/applications/17248024/office-actions?limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body).toMatchObject({ office_actions: [{ mailed_date: '2021-01-29' }], next_cursor: null });
  });
});

describe('deadlines that depend on the prosecution around an action', () => {
  beforeAll(async () => {
    const finalThenAdvisory = fullRecord(
      '18500001',
      {},
      {
        transactions: [
          tx('2024-01-08', 'CTFR', 'Final Rejection'),
          tx('2024-01-10', 'MCTFR', 'Mail Final Rejection (PTOL - 326)'),
          tx('2024-02-20', 'A.NE', 'Response after Final Action'),
          tx('2024-04-22', 'CTAV', 'Advisory Action (PTOL-303)'),
          tx('2024-04-25', 'MCTAV', 'Mail Advisory Action (PTOL - 303)'),
        ],
      },
    );
    const withdrawn = fullRecord(
      '18500002',
      {},
      {
        transactions: [
          tx('2023-05-01', 'MCTNF', 'Mail Non-Final Rejection'),
          tx('2023-05-18', 'W/AC', 'Withdrawing/Vacating Office Action Letter'),
          tx('2023-05-20', 'MW/AC', 'Mail Notice of Withdrawn Action'),
          tx('2023-06-01', 'MCTNF', 'Mail Non-Final Rejection'),
        ],
      },
    );
    await loadFileWrapper(ctx.db, itemsOf([finalThenAdvisory, withdrawn]), {
      product: 'PTFWPRD',
      fileName: 'daily.json',
      fileDate: '2024-06-01',
    });
  });

  it('moves a final rejection to its advisory action when the reply came within two months (MPEP 706.07(f))', async () => {
    const { body } = await get('/v1/applications/18500001/office-actions');
    const [advisory, final] = body.office_actions;
    // Final Wed 2024-01-10; reply 2024-02-20 (within 2 months); advisory Thu 2024-04-25, after the 3-month date 2024-04-10.
    // Cap: 6 months, Wed 2024-07-10.
    expect(final).toMatchObject({
      type: 'final',
      ...deadline('2024-04-25', '2024-07-10', 3, true, true),
      basis: { counts_from: '2024-01-10', transaction: { code: 'MCTFR', date: '2024-01-10' }, note: expect.stringContaining('advisory') },
    });
    expect(advisory).toMatchObject({
      type: 'advisory',
      response_due_estimate: '2024-04-25',
      response_due_max: '2024-07-10',
      restarts_period: false,
      basis: { counts_from: '2024-01-10', transaction: { code: 'MCTFR', date: '2024-01-10' } },
    });
  });

  it('lists a withdrawn action without a deadline, and counts it', async () => {
    const { body } = await get('/v1/applications/18500002/office-actions');
    expect(body.office_actions).toMatchObject([
      // Thu 2023-06-01 + 3 → Fri 2023-09-01; cap Fri 2023-12-01.
      { mailed_date: '2023-06-01', withdrawn: false, ...deadline('2023-09-01', '2023-12-01', 3, true, true) },
      { mailed_date: '2023-05-01', withdrawn: true, ...NO_PERIOD },
    ]);
    expect((await get('/v1/applications/18500002')).body.counts.office_actions).toBe(2);
  });
});
