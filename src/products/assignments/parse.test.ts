import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { parseAssignmentFile, parseAssignmentStream } from './parse.js';
import type { AssignmentItem, AssignmentProperty, AssignmentRecord } from './record.js';
import { UnreadableFileError } from '../../ingest/unreadable.js';
import { untilError as readUntilError } from '../../../test/helpers/until-error.js';

// Small files written here exercise cutting, mapping, rejects and zips; the real samples are read
// in parse.samples.test.ts. The header copies the real files' shape: an internal DTD subset.

const HEADER = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE us-patent-assignments [<!ELEMENT us-patent-assignments (action-key-code, transaction-date, patent-assignments)>
<!ATTLIST us-patent-assignments  dtd-version   CDATA  #IMPLIED
                                 date-produced CDATA  #IMPLIED>
<!ELEMENT patent-assignment (assignment-record, patent-assignors, patent-assignees, patent-properties)>
<!ATTLIST name name-type (natural | legal)  #IMPLIED>
<!--bold formatting for text-->
]>
<us-patent-assignments dtd-version="1.0" date-produced="20131101">
  <action-key-code>DA</action-key-code>
  <transaction-date>
    <date>20160101</date>
  </transaction-date>
  <patent-assignments>
`;
const TRAILER = '  </patent-assignments>\n</us-patent-assignments>\n';

type Id = [number: string, kind: string | null, date?: string];

function id([number, kind, date = '20150403']: Id): string {
  return `<document-id><country>US</country><doc-number>${number}</doc-number>${kind === null ? '' : `<kind>${kind}</kind>`}<date>${date}</date></document-id>`;
}

function property(...ids: Id[]): string {
  return `<patent-property>${ids.map(id).join('')}<invention-title lang="en">TITLE</invention-title></patent-property>`;
}

interface Parts {
  reel?: string;
  frame?: string;
  recorded?: string;
  purge?: string;
  conveyance?: string;
  assignors?: string;
  assignees?: string;
  properties?: string[];
}

function record(p: Parts = {}): string {
  const tag = (name: string, value: string | undefined): string => (value === undefined ? '' : `<${name}>${value}</${name}>`);
  return `    <patent-assignment>
      <assignment-record>
        ${tag('reel-no', p.reel ?? '37388')}${tag('frame-no', p.frame ?? '92')}
        <last-update-date><date>20160101</date></last-update-date>
        ${tag('purge-indicator', p.purge ?? 'N')}
        ${p.recorded === '' ? '' : `<recorded-date><date>${p.recorded ?? '20151230'}</date></recorded-date>`}
        <page-count>3</page-count>
        <correspondent><name>CHRISTIE, PARKER &amp; HALE, LLP</name><address-1>PO BOX 29001</address-1><address-2>GLENDALE, CA 91209</address-2></correspondent>
        <conveyance-text>${p.conveyance ?? 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).'}</conveyance-text>
      </assignment-record>
      <patent-assignors>${p.assignors ?? '<patent-assignor><name>WEINSTEIN, DAMON</name><execution-date><date>20060330</date></execution-date></patent-assignor>'}</patent-assignors>
      <patent-assignees>${p.assignees ?? '<patent-assignee><name>SOUNDBITE COMMUNICATIONS, INC.</name><address-1>2 BURLINGTON WOODS DRIVE</address-1><city>BURLINGTON</city><state>MASSACHUSETTS</state><postcode>01803</postcode></patent-assignee>'}</patent-assignees>
      <patent-properties>${(p.properties ?? [property(['14678893', 'X0'])]).join('\n')}</patent-properties>
    </patent-assignment>
`;
}

const file = (...records: string[]): string => HEADER + records.join('') + TRAILER;

async function collect(items: AsyncIterable<AssignmentItem>): Promise<AssignmentItem[]> {
  const out: AssignmentItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const parse = (text: string | Buffer[]): Promise<AssignmentItem[]> =>
  collect(parseAssignmentStream(Readable.from(typeof text === 'string' ? [text] : text), null));

/** `member#index reel/frame`, `member#index !reason`, `header DA 2016-01-01`. */
function summary(items: AssignmentItem[]): string[] {
  return items.map((i) => {
    if (i.kind === 'header') return `header ${i.actionKeyCode} ${i.transactionDate}`;
    const where = `${i.position.member ?? '-'}#${i.position.index}`;
    return i.kind === 'record' ? `${where} ${i.record.reelFrame}` : `${where} !${i.reason}`;
  });
}

async function only(text: string): Promise<AssignmentRecord> {
  const items = await parse(text);
  expect(summary(items)).toHaveLength(2);
  const item = items[1];
  if (item?.kind !== 'record') throw new Error(`not a record: ${JSON.stringify(item)}`);
  return item.record;
}

