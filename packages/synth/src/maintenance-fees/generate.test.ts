import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, nextBusinessDay } from '../../../../src/domain/dates.js';
import { BUILT_IN_FEE_CODES } from '../../../../src/domain/fee-codes.js';
import { generateApplications, SYNTH_DEFAULTS } from '../file-wrapper/generate.js';
import { paymentStage } from './schedule.js';
import { feeFileDateFor, feePatentField, type MaintenanceFeeFiles, writeCumulativeFeeFile, writeMaintenanceFeeFiles } from './generate.js';

interface Row {
  patent: string;
  application: string;
  entity: string;
  filing: string;
  grant: string;
  date: string;
  code: string;
}

const LINE = /^(\d{13}) (\d{8}) ([YMN]) (\d{8}) (\d{8}) (\d{8}) ([A-Z0-9.]{4,5}) ?$/;
const isoOf = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;
const validDate = (yyyymmdd: string) => new Date(`${isoOf(yyyymmdd)}T00:00:00Z`).toISOString().slice(0, 10) === isoOf(yyyymmdd);

/** Checks the fixed-width layout of every line and reads the fields (dates as YYYY-MM-DD). */
function parseLines(text: string): Row[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const bad: string[] = [];
  const rows: Row[] = [];
  for (const line of text.slice(0, -2).split('\r\n')) {
    const m = LINE.exec(line);
    const [, patent, application, entity, filing, grant, date, code] = m ?? [];
    if (!m || line.length !== 57 || ![filing!, grant!, date!].every(validDate) || !BUILT_IN_FEE_CODES.has(code!)) bad.push(line);
    else
      rows.push({
        patent: patent!.replace(/^0+/, ''),
        application: application!,
        entity: entity!,
        filing: isoOf(filing!),
        grant: isoOf(grant!),
        date: isoOf(date!),
        code: code!,
      });
  }
  expect(bad).toEqual([]);
  return rows;
}

function byPatent(rows: readonly Row[]): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const list = out.get(r.patent);
    if (list) list.push(r);
    else out.set(r.patent, [r]);
  }
  return out;
}

const FILE_DATE = feeFileDateFor(SYNTH_DEFAULTS.asOf);
const DEMO = { seed: SYNTH_DEFAULTS.seed, applications: 2000, fileDate: FILE_DATE };
const ENTITY_FLAG: Record<string, string> = { 'Regular Undiscounted': 'N', Small: 'Y', Micro: 'M' };

