import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityRegistry } from './entities.js';
import { type AssignmentFiles, type AssignmentOptions, TRUTH_FILE, writeAssignmentFiles } from './generate.js';
import { type OdpRecord, writeFileWrapperFile } from '../file-wrapper/generate.js';

interface DocId {
  number: string;
  kind: string;
  date: string;
}
interface Party {
  name: string;
  date?: string;
  city?: string;
  state?: string;
  country?: string;
}
interface Rec {
  reel: string;
  frame: string;
  lastUpdate: string;
  purge: string;
  recorded: string;
  conveyance: string;
  assignors: Party[];
  assignees: Party[];
  properties: Array<{ ids: DocId[]; title: string }>;
}
interface XmlFile {
  doctype: string;
  actionKey: string;
  transactionDate: string;
  empty: boolean;
  records: Rec[];
}

interface El {
  name: string;
  children: El[];
  text: string;
}

/** Reads a file with saxes (which throws on anything not well-formed) into a tree, then into plain records. */
function parseFile(xml: string): XmlFile {
  const parser = new SaxesParser();
  const stack: El[] = [];
  let root: El | null = null;
  let doctype = '';
  parser.on('doctype', (d) => (doctype = d));
  parser.on('opentag', (tag) => {
    const el: El = { name: tag.name, children: [], text: '' };
    stack.at(-1)?.children.push(el);
    stack.push(el);
    root ??= el;
  });
  parser.on('text', (t) => {
    if (stack.length > 0) stack.at(-1)!.text += t;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  const all = (el: El | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];
  const at = (el: El | undefined, path: string): El | undefined => path.split('/').reduce<El | undefined>((e, n) => all(e, n)[0], el);
  const text = (el: El | undefined, path: string) => at(el, path)?.text ?? '';
  const optional = (el: El, path: string) => (at(el, path) ? { [path === 'country-name' ? 'country' : path]: text(el, path) } : {});
  const top = root as El | null;
  const list = at(top ?? undefined, 'patent-assignments');
  return {
    doctype,
    actionKey: text(top ?? undefined, 'action-key-code'),
    transactionDate: text(top ?? undefined, 'transaction-date/date'),
    empty: text(list, 'data-available-code') === 'N',
    records: all(list, 'patent-assignment').map((r) => ({
      reel: text(r, 'assignment-record/reel-no'),
      frame: text(r, 'assignment-record/frame-no'),
      lastUpdate: text(r, 'assignment-record/last-update-date/date'),
      purge: text(r, 'assignment-record/purge-indicator'),
      recorded: text(r, 'assignment-record/recorded-date/date'),
      conveyance: text(r, 'assignment-record/conveyance-text'),
      assignors: all(at(r, 'patent-assignors'), 'patent-assignor').map((a) => ({
        name: text(a, 'name'),
        date: text(a, 'execution-date/date'),
      })),
      assignees: all(at(r, 'patent-assignees'), 'patent-assignee').map((a) => ({
        name: text(a, 'name'),
        ...optional(a, 'city'),
        ...optional(a, 'state'),
        ...optional(a, 'country-name'),
      })),
      properties: all(at(r, 'patent-properties'), 'patent-property').map((p) => ({
        ids: all(p, 'document-id').map((d) => ({ number: text(d, 'doc-number'), kind: text(d, 'kind'), date: text(d, 'date') })),
        title: text(p, 'invention-title'),
      })),
    })),
  };
}

const OPTIONS: AssignmentOptions = { applications: 400, seed: 'assignments-test', writeTruth: true };
const ymd = (iso: string) => iso.replace(/-/g, '');
let dir: string;
let result: AssignmentFiles;
let files: Array<{ name: string; text: string; parsed: XmlFile }>;
let corpus: Map<string, OdpRecord>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assignments-'));
  result = await writeAssignmentFiles(join(dir, 'a'), OPTIONS);
  files = await Promise.all(
    result.files.map(async (path) => {
      const text = await readFile(path, 'utf8');
      return { name: basename(path), text, parsed: parseFile(text) };
    }),
  );
  await writeFileWrapperFile(join(dir, 'corpus.jsonl'), { ...OPTIONS, layout: 'jsonl' });
  const lines = (await readFile(join(dir, 'corpus.jsonl'), 'utf8')).trim().split('\n');
  corpus = new Map(lines.map((l) => JSON.parse(l) as OdpRecord).map((r) => [r.applicationNumberText, r]));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Names the truth gives to a company when printed as an assignor. */
function companyAssignor(name: string): boolean {
  return result.truth.names.some((n) => n.name === name && n.city === null && n.id.startsWith('company:'));
}

/** Every record once (the latest copy of a record sent again), by reel/frame. */
function distinctRecords(): Map<string, Rec> {
  const out = new Map<string, Rec>();
  for (const f of files) for (const r of f.parsed.records) out.set(`${r.reel}/${r.frame}`, r);
  return out;
}

describe('writeAssignmentFiles', () => {
  it('writes a history file and five daily files, each one well-formed document with the DTD', () => {
    expect(files.map((f) => f.name)).toEqual([
      'ad20261113.xml',
      'ad20261116.xml',
      'ad20261117.xml',
      'ad20261118.xml',
      'ad20261119.xml',
      'ad20261120.xml',
    ]);
    for (const f of files) {
      expect(f.text.startsWith('<?xml version="1.0" encoding="utf-8"?>\r\n<!DOCTYPE us-patent-assignments [')).toBe(true);
      expect(f.parsed.doctype).toContain(
        '<!ELEMENT patent-assignment (assignment-record, patent-assignors, patent-assignees, patent-properties)>',
      );
      expect(f.parsed.actionKey).toBe('DA');
      expect(f.parsed.transactionDate).toBe(f.name.slice(2, 10));
      expect(f.parsed.empty || f.parsed.records.length > 0).toBe(true);
    }
    expect(files[0]!.parsed.records.length).toBeGreaterThan(200);
    expect(files.slice(1).some((f) => f.parsed.records.length > 0)).toBe(true);
    expect(result.recordations).toBe(distinctRecords().size);
  });

  it('describes only applications of the corpus, with its numbers, dates and titles, in the office order', () => {
    let checked = 0;
    for (const f of files) {
      for (const r of f.parsed.records) {
        for (const p of r.properties) {
          const [app, ...rest] = p.ids;
          const record = corpus.get(app!.number);
          expect(record, app!.number).toBeDefined();
          const meta = record!.applicationMetaData;
          expect(app).toEqual({ number: record!.applicationNumberText, kind: 'X0', date: ymd(meta.filingDate) });
          expect(p.title).toBe(meta.inventionTitle);
          const expected: DocId[] = [];
          const pub = meta.earliestPublicationNumber;
          if (pub && ymd(meta.earliestPublicationDate!) <= f.name.slice(2, 10))
            expected.push({ number: pub.slice(2, 13), kind: pub.slice(13), date: ymd(meta.earliestPublicationDate!) });
          if (meta.patentNumber && ymd(meta.grantDate!) <= f.name.slice(2, 10))
            expect(rest.at(-1)).toMatchObject({ number: meta.patentNumber, date: ymd(meta.grantDate!) });
          expect(rest.slice(0, expected.length)).toEqual(expected);
          expect(rest.length).toBe(expected.length + (meta.patentNumber && ymd(meta.grantDate!) <= f.name.slice(2, 10) ? 1 : 0));
          expect(ymd(meta.filingDate) <= r.recorded).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('shows every kind of recordation', () => {
    const texts = [...distinctRecords().values()].map((r) => r.conveyance);
    for (const text of [
      'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
      'MERGER (SEE DOCUMENT FOR DETAILS).',
      'CHANGE OF NAME (SEE DOCUMENT FOR DETAILS).',
      'SECURITY INTEREST (SEE DOCUMENT FOR DETAILS).',
      'PATENT SECURITY AGREEMENT',
      'LIEN (SEE DOCUMENT FOR DETAILS).',
      'RELEASE BY SECURED PARTY (SEE DOCUMENT FOR DETAILS).',
      'LICENSE (SEE DOCUMENT FOR DETAILS).',
      'CONFIRMATORY LICENSE (SEE DOCUMENT FOR DETAILS).',
      'GOVERNMENT INTEREST AGREEMENT',
    ])
      expect(texts, text).toContain(text);
    expect(
      texts.some((t) => /^CORRECTIVE ASSIGNMENT TO CORRECT THE ASSIGNEE NAME PREVIOUSLY RECORDED AT REEL: \d{6} FRAME: \d{4}\. /.test(t)),
    ).toBe(true);
    expect([...distinctRecords().values()].some((r) => r.purge === 'Y')).toBe(true);
    // A company-to-company sale of several properties, and a security interest on several.
    const records = [...distinctRecords().values()];
    const sale = (r: Rec) => r.conveyance.startsWith('ASSIGNMENT OF') && r.assignors.every((a) => companyAssignor(a.name));
    expect(records.some((r) => sale(r) && r.properties.length > 1)).toBe(true);
    expect(records.some((r) => /SECURITY/.test(r.conveyance) && r.properties.length > 1)).toBe(true);
  });

  it('numbers reels and frames uniquely, growing with the recorded date', () => {
    const byReelFrame = new Map<string, string>();
    for (const f of files)
      for (const r of f.parsed.records) {
        const key = `${r.reel}/${r.frame}`;
        const signature = `${r.recorded}|${r.conveyance}|${r.assignors.map((a) => a.name).join(';')}`;
        expect(byReelFrame.get(key) ?? signature, key).toBe(signature);
        byReelFrame.set(key, signature);
      }
    const sorted = [...distinctRecords().values()].sort((a, b) => Number(a.reel) - Number(b.reel) || Number(a.frame) - Number(b.frame));
    for (let k = 1; k < sorted.length; k++) expect(sorted[k]!.recorded >= sorted[k - 1]!.recorded).toBe(true);
  });

  it('dates the records: history up to its day, daily records updated on the file day', () => {
    const [history, ...daily] = files;
    for (const r of history!.parsed.records) {
      expect(r.recorded < history!.parsed.transactionDate).toBe(true);
      expect(r.lastUpdate <= history!.parsed.transactionDate && r.lastUpdate >= r.recorded).toBe(true);
    }
    for (const f of daily) for (const r of f.parsed.records) expect(r.lastUpdate).toBe(f.parsed.transactionDate);
  });

  it('names every printed party in the truth', () => {
    const known = new Set(result.truth.names.map((n) => JSON.stringify([n.name, n.city, n.state, n.country])));
    for (const r of distinctRecords().values()) {
      for (const a of r.assignors) expect(known.has(JSON.stringify([a.name, null, null, null])), a.name).toBe(true);
      for (const a of r.assignees)
        expect(known.has(JSON.stringify([a.name, a.city ?? null, a.state ?? null, a.country ?? null])), a.name).toBe(true);
    }
    expect(result.truth.names.every((n) => /^(company|person):\d+$/.test(n.id))).toBe(true);
    const patents = [...corpus.values()].map((r) => r.applicationMetaData.patentNumber).filter((p) => p !== undefined);
    expect(Object.keys(result.truth.owners).sort()).toEqual(patents.sort());
  });

  it('gives each patent the owner its last ownership-moving recordation names, through later mergers and changes of name', () => {
    const idOf = new Map<string, Set<string>>();
    for (const n of result.truth.names) {
      const key = JSON.stringify([n.name, n.city, n.state, n.country]);
      idOf.set(key, (idOf.get(key) ?? new Set()).add(n.id));
    }
    const successor = new Map(result.truth.successions.map((s) => [s.from, s.to]));
    const final = (id: string): string => (successor.has(id) ? final(successor.get(id)!) : id);
    const moving = /^(ASSIGNMENT OF|NUNC PRO TUNC|MERGER|CHANGE OF NAME|CORRECTIVE ASSIGNMENT)/;
    const last = new Map<string, Rec>();
    const records = [...distinctRecords().values()].sort((a, b) => Number(a.reel) - Number(b.reel) || Number(a.frame) - Number(b.frame));
    for (const r of records)
      if (moving.test(r.conveyance) && r.purge === 'N')
        for (const p of r.properties) for (const d of p.ids.slice(1)) if (result.truth.owners[d.number]) last.set(d.number, r);
    expect(last.size).toBeGreaterThan(100);
    for (const [patent, r] of last) {
      const a = r.assignees[0]!;
      const ids = [...idOf.get(JSON.stringify([a.name, a.city ?? null, a.state ?? null, a.country ?? null]))!];
      expect(ids.map(final), patent).toContain(result.truth.owners[patent]);
    }
  });

  it("hands a merged company's properties, and those it files later, to the survivor", () => {
    const mergers = result.truth.successions.filter((s) => s.kind === 'merger');
    expect(mergers.length).toBeGreaterThan(0);
    const successor = new Map(result.truth.successions.map((s) => [s.from, s.to]));
    const final = (id: string): string => (successor.has(id) ? final(successor.get(id)!) : id);
    const registry = new EntityRegistry();
    const sold = new Set<string>();
    for (const r of distinctRecords().values())
      if (/^(ASSIGNMENT OF|NUNC PRO TUNC)/.test(r.conveyance) && r.assignors.every((a) => companyAssignor(a.name)))
        for (const p of r.properties) sold.add(p.ids[0]!.number);
    let later = 0;
    for (const m of mergers) {
      const from = Number(m.from.slice('company:'.length));
      for (const record of corpus.values()) {
        const meta = record.applicationMetaData;
        if (registry.byApplicantName.get(meta.firstApplicantName) !== from || !meta.patentNumber || sold.has(record.applicationNumberText))
          continue;
        expect(result.truth.owners[meta.patentNumber], meta.patentNumber).toBe(final(m.to));
        if (meta.filingDate > m.date) later++;
      }
    }
    expect(later).toBeGreaterThan(0);
    for (const family of result.truth.families) expect(new Set(family.map(final)).size).toBe(1);
  });

  it('places the corpus applicants where the corpus does (the cast replayed from pools.ts)', () => {
    const registry = new EntityRegistry();
    let matched = 0;
    for (const record of corpus.values()) {
      const index = registry.byApplicantName.get(record.applicationMetaData.firstApplicantName);
      if (index === undefined) continue;
      expect(registry.get(index).addresses[0]!.city).toBe(
        record.applicationMetaData.applicantBag[0]!.correspondenceAddressBag[0]!.cityName,
      );
      matched++;
    }
    expect(matched).toBeGreaterThan(300);
  });

  it('is deterministic: the same options give byte-identical files and truth', async () => {
    const again = await writeAssignmentFiles(join(dir, 'b'), OPTIONS);
    expect(again.files.map((p) => basename(p))).toEqual(result.files.map((p) => basename(p)));
    for (const path of [...result.files, join(dir, 'a', TRUTH_FILE)]) {
      const twin = join(dir, 'b', basename(path));
      expect((await readFile(twin)).equals(await readFile(path)), basename(path)).toBe(true);
    }
    expect(JSON.parse(await readFile(join(dir, 'a', TRUTH_FILE), 'utf8'))).toEqual(result.truth);
  });
});
