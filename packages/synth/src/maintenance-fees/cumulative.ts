/**
 * A benchmark-size cumulative MaintFeeEvents file (the real one: ~14 million lines, ~850 MB):
 * utility patents granted on Tuesdays since 1981-09-01, as many a week as the office granted
 * (scaled to the requested size), each with the history maintenance-fee-history.ts tells (the
 * legacy M170–M188 / M273–M286 codes for payments before December 2004, M155x/M255x/M355x
 * after; REM./EXP. for lapses; refunds, reinstatements, ASPN/RMPN, entity changes). Patents
 * granted in the last three years have no fee due yet; they only carry payer-number and entity
 * events, and they absorb the difference between the estimated and the requested line count, so
 * the file has exactly `lines` lines.
 *
 * `newLines: n` writes the same file plus n lines, each at the head of its patent's lines (the
 * office's file is in patent order, newest line first): "next week's" events for patents of the file, dated in the seven days after `fileDate` (so
 * after every event of the base file): payments of open windows, late payments with their
 * surcharge, REM., EXP. of patents past their grace period, and payer numbers assigned. Nothing
 * of the base part depends on n. No (patent, date, code) appears twice.
 *
 * Streamed with backpressure in ~1 MB chunks; memory holds one patent at a time (plus, with
 * `newLines`, the patents that can take a new event).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { codeField, ENTITY_FLAG } from './format.js';
import { type PendingStage, simulateFees } from './history.js';
import { MICRO_FROM, paymentCode, surchargeCode } from './schedule.js';
import { applicationNumber, interpolate, numberInWeek, PATENT_NUMBERS, weeklyGrants } from './volume.js';
import { businessDay, day, iso, onOrAfter, Rng, TUESDAY, year } from '../core/random.js';
import type { Entity } from '../core/timeline.js';

export interface CumulativeFeeOptions {
  /** Lines of the base file (exactly). */
  lines: number;
  seed: string;
  /** Extra lines appended as the next week's new events. */
  newLines?: number;
  /** `YYYY-MM-DD`: the base file's data-through date (default 2026-11-17); no base event is later. */
  fileDate?: string;
}

export interface CumulativeFeeResult {
  /** Lines written, new ones included. */
  lines: number;
  bytes: number;
  /** Distinct patents in the file. */
  patents: number;
}

const CUMULATIVE_FILE_DATE = '2026-11-17';
const FIRST_GRANT = day('1981-09-01');
const FEE_LAW = day('1980-12-12');
const YOUNG_SHARE = 0.03;

const ymdCache: string[] = [];
const YMD_FROM = day('1975-01-01');
function ymd(d: number): string {
  return (ymdCache[d - YMD_FROM] ??= iso(d).replace(/-/g, ''));
}

function entityAtGrant(grant: number, rng: Rng): Entity {
  const r = rng.next();
  return r < 0.7 ? 'large' : grant >= MICRO_FROM && r > 0.96 ? 'micro' : 'small';
}

interface Patent {
  number: number;
  grant: number;
  filing: number;
  applicationNumber: string;
  entity: Entity;
}

function newPatent(number: number, grant: number, rng: Rng): Patent {
  const filing = Math.min(grant - 60, businessDay(Math.max(FEE_LAW + rng.int(0, 20), grant - rng.triangular(420, 800, 2300))));
  return {
    number,
    grant,
    filing,
    applicationNumber: applicationNumber(filing, rng),
    entity: entityAtGrant(grant, rng),
  };
}

/** feeLinePrefix without its checks (the numbers here are made well-formed). */
function prefixOf(p: Patent, entity: Entity): string {
  return `${String(p.number).padStart(13, '0')} ${p.applicationNumber} ${ENTITY_FLAG[entity]} ${ymd(p.filing)} ${ymd(p.grant)} `;
}

/** Mean lines per patent by grant year, from a small pilot run on its own random stream. */
function linesPerPatent(seed: string, cap: number): Map<number, number> {
  const rng = new Rng(`${seed}|maintenance-fee-pilot`);
  const out = new Map<number, number>();
  for (let y = year(FIRST_GRANT); y <= year(cap); y++) {
    let sum = 0;
    const n = 80;
    for (let i = 0; i < n; i++) {
      const grant = Math.min(cap, day(`${y}-01-06`) + rng.int(0, 51) * 7);
      const p = newPatent(1, grant, rng);
      sum += simulateFees(rng, { grant, filing: p.filing, entity: p.entity, cap, freeFrom: -Infinity, entityChanges: true }).events.length;
    }
    out.set(y, sum / n);
  }
  return out;
}

interface Candidate {
  prefix: string;
  filing: number;
  pending: PendingStage | null;
}

/** One patent's lines as the file holds them (newest first), and whether next week may add to it. */
interface PatentBlock {
  prefix: string;
  text: string;
  lines: number;
  /** Set for a patent that can take a new event (an open fee stage, or a young patent). */
  candidate: Candidate | null;
}

