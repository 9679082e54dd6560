/**
 * Layout detection for ODP JSON (file wrapper now; PTAB and office actions next), on a
 * stream-json token stream. DESIGN.md §5: the inside of the bulk zips is undocumented, so every
 * plausible layout is accepted:
 *
 * - a top-level array: each element is one record (ODP beta `patentBag.sample.json`);
 * - a top-level object holding one of the product's record bags (`patentFileWrapperDataBag`,
 *   `patentBag`, …) as an array, before or after `count` and the other envelope keys: each
 *   element is one record, streamed one at a time;
 * - a top-level object without such a bag: the object itself is one value (a bare record, or an
 *   envelope recognised after assembly such as PEDS `queryResults…docs`; see `expandValue`);
 * - any number of such top-level values one after another (JSON Lines, concatenated JSON).
 *
 * Only one record (or one top-level object without a bag) is assembled at a time, and no
 * assembled value may exceed `MAX_VALUE_TOKENS`: a larger one is skipped while streaming and
 * reported, so an unknown layout holding a huge array fails loudly instead of filling memory.
 */
import type { Token } from 'stream-json/core/parser.js';
import { isObject, type JsonObject } from './json-value.js';

/** What tells one ODP product's records from its envelopes. */
export interface OdpLayout {
  /** Keys of a top-level envelope whose array holds the records (`patentFileWrapperDataBag`, …). */
  bagKeys: ReadonlySet<string>;
  /** True when an assembled object is a record itself (it has the record's key field), not an envelope. */
  isRecord(value: JsonObject): boolean;
  /** The records of another envelope recognised after assembly (PEDS search responses), else null. */
  otherEnvelope?(value: JsonObject): unknown[] | null;
}

/** Keys of an envelope that carry no records (`{count: 0}` alone is an empty answer). */
const ENVELOPE_ONLY_KEYS: ReadonlySet<string> = new Set(['count', 'requestIdentifier']);

/**
 * Far above any real record (the 100 kB sample records are ~5,000 tokens), far below what would
 * strain memory.
 */
export const MAX_VALUE_TOKENS = 2_000_000;

export type LayoutEvent =
  /** A value to map as a record (`expand`: may still be an envelope or an array of records). */
  | { kind: 'value'; value: unknown; expand: boolean }
  /** Something that takes a record's place but could not be assembled. */
  | { kind: 'note'; reason: string; excerpt: string };

interface TopObject {
  kind: 'top-object';
  /** The member being read. */
  key: string;
  /** Members read so far, other than a record bag: the record itself if no bag turns up. */
  residual: JsonObject;
  tokens: number;
  bagFound: boolean;
  /** Members not kept because the object grew past `MAX_VALUE_TOKENS`. */
  skipped: string[];
  keys: string[];
}

type Frame = TopObject | { kind: 'bag' } | { kind: 'top-array' };

type Container = JsonObject | unknown[];

export class LayoutReader {
  /** Completed events; the caller drains it after each batch of tokens. */
  readonly events: LayoutEvent[] = [];
  private readonly frames: Frame[] = [];
  // The value being assembled (below a frame): its open containers and their current keys.
  private readonly stack: Container[] = [];
  private readonly keys: string[] = [];
  private tokens = 0;
  // Skipping an oversized value: depth of containers still open.
  private skipDepth = 0;

  constructor(private readonly layout: OdpLayout) {}

  consume(token: Token): void {
    if (this.skipDepth > 0) {
      this.skip(token);
      return;
    }
    if (this.stack.length > 0) {
      this.assemble(token);
      return;
    }
    const frame = this.frames[this.frames.length - 1];
    switch (token.name) {
      case 'keyValue':
        if (frame?.kind === 'top-object') {
          frame.key = token.value;
          frame.keys.push(token.value);
        }
        return;
      case 'startObject':
        if (frame === undefined) {
          this.frames.push({ kind: 'top-object', key: '', residual: {}, tokens: 0, bagFound: false, skipped: [], keys: [] });
        } else this.open({});
        return;
      case 'startArray':
        if (frame === undefined) this.frames.push({ kind: 'top-array' });
        else if (frame.kind === 'top-object' && this.layout.bagKeys.has(frame.key)) {
          frame.bagFound = true;
          this.frames.push({ kind: 'bag' });
        } else this.open([]);
        return;
      case 'endObject':
      case 'endArray':
        this.frames.pop();
        if (frame?.kind === 'top-object') this.closeTopObject(frame);
        return;
      default: {
        const value = scalar(token);
        if (value !== NOT_A_VALUE) this.deliver(value);
      }
    }
  }

  /** Number of top-level values still open (non-zero at the end means truncated input). */
  get openDepth(): number {
    return this.frames.length + this.stack.length + this.skipDepth;
  }

  private open(container: Container): void {
    this.stack.push(container);
    this.keys.push('');
    this.tokens = 1;
  }

