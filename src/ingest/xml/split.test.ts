import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { splitXmlDocuments, type SplitOptions, type SplitPiece } from './split.js';

const DOC_A = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE a SYSTEM "a.dtd" [ ]>\n<a>caf\u00e9 &#x2018;one&#x2019;</a>\n';
const DOC_B = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE b SYSTEM "b.dtd" [ ]>\n<b><?xml-stylesheet href="x"?>two</b>\n';

async function split(chunks: (string | Buffer)[], options?: SplitOptions): Promise<SplitPiece[]> {
  const out: SplitPiece[] = [];
  for await (const piece of splitXmlDocuments(Readable.from(chunks), options)) out.push(piece);
  return out;
}

const texts = (pieces: SplitPiece[]): string[] => pieces.map((p) => (p.kind === 'document' ? p.text : `too large: ${p.bytes}`));

describe('splitXmlDocuments', () => {
  it('yields each document once, trimmed, whatever the chunking', async () => {
    expect(texts(await split([DOC_A + DOC_B]))).toEqual([DOC_A.trim(), DOC_B.trim()]);
  });

  it('finds a declaration split across chunk boundaries at every possible byte', async () => {
    const bytes = Buffer.from(`${DOC_A}  \n${DOC_B}`);
    const start = bytes.indexOf('<?xml', 1);
    for (let cut = start - 1; cut <= start + 6; cut++) {
      const pieces = await split([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(texts(pieces), `cut at ${cut}`).toEqual([DOC_A.trim(), DOC_B.trim()]);
    }
    // One byte at a time: every boundary at once, and a multi-byte character (é) cut in two.
    const single = await split([...bytes].map((b) => Buffer.from([b])));
    expect(texts(single)).toEqual([DOC_A.trim(), DOC_B.trim()]);
  });

  it('does not split at other processing instructions that start with "xml"', async () => {
    expect(texts(await split([DOC_B]))).toEqual([DOC_B.trim()]);
  });

  it('ignores whitespace and byte order marks between documents', async () => {
    const pieces = await split(['\ufeff', `${DOC_A}\n\n\ufeff`, `\r\n\t${DOC_B}\n\n`]);
    expect(texts(pieces)).toEqual([DOC_A.trim(), DOC_B.trim()]);
  });

  it('gives text before the first declaration as a document of its own', async () => {
    expect(texts(await split([`<orphan/>\n${DOC_A}`]))).toEqual(['<orphan/>', DOC_A.trim()]);
  });

  it('reports the byte offset of each document', async () => {
    const pieces = await split([`${DOC_A}${DOC_B}`]);
    expect(pieces.map((p) => p.offset)).toEqual([0, Buffer.byteLength(DOC_A)]);
  });

  it('counts and drops a document over the size limit, then goes on', async () => {
    const big = `<?xml version="1.0"?><big>${'x'.repeat(5000)}</big>`;
    const pieces = await split([DOC_A, big.slice(0, 2000), big.slice(2000), DOC_B], { maxDocumentBytes: 1000 });
    expect(texts(pieces)).toEqual([DOC_A.trim(), `too large: ${big.length}`, DOC_B.trim()]);
    const tooLarge = pieces[1];
    expect(tooLarge?.kind === 'too-large' && tooLarge.head).toBe(big.slice(0, 200));
  });

  it('yields nothing for an empty or blank stream', async () => {
    expect(await split([])).toEqual([]);
    expect(await split([' \n '])).toEqual([]);
  });
});
