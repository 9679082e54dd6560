/**
 * Streaming reader of the USPTO weekly full-text XML: grants (PTGRXML `ipgYYMMDD`, and the
 * bibliographic ipgb product) and pre-grant publications (APPXML `ipaYYMMDD`), as `.xml` files or
 * `.zip` archives of them. One item per document, in file order:
 *
 * - `us-patent-grant` → a grant document, `us-patent-application` → a publication document;
 * - any other root (`sequence-cwu`, …) → `skipped` with its root name (reading stops at the root's
 *   start tag, so a megabyte sequence listing costs almost nothing);
 * - a document that cannot be read (not well-formed, unknown entity, no number, unreadable date,
 *   too large) → `reject` with a reason, its position and an excerpt; the next document is read;
 * - a part of a kept document that had to be dropped (a party without a name) → a `reject` after
 *   its document, at the same position, so the run counts and shows it.
 *
 * A stream whose last document does not end with its root's end tag (the file was cut inside it),
 * that cannot be read to its end, or that holds no document at all makes the file unreadable
 * (unreadable.ts): its load fails. A document cut short between two others is that document's reject.
 *
 * Memory holds one document's text and tree at a time (split.ts). Positions: `member` is the zip
 * member (null for a plain file), `index` the 0-based count of documents before this one in it.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { runSax } from '../../ingest/xml/sax.js';
import { withoutElement } from '../../ingest/xml/cut.js';
import { splitXmlDocuments, type SplitOptions, type SplitPiece } from '../../ingest/xml/split.js';
import { readXmlTree, type XmlElement } from '../../ingest/xml/tree.js';
import { readFailure, unreadable } from '../../ingest/unreadable.js';
import { hasZipSignature, isResourceFork, parseZipFile } from '../../ingest/zip.js';
import type { MapResult } from './common.js';
import type { DocumentPosition, FullTextItem } from './document.js';

/** Root element → the product's mapper (grants: `us-patent-grant`; publications: `us-patent-application`). */
export type DocumentMappers = ReadonlyMap<string, (root: XmlElement) => MapResult>;

/** Large parts no mapper reads: left out of the tree (they are most of a document's bytes). */
const SKIPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'description',
  'drawings',
  'us-sequence-list-doc',
  'sequence-list-new-rules',
  'us-chemistry',
  'us-math',
  'table-external-doc',
]);

/** Top-level parts of a grant or publication cut out of the text before parsing: most of its bytes. */
const CUT_ELEMENTS = ['description', 'drawings'];

const EXCERPT_CHARS = 200;

/** Every item of a full-text file: a zip (by extension or `PK` signature) member by member, else one XML stream. */
export async function* parseFullTextFile(path: string, mappers: DocumentMappers): AsyncGenerator<FullTextItem> {
  if (path.toLowerCase().endsWith('.zip') || (await hasZipSignature(path))) {
    yield* parseZipFile(path, {
      classify: xmlMember,
      what: 'XML',
      parseMember: (input, member) => parseFullTextStream(input, member, mappers),
    });
    return;
  }
  yield* parseFullTextStream(createReadStream(path), null, mappers);
}

function xmlMember(name: string): 'xml' | null {
  return !isResourceFork(name) && name.toLowerCase().endsWith('.xml') ? 'xml' : null;
}

/** Every item of one stream of concatenated XML documents (a plain file or one zip member). */
export async function* parseFullTextStream(
  input: Readable | AsyncIterable<Buffer | string>,
  member: string | null,
  mappers: DocumentMappers,
  options: SplitOptions = {},
): AsyncGenerator<FullTextItem> {
  let index = 0;
  const pieces = splitXmlDocuments(input, options)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<SplitPiece>;
    try {
      next = await pieces.next();
    } catch (err) {
      throw readFailure(member, index === 0 ? 'before its first document' : `after document #${index - 1}`, err);
    }
    if (next.done === true) break;
    const piece = next.value;
    if (piece.kind === 'document' && piece.last === true && !endsWithItsRoot(piece.text)) {
      throw unreadable(member, `XML ends inside document #${index}, which starts at byte ${piece.offset}: no end tag of its root`);
    }
    yield* readDocument(piece, { member, index }, mappers);
    index++;
  }
  if (index === 0) throw unreadable(member, 'no XML document in it (empty)');
}

