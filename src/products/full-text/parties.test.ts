import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readXmlTree } from '../../ingest/xml/tree.js';
import type { DocumentParty, FullTextItem, MapIssue } from './document.js';
import { parseFullTextStream } from './parse.js';
import { mapParties } from './parties.js';
import { BOTH_MAPPERS } from '../../../test/helpers/full-text-mappers.js';

// Shapes written here exercise each rule; the real samples are read in parties.samples.test.ts.

function parties(body: string): { parties: DocumentParty[]; issues: MapIssue[] } {
  const outcome = readXmlTree(`<us-bibliographic-data-grant>${body}</us-bibliographic-data-grant>`, { acceptRoot: () => true });
  if (outcome.kind !== 'read') throw new Error(JSON.stringify(outcome));
  const issues: MapIssue[] = [];
  return { parties: mapParties(outcome.tree, issues), issues };
}

function person(last: string, first: string, address = '', more = ''): string {
  return `<addressbook><last-name>${last}</last-name><first-name>${first}</first-name>${more}<address>${address}</address></addressbook>`;
}

const org = (name: string, address = '') =>
  `<addressbook><orgname>${name}</orgname><role>02</role><address>${address}</address></addressbook>`;
const place = (city: string, state: string | null, country: string) =>
  `<city>${city}</city>${state === null ? '' : `<state>${state}</state>`}<country>${country}</country>`;
const brief = (p: DocumentParty) => [p.role, p.seq, p.name];

