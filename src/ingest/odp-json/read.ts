/**
 * Streaming reader of ODP JSON bulk files (file wrapper now; PTAB and office actions next):
 * `.json`, `.jsonl`/`.ndjson` or `.zip` files, yielding one item per record, per rejected
 * record and per dropped part of a kept record. A product supplies its layout (envelope bag
 * keys, layout.ts) and its mapper. Memory stays bounded by the largest single record: the text
 * is tokenised by stream-json's core parser and records are assembled one at a time; nothing
 * reads a whole file or a whole envelope array.
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
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import { hasZipSignature, isResourceFork, parseZipFile } from '../zip.js';
import { excerpt } from './json-value.js';
import { expandValue, LayoutReader, type OdpLayout } from './layout.js';

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

/** Text is handed to the tokenizer in slices of this many characters (bounds error positions). */
const SLICE_CHARS = 16_384;
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
export async function* readOdpJsonStream<R>(input: Readable, member: string | null, product: OdpProduct<R>): AsyncGenerator<OdpItem<R>> {
  // The core tokenizer is synchronous: text in, tokens out, `none` flushes, a syntax error throws.
  const tokenize = jsonParser({ jsonStreaming: true, streamValues: false }) as (text: string | typeof none) => unknown;
  const reader = new LayoutReader(product.layout);
  const decoder = new StringDecoder('utf8');
  const items = new ItemCounter(member, product);
  let chars = 0;
  let line = 1;
  let atStart = true;

  const feed = (slice: string | typeof none): void => {
    const out = tokenize(slice);
    if (isMany(out)) for (const token of getManyValues(out) as Token[]) reader.consume(token);
  };

  for await (const text of readText(input, decoder)) {
    if (text instanceof Error) {
      yield* items.drain(reader);
      yield items.stop(`read error at character ${chars} (line ${line}); rest of the stream not read: ${text.message}`, '');
      return;
    }
    let s = text;
    if (atStart && s.length > 0) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      atStart = false;
    }
    for (let i = 0; i < s.length; i += SLICE_CHARS) {
      const slice = s.slice(i, i + SLICE_CHARS);
      try {
        feed(slice);
      } catch (err) {
        yield* items.drain(reader);
        const where = `characters ${chars}–${chars + slice.length}, from line ${line}`;
        yield items.stop(`JSON syntax error, rest of the stream not read: "${where}: ${message(err)}"`, slice);
        return;
      }
      chars += slice.length;
      line += countLines(slice);
      yield* items.drain(reader);
    }
  }
  try {
    feed(none);
  } catch (err) {
    yield* items.drain(reader);
    yield items.stop(`JSON ends inside a value (truncated file?) after character ${chars}: ${message(err)}`, '');
    return;
  }
  yield* items.drain(reader);
  if (reader.openDepth > 0) yield items.stop(`JSON ends inside a value (truncated file?) after character ${chars}`, '');
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

  *drain(reader: LayoutReader): Generator<OdpItem<R>> {
    if (reader.events.length === 0) return;
    const events = reader.events.splice(0);
    for (const event of events) {
      if (event.kind === 'note') yield this.skip(event.reason, event.excerpt);
      else if (event.expand) for (const v of expandValue(event.value, this.product.layout)) yield* this.map(v);
      else yield* this.map(event.value);
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

function countLines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
