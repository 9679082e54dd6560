/**
 * Streaming reader of USPTO ODP patent file wrapper JSON (PTFWPRD daily, PTFWPRE backfile):
 * `.json`, `.jsonl`/`.ndjson` or `.zip` files, yielding one `ParsedItem` per record, per
 * rejected record and per dropped part of a kept record. Memory stays bounded by the largest
 * single record: the text is tokenised by stream-json's core parser and records are assembled
 * one at a time (layout.ts); nothing reads a whole file or a whole envelope array.
 *
 * Reject reasons keep their variable part after the first `"` (the loader tallies reasons by the
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
import { excerpt } from './fields.js';
import { expandValue, LayoutReader } from './layout.js';
import { mapFileWrapperRecord } from './map-record.js';
import type { ParsedItem, RecordPosition } from './record.js';

/** Text is handed to the tokenizer in slices of this many characters (bounds error positions). */
const SLICE_CHARS = 16_384;
/** A JSON Lines line longer than this is reported and skipped instead of being buffered. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * Every item of a file wrapper file: a zip (by extension or by its `PK` signature) member by
 * member, `.jsonl`/`.ndjson` line by line, anything else as one JSON stream.
 */
export async function* parseFileWrapperFile(path: string): AsyncGenerator<ParsedItem> {
  const lower = path.toLowerCase();
  if (lower.endsWith('.zip') || (await hasZipSignature(path))) {
    yield* parseZipFile(path, { classify: memberKind, what: 'JSON', parseMember });
    return;
  }
  yield* parseMember(createReadStream(path), null, lower.endsWith('.jsonl') || lower.endsWith('.ndjson') ? 'lines' : 'json');
}

function parseMember(input: Readable, member: string | null, kind: MemberKind): AsyncGenerator<ParsedItem> {
  return kind === 'lines' ? parseFileWrapperLines(input, member) : parseFileWrapperStream(input, member);
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
 * One JSON stream in any supported layout: API envelope (`patentFileWrapperDataBag`, beta
 * `patentBag`, keys in any order), bare array, single record, JSON Lines or concatenated values.
 */
export async function* parseFileWrapperStream(input: Readable, member: string | null): AsyncGenerator<ParsedItem> {
  // The core tokenizer is synchronous: text in, tokens out, `none` flushes, a syntax error throws.
  const tokenize = jsonParser({ jsonStreaming: true, streamValues: false }) as (text: string | typeof none) => unknown;
  const reader = new LayoutReader();
  const decoder = new StringDecoder('utf8');
  const items = new ItemCounter(member);
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
export async function* parseFileWrapperLines(input: Readable, member: string | null): AsyncGenerator<ParsedItem> {
  const decoder = new StringDecoder('utf8');
  const items = new ItemCounter(member);
  let lineNo = 0;
  let pending = '';
  let overlong = false;
  let atStart = true;

  function* onLine(raw: string): Generator<ParsedItem> {
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
    for (const v of expandValue(value)) yield* items.map(v);
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
class ItemCounter {
  private index = 0;
  constructor(private readonly member: string | null) {}

  private position(index = this.index): RecordPosition {
    return { member: this.member, index };
  }

  *drain(reader: LayoutReader): Generator<ParsedItem> {
    if (reader.events.length === 0) return;
    const events = reader.events.splice(0);
    for (const event of events) {
      if (event.kind === 'note') yield this.skip(event.reason, event.excerpt);
      else if (event.expand) for (const v of expandValue(event.value)) yield* this.map(v);
      else yield* this.map(event.value);
    }
  }

  *map(value: unknown): Generator<ParsedItem> {
    const position = this.position();
    this.index++;
    const result = mapFileWrapperRecord(value);
    if (!result.ok) {
      yield { kind: 'reject', reason: result.reason, position, excerpt: excerpt(value) };
      return;
    }
    yield { kind: 'record', record: result.record, position };
    for (const issue of result.issues) yield { kind: 'reject', reason: issue.reason, position, excerpt: excerpt(issue.value) };
  }

  /** A reject that takes one record's place. */
  skip(reason: string, text: string): ParsedItem {
    const item: ParsedItem = { kind: 'reject', reason, position: this.position(), excerpt: text.slice(0, 200) };
    this.index++;
    return item;
  }

  /** A reject that ends the stream: positioned at the first record not read. */
  stop(reason: string, text: string): ParsedItem {
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
