/**
 * Cuts the repeated record elements out of ONE large XML document (the patent assignment files: a
 * DTD, an envelope, then hundreds of thousands of `<patent-assignment>` elements; a daily file is
 * 100+ MB and an annual backfile member several hundred MB). Yields the header (everything
 * before the first record: prolog, DOCTYPE with its internal subset, envelope start tags) and then
 * each record's text, one at a time, so each can go through the tree reader on its own. Memory
 * holds one record, never the file.
 *
 * The input is decoded as UTF-8 across chunk boundaries (StringDecoder); a tag cut by a chunk
 * boundary is found, since the few characters at a chunk's end that could begin one are held back
 * until the next chunk. Nothing is dropped silently: a record too large to hold, a record the file
 * ends inside, and an end tag with no start (a record whose start tag is mangled) are pieces of
 * their own, counted in the record index.
 *
 * Text-level cutting, not parsing: it assumes the record element does not nest and that its tags
 * do not occur inside comments or CDATA sections, true of every USPTO record element. Of the text
 * after the last record (the envelope's end tags) only its last characters are returned, for the
 * caller to see that the document ends where it should; the records are what is checked, each by
 * the XML parser.
 */
import { StringDecoder } from 'node:string_decoder';

/** Far above any real record (the largest recordations list a few thousand properties, ~600 bytes each). */
const MAX_ELEMENT_CHARS = 64 * 1024 * 1024;

/** The header is a DTD and a few envelope tags (~3 KB); more means the element never starts. */
const MAX_HEADER_CHARS = 1024 * 1024;

const HEAD_CHARS = 200;

export type CutPiece =
  /** Always first, exactly once (empty text for an empty stream); `truncated` when it passed the limit. */
  | { kind: 'header'; text: string; truncated: boolean }
  /** `index`: 0-based count of record pieces (every kind below) before this one. */
  | { kind: 'element'; text: string; index: number }
  /** A record over the size limit: counted and skipped; `head` is its first 200 characters. */
  | { kind: 'too-large'; chars: number; head: string; index: number }
  /** The stream ended inside a record (a truncated file). */
  | { kind: 'unterminated'; chars: number; head: string; index: number }
  /** An end tag outside any record; `head` is up to 200 characters ending with it. */
  | { kind: 'stray-end'; head: string; index: number }
  /**
   * Always last unless the stream ended inside a record: up to 200 characters ending the stream
   * (after the last record, or of the header when no record started), a whole file's envelope end tags.
   */
  | { kind: 'end'; tail: string };

export interface CutOptions {
  maxElementChars?: number;
  maxHeaderChars?: number;
}

type State = 'header' | 'between' | 'start-tag' | 'inside' | 'overflow';

/** Every record element named `name` in the stream, after its header. A read error of `input` is thrown. */
export async function* cutElements(
  input: AsyncIterable<Buffer | string>,
  name: string,
  options: CutOptions = {},
): AsyncGenerator<CutPiece> {
  const cutter = new ElementCutter(name, options);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input) yield* cutter.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  yield* cutter.push(decoder.end());
  yield* cutter.end();
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The first `tag` (`<name` or `</name`) at or after `from` that is followed by a character that ends a name. */
function findTag(text: string, tag: string, from: number, selfClosing: boolean): number {
  for (let at = text.indexOf(tag, from); at >= 0; at = text.indexOf(tag, at + 1)) {
    const c = text.charCodeAt(at + tag.length);
    if (isSpace(c) || c === 0x3e /* > */ || (selfClosing && c === 0x2f) /* / */) return at;
  }
  return -1;
}

/** The first characters of `parts` joined, without joining them all. */
function headOf(parts: readonly string[]): string {
  let head = '';
  for (const part of parts) {
    head += part.slice(0, HEAD_CHARS - head.length);
    if (head.length >= HEAD_CHARS) break;
  }
  return head;
}

class ElementCutter {
  private readonly open: string;
  private readonly close: string;
  private readonly maxElement: number;
  private readonly maxHeader: number;
  private state: State = 'header';
  /** Text not yet consumed: a chunk plus what was held back from the one before. */
  private work = '';
  private started = false;
  private header: string[] = [];
  private headerChars = 0;
  private headerTruncated = false;
  /** The record being read, as consumed so far (emptied once it overflows). */
  private parts: string[] = [];
  private chars = 0;
  private head = '';
  /** The last characters dropped between records: the excerpt of a stray end tag. */
  private recent = '';
  private index = 0;

  constructor(name: string, options: CutOptions) {
    this.open = `<${name}`;
    this.close = `</${name}`;
    this.maxElement = options.maxElementChars ?? MAX_ELEMENT_CHARS;
    this.maxHeader = options.maxHeaderChars ?? MAX_HEADER_CHARS;
  }

  *push(text: string): Generator<CutPiece> {
    if (text === '') return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.work += text;
    yield* this.scan(false);
  }

