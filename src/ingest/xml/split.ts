/**
 * Splits a byte stream of concatenated XML documents (the weekly `ipgYYMMDD` / `ipaYYMMDD` files:
 * thousands of complete documents back to back, each with its own `<?xml …?>` declaration and
 * DOCTYPE) into one document's text at a time. Memory holds one document, never the file.
 *
 * A document starts at every `<?xml` followed by whitespace (so `<?xml-stylesheet …?>` is not a
 * start). A declaration split across chunk boundaries is found: the few bytes at a chunk's end that
 * could begin one are held back until the next chunk. Whitespace (and a byte order mark) between
 * documents is ignored; text before the first declaration is a document of its own (the parser
 * then judges it).
 */

const DECLARATION = Buffer.from('<?xml');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** V8 cannot make a string much over 512 MiB; real documents stay far below this. */
const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

export type SplitPiece =
  /**
   * `offset`: byte offset of the document's first byte in the stream; `last` on the stream's last
   * piece (the one whose end is the stream's: where a cut file shows).
   */
  | { kind: 'document'; text: string; offset: number; last?: true }
  /** A document over the size limit: counted and dropped; `head` is its first 200 characters. */
  | { kind: 'too-large'; bytes: number; head: string; offset: number };

export interface SplitOptions {
  maxDocumentBytes?: number;
}

function isXmlSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** How many bytes at the end of `data` could be the beginning of `<?xml`. */
function partialDeclarationTail(data: Buffer): number {
  for (let k = Math.min(DECLARATION.length, data.length); k > 0; k--) {
    if (data.subarray(data.length - k).equals(DECLARATION.subarray(0, k))) return k;
  }
  return 0;
}

/** The next declaration start in `data[from, end)`, or -1. */
function findDeclaration(data: Buffer, from: number, end: number): number {
  for (let at = data.indexOf(DECLARATION, from); at >= 0 && at < end; at = data.indexOf(DECLARATION, at + 1)) {
    // The tail rule guarantees a byte after a match that starts before `end`.
    if (isXmlSpace(data[at + DECLARATION.length])) return at;
  }
  return -1;
}

/** Bytes of the document being read; beyond the limit only counted. */
class PendingDocument {
  private pieces: Buffer[] = [];
  private head = '';
  bytes = 0;
  offset = 0;
  private overflow = false;

  constructor(private readonly maxBytes: number) {}

  append(piece: Buffer): void {
    if (piece.length === 0) return;
    this.bytes += piece.length;
    if (this.overflow) return;
    this.pieces.push(piece);
    if (this.bytes > this.maxBytes) {
      this.head = Buffer.concat(this.pieces).subarray(0, 800).toString('utf8').slice(0, 200);
      this.pieces = [];
      this.overflow = true;
    }
  }

  /** The finished document (null when it was only whitespace), and a fresh start at `nextOffset`. */
  take(nextOffset: number): SplitPiece | null {
    const { bytes, offset } = this;
    let piece: SplitPiece | null = null;
    if (this.overflow) piece = { kind: 'too-large', bytes, head: this.head, offset };
    else if (bytes > 0) {
      const text = trimDocument(Buffer.concat(this.pieces, bytes).toString('utf8'));
      if (text !== '') piece = { kind: 'document', text, offset };
    }
    this.pieces = [];
    this.head = '';
    this.bytes = 0;
    this.overflow = false;
    this.offset = nextOffset;
    return piece;
  }
}

// Between documents only whitespace and stray byte order marks are expected; both are dropped.
function trimDocument(text: string): string {
  let start = 0;
  while (start < text.length && isBlank(text.charCodeAt(start))) start++;
  let end = text.length;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff;
}

/** Every document of the stream in order. A read error of `input` is thrown to the caller. */
export async function* splitXmlDocuments(input: AsyncIterable<Buffer | string>, options: SplitOptions = {}): AsyncGenerator<SplitPiece> {
  const pending = new PendingDocument(options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES);
  let held: Buffer = Buffer.alloc(0);
  // Stream offset of data[0] of the current chunk.
  let base = 0;
  let first = true;
  for await (const chunk of input) {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (first && data.length > 0) {
      first = false;
      if (data.subarray(0, 3).equals(UTF8_BOM)) {
        data = data.subarray(3);
        base = 3;
        pending.offset = 3;
      }
    }
    if (held.length > 0) {
      data = Buffer.concat([held, data]);
      base -= held.length;
    }
    const end = data.length - partialDeclarationTail(data);
    let from = 0;
    for (let at = findDeclaration(data, 0, end); at >= 0; at = findDeclaration(data, at + 1, end)) {
      pending.append(data.subarray(from, at));
      const piece = pending.take(base + at);
      if (piece !== null) yield piece;
      from = at;
    }
    pending.append(data.subarray(from, end));
    // A copy: the held bytes must not pin the whole chunk.
    held = Buffer.from(data.subarray(end));
    base += data.length;
  }
  pending.append(held);
  const piece = pending.take(base);
  if (piece?.kind === 'document') yield { ...piece, last: true };
  else if (piece !== null) yield piece;
}