describe('mapParties', () => {
  it('reads v4.3+ us-applicants as applicants whatever their app-type, inventors, and assignees', () => {
    const { parties: out, issues } = parties(
      '<us-parties><us-applicants>' +
        `<us-applicant sequence="001" app-type="applicant" applicant-authority-category="assignee">${org('Acme &#x26; Co.', place('Erlanger', 'KY', 'US'))}</us-applicant>` +
        `<us-applicant sequence="002" app-type="applicant-inventor">${person('Visco', 'Steven J.', place('Berkeley', 'CA', 'US'))}</us-applicant>` +
        '</us-applicants><inventors>' +
        `<inventor sequence="001">${person('Visco', 'Steven J.', place('Berkeley', 'CA', 'US'))}</inventor>` +
        `<inventor sequence="002">${person('Katz', 'Bruce', place('Moraga', 'CA', 'US'), '<middle-name>D.</middle-name>')}</inventor>` +
        `</inventors><agents><agent sequence="01" rep-type="attorney">${org('Firm LLP')}</agent></agents></us-parties>` +
        `<assignees><assignee>${org('Acme &#x26; Co.', place('Erlanger', 'KY', 'US'))}</assignee></assignees>`,
    );
    expect(issues).toEqual([]);
    expect(out).toEqual([
      {
        role: 'applicant',
        seq: 0,
        name: 'Acme & Co.',
        lastName: null,
        firstName: null,
        middleName: null,
        city: 'Erlanger',
        region: 'KY',
        country: 'US',
      },
      {
        role: 'applicant',
        seq: 1,
        name: 'Steven J. Visco',
        lastName: 'Visco',
        firstName: 'Steven J.',
        middleName: null,
        city: 'Berkeley',
        region: 'CA',
        country: 'US',
      },
      {
        role: 'inventor',
        seq: 0,
        name: 'Steven J. Visco',
        lastName: 'Visco',
        firstName: 'Steven J.',
        middleName: null,
        city: 'Berkeley',
        region: 'CA',
        country: 'US',
      },
      {
        role: 'inventor',
        seq: 1,
        name: 'Bruce D. Katz',
        lastName: 'Katz',
        firstName: 'Bruce',
        middleName: 'D.',
        city: 'Moraga',
        region: 'CA',
        country: 'US',
      },
      {
        role: 'assignee',
        seq: 0,
        name: 'Acme & Co.',
        lastName: null,
        firstName: null,
        middleName: null,
        city: 'Erlanger',
        region: 'KY',
        country: 'US',
      },
    ]);
  });

  it('reads v4.0–4.2 applicants of app-type applicant-inventor as inventors, others as applicants, counting each role apart', () => {
    const { parties: out } = parties(
      '<parties><applicants>' +
        `<applicant sequence="001" app-type="applicant-inventor">${person('Rhodes', 'Mike', place('Mt. Lawley, W.A.', null, 'AU'))}<nationality><country>AU</country></nationality></applicant>` +
        `<applicant sequence="002" app-type="applicant">${org('Widget Pty')}</applicant>` +
        `<applicant sequence="003" app-type="applicant-inventor">${person('Miller', 'Paul C.')}</applicant>` +
        '</applicants></parties>' +
        `<assignees><assignee>${person('Feliciano', 'Yennifer', place('Kissimmee', 'FL', 'US'))}</assignee></assignees>`,
    );
    expect(out.map(brief)).toEqual([
      ['inventor', 0, 'Mike Rhodes'],
      ['applicant', 0, 'Widget Pty'],
      ['inventor', 1, 'Paul C. Miller'],
      ['assignee', 0, 'Yennifer Feliciano'],
    ]);
    expect(out[0]).toMatchObject({ city: 'Mt. Lawley, W.A.', region: null, country: 'AU' });
    expect(out[2]).toMatchObject({ city: null, region: null, country: null });
  });

  it('reads a deceased inventor whose name parts sit directly inside it', () => {
    const { parties: out } = parties(
      `<us-parties><inventors><deceased-inventor sequence="001"><last-name>Doe</last-name><first-name>Jane</first-name></deceased-inventor></inventors></us-parties>`,
    );
    expect(out.map(brief)).toEqual([['inventor', 0, 'Jane Doe']]);
  });

  it('drops an entry without any name and reports it with its XML; the next one keeps the seq', () => {
    const { parties: out, issues } = parties(
      '<us-parties><inventors>' +
        `<inventor sequence="001"><addressbook><address>${place('Berkeley', 'CA', 'US')}</address></addressbook></inventor>` +
        `<inventor sequence="002">${person('Katz', 'Bruce D.')}</inventor>` +
        '</inventors></us-parties>' +
        '<assignees><assignee><addressbook><orgname> </orgname><role>02</role></addressbook></assignee></assignees>',
    );
    expect(out.map(brief)).toEqual([['inventor', 0, 'Bruce D. Katz']]);
    expect(issues).toEqual([
      {
        reason: 'inventor without a name dropped',
        excerpt:
          '<inventor sequence="001"><addressbook><address><city>Berkeley</city><state>CA</state><country>US</country></address></addressbook></inventor>',
      },
      {
        reason: 'assignee without a name dropped',
        excerpt: '<assignee><addressbook><orgname></orgname><role>02</role></addressbook></assignee>',
      },
    ]);
  });

  it('a name built from a last name alone, or a first name alone', () => {
    const { parties: out } = parties(
      '<assignees><assignee><addressbook><last-name>Cher</last-name></addressbook></assignee>' +
        '<assignee><addressbook><first-name>Prince</first-name></addressbook></assignee></assignees>',
    );
    expect(out.map(brief)).toEqual([
      ['assignee', 0, 'Cher'],
      ['assignee', 1, 'Prince'],
    ]);
  });

  it('no parties printed: an empty list', () => {
    expect(parties('<invention-title>x</invention-title>')).toEqual({ parties: [], issues: [] });
  });
});

describe('a dropped party in a parsed file', () => {
  it('follows its document as a reject at the same position, naming the document', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<us-patent-grant dtd-version="v4.7 2022-02-17">
<us-bibliographic-data-grant>
<publication-reference><document-id><country>US</country><doc-number>11646472</doc-number><kind>B2</kind><date>20230509</date></document-id></publication-reference>
<us-parties><inventors><inventor sequence="001"><addressbook><address><city>Berkeley</city></address></addressbook></inventor></inventors></us-parties>
</us-bibliographic-data-grant>
</us-patent-grant>
`;
    const items: FullTextItem[] = [];
    for await (const item of parseFullTextStream(Readable.from([xml]), null, BOTH_MAPPERS)) items.push(item);
    expect(items.map((i) => i.kind)).toEqual(['document', 'reject']);
    expect(items[0]?.kind === 'document' && items[0].document.parties).toEqual([]);
    expect(items[1]).toEqual({
      kind: 'reject',
      reason: 'inventor without a name dropped in document "11646472"',
      position: { member: null, index: 0 },
      excerpt: '<inventor sequence="001"><addressbook><address><city>Berkeley</city></address></addressbook></inventor>',
    });
  });
});
