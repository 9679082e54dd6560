import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patentNumberXmlForm } from '../../../../src/domain/numbers.js';
import { parseFileWrapperFile } from '../../../../src/products/file-wrapper/parse.js';
import type { ApplicationMetadata } from '../../../../src/products/file-wrapper/record.js';
import { parseFullTextFile } from '../../../../src/products/full-text/parse.js';
import { vocabularyFor } from '../core/claim-vocabulary.js';
import { writeFileWrapperFile } from '../file-wrapper/generate.js';
import { type FullTextFile, GRANT_WEEK, writeFullTextFiles, writeGrantWeek } from './generate.js';
import { technologyOf } from './facts.js';
import { TECHNOLOGIES } from '../core/technology.js';
import { BOTH_MAPPERS } from '../../../../test/helpers/full-text-mappers.js';

const OPTIONS = { applications: 1500, seed: 'full-text' } as const;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const isoOf = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

// ---------------------------------------------------------------------------------------
// A small element tree per document, built with saxes (which also proves well-formedness).

interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

function parseDocument(xml: string): El {
  const parser = new SaxesParser();
  const stack: El[] = [];
  let root: El | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const el: El = { name: tag.name, attrs: tag.attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('text', (text) => {
    for (const el of stack) el.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root!;
}

const child = (el: El | undefined, name: string) => el?.children.find((c) => c.name === name);
const all = (el: El | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];
const path = (el: El | undefined, ...names: string[]) => names.reduce<El | undefined>((at, name) => child(at, name), el);
const textAt = (el: El | undefined, ...names: string[]) => path(el, ...names)?.text ?? null;
function descendants(el: El, name: string, out: El[] = []): El[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

/** The documents of a weekly file, each checked to start with its own declaration and DOCTYPE. */
async function readDocuments(file: string): Promise<Array<{ xml: string; root: El }>> {
  const text = await readFile(file, 'utf8');
  const pieces = text.split('<?xml version="1.0" encoding="UTF-8"?>\n');
  expect(pieces.shift()).toBe('');
  return pieces.map((piece) => {
    expect(piece).toMatch(
      /^<!DOCTYPE us-patent-(grant SYSTEM "us-patent-grant-v47-2022-02-17\.dtd"|application SYSTEM "us-patent-application-v46-2022-02-17\.dtd") \[ \]>\n/,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${piece}`;
    return { xml, root: parseDocument(xml) };
  });
}

function cpcOf(bib: El | undefined): string[] {
  const block = child(bib, 'classifications-cpc');
  const symbols = [...all(child(block, 'main-cpc'), 'classification-cpc'), ...all(child(block, 'further-cpc'), 'classification-cpc')];
  return symbols.map(
    (c) => `${textAt(c, 'section')}${textAt(c, 'class')}${textAt(c, 'subclass')} ${textAt(c, 'main-group')}/${textAt(c, 'subgroup')}`,
  );
}

// ---------------------------------------------------------------------------------------

let dir: string;
let corpusDir: string;
let files: FullTextFile[];
const records = new Map<string, ApplicationMetadata>();
const grants = new Map<string, { root: El; file: FullTextFile; xml: string }>();
const publications = new Map<string, { root: El; file: FullTextFile; xml: string }>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synth-full-text-'));
  corpusDir = join(dir, 'corpus');
  await mkdir(corpusDir);
  files = (await writeFullTextFiles(corpusDir, OPTIONS)).files;
  const json = join(dir, 'corpus.json');
  await writeFileWrapperFile(json, OPTIONS);
  for await (const item of parseFileWrapperFile(json))
    if (item.kind === 'record') records.set(item.record.applicationNumber, item.record.metadata!);
  for (const file of files) {
    for (const { xml, root } of await readDocuments(file.path)) {
      const number = textAt(
        root,
        root.name === 'us-patent-grant' ? 'us-bibliographic-data-grant' : 'us-bibliographic-data-application',
        'publication-reference',
        'document-id',
        'doc-number',
      )!;
      (root.name === 'us-patent-grant' ? grants : publications).set(number, { root, file, xml });
    }
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFullTextFiles', () => {
  it('writes byte-identical files for the same options, and no temporary files', async () => {
    const again = join(dir, 'again');
    await mkdir(again);
    const second = (await writeFullTextFiles(again, OPTIONS)).files;
    expect(second.map((f) => [basename(f.path), f.documents, f.bytes])).toEqual(files.map((f) => [basename(f.path), f.documents, f.bytes]));
    for (const [i, f] of files.entries()) expect(sha256(await readFile(second[i]!.path))).toBe(sha256(await readFile(f.path)));
    expect((await readdir(corpusDir)).filter((name) => !/^ip[ga]\d{6}\.xml$/.test(name))).toEqual([]);
    const other = join(dir, 'other');
    await mkdir(other);
    const third = (await writeFullTextFiles(other, { ...OPTIONS, applications: 200, seed: 'another' })).files;
    const hashes = new Set(await Promise.all(files.map(async (f) => sha256(await readFile(f.path)))));
    for (const f of third) expect(hashes.has(sha256(await readFile(f.path)))).toBe(false);
  });

  it('names files by product and date, one per grant Tuesday and publication Thursday, reporting what it wrote', async () => {
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) {
      expect(basename(f.path)).toBe(`${f.product === 'PTGRXML' ? 'ipg' : 'ipa'}${f.fileDate.slice(2).replace(/-/g, '')}.xml`);
      expect(weekday(f.fileDate)).toBe(f.product === 'PTGRXML' ? 2 : 4);
      expect(f.bytes).toBe((await readFile(f.path)).length);
    }
    expect(files.reduce((n, f) => n + (f.product === 'PTGRXML' ? f.documents : 0), 0)).toBe(grants.size);
    expect(files.reduce((n, f) => n + (f.product === 'APPXML' ? f.documents : 0), 0)).toBe(publications.size);
  });

  it('prints every granted and published application of the file wrapper corpus, with its numbers, dates, title and CPC', () => {
    const granted = [...records.entries()].filter(([, m]) => m.patentNumber !== null);
    const published = [...records.entries()].filter(([, m]) => m.publicationNumber !== null);
    expect(grants.size).toBe(granted.length);
    expect(publications.size).toBe(published.length);
    const kinds = new Set<string>();
    for (const [app, m] of granted) {
      const doc = grants.get(patentNumberXmlForm(m.patentNumber!));
      expect(doc, m.patentNumber!).toBeDefined();
      const bib = child(doc!.root, 'us-bibliographic-data-grant');
      const date = textAt(bib, 'publication-reference', 'document-id', 'date')!;
      const kind = textAt(bib, 'publication-reference', 'document-id', 'kind')!;
      kinds.add(kind);
      expect(isoOf(date)).toBe(m.grantDate);
      expect(doc!.file.fileDate).toBe(m.grantDate);
      expect(doc!.root.attrs['date-publ']).toBe(date);
      expect(textAt(bib, 'application-reference', 'document-id', 'doc-number')).toBe(app);
      expect(isoOf(textAt(bib, 'application-reference', 'document-id', 'date')!)).toBe(m.filingDate);
      expect(textAt(bib, 'invention-title')).toBe(m.title);
      expect(cpcOf(bib)).toEqual(m.cpc);
      const publishedFirst = m.publicationDate !== null && m.publicationDate < m.grantDate!;
      const expected = { UTL: publishedFirst ? 'B2' : 'B1', DES: 'S1', PLT: publishedFirst ? 'P3' : 'P2', REI: 'E1' }[m.applicationType!];
      expect(kind).toBe(expected);
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['B1', 'B2', 'S1']));
    for (const [app, m] of published) {
      const doc = publications.get(m.publicationNumber!.slice(2, 13));
      expect(doc, m.publicationNumber!).toBeDefined();
      const bib = child(doc!.root, 'us-bibliographic-data-application');
      expect(
        `US${textAt(bib, 'publication-reference', 'document-id', 'doc-number')}${textAt(bib, 'publication-reference', 'document-id', 'kind')}`,
      ).toBe(m.publicationNumber);
      expect(isoOf(textAt(bib, 'publication-reference', 'document-id', 'date')!)).toBe(m.publicationDate);
      expect(doc!.file.fileDate).toBe(m.publicationDate);
      expect(textAt(bib, 'application-reference', 'document-id', 'doc-number')).toBe(app);
      expect(textAt(bib, 'invention-title')).toBe(m.title);
      expect(cpcOf(bib)).toEqual(m.cpc);
    }
  });

  it('writes well-formed, escaped ASCII documents in number order with the real root attributes', async () => {
    for (const f of files) {
      const docs = await readDocuments(f.path);
      const numbers = docs.map(({ root }) => root.attrs.file!);
      expect(numbers).toEqual([...numbers].sort());
      for (const { root } of docs) {
        expect(root.attrs).toMatchObject({
          lang: 'EN',
          status: 'PRODUCTION',
          country: 'US',
          id: root.name,
          'date-publ': f.fileDate.replace(/-/g, ''),
        });
        expect(root.attrs['dtd-version']).toBe(root.name === 'us-patent-grant' ? 'v4.7 2022-02-17' : 'v4.6 2022-02-17');
        expect(root.attrs['date-produced']! < root.attrs['date-publ']!).toBe(true);
      }
    }
    const text = (await Promise.all(files.slice(-60).map((f) => readFile(f.path, 'utf8')))).join('');
    expect(/^[\t\n\x20-\x7e]*$/.test(text)).toBe(true);
    expect(text).toContain('&#x26;'); // "&" in firm and company names
    expect(text).toMatch(/&#x(2264|b0|3bc|b7|201c);/); // ≤ ° μ · “
  });

  it('cites earlier corpus patents and publications, older outside patents, foreign documents and NPL', () => {
    const corpusPatents = new Map([...records.values()].filter((m) => m.patentNumber).map((m) => [m.patentNumber!, m.grantDate!]));
    const corpusPublications = new Map(
      [...records.values()].filter((m) => m.publicationNumber).map((m) => [m.publicationNumber!.slice(2, 13), m.publicationDate!]),
    );
    const seen = { corpus: 0, corpusPub: 0, outside: 0, pub: 0, foreign: 0, npl: 0, examiner: 0, applicant: 0 };
    for (const { root } of grants.values()) {
      const bib = child(root, 'us-bibliographic-data-grant')!;
      const grantDate = isoOf(textAt(bib, 'publication-reference', 'document-id', 'date')!);
      const citations = all(child(bib, 'us-references-cited'), 'us-citation');
      expect(citations.length).toBeGreaterThanOrEqual(5);
      expect(citations.length).toBeLessThanOrEqual(42); // 5–40 plus the parent's patent and publication
      citations.forEach((c, i) => {
        const category = textAt(c, 'category')!;
        expect(['cited by examiner', 'cited by applicant']).toContain(category);
        seen[category === 'cited by examiner' ? 'examiner' : 'applicant']++;
        const id = path(c, 'patcit', 'document-id');
        expect((child(c, 'patcit') ?? child(c, 'nplcit'))!.attrs.num).toBe(String(i + 1).padStart(5, '0'));
        if (!id) {
          expect(textAt(c, 'nplcit', 'othercit')!.length).toBeGreaterThan(20);
          seen.npl++;
          return;
        }
        const [country, number, date] = [textAt(id, 'country')!, textAt(id, 'doc-number')!, textAt(id, 'date')!];
        expect(date).toMatch(/^\d{6}00$/);
        if (country !== 'US') return void seen.foreign++;
        if (/^\d{11}$/.test(number)) {
          const published = corpusPublications.get(number);
          if (published) {
            expect(published < grantDate).toBe(true);
            seen.corpusPub++;
          } else {
            expect(number < '2015').toBe(true); // outside publications predate the corpus
            seen.pub++;
          }
          return;
        }
        expect(number).not.toMatch(/^0/); // unpadded in citations
        const granted = corpusPatents.get(number);
        if (granted) {
          expect(granted < grantDate).toBe(true);
          expect(date).toBe(`${granted.slice(0, 4)}${granted.slice(5, 7)}00`);
          seen.corpus++;
        } else {
          expect(date < '20150100').toBe(true); // outside patents issued before the corpus
          seen.outside++;
        }
      });
    }
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(20);
  });

  it('writes claims whose references point at earlier claims, and design patents with one claim and no abstract', () => {
    let multiple = 0;
    let chained = 0;
    for (const { root } of [...grants.values(), ...publications.values()]) {
      const bib = child(root, root.name === 'us-patent-grant' ? 'us-bibliographic-data-grant' : 'us-bibliographic-data-application')!;
      const claims = all(child(root, 'claims'), 'claim');
      const design = bib.children.find((c) => c.name === 'application-reference')!.attrs['appl-type'] === 'design';
      if (root.name === 'us-patent-grant') expect(textAt(bib, 'number-of-claims')).toBe(String(claims.length));
      if (design) {
        expect(claims).toHaveLength(1);
        expect(claims[0]!.text.trim()).toMatch(/^The ornamental design for an? .+, as shown and described\.$/);
        expect(child(root, 'abstract')).toBeUndefined();
        continue;
      }
      expect(child(root, 'abstract')?.text.length).toBeGreaterThan(40);
      const independent = new Set<number>();
      const canceled = (c: El) => c.text.trim().endsWith('(canceled)');
      const live = claims.filter((c) => !canceled(c));
      claims.forEach((c, i) => {
        expect(c.attrs).toEqual({ id: `CLM-${String(i + 1).padStart(5, '0')}`, num: String(i + 1).padStart(5, '0') });
        expect(c.text.trim()).toMatch(new RegExp(`^${i + 1}\\. `));
        const refs = descendants(c, 'claim-ref').map((r) => Number(r.attrs.idref!.slice(4)));
        for (const ref of refs) expect(ref).toBeLessThan(i + 1);
        for (const ref of refs) expect(live.some((l) => l.attrs.num === String(ref).padStart(5, '0'))).toBe(true);
        if (refs.length === 0 && !canceled(c)) independent.add(i + 1);
        if (refs.length > 1) multiple++;
        if (refs.some((r) => !independent.has(r))) chained++;
      });
      const plant = bib.children.find((c) => c.name === 'application-reference')!.attrs['appl-type'] === 'plant';
      if (!plant) {
        expect(live.length).toBeGreaterThanOrEqual(8);
        expect(live.length).toBeLessThanOrEqual(30);
        expect(independent.size).toBeGreaterThanOrEqual(2);
        expect(independent.size).toBeLessThanOrEqual(4);
      }
    }
    expect(multiple).toBeGreaterThan(50);
    expect(chained).toBeGreaterThan(50);
  });

  it('words claims and abstracts in the vocabulary of the technology, singular and plural', () => {
    let both = 0;
    for (const { root } of grants.values()) {
      const bib = child(root, 'us-bibliographic-data-grant')!;
      const cpc = cpcOf(bib);
      if (cpc.length === 0 || !TECHNOLOGIES.some((t) => t.cpc.includes(cpc[0]!))) continue;
      const v = vocabularyFor(technologyOf('UTL', cpc, null));
      const claims = child(root, 'claims')!.text;
      expect(v.parts.some((p) => claims.includes(p.one))).toBe(true);
      if (v.parts.some((p) => p.one !== p.many && claims.includes(`${p.one} `) && claims.includes(p.many))) both++;
    }
    expect(both).toBeGreaterThan(grants.size / 4);
  });

  it('skips weeks before `from` and products not asked for, without changing the other files', async () => {
    const from = '2022-01-01';
    const out = join(dir, 'from');
    await mkdir(out);
    const partial = (await writeFullTextFiles(out, { ...OPTIONS, products: ['grants'], from })).files;
    const expected = files.filter((f) => f.product === 'PTGRXML' && f.fileDate >= from);
    expect(partial.map((f) => basename(f.path))).toEqual(expected.map((f) => basename(f.path)));
    for (const [i, f] of expected.entries()) expect(sha256(await readFile(partial[i]!.path))).toBe(sha256(await readFile(f.path)));
  });

  it('rejects bad options before writing anything', async () => {
    const out = join(dir, 'bad');
    await mkdir(out);
    await expect(writeFullTextFiles(out, { ...OPTIONS, products: ['claims' as 'grants'] })).rejects.toThrow(RangeError);
    await expect(writeFullTextFiles(out, { ...OPTIONS, from: '2022-1-1' })).rejects.toThrow(/from/);
    await expect(writeFullTextFiles(out, { ...OPTIONS, applications: -1 })).rejects.toThrow(/applications/);
    expect(await readdir(out)).toEqual([]);
  });
});

describe('the full-text parser reads the synthetic files', () => {
  it('parses every document without rejects into the corpus values', async () => {
    const byPatent = new Map([...records.entries()].filter(([, m]) => m.patentNumber).map(([app, m]) => [m.patentNumber!, { app, m }]));
    const byPublication = new Map(
      [...records.entries()].filter(([, m]) => m.publicationNumber).map(([app, m]) => [m.publicationNumber!, { app, m }]),
    );
    let documents = 0;
    for (const file of files) {
      for await (const item of parseFullTextFile(file.path, BOTH_MAPPERS)) {
        if (item.kind !== 'document') throw new Error(`${file.path}: ${JSON.stringify(item)}`);
        documents++;
        const d = item.document;
        const known = d.docType === 'grant' ? byPatent.get(d.docNumber) : byPublication.get(d.docNumber);
        expect(known, d.docNumber).toBeDefined();
        const { app, m } = known!;
        expect(d.date).toBe(d.docType === 'grant' ? m.grantDate : m.publicationDate);
        expect(d.date).toBe(file.fileDate);
        expect({ applicationNumber: d.applicationNumber, filingDate: d.filingDate, title: d.title, cpc: d.cpc }).toEqual({
          applicationNumber: app,
          filingDate: m.filingDate,
          title: m.title,
          cpc: m.cpc,
        });
        expect(d.dtdVersion).toBe(d.docType === 'grant' ? 'v4.7 2022-02-17' : 'v4.6 2022-02-17');
        const raw = d.docType === 'grant' ? grants.get(patentNumberXmlForm(d.docNumber)) : publications.get(d.docNumber.slice(2, 13));
        expect(d.claims).toHaveLength(all(child(raw!.root, 'claims'), 'claim').length);
        for (const claim of d.claims) for (const ref of claim.dependent_on) expect(ref).toBeLessThan(claim.number);
        if (d.docType === 'grant') {
          expect(d.claims.length).toBeGreaterThan(0);
          for (const c of d.citations) {
            expect(c.group).not.toBe('defect');
            if (c.group === 'patents' && byPatent.has(c.number)) expect(byPatent.get(c.number)!.m.grantDate! < d.date).toBe(true);
          }
        } else expect(d.citations).toEqual([]);
      }
    }
    expect(documents).toBe(grants.size + publications.size);
  });
});

describe('writeGrantWeek', () => {
  it('writes one weekly grant file of consecutive patents for the benchmark Tuesday', async () => {
    const file = join(dir, 'ipg240604.xml');
    const result = await writeGrantWeek(file, { documents: 300, seed: 'week' });
    expect(result).toMatchObject({ product: 'PTGRXML', path: file, fileDate: GRANT_WEEK.date, documents: 300 });
    const docs = await readDocuments(file);
    expect(docs).toHaveLength(300);
    const numbers = docs.map(({ root }) =>
      textAt(root, 'us-bibliographic-data-grant', 'publication-reference', 'document-id', 'doc-number')!,
    );
    const utility = numbers.filter((n) => /^\d+$/.test(n)).map(Number);
    expect(utility[0]).toBe(GRANT_WEEK.first.UTL);
    expect(utility).toEqual(utility.map((_, i) => GRANT_WEEK.first.UTL + i));
    for (const { root } of docs) expect(root.attrs['date-publ']).toBe('20240604');
    const again = join(dir, 'again-week.xml');
    await writeGrantWeek(again, { documents: 300, seed: 'week' });
    expect(sha256(await readFile(again))).toBe(sha256(await readFile(file)));
  });
});