  private assemble(token: Token): void {
    this.tokens++;
    const frame = this.frames[this.frames.length - 1];
    const budget = frame?.kind === 'top-object' ? MAX_VALUE_TOKENS - frame.tokens : MAX_VALUE_TOKENS;
    if (this.tokens > budget) {
      this.startSkip(token);
      return;
    }
    const top = this.stack[this.stack.length - 1] as Container;
    switch (token.name) {
      case 'keyValue':
        this.keys[this.keys.length - 1] = token.value;
        return;
      case 'startObject':
      case 'startArray': {
        const child: Container = token.name === 'startObject' ? {} : [];
        this.attach(top, child);
        this.stack.push(child);
        this.keys.push('');
        return;
      }
      case 'endObject':
      case 'endArray': {
        this.stack.pop();
        this.keys.pop();
        if (this.stack.length === 0) this.deliver(top);
        return;
      }
      default: {
        const value = scalar(token);
        if (value !== NOT_A_VALUE) this.attach(top, value);
      }
    }
  }

  private attach(container: Container, value: unknown): void {
    if (Array.isArray(container)) container.push(value);
    else setKey(container, this.keys[this.keys.length - 1] ?? '', value);
  }

  /** A complete value directly below the current frame (or at the top level). */
  private deliver(value: unknown): void {
    const frame = this.frames[this.frames.length - 1];
    const used = Math.max(this.tokens, 1);
    this.tokens = 0;
    if (frame === undefined) this.events.push({ kind: 'value', value, expand: true });
    else if (frame.kind === 'bag') this.events.push({ kind: 'value', value, expand: false });
    else if (frame.kind === 'top-array') this.events.push({ kind: 'value', value, expand: true });
    else {
      const overflowed = frame.skipped.length > 0;
      frame.tokens += used;
      if (frame.tokens <= MAX_VALUE_TOKENS) setKey(frame.residual, frame.key, value);
      else if (!overflowed) this.overflow(frame);
    }
  }

  private startSkip(token: Token): void {
    // The token that broke the budget is still part of the value: count it into the depth.
    this.skipDepth = this.stack.length;
    this.stack.length = 0;
    this.keys.length = 0;
    this.skip(token);
  }

  private skip(token: Token): void {
    if (token.name === 'startObject' || token.name === 'startArray') this.skipDepth++;
    else if (token.name === 'endObject' || token.name === 'endArray') this.skipDepth--;
    if (this.skipDepth > 0) return;
    this.tokens = 0;
    const frame = this.frames[this.frames.length - 1];
    if (frame?.kind === 'top-object') this.overflow(frame);
    else {
      this.events.push({
        kind: 'note',
        reason: `value too large to be one record (more than ${MAX_VALUE_TOKENS} JSON tokens); skipped`,
        excerpt: '',
      });
    }
  }

  /** The top-level object cannot be one record: stop keeping its members. */
  private overflow(frame: TopObject): void {
    if (!frame.skipped.includes(frame.key)) frame.skipped.push(frame.key);
    frame.tokens = MAX_VALUE_TOKENS + 1;
    frame.residual = {};
  }

  private closeTopObject(frame: TopObject): void {
    const keyList = frame.keys.slice(0, 12).join(', ');
    if (frame.skipped.length > 0) {
      const where = frame.bagFound ? 'next to the record bag' : `and no ${[...this.layout.bagKeys].join('/')}`;
      this.events.push({
        kind: 'note',
        reason:
          `unrecognised layout: top-level object too large to be one record ${where}; ` +
          `members not read: ${frame.skipped.join(', ')} (keys: ${keyList})`,
        excerpt: '',
      });
      return;
    }
    if (frame.bagFound) return;
    this.events.push({ kind: 'value', value: frame.residual, expand: true });
  }
}

const NOT_A_VALUE = Symbol('not a value');

function scalar(token: Token): unknown {
  switch (token.name) {
    case 'stringValue':
      return token.value;
    case 'numberValue':
      return Number(token.value);
    case 'nullValue':
      return null;
    case 'trueValue':
      return true;
    case 'falseValue':
      return false;
    default:
      return NOT_A_VALUE;
  }
}

// JSON.parse makes `__proto__` an own property; plain assignment would set the prototype.
function setKey(o: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  else o[key] = value;
}

/**
 * The records of one assembled top-level value (or one JSON Lines line): an object with a
 * record bag gives the bag's elements, another recognised envelope its records, an array its
 * elements; anything else is itself one record candidate.
 */
export function expandValue(value: unknown, layout: OdpLayout): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isObject(value) || layout.isRecord(value)) return [value];
  for (const key of layout.bagKeys) {
    const bag = value[key];
    if (Array.isArray(bag)) return bag;
  }
  const other = layout.otherEnvelope?.(value) ?? null;
  if (other !== null) return other;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => ENVELOPE_ONLY_KEYS.has(k)) && value.count === 0) return [];
  return [value];
}
