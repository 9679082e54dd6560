/**
 * Streaming reader of the USPTO patent assignment XML: PASDL daily files (`adYYYYMMDD.xml`) and
 * PASYR annual backfile zips of such files, whose `.xml` members are read one after another. Each
 * file or member is ONE document: a DTD (internal subset), an envelope with the action key code
 * and the extraction date, and then the `<patent-assignment>` records. Items, in file order:
 *
 * - one `header` per document, before its records (action key code `DA`/`AN`…, transaction date);
 * - one `record` per readable `<patent-assignment>` (map-record.ts);
 * - a `reject` for a record that cannot be read (not well-formed, no reel/frame or recorded date,
 *   an unreadable value, too large, an end tag without its start) and for a header that is not a
 *   patent assignment header; the next record is read.
 *
 * A stream that ends inside a record or before the root's end tag, that cannot be read to its
 * end, or that is empty makes the file unreadable (unreadable.ts): its load fails.
 *
 * Memory holds one record's text and the values read from it at a time (xml/records.ts cuts the
 * records out of the stream; pick.ts reads only what map-record.ts asks for).
 * Each record is parsed on its own, without the DTD: the DTD declares no entities, so nothing it
 * could expand is lost; `&amp;` and numeric references are XML's own. Positions: `member` is the
 * zip member (null for a plain file), `index` the record's 0-based index in it; a header problem
 * carries index 0.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { xmlDate } from '../full-text/dates.js';
import type { ItemPosition } from '../../ingest/loader.js';
import { show } from '../../ingest/show.js';
import { readFailure, unreadable } from '../../ingest/unreadable.js';
import { type CutOptions, type CutPiece, cutElements } from '../../ingest/xml/records.js';
import { hasZipSignature, isResourceFork, parseZipFile } from '../../ingest/zip.js';
import { ASSIGNMENT_FIELDS, type AssignmentMapResult, mapAssignment } from './map-record.js';
import { pickXml } from './pick.js';
import type { AssignmentItem } from './record.js';

const RECORD = 'patent-assignment';
export const ASSIGNMENTS_ROOT = 'us-patent-assignments';
const ROOT = ASSIGNMENTS_ROOT;
const EXCERPT_CHARS = 200;

/** Every item of an assignment file: a zip (by extension or `PK` signature) member by member, else one XML stream. */
export async function* parseAssignmentFile(path: string): AsyncGenerator<AssignmentItem> {
  if (path.toLowerCase().endsWith('.zip') || (await hasZipSignature(path))) {
    yield* parseZipFile(path, {
      classify: xmlMember,
      what: 'XML',
      parseMember: (input, member) => parseAssignmentStream(input, member),
    });
    return;
  }
  yield* parseAssignmentStream(createReadStream(path), null);
}

function xmlMember(name: string): 'xml' | null {
  return !isResourceFork(name) && name.toLowerCase().endsWith('.xml') ? 'xml' : null;
}

/** Every item of one assignment XML document (a plain file or one zip member). */
export async function* parseAssignmentStream(
  input: Readable | AsyncIterable<Buffer | string>,
  member: string | null,
  options: CutOptions = {},
): AsyncGenerator<AssignmentItem> {
  const pieces = cutElements(input, RECORD, options)[Symbol.asyncIterator]();
  let nextIndex = 0;
  let root: string | null = null;
  for (;;) {
    let next: IteratorResult<CutPiece>;
    try {
      next = await pieces.next();
    } catch (err) {
      throw readFailure(member, nextIndex === 0 ? 'before its first record' : `after record #${nextIndex - 1}`, err);
    }
    if (next.done === true) return;
    const piece = next.value;
    if (piece.kind === 'header') {
      if (piece.text.trim() === '') throw unreadable(member, 'no XML in it (empty)');
      const header = readHeader(piece.text, piece.truncated, member);
      root = header.root;
      yield* header.items;
      continue;
    }
    if (piece.kind === 'end') {
      // A patent assignment file (or one cut before its root) is held to its root's end tag; another file's header was a reject.
      if ((root === ROOT || root === null) && !ROOT_END.test(piece.tail)) {
        throw unreadable(
          member,
          `XML ends ${nextIndex === 0 ? 'before its first record' : `after record #${nextIndex - 1}`} without </${ROOT}>`,
        );
      }
      continue;
    }
    const position = { member, index: piece.index };
    nextIndex = piece.index + 1;
    if (piece.kind === 'element') yield readRecord(piece.text, position);
    else if (piece.kind === 'too-large') yield reject(`record too large to read: "${piece.chars} characters"`, position, piece.head);
    else if (piece.kind === 'unterminated') {
      throw unreadable(member, `XML ends inside record #${piece.index} (${piece.chars} characters of it read)`);
    } else yield reject(`</${RECORD}> without its start tag (a mangled record)`, position, piece.head);
  }
}

