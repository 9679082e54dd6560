import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type CutOptions, type CutPiece, cutElements } from './records.js';

const HEADER =
  '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE root [<!ELEMENT root (head, recs)>\n<!ELEMENT rec (#PCDATA)>\n]>\n' +
  '<root>\n  <head>DA</head>\n  <recs>\n    ';
const REC_A = '<rec>caf\u00e9 &amp; \u20ac1</rec>';
const REC_B = '<rec id="b">\n  <recs-note>not a record</recs-note> two \ud83d\ude00\n</rec>';
const TRAILER = '\n  </recs>\n</root>\n';
const DOC = `${HEADER}${REC_A}\n    ${REC_B}${TRAILER}`;

async function cut(chunks: (string | Buffer)[], options?: CutOptions, name = 'rec'): Promise<CutPiece[]> {
  const out: CutPiece[] = [];
  // The stream's end is asserted on its own (its last characters); the rest compare pieces.
  for await (const piece of cutElements(Readable.from(chunks), name, options)) if (piece.kind !== 'end') out.push(piece);
  return out;
}

function describePieces(pieces: CutPiece[]): string[] {
  return pieces.map((p) => {
    if (p.kind === 'header') return `header${p.truncated ? ' (truncated)' : ''}: ${p.text}`;
    if (p.kind === 'element') return `${p.index}: ${p.text}`;
    if (p.kind === 'end') return `end: ${p.tail}`;
    return `${p.index} ${p.kind}: ${p.head}`;
  });
}

const EXPECTED = [`header: ${HEADER}`, `0: ${REC_A}`, `1: ${REC_B}`];

describe('cutElements', () => {
  it('yields the header, then each record, and nothing of the trailer', async () => {
    expect(describePieces(await cut([DOC]))).toEqual(EXPECTED);
  });

  it('finds tags and decodes UTF-8 across every chunk boundary', async () => {
    const bytes = Buffer.from(DOC);
    for (let at = 1; at < bytes.length; at++) {
      const pieces = await cut([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(describePieces(pieces), `cut at byte ${at}`).toEqual(EXPECTED);
    }
    // One byte at a time: every tag and every multi-byte character (é, €, an emoji) cut.
    expect(describePieces(await cut([...bytes].map((b) => Buffer.from([b]))))).toEqual(EXPECTED);
  });

  it('takes the element name as a parameter and ignores longer names that start with it', async () => {
    const text = '<r><recs><rec>1</rec><record>x</record><rec/><rec a="1"/></recs></r>';
    const pieces = await cut([text]);
    expect(describePieces(pieces)).toEqual(['header: <r><recs>', '0: <rec>1</rec>', '1: <rec/>', '2: <rec a="1"/>']);
    expect(describePieces(await cut([text], {}, 'record'))).toEqual(['header: <r><recs><rec>1</rec>', '0: <record>x</record>']);
  });

  it('reads end tags with whitespace before the ">"', async () => {
    expect(describePieces(await cut(['<r><rec>1</rec\n  ><rec>2</rec ></r>']))).toEqual([
      'header: <r>',
      '0: <rec>1</rec\n  >',
      '1: <rec>2</rec >',
    ]);
  });

  it('counts and skips a record over the size limit, then goes on', async () => {
    const big = `<rec>${'x'.repeat(5000)}</rec>`;
    const pieces = await cut(['<r>', REC_A, big.slice(0, 1200), big.slice(1200, 3000), big.slice(3000), REC_A, '</r>'], {
      maxElementChars: 1000,
    });
    expect(pieces.map((p) => p.kind)).toEqual(['header', 'element', 'too-large', 'element']);
    const tooLarge = pieces[2];
    expect(tooLarge).toEqual({ kind: 'too-large', chars: big.length, head: big.slice(0, 200), index: 1 });
    expect(pieces[3]).toMatchObject({ kind: 'element', text: REC_A, index: 2 });
    // The same when the whole record arrives in one chunk.
    const whole = await cut([`<r>${big}${REC_A}</r>`], { maxElementChars: 1000 });
    expect(whole.map((p) => p.kind)).toEqual(['header', 'too-large', 'element']);
    expect(whole[1]).toEqual({ kind: 'too-large', chars: big.length, head: big.slice(0, 200), index: 0 });
  });

  it("ends with the stream's last characters outside a record, none when it ends inside one", async () => {
    const ends = async (chunks: string[]) => {
      const pieces: CutPiece[] = [];
      for await (const piece of cutElements(Readable.from(chunks), 'rec')) pieces.push(piece);
      return pieces.filter((p) => p.kind === 'end');
    };
    expect(await ends([DOC])).toEqual([{ kind: 'end', tail: TRAILER }]);
    expect(await ends([HEADER, REC_A])).toEqual([{ kind: 'end', tail: '' }]);
    expect(await ends(['<r><head>x</head></r>\n'])).toEqual([{ kind: 'end', tail: '<r><head>x</head></r>\n' }]);
    expect(await ends([HEADER, '<rec>half'])).toEqual([]);
  });

  it('reports a record the stream ends inside', async () => {
    const pieces = await cut(['<r>', REC_A, '<rec>half a rec']);
    expect(pieces.at(-1)).toEqual({ kind: 'unterminated', chars: 15, head: '<rec>half a rec', index: 1 });
    expect(describePieces(await cut(['<r><rec attr="no end']))).toEqual(['header: <r>', '0 unterminated: <rec attr="no end']);
  });

  it('reports an end tag outside any record (a mangled start tag) and keeps counting', async () => {
    const pieces = await cut(['<r>', REC_A, '\n<rek>lost</rec>\n', REC_A, '</r>']);
    expect(describePieces(pieces)).toEqual(['header: <r>', `0: ${REC_A}`, '1 stray-end: \n<rek>lost</rec>', `2: ${REC_A}`]);
    // Before the first record, the header ends where the stray end tag's record would have begun.
    expect(describePieces(await cut(['<r><rek>x</rec><rec>y</rec></r>']))).toEqual([
      'header: <r><rek>x',
      '0 stray-end: <r><rek>x</rec>',
      '1: <rec>y</rec>',
    ]);
  });

  it('gives the whole stream as the header when no record starts, up to a limit', async () => {
    const none = '<?xml version="1.0"?>\n<root><data-available-code>N</data-available-code></root>\n';
    expect(describePieces(await cut([none]))).toEqual([`header: ${none}`]);
    expect(describePieces(await cut([none], { maxHeaderChars: 10 }))).toEqual([`header (truncated): ${none.slice(0, 10)}`]);
    expect(describePieces(await cut([]))).toEqual(['header: ']);
  });

  it('drops a byte order mark', async () => {
    expect(describePieces(await cut([Buffer.from([0xef, 0xbb]), Buffer.from([0xbf]), '<r><rec/></r>']))).toEqual([
      'header: <r>',
      '0: <rec/>',
    ]);
  });

  it('yields each record before reading the rest of the stream', async () => {
    let pulled = 0;
    async function* chunks(): AsyncGenerator<string> {
      yield '<r>';
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield `<rec>${i}</rec>`;
      }
      yield '</r>';
    }
    let seen = 0;
    for await (const piece of cutElements(chunks(), 'rec')) {
      if (piece.kind !== 'element') continue;
      // The record in hand was completed by the last chunk read: nothing is read ahead.
      expect(pulled).toBe(seen + 1);
      expect(piece.text).toBe(`<rec>${seen}</rec>`);
      seen++;
    }
    expect(seen).toBe(1000);
  });
});
