/**
 * Cuts a JSON text stream into the texts of its records, for `JSON.parse` one record at a time
 * (DESIGN.md §5's layouts, layout.ts's rules): the elements of a record bag of a top-level
 * object (`{"count": 2, "patentTrialProceedingDataBag": [{…}, {…}]}`), the elements of a
 * top-level array, or a top-level value that holds no bag (a bare record, another envelope), any
 * number of them one after another.
 *
 * Why not a tokenizer: a JavaScript tokenizer makes an object per token (a PTAB decision file is
 * 1.8 M tokens for 39 MB), and assembling records from them cost more than the rest of the ingest.
 * This reads structure only: brackets, and strings jumped over with `indexOf('"')`, and leaves the values to `JSON.parse`, which also checks them.
 * Text between values is checked here (only whitespace, commas and colons in their places), so a
 * stray character outside a record is a syntax error as well.
 *
 * Memory: the text from the start of the value being cut (or of a top-level object that may turn
 * out to be a record); a value longer than `maxChars` is skipped and reported.
 */
import type { OdpLayout } from './layout.js';

export type SplitEvent =
  /** The text of one value: a record, or (`expand`) a top-level value that may be an envelope or an array. */
  | { kind: 'value'; text: string; expand: boolean; at: number; line: number }
  /** Something that takes a record's place but cannot be one (too large). */
  | { kind: 'note'; reason: string; excerpt: string }
  /** Text that is no JSON: the rest of the stream cannot be cut. */
  | { kind: 'error'; reason: string; at: number; line: number; excerpt: string };

const SPACE = /\s/;

interface Container {
  /** Where it starts in the buffer. */
  start: number;
  /** Where the scan stopped (resumable across pushes: at an unclosed string's quote), and the brackets open. */
  scan: number;
  depth: number;
}

type Level =
  /**
   * A top-level object, or an envelope nested in one (`nested`): its members are read one by one;
   * `start` is where it opened.
   */
  | { kind: 'object'; start: number; bagFound: boolean; abandoned: boolean; key: string | null; afterColon: boolean; nested: boolean }
  /** The elements of a record bag, or of a top-level array. */
  | { kind: 'elements'; expand: boolean };

export class JsonSplitter {
  readonly events: SplitEvent[] = [];
  private buffer = '';
  /** Characters dropped from the front of the buffer (event positions are of the whole stream). */
  private dropped = 0;
  private pos = 0;
  private readonly levels: Level[] = [];
  /** A container value being skipped or cut (a record, or a member that is no bag). */
  private container: (Container & { deliver: 'record' | 'skip' | 'none'; expand: boolean }) | null = null;
  private failed = false;
  /** Newlines before `lineScan` (of the buffer), for the line of a value. */
  private lines = 1;
  private lineScan = 0;

  constructor(
    private readonly layout: OdpLayout,
    private readonly maxChars: number,
  ) {}

  push(text: string): void {
    if (this.failed) return;
    this.buffer += text;
    this.run();
    this.compact();
  }

  /** Open values at the end (a truncated stream), or null. */
  end(): string | null {
    if (this.failed) return null;
    const rest = this.buffer.slice(this.pos);
    if (this.container === null && this.levels.length === 0 && rest.trim() !== '') this.deliver(rest.trim(), true, this.pos);
    return this.container !== null || this.levels.length > 0 ? 'JSON ends inside a value' : null;
  }

  private run(): void {
    while (!this.failed) {
      if (this.container !== null) {
        if (!this.scanContainer(this.container)) return;
        continue;
      }
      const level = this.levels[this.levels.length - 1];
      const at = this.skipSpace();
      if (at >= this.buffer.length) return;
      const c = this.buffer[at]!;
      if (level === undefined) {
        if (c === '{') {
          this.levels.push({ kind: 'object', start: at, bagFound: false, abandoned: false, key: null, afterColon: false, nested: false });
          this.pos = at + 1;
        } else if (c === '[') {
          this.levels.push({ kind: 'elements', expand: true });
          this.pos = at + 1;
        } else if (!this.scalarValue(at, true)) return;
      } else if (level.kind === 'elements') {
        if (c === ',') this.pos = at + 1;
        else if (c === ']') {
          this.levels.pop();
          this.pos = at + 1;
        } else if (c === '{' || c === '[') this.open(at, 'record', level.expand);
        else if (!this.scalarValue(at, level.expand)) return;
      } else if (!this.member(level, at, c)) return;
    }
  }

