/**
 * Streaming reader of ODP JSON bulk files (file wrapper, PTAB; office actions next):
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
 * A member-level reject (zip member not JSON) has index 0; a syntax error has the index of the
 * first record not read.
 *
 * A JSON syntax error in a `.json` stream leaves the rest of it unreadable: one reject is
 * reported and that member (only) stops. JSON Lines are read line by line, so a bad line is one
 * reject and reading resumes at the next line.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
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
export const MAX_VALUE_CHARS = 64 * 1024 * 1024;
/** A JSON Lines line longer than this is reported and skipped instead of being buffered. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

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
export function memberKind(name: string): MemberKind | null {
  if (isResourceFork(name)) return null;
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'lines';
  return null;
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
  const decoder = new StringDecoder('utf8');
  const items = new ItemCounter(member, product);
  let chars = 0;
  let atStart = true;

  for await (const text of readText(input, decoder)) {
    if (text instanceof Error) {
      yield* items.drain(splitter);
      if (!items.stopped) yield items.stop(`read error at character ${chars}; rest of the stream not read: ${text.message}`, '');
      return;
    }
    let s = text;
    if (atStart && s.length > 0) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      atStart = false;
    }
    splitter.push(s);
    chars += s.length;
    yield* items.drain(splitter);
    if (items.stopped) return;
  }
  const truncated = splitter.end();
  yield* items.drain(splitter);
  if (truncated !== null && !items.stopped) yield items.stop(`${truncated} after character ${chars}`, '');
}

/**
 * JSON Lines: one JSON value per line (a record, an envelope or an array of records); blank
 * lines are ignored. A line that does not parse is one reject; reading goes on.
 */
export async function* readOdpJsonLines<R>(input: Readable, member: string | null, product: OdpProduct<R>): AsyncGenerator<OdpItem<R>> {
  const decoder = new StringDecoder('utf8');
  const items = new ItemCounter(member, product);
  let lineNo = 0;
  let pending = '';
  let overlong = false;
  let atStart = true;

  function* onLine(raw: string): Generator<OdpItem<R>> {
    lineNo++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      yield items.skip(`JSON syntax error in a JSON Lines line: "line ${lineNo}: ${message(err)}"`, line);
      return;
    }
    for (const v of expandValue(value, product.layout)) yield* items.map(v);
  }

  for await (const text of readText(input, decoder)) {
    if (text instanceof Error) {
      yield items.stop(`read error after line ${lineNo}; rest of the stream not read: ${text.message}`, '');
      return;
    }
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
      } else yield* onLine(pending + s.slice(from, nl));
      pending = '';
      from = nl + 1;
    }
    if (!overlong) pending += s.slice(from);
    if (pending.length > MAX_LINE_CHARS) {
      yield items.skip(`JSON Lines line too long, skipped: "line ${lineNo + 1}, over ${MAX_LINE_CHARS} characters"`, pending);
      pending = '';
      overlong = true;
    }
  }
  if (!overlong && pending !== '') yield* onLine(pending);
}

/** Decoded text chunks of a byte stream; a read error ends the sequence as an Error value. */
async function* readText(input: Readable, decoder: StringDecoder): AsyncGenerator<string | Error> {
  const chunks = input[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await chunks.next();
      } catch (err) {
        yield err instanceof Error ? err : new Error(String(err));
        return;
      }
      if (next.done === true) break;
      const chunk = next.value;
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
      if (text !== '') yield text;
    }
    const rest = decoder.end();
    if (rest !== '') yield rest;
  } finally {
    await chunks.return?.();
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

  /** True once a syntax error ended the stream: nothing after it is read. */
  stopped = false;

  /**
   * The splitter's values, parsed one at a time (`JSON.parse` checks each: a syntax error stops the
   * stream there, as a tokenizer would have).
   */
  *drain(splitter: JsonSplitter): Generator<OdpItem<R>> {
    if (splitter.events.length === 0 || this.stopped) return;
    for (const event of splitter.events.splice(0)) {
      if (event.kind === 'note') {
        yield this.skip(event.reason, event.excerpt);
        continue;
      }
      if (event.kind === 'error') {
        this.stopped = true;
        yield this.stop(
          `JSON syntax error, rest of the stream not read: "characters ${event.at}–${event.at + 1}, from line ${event.line}: ${event.reason}"`,
          event.excerpt,
        );
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(event.text);
      } catch (err) {
        this.stopped = true;
        const where = `characters ${event.at}–${event.at + event.text.length}, from line ${event.line}`;
        yield this.stop(`JSON syntax error, rest of the stream not read: "${where}: ${message(err)}"`, event.text);
        return;
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

  /** A reject that ends the stream: positioned at the first record not read. */
  stop(reason: string, text: string): OdpItem<R> {
    return { kind: 'reject', reason, position: this.position(), excerpt: text.slice(0, 200) };
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