function checkOptions(options: CumulativeFeeOptions): number {
  const { lines: target } = options;
  const newLines = options.newLines ?? 0;
  if (!Number.isInteger(target) || target < 1) throw new RangeError(`lines must be a positive integer, got ${target}`);
  if (!Number.isInteger(newLines) || newLines < 0) throw new RangeError(`newLines must be a non-negative integer, got ${newLines}`);
  const fileDate = options.fileDate ?? CUMULATIVE_FILE_DATE;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fileDate) || fileDate < '1995-01-01' || fileDate > '2027-12-31')
    throw new RangeError(`fileDate must be a date from 1995-01-01 to 2027-12-31, got ${fileDate}`);
  return day(fileDate);
}

/** The base file's patents in patent order, exactly `target` lines in all; the same for the same seed. */
function* baseBlocks(target: number, seed: string, cap: number): Generator<PatentBlock> {
  const lastGrant = onOrAfter(cap - 6, TUESDAY);
  const youngFrom = cap - 3 * 365;
  const weeks: number[] = [];
  for (let g = FIRST_GRANT; g <= lastGrant; g += 7) weeks.push(g);

  // Old patents (a fee stage open) carry ~97 % of the lines, at a rate scaled from the pilot.
  const perPatent = linesPerPatent(seed, cap);
  let expected = 0;
  for (const g of weeks) if (g <= youngFrom) expected += weeklyGrants(g) * perPatent.get(year(g))!;
  const scale = expected > 0 ? (target * (1 - YOUNG_SHARE)) / expected : 0;

  const rng = new Rng(`${seed}|maintenance-fee-cumulative`);
  let written = 0;
  let carry = 0;
  let oldDone = false;
  const youngWeeks = weeks.filter((g) => g > youngFrom);
  for (const g of weeks) {
    if (g > youngFrom) break;
    const from = Math.round(interpolate(PATENT_NUMBERS, g));
    const range = Math.round(interpolate(PATENT_NUMBERS, g + 7)) - from;
    carry += weeklyGrants(g) * scale;
    const k = Math.min(range, Math.floor(carry));
    carry -= k;
    for (let i = 0; i < k && !oldDone; i++) {
      const p = newPatent(numberInWeek(from, range, k, i, rng), g, rng);
      const h = simulateFees(rng, { grant: g, filing: p.filing, entity: p.entity, cap, freeFrom: -Infinity, entityChanges: true });
      if (h.events.length === 0) continue;
      if (written + h.events.length > target) {
        oldDone = true;
        break;
      }
      const prefix = prefixOf(p, h.entity);
      let text = '';
      for (const e of h.events) text += prefix + ymd(e.day) + codeField(e.code);
      written += h.events.length;
      yield { prefix, text, lines: h.events.length, candidate: h.pending ? { prefix, filing: p.filing, pending: h.pending } : null };
    }
    if (oldDone) break;
  }

  // Young patents fill the rest exactly: one to three lines each.
  const remaining = target - written;
  let capacity = 0;
  for (const g of youngWeeks) capacity += Math.round(interpolate(PATENT_NUMBERS, g + 7)) - Math.round(interpolate(PATENT_NUMBERS, g));
  const each = Math.max(1, Math.ceil(remaining / Math.max(1, capacity * 0.9)));
  if (remaining > 0 && (each > 3 || youngWeeks.length === 0))
    throw new RangeError(`cannot fill ${remaining} lines with patents granted after ${iso(youngFrom)}`);
  let volume = 0;
  for (const g of youngWeeks) volume += weeklyGrants(g);
  let left = Math.ceil(remaining / each);
  let share = 0;
  for (let w = 0; w < youngWeeks.length && written < target; w++) {
    const g = youngWeeks[w]!;
    const from = Math.round(interpolate(PATENT_NUMBERS, g));
    const range = Math.round(interpolate(PATENT_NUMBERS, g + 7)) - from;
    share += (left * weeklyGrants(g)) / volume;
    volume -= weeklyGrants(g);
    const k = Math.min(range, left, w === youngWeeks.length - 1 ? left : Math.round(share));
    share -= k;
    left -= k;
    for (let i = 0; i < k && written < target; i++) {
      const p = newPatent(numberInWeek(from, range, k, i, rng), g, rng);
      const prefix = prefixOf(p, p.entity);
      const n = Math.min(each, target - written);
      const first = businessDay(g + rng.int(-40, Math.max(-40, Math.min(cap - g, 900))));
      const events: Array<[number, string]> = [[Math.min(first, cap), 'ASPN']];
      if (n >= 2) events.push([Math.min(cap, businessDay(first + rng.int(1, 200))), 'RMPN']);
      if (n >= 3)
        events.push([
          Math.min(cap, businessDay(first + rng.int(1, 200))),
          p.entity === 'large' ? 'BIG.' : p.entity === 'small' ? 'SMAL' : 'MICR',
        ]);
      if (n === 1 && rng.chance(0.3)) events[0]![1] = p.entity === 'large' ? 'BIG.' : p.entity === 'small' ? 'SMAL' : 'MICR';
      events.sort((a, b) => b[0] - a[0]);
      let text = '';
      for (const [d, code] of events) text += prefix + ymd(d) + codeField(code);
      written += n;
      yield { prefix, text, lines: n, candidate: { prefix, filing: p.filing, pending: null } };
    }
  }
  if (written !== target) throw new Error(`internal: wrote ${written} of ${target} lines`);
}

