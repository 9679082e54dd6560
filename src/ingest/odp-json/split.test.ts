import { describe, expect, it } from 'vitest';
import type { OdpLayout } from './layout.js';
import { JsonSplitter, type SplitEvent } from './split.js';

const LAYOUT: OdpLayout = { bagKeys: new Set(['bag']), isRecord: (v) => v.id !== undefined };

/** Every event of `text` fed in pieces of `size` characters (a stream cut anywhere: inside strings, escapes, keys). */
function split(text: string, size: number, maxChars = 1_000_000): { events: SplitEvent[]; truncated: string | null } {
  const splitter = new JsonSplitter(LAYOUT, maxChars);
  const events: SplitEvent[] = [];
  for (let i = 0; i < text.length; i += size) {
    splitter.push(text.slice(i, i + size));
    events.push(...splitter.events.splice(0));
  }
  const truncated = splitter.end();
  events.push(...splitter.events.splice(0));
  return { events, truncated };
}

const values = (events: SplitEvent[]) => events.map((e) => (e.kind === 'value' ? [JSON.parse(e.text), e.expand] : [e.kind, e.reason]));

// Strings holding every character the scanner must not take for structure.
const tricky = {
  id: 1,
  text: 'a "quoted" {brace} [bracket] \\ back\\\\slash, comma: colon',
  unicode: 'España 日本 \u2028',
  nested: [[{ a: [] }], {}],
};

const CASES: [string, string, unknown[][]][] = [
  [
    'an envelope: the bag streamed element by element, members before and after it ignored',
    JSON.stringify({ count: 2, requestIdentifier: 'x', bag: [tricky, { id: 2 }], facets: { a: [1, 2] } }),
    [
      [tricky, false],
      [{ id: 2 }, false],
    ],
  ],
  [
    'a top-level array, pretty-printed',
    JSON.stringify([tricky, { id: 3 }], null, 2),
    [
      [tricky, true],
      [{ id: 3 }, true],
    ],
  ],
  ['a bare record: the whole object', JSON.stringify(tricky), [[tricky, true]]],
  [
    'concatenated values of every layout, with a BOM-free newline between',
    `${JSON.stringify({ bag: [{ id: 4 }] })}\n${JSON.stringify({ other: { bag: [1] } })} [5, "six", null]`,
    [
      [{ id: 4 }, false],
      [{ other: { bag: [1] } }, true],
      [5, true],
      ['six', true],
      [null, true],
    ],
  ],
  ['an empty bag and an empty array', `{"bag": [ ]} []`, []],
  ['a key that is a bag name only when escaped', `{"b\\u0061g": [{"id": 7}]}`, [[{ id: 7 }, false]]],
];

describe('JsonSplitter', () => {
  for (const [what, text, expected] of CASES)
    it(`${what}, whatever the pieces the stream comes in`, () => {
      for (const size of [1, 2, 3, 7, 64, 100_000]) {
        const { events, truncated } = split(text, size);
        expect(values(events), `pieces of ${size}`).toEqual(expected);
        expect(truncated).toBeNull();
      }
    });

  it('cuts random records with every awkward character, cut at random places, exactly as JSON.parse reads them', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\n', 'é', 'x', '\u0000', '\ud83d\ude00'];
    const text = () => Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.3) return [text(), Math.floor(random() * 1e6) / 7, true, null][Math.floor(random() * 4)];
      if (r < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [text(), value(depth + 1)]));
    };
    const records = Array.from({ length: 200 }, (_, id) => ({ id, [text()]: value(0) }));
    const stream = JSON.stringify({ [text() + 'x']: value(0), bag: records, after: value(0) }, null, random() < 0.5 ? 1 : undefined);
    const splitter = new JsonSplitter(LAYOUT, 1_000_000);
    const got: unknown[] = [];
    for (let i = 0; i < stream.length;) {
      const size = 1 + Math.floor(random() * 300);
      splitter.push(stream.slice(i, i + size));
      i += size;
      for (const e of splitter.events.splice(0)) got.push(e.kind === 'value' ? JSON.parse(e.text) : e);
    }
    expect(splitter.end()).toBeNull();
    expect(got).toEqual(records);
  });

  it('gives each value its character offset and line', () => {
    const text = `{"count": 2,\n "bag": [\n  {"id": 1},\n  {"id": 2}\n]}`;
    const { events } = split(text, 5);
    expect(events.map((e) => (e.kind === 'value' ? [e.at, e.line, text.slice(e.at, e.at + e.text.length)] : e))).toEqual([
      [25, 3, '{"id": 1}'],
      [38, 4, '{"id": 2}'],
    ]);
  });

  it('stops at a stray character outside any value, keeping the values before it', () => {
    for (const size of [1, 1000]) {
      const { events } = split(`{"bag": [{"id": 1}, }, {"id": 2}]}`, size);
      expect(values(events)).toEqual([
        [{ id: 1 }, false],
        ['error', 'unexpected "}"'],
      ]);
    }
    expect(values(split(`{"bag": [{"id": 1}]} ]`, 4).events)).toEqual([
      [{ id: 1 }, false],
      ['error', 'unexpected "]"'],
    ]);
    expect(values(split(`{1: 2}`, 4).events)).toEqual([['error', 'an object member must start with its key']]);
  });

  it('hands a value that is not JSON on as text, for JSON.parse to refuse', () => {
    const { events } = split(`[{"id": 1}, oops, {"id": 2}]`, 3);
    expect(events.map((e) => (e.kind === 'value' ? e.text : e.kind))).toEqual(['{"id": 1}', 'oops', '{"id": 2}']);
  });

  it('reports a stream that ends inside a value', () => {
    expect(split(`{"bag": [{"id": 1}, {"id": "unfini`, 4).truncated).toBe('JSON ends inside a value');
    expect(split(`[1, 2`, 4).truncated).toBe('JSON ends inside a value');
  });

  it('skips a record over the limit while streaming, and keeps no more than the limit of it', () => {
    const big = JSON.stringify({ id: 2, pad: 'x'.repeat(5_000) });
    const { events } = split(JSON.stringify({ bag: [{ id: 1 }, JSON.parse(big), { id: 3 }] }), 100, 1_000);
    expect(values(events)).toEqual([
      [{ id: 1 }, false],
      ['note', 'value too large to be one record (more than 1000 characters); skipped'],
      [{ id: 3 }, false],
    ]);
  });

  it('streams the bag of an envelope nested in the top-level one (Solr `response.docs`), and keeps it whole when it holds no bag', () => {
    const solr: OdpLayout = { ...LAYOUT, bagKeys: new Set(['docs']), nestedEnvelopeKeys: new Set(['response']) };
    const text = JSON.stringify({ responseHeader: { params: { q: '*' } }, response: { numFound: 2, start: 0, docs: [tricky, { id: 2 }] } });
    const empty = JSON.stringify({ response: { numFound: 0, start: 0 } });
    for (const size of [1, 5, 100_000]) {
      const splitter = new JsonSplitter(solr, 1_000_000);
      for (let i = 0; i < text.length + empty.length; i += size) splitter.push((text + empty).slice(i, i + size));
      expect(splitter.end()).toBeNull();
      expect(values(splitter.events), `pieces of ${size}`).toEqual([
        [tricky, false],
        [{ id: 2 }, false],
        [{ response: { numFound: 0, start: 0 } }, true],
      ]);
    }
  });
});