async function properties(...props: string[]): Promise<AssignmentProperty[]> {
  return (await only(file(record({ properties: props })))).properties;
}

async function rejectOf(parts: Parts): Promise<string> {
  const items = await parse(file(record(parts), record({ frame: '106' })));
  expect(summary(items)[2]).toBe('-#1 037388/0106');
  const item = items[1];
  if (item?.kind !== 'reject') throw new Error(`not a reject: ${JSON.stringify(item)}`);
  expect(item.excerpt).toBe(record(parts).slice(4, 204));
  return item.reason;
}

const EMPTY_PROPERTY: AssignmentProperty = {
  applicationNumber: null,
  filingDate: null,
  patentNumber: null,
  grantDate: null,
  publicationNumber: null,
  publicationDate: null,
  internationalRegistration: null,
  title: 'TITLE',
};

describe('parseAssignmentStream', () => {
  it('yields the header, then every record with its fields', async () => {
    const assignors =
      '<patent-assignor><name name-type="natural">J&#xDC;NEMANN, RALF</name><execution-date><date>20150318</date></execution-date></patent-assignor>' +
      '<patent-assignor><name>H&#246;GSTEDT &amp; CO</name><date-acknowledged><date>20150402</date></date-acknowledged></patent-assignor>';
    const assignees =
      '<patent-assignee><name name-type="legal">ROHDE &amp; SCHWARZ GMBH &amp; CO. KG</name><address-1>MUEHLDORFSTRASSE 15</address-1>' +
      '<address-2>BUILDING  2,\n  SUITE 300</address-2><city>MUNICH</city><country-name>GERMANY</country-name><postcode>D-81671</postcode></patent-assignee>';
    const items = await parse(
      file(record({ reel: '19091', frame: '278', purge: 'Y', conveyance: '  NUNC PRO TUNC\n   ASSIGNMENT ', assignors, assignees })),
    );
    expect(items[0]).toEqual({ kind: 'header', actionKeyCode: 'DA', transactionDate: '2016-01-01' });
    expect(items[1]).toEqual({
      kind: 'record',
      position: { member: null, index: 0 },
      record: {
        reelFrame: '019091/0278',
        reel: 19091,
        frame: 278,
        recordedDate: '2015-12-30',
        lastUpdateDate: '2016-01-01',
        purged: true,
        pageCount: 3,
        correspondent: { name: 'CHRISTIE, PARKER & HALE, LLP', lines: ['PO BOX 29001', 'GLENDALE, CA 91209'] },
        conveyanceText: 'NUNC PRO TUNC ASSIGNMENT',
        conveyanceType: 'assignment',
        assignors: [
          { name: 'J\u00dcNEMANN, RALF', nameType: 'natural', executionDate: '2015-03-18', acknowledgedDate: null },
          { name: 'H\u00f6GSTEDT & CO', nameType: null, executionDate: null, acknowledgedDate: '2015-04-02' },
        ],
        assignees: [
          {
            name: 'ROHDE & SCHWARZ GMBH & CO. KG',
            nameType: 'legal',
            address: {
              lines: ['MUEHLDORFSTRASSE 15', 'BUILDING 2, SUITE 300'],
              city: 'MUNICH',
              state: null,
              postcode: 'D-81671',
              country: 'GERMANY',
            },
          },
        ],
        properties: [{ ...EMPTY_PROPERTY, applicationNumber: '14678893', filingDate: '2015-04-03' }],
      },
    });
    expect(items).toHaveLength(2);
  });

  it('places document-ids by kind and shape, in any order', async () => {
    const props = await properties(
      property(['9219817', 'B2', '20151222'], ['14678893', 'X0', '20150403'], ['20150215460', 'A1', '20150730']),
      property(['2015215460', 'A1', '20150730'], ['14678893', 'X0']),
      property(['D0712345', 'S1', '20140902'], ['29123456', 'X0']),
      property(['RE045678', 'E', '20140902']),
      property(['PP012345', 'P3', '20140902'], ['20130111111', 'P1', '20130502']),
      property(['5424840', 'A1', '19950613'], ['08285486', 'X0', '19940803']),
      property(['DM/123456', null, '20150101']),
      property(['14434207', null], ['20150260729', null, '20150917']),
      property(['20150000298', 'A2'], ['20130000111', 'A1', '20130103']),
    );
    expect(props).toEqual([
      {
        ...EMPTY_PROPERTY,
        applicationNumber: '14678893',
        filingDate: '2015-04-03',
        patentNumber: '9219817',
        grantDate: '2015-12-22',
        publicationNumber: '20150215460',
        publicationDate: '2015-07-30',
      },
      {
        ...EMPTY_PROPERTY,
        applicationNumber: '14678893',
        filingDate: '2015-04-03',
        publicationNumber: '20150215460',
        publicationDate: '2015-07-30',
      },
      { ...EMPTY_PROPERTY, applicationNumber: '29123456', filingDate: '2015-04-03', patentNumber: 'D712345', grantDate: '2014-09-02' },
      { ...EMPTY_PROPERTY, patentNumber: 'RE45678', grantDate: '2014-09-02' },
      {
        ...EMPTY_PROPERTY,
        patentNumber: 'PP12345',
        grantDate: '2014-09-02',
        publicationNumber: '20130111111',
        publicationDate: '2013-05-02',
      },
      { ...EMPTY_PROPERTY, applicationNumber: '08285486', filingDate: '1994-08-03', patentNumber: '5424840', grantDate: '1995-06-13' },
      { ...EMPTY_PROPERTY, internationalRegistration: 'DM/123456' },
      {
        ...EMPTY_PROPERTY,
        applicationNumber: '14434207',
        filingDate: '2015-04-03',
        publicationNumber: '20150260729',
        publicationDate: '2015-09-17',
      },
      // A republication (A2) beside the first publication (A1): the first is kept.
      { ...EMPTY_PROPERTY, publicationNumber: '20130000111', publicationDate: '2013-01-03' },
    ]);
  });

  it('reads a recordation of 150 properties', async () => {
    const many = Array.from({ length: 150 }, (_, i) => property([String(13000000 + i), 'X0'], [String(8000000 + i), 'B1', '20140107']));
    const props = await properties(...many);
    expect(props).toHaveLength(150);
    expect(props[149]).toMatchObject({ applicationNumber: '13000149', patentNumber: '8000149', grantDate: '2014-01-07' });
  });

  it('rejects a record it cannot read, with its position and first 200 characters, and reads on', async () => {
    expect(await rejectOf({ reel: '' })).toBe('no reel-no');
    expect(await rejectOf({ frame: '12a' })).toBe('unreadable frame-no: "12a"');
    expect(await rejectOf({ recorded: '' })).toBe('no recorded-date');
    expect(await rejectOf({ recorded: '20150231' })).toBe('unreadable recorded-date: "20150231"');
    expect(await rejectOf({ purge: 'X' })).toBe('unreadable purge-indicator: "X"');
    expect(await rejectOf({ conveyance: 'A & B' })).toMatch(/^XML not well-formed: ".*"$/);
    expect(await rejectOf({ conveyance: '&nbsp;' })).toMatch(/^XML not well-formed: ".*undefined entity/);
    expect(
      await rejectOf({
        assignors: '<patent-assignor><name>A</name><execution-date><date>2015131</date></execution-date></patent-assignor>',
      }),
    ).toBe('unreadable execution-date: "2015131"');
    expect(await rejectOf({ assignees: '<patent-assignee><city>X</city></patent-assignee>' })).toBe('patent-assignee without a name');
    expect(await rejectOf({ properties: [property(['1467889', 'X0'])] })).toBe('unreadable application number: "1467889" (kind X0)');
    expect(await rejectOf({ properties: [property(['9219817', 'Z9'])] })).toBe('unknown kind code: "Z9" of 9219817');
    expect(await rejectOf({ properties: [property(['9219817', 'A2'])] })).toBe('unreadable publication number: "9219817" (kind A2)');
    expect(await rejectOf({ properties: [property(['9219817', 'B2'], ['9219818', 'B1'])] })).toBe(
      'two patent numbers in one property: "9219817, 9219818"',
    );
    expect(await rejectOf({ properties: ['<patent-property><invention-title>T</invention-title></patent-property>'] })).toBe(
      'patent-property without a document-id: "property 1"',
    );
  });

  it('keeps an all-zero optional date as absent', async () => {
    const props = await properties(property(['14678893', 'X0', '00000000']));
    expect(props[0]?.filingDate).toBeNull();
  });

  it('reads the same whatever the chunking', async () => {
    const bytes = Buffer.from(
      file(record(), record({ frame: '106', assignors: '<patent-assignor><name>H\u00d6GSTEDT</name></patent-assignor>' })),
    );
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    expect(await parse(chunks)).toEqual(await parse(bytes.toString('utf8')));
  });

  const untilError = (items: AsyncIterable<AssignmentItem>) => readUntilError(items, summary);
  const stream = (text: string) => parseAssignmentStream(Readable.from([text]), null);

  it('a file cut inside a record or before its root end tag, or that fails to read, is unreadable', async () => {
    const text = file(record(), record({ frame: '106' }));
    expect(await untilError(stream(text.slice(0, text.lastIndexOf('</patent-assignment>'))))).toEqual({
      seen: ['header DA 2016-01-01', '-#0 037388/0092'],
      error: expect.objectContaining({ message: expect.stringMatching(/^XML ends inside record #1 \(\d+ characters of it read\)$/) }),
    });
    // Cut between records, or in the envelope's end tags: every record whole, the file still short.
    for (const end of [text.indexOf('</patent-assignments>'), text.lastIndexOf('</us-patent-assignments>') + 5]) {
      const cut = await untilError(stream(text.slice(0, end)));
      expect(cut.seen).toEqual(['header DA 2016-01-01', '-#0 037388/0092', '-#1 037388/0106']);
      expect(cut.error).toEqual(new UnreadableFileError('XML ends after record #1 without </us-patent-assignments>'));
    }
    // Cut inside the header: no record, no root.
    expect((await untilError(stream(HEADER.slice(0, 120)))).error).toEqual(
      new UnreadableFileError('XML ends before its first record without </us-patent-assignments>'),
    );
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from(HEADER + record());
      throw new Error('unexpected end of zip member');
    }
    expect(await untilError(parseAssignmentStream(failing(), null))).toEqual({
      seen: ['header DA 2016-01-01', '-#0 037388/0092'],
      error: new UnreadableFileError('cannot be read to its end (after record #0): unexpected end of zip member'),
    });
    expect((await untilError(stream(' \n'))).error).toEqual(new UnreadableFileError('no XML in it (empty)'));
  });

  it('reports a record over the size limit and goes on', async () => {
    const text = file(record(), record({ frame: '106' }));
    const limited = await collect(parseAssignmentStream(Readable.from([text]), null, { maxElementChars: 1000 }));
    expect(summary(limited).slice(1)).toEqual([
      expect.stringMatching(/^-#0 !record too large to read: "\d+ characters"$/),
      expect.stringMatching(/^-#1 !record too large to read/),
    ]);
  });

  it('reads a file without data, and reports a header that is not an assignment file', async () => {
    const noData = HEADER.replace('<patent-assignments>\n', '<patent-assignments><data-available-code>N</data-available-code>') + TRAILER;
    expect(summary(await parse(noData))).toEqual(['header DA 2016-01-01']);
    expect(summary(await parse('<?xml version="1.0"?>\n<us-patent-grant><x/></us-patent-grant>'))).toEqual([
      'header null null',
      '-#0 !file header: not a patent assignment file, root "us-patent-grant"',
    ]);
    expect(summary(await parse(HEADER.replace('20160101', '20161301') + TRAILER))).toEqual([
      'header DA null',
      '-#0 !file header: unreadable transaction-date: "20161301"',
    ]);
  });
});

describe('parseAssignmentFile', () => {
  let dir = '';
  let zipPath = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assignments-'));
    zipPath = path.join(dir, 'ad19800101-20141231.zip');
    const zip = new yazl.ZipFile();
    zip.addEmptyDirectory('ad19800101-20141231/');
    zip.addBuffer(Buffer.from(file(record(), record({ frame: '106' }))), 'ad19800101-20141231/ad19800101-20141231-01.xml');
    zip.addBuffer(Buffer.from('see the product page'), 'README.txt');
    zip.addBuffer(Buffer.from(file(record({ reel: '' }), record({ frame: '370' }))), 'ad19800101-20141231-02.XML', { compress: false });
    zip.addBuffer(Buffer.from('resource fork'), '__MACOSX/._ad19800101-20141231-02.XML');
    zip.end();
    await finished(zip.outputStream.pipe(createWriteStream(zipPath)));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads every .xml member of a zip in turn, each with its header, and reports the others', async () => {
    expect(summary(await collect(parseAssignmentFile(zipPath)))).toEqual([
      'header DA 2016-01-01',
      'ad19800101-20141231/ad19800101-20141231-01.xml#0 037388/0092',
      'ad19800101-20141231/ad19800101-20141231-01.xml#1 037388/0106',
      'README.txt#0 !zip member is not XML: README.txt',
      'header DA 2016-01-01',
      'ad19800101-20141231-02.XML#0 !no reel-no',
      'ad19800101-20141231-02.XML#1 037388/0370',
      '__MACOSX/._ad19800101-20141231-02.XML#0 !zip member is not XML: __MACOSX/._ad19800101-20141231-02.XML',
    ]);
  });

  it('reads a plain .xml file, and a zip by its signature whatever its name', async () => {
    const plain = path.join(dir, 'ad20160101.xml');
    await writeFile(plain, file(record()));
    expect(summary(await collect(parseAssignmentFile(plain)))).toEqual(['header DA 2016-01-01', '-#0 037388/0092']);
    const renamed = path.join(dir, 'download.bin');
    await copyFile(zipPath, renamed);
    expect((await collect(parseAssignmentFile(renamed))).filter((i) => i.kind === 'record')).toHaveLength(3);
  });
});
