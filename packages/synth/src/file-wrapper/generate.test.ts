import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONMENT_EVENTS, GRANT_EVENTS, statusCategory, type StatusCategory } from '../core/codes.js';
import { generateApplications, type OdpRecord, SYNTH_DEFAULTS, TARGET_MIX, writeFileWrapperFile } from './generate.js';

const AS_OF = SYNTH_DEFAULTS.asOf;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synth-file-wrapper-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileWrapperFile', () => {
  it('writes byte-identical files for the same seed and different ones for another seed', async () => {
    const [a, b, c] = ['a.json', 'b.json', 'c.json'].map((name) => join(dir, name)) as [string, string, string];
    await writeFileWrapperFile(a, { applications: 300, seed: 'alpha' });
    await writeFileWrapperFile(b, { applications: 300, seed: 'alpha' });
    await writeFileWrapperFile(c, { applications: 300, seed: 'beta' });
    const hashA = sha256(await readFile(a));
    expect(sha256(await readFile(b))).toBe(hashA);
    expect(sha256(await readFile(c))).not.toBe(hashA);
  });

  it('writes the API envelope with count = N and reports what it wrote', async () => {
    const path = join(dir, 'envelope.json');
    const result = await writeFileWrapperFile(path, { applications: 250, seed: 42 });
    const parsed = JSON.parse(await readFile(path, 'utf8')) as {
      count: number;
      patentFileWrapperDataBag: OdpRecord[];
      requestIdentifier: string;
    };
    expect(parsed.count).toBe(250);
    expect(parsed.patentFileWrapperDataBag).toHaveLength(250);
    expect(parsed.requestIdentifier).toBe('synthetic-42');
    const events = parsed.patentFileWrapperDataBag.reduce((sum, r) => sum + r.eventDataBag.length, 0);
    expect(result).toEqual({ applications: 250, transactions: events, bytes: (await stat(path)).size });
  });

  it('writes JSON Lines, one record per line, with the same records as the envelope', async () => {
    const path = join(dir, 'records.jsonl');
    await writeFileWrapperFile(path, { applications: 120, seed: 'lines', layout: 'jsonl' });
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(120);
    const fromLines = lines.map((line) => (JSON.parse(line) as OdpRecord).applicationNumberText);
    const fromGenerator = [...generateApplications({ applications: 120, seed: 'lines' })].map((r) => r.applicationNumberText);
    expect(fromLines).toEqual(fromGenerator);
  });

  it('gzips when the path ends in .gz', async () => {
    const plain = join(dir, 'plain.json');
    const packed = join(dir, 'packed.json.gz');
    await writeFileWrapperFile(plain, { applications: 80, seed: 'gz' });
    const result = await writeFileWrapperFile(packed, { applications: 80, seed: 'gz' });
    const unpacked = gunzipSync(await readFile(packed));
    expect(unpacked.equals(await readFile(plain))).toBe(true);
    expect(result.bytes).toBe(unpacked.length);
  });

  it('rejects when the file cannot be written or the options are out of range', async () => {
    await expect(writeFileWrapperFile(join(dir, 'missing', 'x.json'), { applications: 50, seed: 'x' })).rejects.toThrow(/ENOENT/);
    await expect(writeFileWrapperFile(join(dir, 'early.json'), { applications: 5, seed: 'x', asOf: '2014-01-01' })).rejects.toThrow(/asOf/);
    expect(() => generateApplications({ applications: -1, seed: 'x' }).next()).toThrow(RangeError);
  });

  it('writes a valid empty envelope for zero applications', async () => {
    const path = join(dir, 'empty.json');
    expect(await writeFileWrapperFile(path, { applications: 0, seed: 'none' })).toEqual({
      applications: 0,
      transactions: 0,
      bytes: (await stat(path)).size,
    });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      count: 0,
      patentFileWrapperDataBag: [],
      requestIdentifier: 'synthetic-none',
    });
  });
});

