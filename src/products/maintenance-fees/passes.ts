/**
 * The reads of a maintenance-fee file. The first writes one row per run of a patent's lines (its
 * facts and digest) and sets aside lines whose code the built-in table does not know until the
 * Desc file (which may come last in the office's zip) has been read: into staging, or on a first
 * load into the tables themselves. The second stages the lines of the patents that changed. A
 * line repeating a patent's entry date and code among its neighbours is counted as a duplicate
 * and left out of both.
 */
import type { Queryable } from '../../db/database.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { formatPosition, type IngestRun } from '../../ingest/ingest-run.js';
import { addLine, emptyDigest, type LineDigest } from './digest.js';
import type { FeeItem } from './parse.js';
import type { FeeLine } from './parse-line.js';
import * as sql from './load.sql.js';

const STAGE_BATCH = 20_000;

/**
 * COPY text, sent whenever a batch of rows fills. One batch is in flight while the next is
 * read: on the server engine the database takes in one batch while this process reads the next.
 */
class Stager {
  private text = '';
  private rows = 0;
  private inFlight: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly copy: (text: string) => Promise<unknown>,
    private readonly onBatch: () => void = () => undefined,
  ) {}
  async add(row: string): Promise<void> {
    this.text += row;
    this.rows += 1;
    if (this.rows >= STAGE_BATCH) await this.send();
  }
  private async send(): Promise<void> {
    const text = this.text;
    this.text = '';
    this.rows = 0;
    await this.inFlight;
    const sent = this.copy(text).then(() => this.onBatch());
    // Awaited by the next send or the flush; until then a failure must not count as unhandled.
    sent.catch(() => undefined);
    this.inFlight = sent;
  }
  async flush(): Promise<void> {
    if (this.rows > 0) await this.send();
    await this.inFlight;
  }
  /** Waits for the batch in flight without sending more (a read given up); its failure is the caller's to ignore. */
  async settle(): Promise<void> {
    this.text = '';
    this.rows = 0;
    await this.inFlight.catch(() => undefined);
  }
}

/** A patent's consecutive lines: its facts from the first, its digest, the entry date + code pairs seen. */
class PatentRun {
  readonly digest: LineDigest = emptyDigest();
  // A patent has a handful of lines: a list beats a Set, and a million of them.
  private readonly seen: string[] = [];
  constructor(readonly first: FeeLine) {}
  /** False for a duplicate line. */
  take(line: FeeLine): boolean {
    const key = `${line.eventDate}${line.code}`;
    if (this.seen.includes(key)) return false;
    this.seen.push(key);
    addLine(this.digest, key);
    return true;
  }
}

export interface Summary {
  /** The Desc file's codes, when the file came with one. */
  officeCodes: Map<string, string> | null;
  duplicates: number;
  /** Lines read but refused for their code (neither table knows it): counted as read and as rejected. */
  unknownCodes: number;
  /** True when each patent was staged as one row (its lines were together): no need to add parts up. */
  onePartEach: boolean;
}

/** Where the first read puts its rows. */
export type FirstReadTarget =
  /** The staging tables: one row per run of a patent's lines, and with `alsoLines` the lines. */
  | { into: 'staging'; alsoLines: boolean }
  /** The tables themselves (a first load): only while each patent's lines come together. */
  | { into: 'tables'; file: sql.PatentFile };

/** The first read gave up loading into the tables: a patent's lines are apart, or a Desc-only code joins one. */
export class NotInPatentOrder extends Error {}

/** Patent order of the office's file (13 zero-padded digits; reissues apart): shorter numbers first, then by digits. */
function before(a: string, b: string): boolean {
  return a.length === b.length ? a < b : a.length < b.length;
}

function sinksFor(tx: Queryable, target: FirstReadTarget, onBatch: () => void) {
  if (target.into === 'staging')
    return {
      patents: new Stager((text) => sql.stagePatents(tx, text), onBatch),
      lines: target.alsoLines ? new Stager((text) => sql.stageLines(tx, text)) : null,
      patentRow: (run: PatentRun) => sql.stagedPatentText(run.first, run.digest),
      lineRow: sql.stagedLineText,
    };
  const rows = sql.tableRowTexts(target.file);
  return {
    patents: new Stager((text) => sql.copyPatents(tx, text), onBatch),
    lines: new Stager((text) => sql.copyEvents(tx, text)),
    patentRow: (run: PatentRun) => rows.patent(run.first, run.digest),
    lineRow: rows.line,
  };
}