let dir: string;
let files: MaintenanceFeeFiles;
let rows: Row[];
let patents: Map<string, Row[]>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synth-maintenance-fees-'));
  files = await writeMaintenanceFeeFiles(join(dir, 'demo'), DEMO);
  rows = parseLines(await readFile(files.eventsPath, 'latin1'));
  patents = byPatent(rows);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeMaintenanceFeeFiles', () => {
  it('writes the events file in the fixed-width layout, patents in number order, each newest first', () => {
    expect(files.eventsPath.endsWith(`MaintFeeEvents_${FILE_DATE.replace(/-/g, '')}.txt`)).toBe(true);
    expect(files.lines).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(1000);
    const order = [...patents.keys()].map(Number);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(rows.filter((r, i) => i === 0 || rows[i - 1]!.patent !== r.patent)).toHaveLength(patents.size); // one block each
    for (const list of patents.values()) {
      const dates = list.map((r) => r.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(new Set(list.map((r) => `${r.date} ${r.code}`)).size).toBe(list.length);
      expect(new Set(list.map((r) => `${r.application} ${r.entity} ${r.filing} ${r.grant}`)).size).toBe(1);
      expect(dates[0]! <= FILE_DATE).toBe(true);
    }
  });

  it('writes the Desc file: one line per built-in code, description from column 7', async () => {
    const text = await readFile(files.descPath, 'utf8');
    const lines = text.slice(0, -2).split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(lines).toEqual([...BUILT_IN_FEE_CODES].map(([code, description]) => `${code.padEnd(5)} ${description}`));
  });

  it('has rows only for granted utility patents of the same corpus, with their numbers, dates and entity status', () => {
    const records = new Map<
      string,
      { app: string; filing: string; grant: string; type: string; entity: string; status: number; events: string[] }
    >();
    for (const r of generateApplications({ applications: DEMO.applications, seed: DEMO.seed })) {
      const m = r.applicationMetaData;
      if (!m.patentNumber) continue;
      records.set(m.patentNumber, {
        app: r.applicationNumberText,
        filing: m.filingDate,
        grant: m.grantDate!,
        type: m.applicationTypeCode,
        entity: ENTITY_FLAG[m.entityStatusData.businessEntityStatusCategory]!,
        status: m.applicationStatusCode,
        events: r.eventDataBag.map((e) => `${e.eventDate} ${e.eventCode}`),
      });
    }
    for (const [patent, list] of patents) {
      const record = records.get(patent);
      expect(record, patent).toBeDefined();
      expect(record!.type).toBe('UTL');
      expect(list[0]).toMatchObject({ application: record!.app, filing: record!.filing, grant: record!.grant, entity: record!.entity });
    }
    // What the file wrapper shows agrees: lapsed patents lapse on the same day and stay lapsed,
    // and every stage it shows paid by the fee file's date is paid here (the file wrapper runs
    // to asOf, a few days past the weekly fee file).
    let lapsed = 0;
    for (const [patent, record] of records) {
      if (record.type !== 'UTL') continue;
      const codes = (patents.get(patent) ?? []).map((r) => `${r.date} ${r.code}`);
      const expired = record.events.find((e) => e.endsWith(' EXP.'));
      if (record.status === 250) {
        lapsed++;
        expect(codes, patent).toContain(expired);
        expect(codes.some((c) => c.endsWith('EXPX'))).toBe(false);
      }
      for (const paid of record.events.filter((e) => /^\S+ M[123]55[123]$/.test(e) && e.slice(0, 10) <= FILE_DATE)) {
        const stage = paymentStage(paid.slice(11));
        expect(
          codes.some((c) => paymentStage(c.slice(11)) === stage),
          `${patent} ${paid}`,
        ).toBe(true);
      }
    }
    expect(lapsed).toBeGreaterThan(50);
  });

  it('names examples that tell their story; the design patent has no rows', () => {
    const { live, lapsed, design, reinstated, refunded } = files.examples;
    expect(reinstated).not.toBeNull();
    expect(refunded).not.toBeNull();
    expect(design).toMatch(/^D\d+$/);
    expect(rows.some((r) => r.patent === design)).toBe(false);
    expect(new Set([live, lapsed, reinstated, refunded]).size).toBe(4);
    const codes = (patent: string | null) => (patents.get(patent!) ?? []).map((r) => r.code); // newest first
    expect(codes(live).some((c) => paymentStage(c) !== null)).toBe(true);
    expect(codes(live)).not.toContain('EXP.');
    const lapsedCodes = codes(lapsed);
    expect(lapsedCodes).toContain('EXP.');
    expect(lapsedCodes.slice(0, lapsedCodes.indexOf('EXP.'))).not.toContain('EXPX');
    const reinstatedCodes = codes(reinstated);
    expect(reinstatedCodes.indexOf('EXPX')).toBeGreaterThanOrEqual(0);
    expect(reinstatedCodes.indexOf('EXPX')).toBeLessThan(reinstatedCodes.lastIndexOf('EXP.'));
    const refundedRows = patents.get(refunded!)!;
    const refund = refundedRows.findIndex((r) => /^R\d/.test(r.code));
    expect(refund).toBeGreaterThanOrEqual(0);
    const refundedStage = paymentStage(`M${refundedRows[refund]!.code.slice(1)}`);
    expect(
      refundedRows.slice(0, refund + 1).some((r) => paymentStage(r.code) === refundedStage && r.date >= refundedRows[refund]!.date),
    ).toBe(true);
  });

  it('dates payments inside their windows: on time, in the grace period with a surcharge, or after expiry with a petition', () => {
    const kinds = { ontime: 0, late: 0, reinstated: 0 };
    for (const r of rows) {
      const stage = paymentStage(r.code);
      if (r.code === 'REM.' || r.code === 'EXP.') {
        const stageOf = [1, 2, 3].find((n) => r.date > addMonths(r.grant, 48 * n - 6) && r.date <= addMonths(r.grant, 48 * n + 6));
        expect(stageOf, `${r.patent} ${r.date} ${r.code}`).toBeDefined();
        if (r.code === 'EXP.') expect(r.date > addMonths(r.grant, 48 * stageOf!)).toBe(true);
        continue;
      }
      if (stage === null) continue;
      const open = addMonths(r.grant, 48 * stage - 12);
      const due = addMonths(r.grant, 48 * stage - 6);
      const end = addMonths(r.grant, 48 * stage);
      const sameDay = patents
        .get(r.patent)!
        .filter((o) => o.date === r.date)
        .map((o) => o.code);
      const where = `${r.patent} granted ${r.grant}: ${r.code} on ${r.date}`;
      if (sameDay.includes(`M${r.code[1]}55${stage + 3}`)) {
        kinds.late++;
        expect(r.date > nextBusinessDay(due) && r.date <= end, where).toBe(true);
      } else if (sameDay.some((c) => /^M[13]558$/.test(c))) {
        kinds.reinstated++;
        expect(r.date > end, where).toBe(true);
      } else {
        kinds.ontime++;
        expect(r.date >= open && r.date <= due, where).toBe(true);
      }
    }
    expect(kinds.ontime).toBeGreaterThan(500);
    expect(kinds.late).toBeGreaterThan(5);
    expect(kinds.reinstated).toBeGreaterThan(5);
  });

  it('writes the same bytes for the same seed, and finds examples in a small corpus too', async () => {
    const options = { seed: 'small-corpus', applications: 300, fileDate: FILE_DATE };
    const a = await writeMaintenanceFeeFiles(join(dir, 'a'), options);
    const b = await writeMaintenanceFeeFiles(join(dir, 'b'), options);
    expect((await readFile(b.eventsPath)).equals(await readFile(a.eventsPath))).toBe(true);
    expect(b.examples).toEqual(a.examples);
    const small = byPatent(parseLines(await readFile(a.eventsPath, 'latin1')));
    for (const example of [a.examples.live, a.examples.lapsed, a.examples.reinstated, a.examples.refunded])
      expect(small.has(example!)).toBe(true);
    const other = await writeMaintenanceFeeFiles(join(dir, 'c'), { ...options, seed: 'another' });
    expect((await readFile(other.eventsPath)).equals(await readFile(a.eventsPath))).toBe(false);
  });

  it('formats reissue numbers in the 13 positions', () => {
    expect(feePatentField('RE49257')).toBe('RE00000049257');
    expect(feePatentField('4287053')).toBe('0000004287053');
    expect(() => feePatentField('D701016')).toThrow(RangeError);
  });
});