  /** One step inside a top-level object; false when more text is needed. */
  private member(level: Extract<Level, { kind: 'object' }>, at: number, c: string): boolean {
    if (c === '}') {
      this.levels.pop();
      this.pos = at + 1;
      // No record bag: the object itself is the value (a bare record, or an envelope known after
      // parsing); a nested envelope is part of its top-level object's value.
      if (!level.bagFound && !level.abandoned && !level.nested) this.deliver(this.buffer.slice(level.start, at + 1), true, level.start);
      return true;
    }
    if (c === ',' || c === ':') {
      level.afterColon = c === ':';
      this.pos = at + 1;
      return true;
    }
    if (!level.afterColon) {
      if (c !== '"') return this.fail('an object member must start with its key', at);
      const close = this.stringEnd(at);
      if (close < 0) return false;
      level.key = JSON.parse(this.buffer.slice(at, close + 1)) as string;
      this.pos = close + 1;
      return true;
    }
    // The member's value; `afterColon` stays set until it is read whole (the text may end inside it).
    if (c === '[' && level.key !== null && this.layout.bagKeys.has(level.key)) {
      // Every enclosing object is an envelope now: none of them is kept whole.
      for (const open of this.levels) if (open.kind === 'object') open.bagFound = true;
      this.levels.push({ kind: 'elements', expand: false });
      this.pos = at + 1;
    } else if (c === '{' && level.key !== null && this.layout.nestedEnvelopeKeys?.has(level.key)) {
      this.levels.push({
        kind: 'object',
        start: at,
        bagFound: level.bagFound,
        abandoned: false,
        key: null,
        afterColon: false,
        nested: true,
      });
      this.pos = at + 1;
    } else if (c === '{' || c === '[') this.open(at, 'none', false);
    else {
      const end = this.valueEnd(at);
      if (end < 0) return false;
      this.pos = end;
    }
    level.afterColon = false;
    return true;
  }

  private open(at: number, deliver: 'record' | 'none', expand: boolean): void {
    this.container = { start: at, scan: at + 1, depth: 1, deliver, expand };
    this.pos = at + 1;
  }