  *end(): Generator<CutPiece> {
    yield* this.scan(true);
    if (this.state === 'header') {
      const header = this.takeHeader();
      yield header;
      if (header.kind === 'header' && !header.truncated) yield { kind: 'end', tail: header.text.slice(-HEAD_CHARS) };
    } else if (this.state === 'between') {
      yield { kind: 'end', tail: this.recent };
    } else {
      const head = this.state === 'overflow' ? this.head : headOf([...this.parts, this.work]);
      yield { kind: 'unterminated', chars: this.chars + this.work.length, head, index: this.index++ };
    }
    this.work = '';
    this.parts = [];
  }

  /** Where to stop consuming `work`: before a `<` near its end that may begin a tag the next chunk completes. */
  private holdFrom(final: boolean): number {
    if (final) return this.work.length;
    const lt = this.work.lastIndexOf('<');
    // `</name` plus the character after it is the longest thing that must be seen whole.
    return lt >= 0 && this.work.length - lt < this.close.length + 1 ? lt : this.work.length;
  }

  /** Consumes what it can of `work`; returns when it needs more input. */
  private *scan(final: boolean): Generator<CutPiece> {
    for (;;) {
      if (this.state === 'header' || this.state === 'between') {
        const start = findTag(this.work, this.open, 0, true);
        const stray = findTag(this.work, this.close, 0, false);
        const limit = start >= 0 ? start : this.holdFrom(final);
        if (stray >= 0 && stray < limit) {
          const gt = this.work.indexOf('>', stray);
          const end = gt < 0 ? stray + this.close.length : gt + 1;
          if (this.state === 'header') yield this.takeHeader(this.work.slice(0, stray));
          const head = (this.recent + this.work.slice(0, end)).slice(-HEAD_CHARS);
          yield { kind: 'stray-end', head, index: this.index++ };
          this.recent = '';
          this.work = this.work.slice(end);
          this.state = 'between';
          continue;
        }
        const dropped = this.work.slice(0, limit);
        if (this.state === 'header') {
          if (start >= 0) yield this.takeHeader(dropped);
          else this.appendHeader(dropped);
        } else {
          this.recent = (this.recent + dropped).slice(-HEAD_CHARS);
        }
        this.work = this.work.slice(limit);
        if (start < 0) return;
        this.state = 'start-tag';
        this.recent = '';
        continue;
      }
      if (this.state === 'start-tag') {
        const gt = this.work.indexOf('>');
        if (gt < 0) {
          if (this.work.length > this.maxElement) this.overflow([this.work]);
          return;
        }
        const tag = this.work.slice(0, gt + 1);
        this.work = this.work.slice(gt + 1);
        if (tag.charCodeAt(gt - 1) === 0x2f) {
          this.state = 'between';
          yield { kind: 'element', text: tag, index: this.index++ };
          continue;
        }
        this.parts = [tag];
        this.chars = tag.length;
        this.state = 'inside';
        continue;
      }
      // Inside a record (kept) or past the size limit (only counted), looking for its end tag.
      const closeAt = findTag(this.work, this.close, 0, false);
      const gt = closeAt < 0 ? -1 : this.work.indexOf('>', closeAt);
      if (gt < 0) {
        const keep = closeAt >= 0 ? closeAt : this.holdFrom(final);
        this.consume(this.work.slice(0, keep));
        this.work = this.work.slice(keep);
        return;
      }
      const last = this.work.slice(0, gt + 1);
      this.work = this.work.slice(gt + 1);
      const chars = this.chars + last.length;
      if (this.state === 'inside' && chars <= this.maxElement) {
        this.parts.push(last);
        yield { kind: 'element', text: this.parts.join(''), index: this.index++ };
      } else {
        // A record that arrived within one chunk is over the limit only now.
        const head = this.state === 'inside' ? headOf([...this.parts, last]) : this.head;
        yield { kind: 'too-large', chars, head, index: this.index++ };
      }
      this.parts = [];
      this.chars = 0;
      this.head = '';
      this.state = 'between';
    }
  }

  private consume(text: string): void {
    if (text === '') return;
    if (this.state === 'overflow') {
      this.chars += text.length;
      return;
    }
    this.parts.push(text);
    this.chars += text.length;
    if (this.chars > this.maxElement) this.overflow(this.parts);
  }

  /** From here on the record is only counted: its text is let go. */
  private overflow(parts: readonly string[]): void {
    this.head = headOf(parts);
    this.chars = parts.reduce((n, p) => n + p.length, 0);
    if (this.state === 'start-tag') this.work = '';
    this.parts = [];
    this.state = 'overflow';
  }

  private appendHeader(text: string): void {
    if (text === '' || this.headerTruncated) return;
    const room = this.maxHeader - this.headerChars;
    if (text.length > room) {
      this.headerTruncated = true;
      text = text.slice(0, room);
    }
    this.header.push(text);
    this.headerChars += text.length;
  }

  private takeHeader(rest = ''): CutPiece {
    this.appendHeader(rest);
    const piece: CutPiece = { kind: 'header', text: this.header.join(''), truncated: this.headerTruncated };
    this.header = [];
    this.state = 'between';
    return piece;
  }
}