/** The end of a whole assignment document: its root's end tag, then nothing but whitespace. */
const ROOT_END = new RegExp(`</${ROOT}\\s*>\\s*$`);

function isRecord(name: string): boolean {
  return name === RECORD;
}

function readRecord(text: string, position: ItemPosition): AssignmentItem {
  const outcome = pickXml(text, isRecord, ASSIGNMENT_FIELDS);
  if (outcome.kind !== 'read') {
    const why = outcome.kind === 'error' ? outcome.message : `root ${outcome.root}`;
    return reject(`XML not well-formed: ${JSON.stringify(why)}`, position, text);
  }
  let result: AssignmentMapResult;
  try {
    // A mapper bug on one odd record must not end the file: it is that record's reject.
    result = mapAssignment(outcome.picked);
  } catch (err) {
    result = { ok: false, reason: `record could not be mapped: ${JSON.stringify(message(err))}` };
  }
  return result.ok ? { kind: 'record', record: result.record, position } : reject(result.reason, position, text);
}

interface HeaderFields {
  root: string | null;
  actionKeyCode: string | null;
  transactionDate: string | null;
  error: string | null;
}

/**
 * The header is a document's beginning, not a whole document (its envelope is still open where
 * the first record starts), so it goes through saxes without `close()`: what is read is kept, and
 * only a real error in it (not the missing end tags) is reported.
 */
function headerFields(text: string): HeaderFields {
  const fields: HeaderFields = { root: null, actionKeyCode: null, transactionDate: null, error: null };
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    fields.root ??= tag.name;
    path.push(tag.name);
  });
  parser.on('closetag', () => path.pop());
  parser.on('text', (t) => {
    const at = path.slice(1).join('/');
    if (at === 'action-key-code') fields.actionKeyCode = ((fields.actionKeyCode ?? '') + t).trim();
    else if (at === 'transaction-date/date') fields.transactionDate = ((fields.transactionDate ?? '') + t).trim();
  });
  try {
    parser.write(text);
  } catch (err) {
    fields.error = message(err);
  }
  return fields;
}

function readHeader(text: string, truncated: boolean, member: string | null): { root: string | null; items: AssignmentItem[] } {
  const fields = headerFields(text);
  const date = fields.transactionDate === null || fields.transactionDate === '' ? null : xmlDate(fields.transactionDate);
  const items: AssignmentItem[] = [{ kind: 'header', actionKeyCode: fields.actionKeyCode || null, transactionDate: date }];
  const position = { member, index: 0 };
  const rootAt = Math.max(0, text.indexOf(`<${ROOT}`));
  const excerpt = text.slice(rootAt);
  if (truncated) items.push(reject(`file header: no <${RECORD}> in the first "${text.length} characters"`, position, excerpt));
  else if (fields.error !== null)
    items.push(reject(`file header: XML not well-formed: ${JSON.stringify(fields.error)}`, position, excerpt));
  else if (fields.root !== ROOT)
    items.push(reject(`file header: not a patent assignment file, root ${show(fields.root ?? undefined)}`, position, excerpt));
  else if (fields.transactionDate !== null && fields.transactionDate !== '' && date === null) {
    items.push(reject(`file header: unreadable transaction-date: ${show(fields.transactionDate)}`, position, excerpt));
  }
  return { root: fields.root, items };
}

function reject(reason: string, position: ItemPosition, excerpt: string): AssignmentItem {
  return { kind: 'reject', reason, position, excerpt: excerpt.slice(0, EXCERPT_CHARS) };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
