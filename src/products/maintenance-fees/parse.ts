/**
 * Streams a MaintFeeEvents file: the `.txt` itself (with the Desc file beside it, when there is
 * one of the same date) or the office's weekly zip holding both. Yields each line read into its
 * fields, the office's code table when a Desc file is read, and a reject (with its line number
 * and text) for every line that does not fit the layout. The office ends every line with CR LF: a
 * last line without its line end that is not a whole line was cut short, and an events file that
 * is cut, cannot be read to its end or holds no line makes the file unreadable (unreadable.ts).
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { parseFeeCodeDescriptions } from '../../domain/fee-codes.js';
import { datedName } from '../../ingest/file-date.js';
import type { ItemPosition } from '../../ingest/loader.js';
import { hasZipSignature, parseZipFile } from '../../ingest/zip.js';
import { readFailure, unreadable } from '../../ingest/unreadable.js';
import { type FeeLine, LINE_LENGTH, parseFeeLine } from './parse-line.js';

export type FeeItem =
  | { kind: 'line'; line: FeeLine; position: ItemPosition }
  /** The office's code descriptions, from the Desc file that came with the events. */
  | { kind: 'codes'; source: string; codes: Map<string, string> }
  | { kind: 'reject'; reason: string; position: ItemPosition; excerpt: string };

type Member = 'events' | 'codes';

/**
 * Bytes read at a time. A chunk's lines live until all of them are loaded, so large chunks
 * survive V8's young generation and cost more in garbage collection than in reading: at 1 MB a
 * first load of 3 million lines took 24 s, at 64 KB 15–17 s.
 */
export const READ_CHUNK_BYTES = 1 << 16;

/** `MaintFeeEventsDesc_20241112.txt` holds code descriptions; `MaintFeeEvents_20241112.txt` the events. */
function memberKind(name: string): Member | null {
  const base = basename(name);
  if (/^MaintFeeEventsDesc/i.test(base)) return 'codes';
  if (/\.txt$/i.test(base)) return 'events';
  return null;
}

/**
 * The file's lines without their line ends (CR LF or LF), read as ASCII, a chunk's worth at a
 * time; a last line without a line end is not among them but returned at the end (null when the
 * file ends with a line end).
 */
export async function* asciiLines(input: Readable): AsyncGenerator<string[], string | null> {
  input.setEncoding('latin1');
  let rest = '';
  for await (const chunk of input as AsyncIterable<string>) {
    const text = rest + chunk;
    const lines: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      lines.push(text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end));
      start = end + 1;
    }
    rest = text.slice(start);
    yield lines;
  }
  return rest.length > 0 ? (rest.endsWith('\r') ? rest.slice(0, -1) : rest) : null;
}

/** A chunk's lines at a time: 14 million awaits of one item each would cost more than reading them. */
async function* eventLines(input: Readable, member: string | null): AsyncGenerator<FeeItem[]> {
  let index = 0;
  let anyLine = false;
  const read = (text: string, items: FeeItem[]): void => {
    index += 1;
    // Records are 57 characters long: only a short line can be blank.
    if (text.length < 53 && text.trim() === '') return;
    anyLine = true;
    const position = { member, index };
    const line = parseFeeLine(text);
    if ('reason' in line) items.push({ kind: 'reject', reason: line.reason, position, excerpt: text.slice(0, 200) });
    else items.push({ kind: 'line', line, position });
  };
  const chunks = asciiLines(input);
  for (;;) {
    let next: IteratorResult<string[], string | null>;
    try {
      next = await chunks.next();
    } catch (err) {
      throw readFailure(member, `after line ${index}`, err);
    }
    if (next.done !== true) {
      const items: FeeItem[] = [];
      for (const text of next.value) read(text, items);
      yield items;
      continue;
    }
    const last = next.value;
    if (last !== null && last.trim() !== '') {
      // Lines may arrive right-trimmed, but never without their line end: a short last line is a cut one.
      if (last.length < LINE_LENGTH || 'reason' in parseFeeLine(last)) {
        throw unreadable(member, `the last line (line ${index + 1}) is cut short: ${last.length} characters and no line end`);
      }
      const items: FeeItem[] = [];
      read(last, items);
      yield items;
    }
    break;
  }
  if (!anyLine) throw unreadable(member, 'no lines in it (empty)');
}

async function* codeTable(text: string, source: string, member: string | null): AsyncGenerator<FeeItem[]> {
  const { codes, rejects } = parseFeeCodeDescriptions(text);
  for (const reject of rejects) {
    yield [
      {
        kind: 'reject',
        reason: `code description file: ${reject.reason}`,
        position: { member: member ?? source, index: reject.line },
        excerpt: reject.excerpt,
      },
    ];
  }
  yield [{ kind: 'codes', source, codes }];
}

async function readAll(input: Readable): Promise<string> {
  input.setEncoding('latin1');
  let text = '';
  for await (const chunk of input as AsyncIterable<string>) text += chunk;
  return text;
}

/** A zip member's whole text (the Desc file: a few kilobytes); a read that fails is an unreadable file. */
async function readMember(input: Readable, member: string): Promise<string> {
  try {
    return await readAll(input);
  } catch (err) {
    throw readFailure(member, 'code descriptions', err);
  }
}

/** The Desc file of the same date beside a plain events file, if the office's pair was unpacked there. */
async function siblingCodeFile(path: string): Promise<string | null> {
  const date = datedName(basename(path));
  if (date === null) return null;
  const compact = date.replace(/-/g, '');
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  const match = names.find((name) => memberKind(name) === 'codes' && name.includes(compact));
  return match === undefined ? null : join(dirname(path), match);
}

/** The file's items, a batch (one chunk of lines) at a time; a zip's own problems come as one-item batches. */
export async function* parseMaintenanceFeeFile(path: string): AsyncGenerator<FeeItem[]> {
  if (path.toLowerCase().endsWith('.zip') || (await hasZipSignature(path))) {
    for await (const batch of parseZipFile<Member, FeeItem[]>(path, {
      classify: memberKind,
      what: 'a MaintFeeEvents or MaintFeeEventsDesc text file',
      parseMember: async function* (input, member, kind) {
        if (kind === 'codes') yield* codeTable(await readMember(input, member), member, member);
        else yield* eventLines(input, member);
      },
    })) {
      yield Array.isArray(batch) ? batch : [batch];
    }
    return;
  }
  if (memberKind(path) === 'codes') {
    yield* codeTable(await readFile(path, 'latin1'), basename(path), null);
    return;
  }
  const codes = await siblingCodeFile(path);
  if (codes !== null) yield* codeTable(await readFile(codes, 'latin1'), basename(codes), basename(codes));
  yield* eventLines(createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }), null);
}
