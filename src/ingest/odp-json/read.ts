/**
 * Streaming reader of ODP JSON bulk files (file wrapper, PTAB, office actions):
 * `.json`, `.jsonl`/`.ndjson` or `.zip` files, yielding one item per record, per rejected
 * record and per dropped part of a kept record. A product supplies its layout (envelope bag
 * keys, layout.ts) and its mapper. Memory stays bounded by the largest single record: the text
 * is cut into its records' texts (split.ts) and each is parsed by `JSON.parse` on its own;
 * nothing reads a whole file or a whole envelope array.
 *
 * Reject reasons keep their variable part after the first `"` (the runner tallies reasons by the
 * text before it).
 *
 * Positions: `index` counts the values that take a record's place in a member (records,
 * rejected records, unreadable JSON Lines lines); issue rejects carry their record's index.
 * A member-level reject (zip member not JSON) has index 0.
 *
 * A record whose text does not parse (its brackets and strings whole, so the stream goes on past
 * it) is one reject; so is a JSON Lines line that does not parse, when a line end follows it. A
 * stream that ends inside a value, a last JSON Lines line cut short, text between records that is
 * no JSON (nothing after it can be cut), a read error and a stream with no JSON at all make the
 * file unreadable (unreadable.ts): its load fails.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { readFailure, unreadable } from '../unreadable.js';
import { hasZipSignature, isResourceFork, parseZipFile } from '../zip.js';
import { excerpt } from './json-value.js';
import { expandValue, type OdpLayout } from './layout.js';
import { JsonSplitter } from './split.js';

/** Where a record sits in its file, for reject reports. */
export interface RecordPosition {
  /** Zip member name, or null for a plain file. */
  member: string | null;
  /** 0-based index of the record in its member or file. */
  index: number;
}

export type OdpItem<R> =
  | { kind: 'record'; record: R; position: RecordPosition }
  | { kind: 'reject'; reason: string; position: RecordPosition; /** At most 200 characters of the offending value. */ excerpt: string };

/** A product's mapper: a record (with the parts it had to drop), or why the value is no record. */
export type OdpMapResult<R> = { ok: true; record: R; issues: { reason: string; value: unknown }[] } | { ok: false; reason: string };

/** One ODP JSON product as the reader sees it. */
export interface OdpProduct<R> {
  layout: OdpLayout;
  map(value: unknown): OdpMapResult<R>;
}

/**
 * Far above any real record (the 100 kB sample records), far below what would strain memory: a
 * longer value is skipped while streaming and reported.
 */
const MAX_VALUE_CHARS = 64 * 1024 * 1024;
/** A JSON Lines line longer than this is reported and skipped instead of being buffered. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * Every item of an ODP JSON file: a zip (by extension or by its `PK` signature) member by
 * member, `.jsonl`/`.ndjson` line by line, anything else as one JSON stream.
 */
export async function* readOdpJsonFile<R>(path: string, product: OdpProduct<R>): AsyncGenerator<OdpItem<R>> {
  const lower = path.toLowerCase();
  const parseMember = (input: Readable, member: string | null, kind: MemberKind): AsyncGenerator<OdpItem<R>> =>
    kind === 'lines' ? readOdpJsonLines(input, member, product) : readOdpJsonStream(input, member, product);
  if (lower.endsWith('.zip') || (await hasZipSignature(path))) {
    yield* parseZipFile(path, { classify: memberKind, what: 'JSON', parseMember });
    return;
  }
  yield* parseMember(createReadStream(path), null, lower.endsWith('.jsonl') || lower.endsWith('.ndjson') ? 'lines' : 'json');
}

/** How a member is read: one JSON stream, or JSON Lines (one value per line). */
type MemberKind = 'json' | 'lines';

/** By name: `.json` → json, `.jsonl`/`.ndjson` → lines; macOS resource forks are not JSON. */
function memberKind(name: string): MemberKind | null {
  if (isResourceFork(name)) return null;
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'lines';
  return null;
}

/** The items of one answer of the portal's search APIs, read as a file of the same text would be. */
export function readOdpJsonText<R>(text: string, product: OdpProduct<R>): AsyncGenerator<OdpItem<R>> {
  return readOdpJsonStream(Readable.from([text]), null, product);
}

/**
 * One JSON stream in any supported layout: API envelope (the product's bag, keys in any order),
 * bare array, single record, JSON Lines or concatenated values.
 */
export async function* readOdpJsonStream<R>(
  input: Readable,
  member: string | null,
  product: OdpProduct<R>,
  options: { maxValueChars?: number } = {},
): AsyncGenerator<OdpItem<R>> {
  const splitter = new JsonSplitter(product.layout, options.maxValueChars ?? MAX_VALUE_CHARS);
  const items = new ItemCounter(member, product);
  const read = new TextReader(member);
  let atStart = true;
  let anyText = false;

  for await (const text of read.chunks(input)) {
    let s = text;
    if (atStart && s.length > 0) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      atStart = false;
    }
    anyText ||= /\S/.test(s);
    splitter.push(s);
    yield* items.drain(splitter);
  }
  const truncated = splitter.end();
  yield* items.drain(splitter);
  if (truncated !== null) throw unreadable(member, `${truncated} at byte ${read.bytes}`);
  if (!anyText) throw unreadable(member, 'no JSON in it (empty)');
}