/**
 * True when the document's text ends with the end tag of its first element (or is that element,
 * self-closed). Read from the text alone: a document cut inside a root the reader skips (a
 * sequence listing) or inside a part left out of the tree would otherwise pass.
 */
function endsWithItsRoot(text: string): boolean {
  const open = /<([A-Za-z_:][\w.:-]*)/.exec(text);
  if (open === null) return false;
  const tail = text.slice(-(open[1]!.length + 64));
  if (new RegExp(`</${open[1]!.replace(/\./g, '\\.')}\\s*>$`).test(tail)) return true;
  return text.endsWith('/>') && text.lastIndexOf('<') === open.index;
}

/** A document's item, followed by one reject per part of it that had to be dropped (at the document's position). */
function readDocument(piece: SplitPiece, position: DocumentPosition, mappers: DocumentMappers): FullTextItem[] {
  if (piece.kind === 'too-large') {
    return [reject(`document too large to read: "${piece.bytes} bytes at byte ${piece.offset}"`, position, piece.head)];
  }
  // The two bulkiest parts never reach saxes (cut.ts); the rest of SKIPPED_ELEMENTS is skipped while reading.
  const text = CUT_ELEMENTS.reduce(withoutElement, piece.text);
  const outcome = readXmlTree(text, { acceptRoot: (name) => mappers.has(name), skip: SKIPPED_ELEMENTS });
  if (outcome.kind === 'other-root') return [{ kind: 'skipped', root: outcome.root, position }];
  if (outcome.kind === 'error') {
    const from = Math.max(0, outcome.offset - EXCERPT_CHARS / 2);
    return [reject(`XML not well-formed: ${JSON.stringify(outcome.message)}`, position, text.slice(from, from + EXCERPT_CHARS))];
  }
  const mapper = mappers.get(outcome.root);
  let result: MapResult;
  try {
    // A mapper bug on one odd document must not end the file: it is that document's reject.
    result = mapper === undefined ? { ok: false, reason: `no mapper for root "${outcome.root}"` } : mapper(outcome.tree);
  } catch (err) {
    result = { ok: false, reason: `document could not be mapped: ${JSON.stringify(message(err))}` };
  }
  if (result.ok) {
    const { document, issues } = result;
    return [
      { kind: 'document', document, position },
      ...issues.map((issue) => reject(`${issue.reason} in document "${document.docNumber}"`, position, issue.excerpt)),
    ];
  }
  // From the root's start tag: its `file` attribute names the document.
  const rootAt = Math.max(0, text.indexOf(`<${outcome.root}`));
  return [reject(result.reason, position, text.slice(rootAt, rootAt + EXCERPT_CHARS))];
}

function reject(reason: string, position: DocumentPosition, excerpt: string): FullTextItem {
  return { kind: 'reject', reason, position, excerpt: excerpt.slice(0, EXCERPT_CHARS) };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface RawSaxCounts {
  /** Documents split out of the stream, whatever their outcome. */
  documents: number;
  /** Grant and publication documents read to the end (other roots stop at their start tag). */
  read: number;
  /** Documents of other roots, by root name. */
  skipped: Record<string, number>;
  /** Not well-formed or too large. */
  unreadable: number;
}

/**
 * Benchmark baseline: the same splitting and the same saxes work as `parseFullTextStream` (same
 * root gate, every event tokenised), but no tree, no mapping, no items.
 */
export async function rawSaxPass(
  input: Readable | AsyncIterable<Buffer | string>,
  mappers: DocumentMappers,
  options: SplitOptions = {},
): Promise<RawSaxCounts> {
  const counts: RawSaxCounts = { documents: 0, read: 0, skipped: {}, unreadable: 0 };
  for await (const piece of splitXmlDocuments(input, options)) {
    counts.documents++;
    if (piece.kind === 'too-large') {
      counts.unreadable++;
      continue;
    }
    const outcome = runSax(piece.text, (name) => mappers.has(name), null);
    if (outcome.kind === 'read') counts.read++;
    else if (outcome.kind === 'other-root') counts.skipped[outcome.root] = (counts.skipped[outcome.root] ?? 0) + 1;
    else counts.unreadable++;
  }
  return counts;
}
