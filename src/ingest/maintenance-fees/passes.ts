/**
 * The two reads of a maintenance-fee file. The first stages one row per run of a patent's lines
 * (its facts and digest) and sets aside lines whose code the built-in table does not know until
 * the Desc file (which may come last in the office's zip) has been read. The second stages the
 * lines of the patents that changed. A line repeating a patent's entry date and code among its
 * neighbours is counted as a duplicate and left out of both.
 */
import type { CopyValue } from '../../db/copy-text.js';
import type { Queryable } from '../../db/database.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { formatPosition, type IngestRun } from '../ingest-run.js';
import { addLine, emptyDigest, type LineDigest } from './digest.js';
import type { FeeItem } from './parse.js';
import type { FeeLine } from './parse-line.js';
import * as sql from './load.sql.js';

const STAGE_BATCH = 20_000;

/**
 * Rows for COPY, sent whenever a batch fills. One batch is in flight while the next is parsed:
 * on the server engine the database takes in one batch while this process reads the next.
 */
class Stager {
  private rows: CopyValue[][] = [];
  private inFlight: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly stage: (rows: CopyValue[][]) => Promise<unknown>,
    private readonly onBatch: () => void = () => undefined,
  ) {}
  async add(row: CopyValue[]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= STAGE_BATCH) await this.send();
  }
  private async send(): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    await this.inFlight;
    const sent = this.stage(rows).then(() => this.onBatch());
    // Awaited by the next send or the flush; until then a failure must not count as unhandled.
    sent.catch(() => undefined);
    this.inFlight = sent;
  }
  async flush(): Promise<void> {
    if (this.rows.length > 0) await this.send();
    await this.inFlight;
  }
}

/** A patent's consecutive lines: its facts from the first, its digest, the entry date + code pairs seen. */
class PatentRun {
  readonly digest: LineDigest = emptyDigest();
  private readonly seen = new Set<string>();
  constructor(readonly first: FeeLine) {}
  /** False for a duplicate line. */
  take(line: FeeLine): boolean {
    const key = `${line.eventDate}${line.code}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    addLine(this.digest, line.eventDate, line.code);
    return true;
  }
  row(): CopyValue[] {
    const f = this.first;
    return [
      f.patentNumber,
      f.applicationNumber,
      f.entityStatus,
      f.filingDate,
      f.grantDate,
      this.digest.lines,
      this.digest.a,
      this.digest.b,
    ];
  }
}

export interface Summary {
  /** The Desc file's codes, when the file came with one. */
  officeCodes: Map<string, string> | null;
  duplicates: number;
  /** True when each patent was staged as one row (its lines were together): no need to add parts up. */
  onePartEach: boolean;
}

/** Patent order of the office's file (13 zero-padded digits; reissues apart): shorter numbers first, then by digits. */
function before(a: string, b: string): boolean {
  return a.length === b.length ? a < b : a.length < b.length;
}

/**
 * First read: rejects and the patent rows; lines of a code outside the built-in table wait for
 * the Desc file. With `alsoLines` (a first load, when every patent is new) it stages the lines too.
 */
export async function stagePatents(
  tx: Queryable,
  batches: AsyncIterable<FeeItem[]>,
  run: IngestRun,
  options: { alsoLines: boolean; onBatch: () => void },
): Promise<Summary> {
  const stager = new Stager((rows) => sql.stagePatents(tx, rows), options.onBatch);
  const lines = new Stager((rows) => sql.stageLines(tx, rows));
  const pending: { line: FeeLine; position: string }[] = [];
  let officeCodes: Map<string, string> | null = null;
  let duplicates = 0;
  let current: PatentRun | null = null;
  // Proof that no patent comes back later in the file: each new run's number follows the last one.
  let ordered = true;
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
            await stager.add(current.row());
          }
          current = new PatentRun(line);
        }
        if (!current.take(line)) duplicates += 1;
        else if (options.alsoLines) await lines.add([line.patentNumber, line.eventDate, line.code]);
      }
    }
  if (current) await stager.add(current.row());
  // A code the Desc file knows joins its patent's digest as a part of its own (digests add up).
  for (const { line, position } of pending) {
    if (officeCodes?.has(line.code)) {
      const part = new PatentRun(line);
      part.take(line);
      await stager.add(part.row());
      if (options.alsoLines) await lines.add([line.patentNumber, line.eventDate, line.code]);
    } else {
      run.reject(
        `event code "${line.code}" is in neither the Desc file nor the built-in code table`,
        position,
        `${line.patentNumber} ${line.eventDate} ${line.code}`,
      );
    }
  }
  await stager.flush();
  await lines.flush();
  return { officeCodes, duplicates, onePartEach: ordered && pending.length === 0 };
}

/** Second read: the lines of the changed patents (every patent when `changed` is null). */
export async function stageChangedLines(
  tx: Queryable,
  batches: AsyncIterable<FeeItem[]>,
  changed: ReadonlySet<string> | null,
  known: (code: string) => boolean,
): Promise<void> {
  const stager = new Stager((rows) => sql.stageLines(tx, rows));
  let current: PatentRun | null = null;
  for await (const batch of batches)
    for (const item of batch) {
      if (item.kind !== 'line') continue;
      const { line } = item;
      if ((changed !== null && !changed.has(line.patentNumber)) || !known(line.code)) continue;
      if (current?.first.patentNumber !== line.patentNumber) current = new PatentRun(line);
      if (current.take(line)) await stager.add([line.patentNumber, line.eventDate, line.code]);
    }
  await stager.flush();
}