/**
 * JSON Lines: one JSON value per line (a record, an envelope or an array of records); blank
 * lines are ignored. A line that does not parse is one reject and reading goes on, except the last
 * line when no line end follows it: the file was cut there.
 */
export async function* readOdpJsonLines<R>(input: Readable, member: string | null, product: OdpProduct<R>): AsyncGenerator<OdpItem<R>> {
  const items = new ItemCounter(member, product);
  const read = new TextReader(member);
  let lineNo = 0;
  let pending = '';
  let overlong = false;
  let atStart = true;
  let anyLine = false;

  function* onLine(raw: string, ended: boolean): Generator<OdpItem<R>> {
    lineNo++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    anyLine = true;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      if (!ended) throw unreadable(member, `JSON Lines end inside line ${lineNo} at byte ${read.bytes} (no line end after it)`);
      yield items.skip(`JSON syntax error in a JSON Lines line: "line ${lineNo}: ${message(err)}"`, line);
      return;
    }
    for (const v of expandValue(value, product.layout)) yield* items.map(v);
  }

  for await (const text of read.chunks(input)) {
    let s = text;
    if (atStart && s.length > 0) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      atStart = false;
    }
    let from = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', from)) {
      if (overlong) {
        lineNo++;
        overlong = false;
      } else yield* onLine(pending + s.slice(from, nl), true);
      pending = '';
      from = nl + 1;
    }
    if (!overlong) pending += s.slice(from);
    if (pending.length > MAX_LINE_CHARS) {
      anyLine = true;
      yield items.skip(`JSON Lines line too long, skipped: "line ${lineNo + 1}, over ${MAX_LINE_CHARS} characters"`, pending);
      pending = '';
      overlong = true;
    }
  }
  if (pending !== '') yield* onLine(pending, false);
  if (!anyLine) throw unreadable(member, 'no JSON Lines in it (empty)');
}

/** Decoded text chunks of a byte stream, counting its bytes; a read error is an unreadable file. */
class TextReader {
  bytes = 0;
  private readonly decoder = new StringDecoder('utf8');
  constructor(private readonly member: string | null) {}

  async *chunks(input: Readable): AsyncGenerator<string> {
    const chunks = input[Symbol.asyncIterator]();
    try {
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await chunks.next();
        } catch (err) {
          throw readFailure(this.member, `at byte ${this.bytes}`, err);
        }
        if (next.done === true) break;
        const chunk = next.value;
        let text: string;
        if (typeof chunk === 'string') {
          text = chunk;
          this.bytes += Buffer.byteLength(chunk);
        } else {
          text = this.decoder.write(chunk as Buffer);
          this.bytes += (chunk as Buffer).length;
        }
        if (text !== '') yield text;
      }
      const rest = this.decoder.end();
      if (rest !== '') yield rest;
    } finally {
      await chunks.return?.();
    }
  }
}

/** Assigns positions and turns assembled values into record/reject items. */
class ItemCounter<R> {
  private index = 0;
  constructor(
    private readonly member: string | null,
    private readonly product: OdpProduct<R>,
  ) {}

  private position(index = this.index): RecordPosition {
    return { member: this.member, index };
  }

  /**
   * The splitter's values, parsed one at a time: a record that does not parse is one reject (the
   * splitter found its end, so the next one is read); text the splitter cannot cut ends the file.
   */
  *drain(splitter: JsonSplitter): Generator<OdpItem<R>> {
    if (splitter.events.length === 0) return;
    for (const event of splitter.events.splice(0)) {
      if (event.kind === 'note') {
        yield this.skip(event.reason, event.excerpt);
        continue;
      }
      if (event.kind === 'error') {
        throw unreadable(
          this.member,
          `JSON syntax error at character ${event.at} (line ${event.line}), the rest cannot be read: ${event.reason}`,
        );
      }
      let value: unknown;
      try {
        value = JSON.parse(event.text);
      } catch (err) {
        const where = `characters ${event.at}–${event.at + event.text.length}, from line ${event.line}`;
        yield this.skip(`JSON syntax error in a record: "${where}: ${message(err)}"`, event.text);
        continue;
      }
      if (event.expand) for (const v of expandValue(value, this.product.layout)) yield* this.map(v);
      else yield* this.map(value);
    }
  }

  *map(value: unknown): Generator<OdpItem<R>> {
    const position = this.position();
    this.index++;
    const result = this.product.map(value);
    if (!result.ok) {
      yield { kind: 'reject', reason: result.reason, position, excerpt: excerpt(value) };
      return;
    }
    yield { kind: 'record', record: result.record, position };
    for (const issue of result.issues) yield { kind: 'reject', reason: issue.reason, position, excerpt: excerpt(issue.value) };
  }

  /** A reject that takes one record's place. */
  skip(reason: string, text: string): OdpItem<R> {
    const item: OdpItem<R> = { kind: 'reject', reason, position: this.position(), excerpt: text.slice(0, 200) };
    this.index++;
    return item;
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