describe('generateApplications (5,000 applications)', () => {
  const N = 5000;
  let records: OdpRecord[];
  let byNumber: Map<string, OdpRecord>;
  beforeAll(() => {
    records = [...generateApplications({ applications: N, seed: 'vitest' })];
    byNumber = new Map(records.map((r) => [r.applicationNumberText, r]));
  });

  it('yields N records with unique 8-digit application numbers in the right series', () => {
    expect(records).toHaveLength(N);
    expect(byNumber.size).toBe(N);
    // Series by filing date; a number taken in the last days of a series may spill into the next one.
    const switches: Array<[string, number]> = [
      ['2015-12-15', 15],
      ['2018-05-16', 16],
      ['2020-09-01', 17],
      ['2022-07-01', 18],
      ['2025-01-01', 19],
    ];
    const wrong: string[] = [];
    for (const r of records) {
      const { applicationTypeCode: type, filingDate } = r.applicationMetaData;
      const series = Number(r.applicationNumberText.slice(0, 2));
      if (!/^\d{8}$/.test(r.applicationNumberText)) wrong.push(r.applicationNumberText);
      else if (type === 'DES') {
        if (series !== 29) wrong.push(r.applicationNumberText);
      } else if (type === 'PRV') {
        if (![61, 62, 63].includes(series)) wrong.push(r.applicationNumberText);
      } else {
        const expected = switches.filter(([from]) => filingDate >= from).pop()?.[1] ?? 14;
        const spilled = switches.some(([from, s]) => s === series && series === expected + 1 && daysBetween(filingDate, from) <= 7);
        if (series !== expected && !spilled) wrong.push(`${r.applicationNumberText} filed ${filingDate}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('mirrors every continuity link on the other side when both applications are in the corpus', () => {
    let links = 0;
    for (const r of records) {
      for (const p of r.parentContinuityBag ?? []) {
        const parent = byNumber.get(p.parentApplicationNumberText);
        const child = byNumber.get(p.childApplicationNumberText);
        if (!parent || !child) continue;
        links++;
        expect(p.parentApplicationFilingDate < child.applicationMetaData.filingDate).toBe(true);
        expect([p.parentApplicationStatusCode, p.parentApplicationFilingDate, p.parentPatentNumber]).toEqual([
          parent.applicationMetaData.applicationStatusCode,
          parent.applicationMetaData.filingDate,
          parent.applicationMetaData.patentNumber,
        ]);
        const mirror = parent.childContinuityBag?.find((c) => c.childApplicationNumberText === child.applicationNumberText);
        expect(mirror).toMatchObject({
          parentApplicationNumberText: parent.applicationNumberText,
          claimParentageTypeCode: p.claimParentageTypeCode,
          childApplicationStatusCode: child.applicationMetaData.applicationStatusCode,
          childApplicationFilingDate: child.applicationMetaData.filingDate,
        });
        expect(mirror?.childPatentNumber).toBe(child.applicationMetaData.patentNumber);
      }
      for (const c of r.childContinuityBag ?? []) {
        const child = byNumber.get(c.childApplicationNumberText);
        if (!child || !byNumber.has(c.parentApplicationNumberText)) continue;
        const mirror = child.parentContinuityBag?.find((p) => p.parentApplicationNumberText === c.parentApplicationNumberText);
        expect(mirror?.claimParentageTypeCode).toBe(c.claimParentageTypeCode);
      }
    }
    expect(links).toBeGreaterThan(N * 0.2);
  });

  it('links ~30 % of applications to a parent in the corpus and ~40 % to a provisional, with real chains', () => {
    const regular = records.filter((r) => r.applicationMetaData.applicationTypeCode !== 'PRV');
    const direct = (r: OdpRecord) => (r.parentContinuityBag ?? []).filter((p) => p.childApplicationNumberText === r.applicationNumberText);
    const continuing = regular.filter((r) =>
      direct(r).some((p) => p.claimParentageTypeCode !== 'PRO' && byNumber.has(p.parentApplicationNumberText)),
    );
    const claimsProvisional = regular.filter((r) => r.parentContinuityBag?.some((p) => p.claimParentageTypeCode === 'PRO'));
    const chains = regular.filter((r) =>
      r.parentContinuityBag?.some((p) => p.claimParentageTypeCode !== 'PRO' && p.childApplicationNumberText !== r.applicationNumberText),
    );
    expect(continuing.length / regular.length).toBeGreaterThan(0.25);
    expect(continuing.length / regular.length).toBeLessThan(0.38);
    expect(claimsProvisional.length / regular.length).toBeGreaterThan(0.34);
    expect(claimsProvisional.length / regular.length).toBeLessThan(0.46);
    expect(chains.length).toBeGreaterThan(50);
    for (const p of records.flatMap((r) => r.parentContinuityBag ?? []).filter((p) => p.claimParentageTypeCode === 'PRO')) {
      expect(p).toMatchObject({
        parentApplicationStatusCode: 159,
        claimParentageTypeCodeDescriptionText: 'Claims priority from a provisional application',
      });
      expect(p.parentApplicationNumberText).toMatch(/^6[123]\d{6}$/);
    }
  });

  it('keeps every transaction on or before asOf, newest first, with mailed actions 0–7 days after counting', () => {
    const wrong: string[] = [];
    for (const r of records) {
      const events = r.eventDataBag;
      const meta = r.applicationMetaData;
      if (events.length === 0) wrong.push(`${r.applicationNumberText}: no events`);
      events.forEach((e, i) => {
        if (e.eventDate > AS_OF) wrong.push(`${r.applicationNumberText}: ${e.eventCode} on ${e.eventDate}`);
        if (i > 0 && e.eventDate > events[i - 1]!.eventDate) wrong.push(`${r.applicationNumberText}: not newest first at ${i}`);
      });
      const chronological = [...events].reverse();
      for (const [counted, mailed] of [
        ['CTNF', 'MCTNF'],
        ['CTFR', 'MCTFR'],
        ['N/=.', 'MN/=.'],
      ] as const) {
        let last = '';
        for (const e of chronological) {
          if (e.eventCode === counted) last = e.eventDate;
          // 1–7 days (rarely the same day), up to 10 when the 7th day falls on a weekend before a Monday holiday.
          if (e.eventCode === mailed && !(last && daysBetween(last, e.eventDate) <= 10))
            wrong.push(`${r.applicationNumberText}: ${mailed} ${e.eventDate}`);
        }
      }
      if (!(meta.applicationStatusDate <= AS_OF && meta.filingDate <= meta.applicationStatusDate))
        wrong.push(`${r.applicationNumberText}: status date`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives granted and lapsed records a patent number, a Tuesday grant date and a grant transaction', () => {
    const granted = records.filter((r) => [150, 250].includes(r.applicationMetaData.applicationStatusCode));
    const utility: Array<[string, number]> = [];
    for (const r of granted) {
      const { patentNumber, grantDate, applicationTypeCode: type } = r.applicationMetaData;
      expect(patentNumber).toMatch({ UTL: /^\d{7,8}$/, DES: /^D\d{6,7}$/, PLT: /^PP\d{5}$/, REI: /^RE\d{5}$/ }[type as 'UTL']);
      expect(grantDate! <= AS_OF && weekday(grantDate!) === 2).toBe(true);
      expect(r.eventDataBag.some((e) => GRANT_EVENTS.includes(e.eventCode) && e.eventDate === grantDate)).toBe(true);
      expect(r.patentTermAdjustmentData?.adjustmentTotalQuantity).toBeGreaterThanOrEqual(0);
      expect(r.patentTermAdjustmentData?.adjustmentTotalQuantity).toBeLessThanOrEqual(900);
      if (type === 'UTL') utility.push([grantDate!, Number(patentNumber)]);
      if (r.applicationMetaData.applicationStatusCode === 250) expect(r.eventDataBag[0]?.eventCode).toBe('EXP.');
    }
    utility.sort((a, b) => a[0].localeCompare(b[0]));
    for (let i = 1; i < utility.length; i++)
      if (utility[i]![0] > utility[i - 1]![0]) expect(utility[i]![1]).toBeGreaterThan(utility[i - 1]![1]);
    for (const r of records.filter((r) => !granted.includes(r))) expect(r.applicationMetaData.patentNumber).toBeUndefined();
  });

  it('gives abandoned records their abandonment transaction', () => {
    const abandoned = records.filter((r) => statusCategory(r.applicationMetaData.applicationStatusCode) === 'abandoned');
    expect(abandoned.length).toBeGreaterThan(0);
    for (const r of abandoned) {
      const code = ABANDONMENT_EVENTS[r.applicationMetaData.applicationStatusCode];
      expect(r.eventDataBag.some((e) => e.eventCode === code && e.eventDate === r.applicationMetaData.applicationStatusDate)).toBe(true);
      expect(r.applicationMetaData.applicationStatusDescriptionText).toMatch(/^Abandoned {2}-- {2}/);
    }
  });

  it('publishes on Thursdays as US<year><7 digits>A1, never designs', () => {
    for (const r of records) {
      const { earliestPublicationNumber: number, earliestPublicationDate: date, applicationTypeCode } = r.applicationMetaData;
      if (!number) continue;
      expect(applicationTypeCode).not.toBe('DES');
      expect(number).toMatch(new RegExp(`^US${date!.slice(0, 4)}\\d{7}(A1|P1)$`));
      expect(weekday(date!)).toBe(4);
      expect(r.eventDataBag.some((e) => e.eventCode === 'PG-ISSUE' && e.eventDate === date)).toBe(true);
    }
  });

  it('reaches the target status mix within tolerance', () => {
    const expected = new Map<StatusCategory, number>();
    for (const [code, share] of Object.entries(TARGET_MIX))
      expected.set(statusCategory(Number(code)), (expected.get(statusCategory(Number(code))) ?? 0) + share);
    const actual = new Map<StatusCategory, number>();
    for (const r of records)
      actual.set(
        statusCategory(r.applicationMetaData.applicationStatusCode),
        (actual.get(statusCategory(r.applicationMetaData.applicationStatusCode)) ?? 0) + 1 / N,
      );
    for (const [category, share] of expected) expect(Math.abs((actual.get(category) ?? 0) - share), category).toBeLessThan(0.03);
    const entities = { 'Regular Undiscounted': 0, Small: 0, Micro: 0 };
    for (const r of records) entities[r.applicationMetaData.entityStatusData.businessEntityStatusCategory] += 1 / N;
    expect(entities['Regular Undiscounted']).toBeGreaterThan(0.62);
    expect(entities.Small).toBeGreaterThan(0.18);
    expect(entities.Micro).toBeGreaterThan(0.02);
  });

  it('writes ODP shapes: padded CPC, examiner names, art units, Y/N flags', () => {
    const wrong: string[] = [];
    const check = (ok: boolean, what: string, r: OdpRecord) => ok || wrong.push(`${r.applicationNumberText}: ${what}`);
    for (const r of records) {
      const m = r.applicationMetaData;
      check(m.firstInventorToFileIndicator === 'Y' || m.firstInventorToFileIndicator === 'N', 'FITF flag', r);
      check(Number.isInteger(m.applicationStatusCode) && Number.isInteger(m.customerNumber), 'integer codes', r);
      check(m.firstApplicantName === m.applicantBag[0]?.applicantNameText, 'first applicant', r);
      check(m.firstInventorName === m.inventorBag[0]?.inventorNameText, 'first inventor', r);
      check(m.inventorBag.length >= 1 && m.inventorBag.length <= 5, 'inventor count', r);
      for (const cpc of m.cpcClassificationBag ?? []) check(/^[A-HY]\d\d[A-Z][ \d]{4}\/\d{2,6}$/.test(cpc), `CPC ${cpc}`, r);
      if (m.applicationTypeCode === 'PRV') continue;
      check(/^\d{4}$|^OPAP$/.test(m.groupArtUnitNumber ?? ''), 'art unit', r);
      const name = m.groupArtUnitNumber === 'OPAP' ? /^CENTRAL, DOCKET$/ : /^[A-Z]+, [A-Z]+( [A-Z]+)?$/;
      check(name.test(m.examinerNameText ?? ''), `examiner ${m.examinerNameText}`, r);
    }
    expect(wrong).toEqual([]);
  });
});

describe('generateApplications options', () => {
  it('never goes past an earlier asOf', () => {
    for (const r of generateApplications({ applications: 400, seed: 'past', asOf: '2021-06-30' })) {
      expect(r.eventDataBag[0]!.eventDate <= '2021-06-30').toBe(true);
      expect(r.applicationMetaData.filingDate <= '2021-06-30').toBe(true);
    }
  });

  it('keeps serials at or above startSerial', () => {
    for (const r of generateApplications({ applications: 300, seed: 'floor', startSerial: 500_000 })) {
      expect(Number(r.applicationNumberText.slice(2))).toBeGreaterThanOrEqual(500_000);
    }
  });
});
