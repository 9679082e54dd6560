import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FullTextDocument } from '../../../../src/products/full-text/document.js';
import { parseFullTextFile } from '../../../../src/products/full-text/parse.js';
import { BOTH_MAPPERS } from '../../../../test/helpers/full-text-mappers.js';
import { PUBLICATION_WEEK, writePublicationWeek } from './generate.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synth-publication-week-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function documentsOf(file: string): Promise<FullTextDocument[]> {
  const out: FullTextDocument[] = [];
  for await (const item of parseFullTextFile(file, BOTH_MAPPERS)) {
    expect(item.kind).toBe('document');
    if (item.kind === 'document') out.push(item.document);
  }
  return out;
}

describe('writePublicationWeek', () => {
  it('writes one weekly publication file of consecutive numbers for the benchmark Thursday', async () => {
    const file = join(dir, 'ipa240606.xml');
    const result = await writePublicationWeek(file, { documents: 50, seed: 'week' });
    expect(result).toEqual({
      product: 'APPXML',
      path: file,
      fileDate: PUBLICATION_WEEK.date,
      documents: 50,
      bytes: (await stat(file)).size,
    });
    const docs = await documentsOf(file);
    expect(docs).toHaveLength(50);
    expect(docs.map((d) => d.docNumber.slice(0, 13))).toEqual(
      docs.map((_, i) => `US2024${String(PUBLICATION_WEEK.first + i).padStart(7, '0')}`),
    );
    expect(new Set(docs.map((d) => d.applicationNumber)).size).toBe(50);
    for (const d of docs) {
      expect(d.docType).toBe('publication');
      expect(d.date).toBe(PUBLICATION_WEEK.date);
      expect(['A1', 'P1']).toContain(d.kind);
      expect(d.docNumber.endsWith(d.kind)).toBe(true);
      expect(d.title).toBeTruthy();
      expect(d.abstract).toBeTruthy();
      expect(d.claims.length).toBeGreaterThan(0);
      expect(d.citations).toEqual([]);
      expect(d.filingDate! < PUBLICATION_WEEK.date).toBe(true);
    }
  });

  it('is deterministic and honours detailParagraphs', async () => {
    const plain = await writePublicationWeek(join(dir, 'plain.xml'), { documents: 20, seed: 'week' });
    const again = await writePublicationWeek(join(dir, 'again.xml'), { documents: 20, seed: 'week' });
    const detailed = await writePublicationWeek(join(dir, 'detailed.xml'), { documents: 20, seed: 'week', detailParagraphs: 30 });
    expect((await readFile(again.path)).equals(await readFile(plain.path))).toBe(true);
    expect(detailed.bytes).toBeGreaterThan(plain.bytes * 2);
    expect((await documentsOf(detailed.path)).map((d) => d.docNumber)).toEqual((await documentsOf(plain.path)).map((d) => d.docNumber));
  });

  it('rejects a non-positive size', async () => {
    await expect(writePublicationWeek(join(dir, 'none.xml'), { documents: 0, seed: 'week' })).rejects.toThrow(RangeError);
  });
});