describe('writeCumulativeFeeFile', () => {
  it('writes exactly the lines asked for, in the layout, sorted, without duplicate events; the same bytes for the same seed', async () => {
    const path = join(dir, 'cumulative.txt');
    const result = await writeCumulativeFeeFile(path, { lines: 40_000, seed: 'bench' });
    const text = await readFile(path, 'latin1');
    const list = parseLines(text);
    expect(result).toEqual({ lines: 40_000, bytes: 40_000 * 59, patents: byPatent(list).size });
    expect(list.filter((r, i) => i === 0 || list[i - 1]!.patent !== r.patent)).toHaveLength(result.patents); // one block each
    const numbers = [...byPatent(list).keys()].map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[0]!).toBeGreaterThanOrEqual(4_287_000);
    expect(new Set(list.map((r) => `${r.patent} ${r.date} ${r.code}`)).size).toBe(list.length);
    expect(
      list.filter((r) => !(r.grant >= '1981-09-01' && r.filing >= '1980-12-12' && r.filing < r.grant && r.date <= '2026-11-17')),
    ).toEqual([]);
    const codes = new Set(list.map((r) => r.code));
    for (const code of ['M170', 'M183', 'M1551', 'M2552', 'REM.', 'EXP.', 'ASPN']) expect(codes).toContain(code);
    const again = join(dir, 'cumulative-again.txt');
    await writeCumulativeFeeFile(again, { lines: 40_000, seed: 'bench' });
    expect((await readFile(again)).equals(await readFile(path))).toBe(true);
  });

  it('with newLines, writes the same file plus that many new events of its patents, at the head of their lines, dated after all of its events', async () => {
    const base = join(dir, 'week-0.txt');
    const next = join(dir, 'week-1.txt');
    await writeCumulativeFeeFile(base, { lines: 3000, seed: 'weekly' });
    const result = await writeCumulativeFeeFile(next, { lines: 3000, seed: 'weekly', newLines: 120 });
    const baseLines = (await readFile(base, 'latin1')).split('\r\n');
    const nextLines = (await readFile(next, 'latin1')).split('\r\n');
    expect(result.lines).toBe(3120);
    // Take the base file's lines out of next week's, in order: what is left is new.
    const addedLines: string[] = [];
    let b = 0;
    for (const line of nextLines) {
      if (line === baseLines[b]) b += 1;
      else addedLines.push(line);
    }
    expect(b).toBe(baseLines.length);
    const baseRows = parseLines(baseLines.join('\r\n'));
    const added = parseLines(addedLines.join('\r\n') + '\r\n');
    expect(added).toHaveLength(120);
    // Still in patent order: each patent's lines together, a new one before the patent's older ones.
    const patentsInOrder = parseLines(nextLines.join('\r\n')).map((r) => r.patent);
    expect(patentsInOrder).toEqual([...patentsInOrder].sort((x, y) => Number(x) - Number(y)));
    const key = (r: Row) => `${r.patent} ${r.date} ${r.code}`;
    expect(new Set([...baseRows, ...added].map(key)).size).toBe(3120);
    const latest = baseRows.reduce((max, r) => (r.date > max ? r.date : max), '');
    const known = byPatent(baseRows);
    for (const r of added) {
      expect(r.date > latest).toBe(true);
      expect(known.get(r.patent)?.[0]).toMatchObject({ application: r.application, entity: r.entity, filing: r.filing, grant: r.grant });
    }
    expect(added.some((r) => paymentStage(r.code) !== null)).toBe(true);
  });
});