/**
 * Next week's new lines by patent prefix: the base file is generated once more to find the
 * patents that can take one (it is the same for the same seed), so the written file can put
 * them at the head of their patents' blocks, where the office's file has its newest lines.
 */
function newLinesByPatent(target: number, seed: string, cap: number, newLines: number): Map<string, string[]> {
  const pending: Candidate[] = [];
  const young: Candidate[] = [];
  for (const block of baseBlocks(target, seed, cap)) if (block.candidate) (block.candidate.pending ? pending : young).push(block.candidate);
  const added = new Map<string, string[]>();
  for (const line of nextWeek(new Rng(`${seed}|maintenance-fee-next-week`), cap, newLines, pending, young)) {
    // The date and the code field (16 characters with the line end) follow the patent's prefix.
    const prefix = line.slice(0, -16);
    added.set(prefix, [...(added.get(prefix) ?? []), line]);
  }
  return added;
}

export async function writeCumulativeFeeFile(path: string, options: CumulativeFeeOptions): Promise<CumulativeFeeResult> {
  const cap = checkOptions(options);
  const { lines: target, seed } = options;
  const newLines = options.newLines ?? 0;
  const added = newLines > 0 ? newLinesByPatent(target, seed, cap, newLines) : new Map<string, string[]>();

  const sink = createWriteStream(path);
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => sink.once('error', (e: Error) => reject((failure ??= e))));
  failed.catch(() => undefined);
  let bytes = 0;
  let chunk = '';
  const flush = async (force = false): Promise<void> => {
    if (failure) throw failure;
    if (chunk.length < 1 << 20 && !force) return;
    bytes += chunk.length; // ASCII
    const ok = sink.write(chunk);
    chunk = '';
    if (!ok) await Promise.race([once(sink, 'drain'), failed]);
  };
  let written = 0;
  let patents = 0;
  try {
    for (const block of baseBlocks(target, seed, cap)) {
      const extra = added.get(block.prefix);
      if (extra !== undefined) {
        chunk += extra.join('');
        written += extra.length;
      }
      chunk += block.text;
      written += block.lines;
      patents++;
      await flush();
    }
    await flush(true);
    sink.end();
    await Promise.race([once(sink, 'close'), failed]);
  } catch (error) {
    sink.destroy();
    throw error;
  }
  return { lines: written, bytes, patents };
}

/** The n new lines: events in the week after `cap`, each patent at most once, sorted by patent, newest first. */
function nextWeek(rng: Rng, cap: number, n: number, pending: Candidate[], young: Candidate[]): string[] {
  const out: Array<{ prefix: string; day: number; order: number; code: string }> = [];
  const add = (c: Candidate, d: number, ...codes: string[]) =>
    codes.forEach((code) => out.push({ prefix: c.prefix, day: d, order: out.length, code }));
  // A weekday in [lo, hi] (any day of it when it has none), or null when it is empty.
  const pick = (lo: number, hi: number): number | null => {
    if (hi < lo) return null;
    for (let tries = 0; tries < 12; tries++) {
      const d = rng.int(lo, hi);
      if (businessDay(d) === d) return d;
    }
    return lo;
  };
  const end = cap + 7;
  for (const pool of [pending, young]) {
    for (let i = 0; i < pool.length && out.length < n; i++) {
      const j = rng.int(i, pool.length - 1);
      const c = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = c;
      const left = n - out.length;
      const s = c.pending;
      if (!s) {
        add(c, pick(cap + 1, end)!, 'ASPN');
        continue;
      }
      const { window: w, stage, entity } = s;
      const onTime = pick(cap + 1, Math.min(w.due, end));
      const late = left >= 2 ? pick(Math.max(cap + 1, w.dueRolled + 1), Math.min(w.end, end)) : null;
      const reminder = !s.remSent && cap + 1 > w.due ? pick(cap + 1, end) : null;
      const expired = w.end < end ? pick(Math.max(cap + 1, w.end + 1), end) : null;
      if (onTime !== null) add(c, onTime, paymentCode(stage, entity, onTime, c.filing));
      else if (late !== null && (reminder === null || rng.chance(0.5)))
        add(c, late, paymentCode(stage, entity, late, c.filing), surchargeCode(stage, entity, late, c.filing));
      else if (reminder !== null) add(c, reminder, 'REM.');
      else if (expired !== null) add(c, expired, 'EXP.');
      else add(c, pick(cap + 1, end)!, 'ASPN');
    }
  }
  if (out.length < n) throw new RangeError(`newLines: the file's patents can take ${out.length} new events, not ${n}`);
  out.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : b.day - a.day || b.order - a.order));
  return out.map((e) => e.prefix + ymd(e.day) + codeField(e.code));
}
