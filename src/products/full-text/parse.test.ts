import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { UnreadableFileError } from '../../ingest/unreadable.js';
import { untilError as readUntilError } from '../../../test/helpers/until-error.js';
import type { FullTextItem } from './document.js';
import { parseFullTextFile, parseFullTextStream, rawSaxPass } from './parse.js';
import { BOTH_MAPPERS } from '../../../test/helpers/full-text-mappers.js';

// Small documents written here exercise splitting, routing, rejects and zips; the real samples
// are read in parse.samples.test.ts.

function grant(number: string, options: { date?: string; body?: string; kind?: string } = {}): string {
  const kind = options.kind ?? 'B2';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE us-patent-grant SYSTEM "us-patent-grant-v47-2022-02-17.dtd" [ ]>
<us-patent-grant lang="EN" dtd-version="v4.7 2022-02-17" file="US${number}-20230509.XML" country="US">
<us-bibliographic-data-grant>
<publication-reference><document-id><country>US</country><doc-number>${number}</doc-number>${kind === '' ? '' : `<kind>${kind}</kind>`}<date>${options.date ?? '20230509'}</date></document-id></publication-reference>
<application-reference appl-type="utility"><document-id><country>US</country><doc-number>17248024</doc-number><date>20210105</date></document-id></application-reference>
<invention-title id="t">Title of ${number}</invention-title>
</us-bibliographic-data-grant>
${options.body ?? ''}
</us-patent-grant>
`;
}

// The undefined entity sits in the description, which is skipped: harmless there.
const PUBLICATION = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE us-patent-application SYSTEM "us-patent-application-v46-2022-02-17.dtd" [ ]>
<us-patent-application dtd-version="v4.6 2022-02-17">
<us-bibliographic-data-application lang="EN" country="US">
<publication-reference><document-id><country>US</country><doc-number>20220240350</doc-number><kind>A1</kind><date>20220728</date></document-id></publication-reference>
</us-bibliographic-data-application>
<description id="d"><p>not read &unknown; either</p></description>
</us-patent-application>
`;

const SEQUENCE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE sequence-cwu SYSTEM "us-sequence-listing-2004-03-09.dtd" [ ]>
<sequence-cwu><publication-reference><document-id><doc-number>08420317</doc-number></document-id></publication-reference></sequence-cwu>
`;

async function collect(items: AsyncIterable<FullTextItem>): Promise<FullTextItem[]> {
  const out: FullTextItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** `member#index docNumber`, `member#index ~root`, `member#index !reason`. */
function summary(items: FullTextItem[]): string[] {
  return items.map((i) => {
    const where = `${i.position.member ?? '-'}#${i.position.index}`;
    if (i.kind === 'document') return `${where} ${i.document.docNumber}`;
    if (i.kind === 'skipped') return `${where} ~${i.root}`;
    return `${where} !${i.reason}`;
  });
}

describe('parseFullTextStream', () => {
  it('routes by root, rejects unreadable documents and goes on with the next one', async () => {
    const text = [
      grant('07997973', { body: '<abstract><p>A <i>thing</i>.</p></abstract>' }),
      grant('11000001', { body: '<claims><claim num="1"><claim-text>1. x</claim-text></claims>' }),
      SEQUENCE,
      grant('11000002', { body: '<abstract><p>caf&eacute;</p></abstract>' }),
      grant('BOGUS1'),
      grant('11000003', { date: '20230500' }),
      grant('11000004', { kind: '' }),
      PUBLICATION,
      grant('D0701016', { kind: 'S1' }),
    ].join('\n');
    const items = await collect(parseFullTextStream(Readable.from([text]), null, BOTH_MAPPERS));
    expect(summary(items)).toEqual([
      '-#0 7997973',
      '-#1 !XML not well-formed: "9:61: unexpected close tag."',
      '-#2 ~sequence-cwu',
      '-#3 !XML not well-formed: "9:24: undefined entity."',
      '-#4 !grant without a readable patent number "BOGUS1"',
      '-#5 !grant without a readable issue date "20230500"',
      '-#6 !grant without a kind code "11000004"',
      '-#7 US20220240350A1',
      '-#8 D701016',
    ]);
    const first = items[0];
    expect(first?.kind === 'document' && first.document).toMatchObject({
      docType: 'grant',
      kind: 'B2',
      date: '2023-05-09',
      applicationNumber: '17248024',
      filingDate: '2021-01-05',
      title: 'Title of 07997973',
      abstract: 'A thing.',
      claims: [],
      cpc: [],
      citations: [],
      dtdVersion: 'v4.7 2022-02-17',
    });
    // Excerpts: around the error for XML errors, from the root tag for mapping rejects.
    const rejects = items.flatMap((i) => (i.kind === 'reject' ? [i] : []));
    expect(rejects[1]?.excerpt).toContain('caf&eacute;');
    expect(rejects[2]?.excerpt.startsWith('<us-patent-grant lang="EN" dtd-version="v4.7 2022-02-17" file="USBOGUS1-20230509.XML"')).toBe(
      true,
    );
    expect(rejects.every((r) => r.excerpt.length <= 200)).toBe(true);
  });

  it('rejects a publication without a readable number or date', async () => {
    const noKind = PUBLICATION.replace('<kind>A1</kind>', '');
    const badDate = PUBLICATION.replace('<date>20220728</date>', '<date>2022-07-28</date>');
    expect(summary(await collect(parseFullTextStream(Readable.from([noKind, badDate]), null, BOTH_MAPPERS)))).toEqual([
      '-#0 !publication without a readable publication number "20220240350 (no kind)"',
      '-#1 !publication without a readable publication date "2022-07-28"',
    ]);
  });

  it('reads documents whose declaration is split across chunks', async () => {
    const bytes = Buffer.from(grant('11000001') + grant('11000002') + PUBLICATION);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    expect(summary(await collect(parseFullTextStream(Readable.from(chunks), 'm.xml', BOTH_MAPPERS)))).toEqual([
      'm.xml#0 11000001',
      'm.xml#1 11000002',
      'm.xml#2 US20220240350A1',
    ]);
  });

  const untilError = (items: AsyncIterable<FullTextItem>) => readUntilError(items, summary);

  it('a read error of the stream makes the file unreadable after the documents read whole', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from(grant('11000001') + grant('11000002'));
      throw new Error('unexpected end of zip member');
    }
    expect(await untilError(parseFullTextStream(failing(), null, BOTH_MAPPERS))).toEqual({
      seen: ['-#0 11000001'],
      error: new UnreadableFileError('cannot be read to its end (after document #0): unexpected end of zip member'),
    });
  });

  it('a stream cut inside its last document is unreadable; a document cut between two others is its reject', async () => {
    const whole = grant('11000001') + SEQUENCE + grant('11000002');
    for (const cut of [whole.length - 30, whole.length - 200, whole.indexOf('<sequence-cwu>') + 20 + SEQUENCE.length]) {
      const { seen, error } = await untilError(parseFullTextStream(Readable.from([whole.slice(0, cut)]), null, BOTH_MAPPERS));
      expect(error).toBeInstanceOf(UnreadableFileError);
      expect((error as Error).message).toMatch(/^XML ends inside document #\d, which starts at byte \d+: no end tag of its root$/);
      expect(seen[0]).toBe('-#0 11000001');
    }
    // A cut sequence listing (a root the reader skips at its start tag) is still a cut file.
    const cutListing = grant('11000001') + SEQUENCE.slice(0, SEQUENCE.indexOf('</sequence-cwu>'));
    expect((await untilError(parseFullTextStream(Readable.from([cutListing]), null, BOTH_MAPPERS))).error).toEqual(
      new UnreadableFileError(
        `XML ends inside document #1, which starts at byte ${Buffer.byteLength(grant('11000001'))}: no end tag of its root`,
      ),
    );
    const middle = grant('11000001') + grant('11000002').slice(0, 300) + grant('11000003');
    expect(summary(await collect(parseFullTextStream(Readable.from([middle]), null, BOTH_MAPPERS))).map((s) => s.split(':')[0])).toEqual([
      '-#0 11000001',
      '-#1 !XML not well-formed',
      '-#2 11000003',
    ]);
  });

  it('an empty stream is unreadable', async () => {
    expect((await untilError(parseFullTextStream(Readable.from([' \n']), 'm.xml', BOTH_MAPPERS))).error).toEqual(
      new UnreadableFileError('zip member m.xml: no XML document in it (empty)'),
    );
  });

  it('reports a document over the size limit', async () => {
    const items = await collect(
      parseFullTextStream(Readable.from([grant('11000001'), grant('11000002')]), null, BOTH_MAPPERS, { maxDocumentBytes: 500 }),
    );
    expect(summary(items).map((s) => s.replace(/"\d+ bytes at byte \d+"/, '"N"'))).toEqual([
      '-#0 !document too large to read: "N"',
      '-#1 !document too large to read: "N"',
    ]);
  });
});