/**
 * First read: rejects and the patent rows; lines of a code outside the built-in table wait for
 * the Desc file. Into the tables, it throws NotInPatentOrder as soon as a patent's lines prove
 * not to be together (the caller rolls back and reads again into staging).
 */
export async function firstRead(
  tx: Queryable,
  batches: AsyncIterable<FeeItem[]>,
  run: IngestRun,
  options: { target: FirstReadTarget; onBatch: () => void },
): Promise<Summary> {
  const inPlace = options.target.into === 'tables';
  const sinks = sinksFor(tx, options.target, options.onBatch);
  const pending: { line: FeeLine; position: string }[] = [];
  let officeCodes: Map<string, string> | null = null;
  let duplicates = 0;
  let unknownCodes = 0;
  let current: PatentRun | null = null;
  // Proof that no patent comes back later in the file: each new run's number follows the last one.
  let ordered = true;
  try {
    for await (const batch of batches)
      for (const item of batch) {
        if (item.kind === 'codes') officeCodes = item.codes;
        else if (item.kind === 'reject') run.reject(item.reason, formatPosition(item.position), item.excerpt);
        else {
          run.counts.read += 1;
          const { line } = item;
          if (!BUILT_IN_FEE_CODES.has(line.code)) {
            pending.push({ line, position: formatPosition(item.position) });
            continue;
          }
          if (current?.first.patentNumber !== line.patentNumber) {
            if (current) {
              ordered &&= before(current.first.patentNumber, line.patentNumber);
              if (!ordered && inPlace) throw new NotInPatentOrder();
              await sinks.patents.add(sinks.patentRow(current));
            }
            current = new PatentRun(line);
          }
          if (!current.take(line)) duplicates += 1;
          else if (sinks.lines) await sinks.lines.add(sinks.lineRow(line));
        }
      }
    if (current) await sinks.patents.add(sinks.patentRow(current));
    // A code the Desc file knows joins its patent's digest as a part of its own (digests add up).
    for (const { line, position } of pending) {
      if (officeCodes?.has(line.code)) {
        if (inPlace) throw new NotInPatentOrder();
        const part = new PatentRun(line);
        part.take(line);
        await sinks.patents.add(sinks.patentRow(part));
        if (sinks.lines) await sinks.lines.add(sinks.lineRow(line));
      } else {
        unknownCodes += 1;
        run.reject(
          `event code "${line.code}" is in neither the Desc file nor the built-in code table`,
          position,
          `${line.patentNumber} ${line.eventDate} ${line.code}`,
        );
      }
    }
    await sinks.patents.flush();
    await sinks.lines?.flush();
  } catch (error) {
    // No COPY may still run when the caller rolls back.
    await sinks.patents.settle();
    await sinks.lines?.settle();
    throw error;
  }
  return { officeCodes, duplicates, unknownCodes, onePartEach: ordered && !pending.some(({ line }) => officeCodes?.has(line.code)) };
}

/** Second read: the lines of the changed patents (every patent when `changed` is null). */
export async function stageChangedLines(
  tx: Queryable,
  batches: AsyncIterable<FeeItem[]>,
  changed: ReadonlySet<string> | null,
  known: (code: string) => boolean,
): Promise<void> {
  const stager = new Stager((text) => sql.stageLines(tx, text));
  let current: PatentRun | null = null;
  for await (const batch of batches)
    for (const item of batch) {
      if (item.kind !== 'line') continue;
      const { line } = item;
      if ((changed !== null && !changed.has(line.patentNumber)) || !known(line.code)) continue;
      if (current?.first.patentNumber !== line.patentNumber) current = new PatentRun(line);
      if (current.take(line)) await stager.add(sql.stagedLineText(line));
    }
  await stager.flush();
}
