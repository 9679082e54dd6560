import { describe, expect, it } from 'vitest';
import type { FileHead } from './file-check.js';
import { FEE_FILE_MARKERS } from '../products/maintenance-fees/markers.js';
import { formatOf, type Recognisable, refusal } from './recognise.js';

const products: Recognisable[] = [
  {
    family: 'file-wrapper',
    what: 'patent file wrapper records',
    format: 'json',
    markers: ['patentFileWrapperDataBag', 'applicationNumberText'],
  },
  { family: 'grants', what: 'grants', format: 'xml', markers: ['us-patent-grant'] },
  { family: 'publications', what: 'pre-grant publications', format: 'xml', markers: ['us-patent-application'] },
  { family: 'ptab', what: 'PTAB trials', format: 'json', markers: ['patentTrialProceedingDataBag'] },
  { family: 'maintenance-fees', what: 'maintenance fee events', format: 'text', markers: FEE_FILE_MARKERS },
];
const [fileWrapper, grants, publications] = products as [Recognisable, Recognisable, Recognisable, Recognisable];

const head = (text: string, member: string | null = null): FileHead => ({ path: `/x/f`, name: 'f', member, text });
const GRANT = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE us-patent-grant SYSTEM "us-patent-grant-v47-2022-02-17.dtd" [ ]>\n<us-patent-grant lang="EN">`;
const PUBLICATION = `<?xml version="1.0"?>\n<!DOCTYPE us-patent-application SYSTEM "x.dtd" [ ]>\n<us-patent-application lang="EN">`;

describe('recognising a file from its head', () => {
  it('tells JSON from XML by the first character', () => {
    expect(formatOf('  \n{"count":1}')).toBe('json');
    expect(formatOf('[{"a":1}]')).toBe('json');
    expect(formatOf('<?xml version="1.0"?>')).toBe('xml');
    expect(formatOf('PK\u0003\u0004')).toBeNull();
  });

  it("accepts a product's own files, and files it cannot tell", () => {
    expect(refusal(grants, products, head(GRANT))).toBeNull();
    expect(refusal(publications, products, head(PUBLICATION))).toBeNull();
    expect(
      refusal(fileWrapper, products, head('{"count":1,"patentFileWrapperDataBag":[{"applicationNumberText":"17248024"}]}')),
    ).toBeNull();
    expect(refusal(fileWrapper, products, head('{"x":1}'))).toBeNull();
    expect(refusal(grants, products, head('<?xml version="1.0"?><sequence-cwu>'))).toBeNull();
  });

  it('refuses a grant file given to publications, and the other way round, naming the command to use', () => {
    expect(refusal(publications, products, head(GRANT))).toBe(
      'f holds grants, not pre-grant publications: load it with "patent-status ingest grants"',
    );
    expect(refusal(grants, products, head(PUBLICATION, 'ipa230117.xml'))).toBe(
      'f (member ipa230117.xml) holds pre-grant publications, not grants: load it with "patent-status ingest publications"',
    );
  });

  it('refuses JSON given to an XML product and XML given to a JSON product', () => {
    expect(refusal(grants, products, head('{"applicationNumberText":"17248024"}'))).toBe(
      'f holds JSON, not the XML of grants: load it with "patent-status ingest file-wrapper"',
    );
    // JSON no product's marker shows: every JSON product is named.
    expect(refusal(grants, products, head('{"count": 3}'))).toBe(
      'f holds JSON, not the XML of grants: load it with "patent-status ingest file-wrapper" or "patent-status ingest ptab"',
    );
    expect(refusal(fileWrapper, products, head(GRANT))).toBe(
      'f holds XML, not the JSON of patent file wrapper records: load it with "patent-status ingest grants"',
    );
  });

  it('goes by the earliest marker: an envelope names its product before its records name fields', () => {
    const ptab = head('{"count":1,"patentTrialProceedingDataBag":[{"patentOwnerData":{"applicationNumberText":"15000001"}}]}');
    expect(refusal(fileWrapper, products, ptab)).toBe(
      'f holds PTAB trials, not patent file wrapper records: load it with "patent-status ingest ptab"',
    );
  });

  it('refuses what is neither JSON nor XML', () => {
    expect(refusal(grants, products, head('\u001f\u008b\u0008 gzip'))).toMatch(
      /^f is neither JSON nor XML \(it starts with ".*"\): not a file of grants$/,
    );
  });

  it('tells a fixed-width fee file (events or its Desc code table) by its lines, and refuses other text', () => {
    const fees = products[4]!;
    const events = '0000004287053 06218896 N 19801222 19810901 19881222 M171 \r\n';
    expect(formatOf(events)).toBe('text');
    expect(refusal(fees, products, head(events))).toBeNull();
    expect(refusal(fees, products, head('ASPN  Payor Number Assigned.\r\nEXP.  Patent Expired\r\n'))).toBeNull();
    expect(refusal(grants, products, head(events))).toBe(
      'f holds maintenance fee events, not grants: load it with "patent-status ingest maintenance-fees"',
    );
    expect(refusal(fees, products, head(GRANT))).toBe(
      'f holds XML, not the plain text of maintenance fee events: load it with "patent-status ingest grants"',
    );
    expect(refusal(fees, products, head('hello, world'))).toBe(
      'f does not fit the layout of maintenance fee events (it starts with "hello, world")',
    );
  });
});