describe('rawSaxPass', () => {
  it('counts documents by outcome with the same splitting and root gate', async () => {
    // The baseline lets undefined entities pass (it cannot tell skipped content), so it reads on.
    const text =
      grant('11000001') + SEQUENCE + grant('11000002', { body: '<p>&bogus;</p>' }) + grant('11000003', { body: '<p></q>' }) + PUBLICATION;
    expect(await rawSaxPass(Readable.from([text]), BOTH_MAPPERS)).toEqual({
      documents: 5,
      read: 3,
      skipped: { 'sequence-cwu': 1 },
      unreadable: 1,
    });
  });
});

describe('parseFullTextFile', () => {
  let dir = '';
  let zipPath = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'full-text-'));
    zipPath = path.join(dir, 'ipg230509.zip');
    const zip = new yazl.ZipFile();
    zip.addEmptyDirectory('ipg230509/');
    zip.addBuffer(Buffer.from(grant('11000001') + SEQUENCE + grant('11000002')), 'ipg230509/ipg230509.xml');
    zip.addBuffer(Buffer.from('see the product page'), 'README.txt');
    zip.addBuffer(Buffer.from(grant('ABC') + PUBLICATION), 'ipa230509.XML', { compress: false });
    zip.addBuffer(Buffer.from('resource fork'), '__MACOSX/._ipa230509.XML');
    zip.end();
    await finished(zip.outputStream.pipe(createWriteStream(zipPath)));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads every .xml member of a zip in turn and reports the others', async () => {
    const items = await collect(parseFullTextFile(zipPath, BOTH_MAPPERS));
    expect(summary(items)).toEqual([
      'ipg230509/ipg230509.xml#0 11000001',
      'ipg230509/ipg230509.xml#1 ~sequence-cwu',
      'ipg230509/ipg230509.xml#2 11000002',
      'README.txt#0 !zip member is not XML: README.txt',
      'ipa230509.XML#0 !grant without a readable patent number "ABC"',
      'ipa230509.XML#1 US20220240350A1',
      '__MACOSX/._ipa230509.XML#0 !zip member is not XML: __MACOSX/._ipa230509.XML',
    ]);
  });

  it('reads a plain .xml file, and a zip by its signature whatever its name', async () => {
    const plain = path.join(dir, 'ipg230509.xml');
    await writeFile(plain, grant('11000001') + PUBLICATION);
    expect(summary(await collect(parseFullTextFile(plain, BOTH_MAPPERS)))).toEqual(['-#0 11000001', '-#1 US20220240350A1']);
    const { copyFile } = await import('node:fs/promises');
    const renamed = path.join(dir, 'download.bin');
    await copyFile(zipPath, renamed);
    expect((await collect(parseFullTextFile(renamed, BOTH_MAPPERS))).filter((i) => i.kind === 'document')).toHaveLength(3);
  });

  it('stops cleanly when the consumer stops early', async () => {
    let seen = 0;
    for await (const item of parseFullTextFile(zipPath, BOTH_MAPPERS)) {
      expect(item.kind).toBe('document');
      seen++;
      break;
    }
    expect(seen).toBe(1);
  });
});