  /** Scans the open container to its end; false when more text is needed. */
  private scanContainer(box: NonNullable<JsonSplitter['container']>): boolean {
    const text = this.buffer;
    const length = text.length;
    // A plain loop over character codes: a regular expression's match objects cost more than the scan.
    for (let i = box.scan; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        const close = this.stringEnd(i);
        if (close < 0) {
          box.scan = i;
          return this.tooLarge(box);
        }
        i = close;
      } else if (c === 0x7b || c === 0x5b) box.depth++;
      else if ((c === 0x7d || c === 0x5d) && --box.depth === 0) {
        this.container = null;
        this.pos = i + 1;
        if (box.deliver === 'record') this.deliver(text.slice(box.start, i + 1), box.expand, box.start);
        return true;
      }
    }
    box.scan = length;
    return this.tooLarge(box);
  }

  /** Past `maxChars`, a record is no longer kept: it is skipped to its end and reported. */
  private tooLarge(box: NonNullable<JsonSplitter['container']>): false {
    if (box.deliver === 'record' && this.buffer.length - box.start > this.maxChars) {
      box.deliver = 'skip';
      this.events.push({
        kind: 'note',
        reason: `value too large to be one record (more than ${this.maxChars} characters); skipped`,
        excerpt: '',
      });
    }
    return false;
  }

  /** Index of the quote closing the string opening at `open`, or -1 when the buffer ends first. */
  private stringEnd(open: number): number {
    const text = this.buffer;
    let from = open + 1;
    for (;;) {
      const q = text.indexOf('"', from);
      if (q < 0) return -1;
      let backslashes = 0;
      for (let b = q - 1; text.charCodeAt(b) === 0x5c; b--) backslashes++;
      if (backslashes % 2 === 0) return q;
      from = q + 1;
    }
  }

  /** End (exclusive) of a string, number or literal at `at`; -1 when the buffer may not hold all of it yet. */
  private valueEnd(at: number): number {
    if (this.buffer[at] !== '"') return this.scalarEnd(at);
    const close = this.stringEnd(at);
    return close < 0 ? -1 : close + 1;
  }

  /** End (exclusive) of a number or literal at `at`; -1 when the buffer may not hold all of it yet. */
  private scalarEnd(at: number): number {
    let i = at;
    while (i < this.buffer.length && /[^\s,\]}:[{"]/.test(this.buffer[i]!)) i++;
    return i < this.buffer.length ? i : -1;
  }

  /** A string, number or literal where a value belongs (top level, or an element); false when more text is needed. */
  private scalarValue(at: number, expand: boolean): boolean {
    const end = this.valueEnd(at);
    if (end < 0) return false;
    if (end === at) return this.fail(`unexpected ${JSON.stringify(this.buffer[at])}`, at);
    this.deliver(this.buffer.slice(at, end), expand, at);
    this.pos = end;
    return true;
  }

  private deliver(text: string, expand: boolean, at: number): void {
    this.events.push({ kind: 'value', text, expand, at: this.dropped + at, line: this.lineOf(at) });
  }

  /** The line of a buffer position at or after every position asked before. */
  private lineOf(at: number): number {
    const text = this.buffer;
    for (let i = text.indexOf('\n', this.lineScan); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) this.lines++;
    this.lineScan = Math.max(this.lineScan, at);
    return this.lines;
  }

  private skipSpace(): number {
    let i = this.pos;
    const text = this.buffer;
    while (i < text.length && SPACE.test(text[i]!)) i++;
    this.pos = i;
    return i;
  }

  private fail(what: string, at: number): false {
    this.failed = true;
    this.events.push({
      kind: 'error',
      reason: what,
      at: this.dropped + at,
      line: this.lineOf(at),
      excerpt: this.buffer.slice(at, at + 200),
    });
    return false;
  }

  /** Drops the text no open value needs any more. */
  private compact(): void {
    const whole = (l: Level) => l.kind === 'object' && !l.nested && !l.bagFound && !l.abandoned;
    for (const level of this.levels)
      if (level.kind === 'object' && whole(level) && this.buffer.length - level.start > this.maxChars) {
        // A top-level object this large without a record bag is no record this reader can cut.
        level.abandoned = true;
        const bags = [...this.layout.bagKeys].join('/');
        this.events.push({
          kind: 'note',
          reason: `unrecognised layout: top-level object too large to be one record (more than ${this.maxChars} characters) and no ${bags}; skipped`,
          excerpt: this.buffer.slice(level.start, level.start + 200),
        });
      }
    let keep = this.pos;
    for (const level of this.levels) if (level.kind === 'object' && whole(level)) keep = Math.min(keep, level.start);
    if (this.container !== null) {
      if (this.container.deliver === 'record' || this.levels.some(whole)) keep = Math.min(keep, this.container.start);
      else keep = Math.min(keep, this.container.scan);
    }
    if (keep <= 0) return;
    this.lineOf(keep);
    this.buffer = this.buffer.slice(keep);
    this.dropped += keep;
    this.pos -= keep;
    this.lineScan -= keep;
    for (const level of this.levels) if (level.kind === 'object') level.start -= keep;
    if (this.container !== null) {
      this.container.start -= keep;
      this.container.scan -= keep;
    }
  }
}
