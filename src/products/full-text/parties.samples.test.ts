import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentParty, FullTextDocument } from './document.js';
import { parseFullTextFile } from './parse.js';
import { BOTH_MAPPERS } from '../../../test/helpers/full-text-mappers.js';
import { SAMPLES_DIR, samplesPresent } from '../../../test/helpers/samples.js';

// The parties of real grants and publications, each value read off the XML by hand
// (samples/XML-FORMATS.md §7). Rows: [role, seq, name, lastName, firstName, city, region, country].

const haveSamples = samplesPresent('grant-xml', 'pgpub-xml');
const grant = (name: string): string => path.join(SAMPLES_DIR, 'grant-xml', name);
const pgpub = (name: string): string => path.join(SAMPLES_DIR, 'pgpub-xml', name);

async function documents(file: string): Promise<FullTextDocument[]> {
  const out: FullTextDocument[] = [];
  for await (const item of parseFullTextFile(file, BOTH_MAPPERS)) {
    // No sample prints a party without a name: any reject here is a mapping bug.
    if (item.kind === 'reject') throw new Error(`${file}: ${item.reason}`);
    if (item.kind === 'document') out.push(item.document);
  }
  return out;
}

async function partiesOf(file: string, docNumber: string): Promise<DocumentParty[]> {
  const document = (await documents(file)).find((d) => d.docNumber === docNumber);
  expect(document, `${docNumber} in ${file}`).toBeDefined();
  return document?.parties ?? [];
}

const rows = (parties: DocumentParty[]) =>
  parties.map((p) => [p.role, p.seq, p.name, p.lastName, p.firstName, p.city, p.region, p.country]);

describe.skipIf(!haveSamples)('parties of the real full-text samples', () => {
  it('US 11,646,472 B2 (grant v4.7): the company applicant, four inventors with initials in the first name, the assignee', async () => {
    const parties = await partiesOf(grant('US11646472B2-v47.xml'), '11646472');
    expect(rows(parties)).toEqual([
      ['applicant', 0, 'PolyPlus Battery Company', null, null, 'Berkeley', 'CA', 'US'],
      ['inventor', 0, 'Steven J. Visco', 'Visco', 'Steven J.', 'Berkeley', 'CA', 'US'],
      ['inventor', 1, 'Bruce D. Katz', 'Katz', 'Bruce D.', 'Moraga', 'CA', 'US'],
      ['inventor', 2, 'Yevgeniy S. Nimon', 'Nimon', 'Yevgeniy S.', 'Danville', 'CA', 'US'],
      ['inventor', 3, 'Lutgard C. De Jonghe', 'De Jonghe', 'Lutgard C.', 'Lafayette', 'CA', 'US'],
      ['assignee', 0, 'PolyPlus Battery Company', null, null, 'Berkeley', 'CA', 'US'],
    ]);
    expect(parties.every((p) => p.middleName === null)).toBe(true);
  });

  it('US 8,672,134 B2 (grant v4.4): two person applicants who are the inventors, abroad without a state; a Swiss assignee', async () => {
    expect(rows(await partiesOf(grant('US08672134B2-v44.xml'), '8672134'))).toEqual([
      ['applicant', 0, 'Peter John Sprada', 'Sprada', 'Peter John', 'London', null, 'GB'],
      ['applicant', 1, 'Robert Prasser', 'Prasser', 'Robert', 'Guttaring', null, 'AT'],
      ['inventor', 0, 'Peter John Sprada', 'Sprada', 'Peter John', 'London', null, 'GB'],
      ['inventor', 1, 'Robert Prasser', 'Prasser', 'Robert', 'Guttaring', null, 'AT'],
      ['assignee', 0, 'Merck Serono SA', null, null, 'Coinsins', null, 'CH'],
    ]);
  });

  it('US 9,358,892 B1 (grant v4.5): an organisation name with a character reference, kept as printed', async () => {
    expect(rows(await partiesOf(grant('US09358892B1-v45.xml'), '9358892'))).toEqual([
      ['applicant', 0, 'Toyota Motor Engineering & Manufacturing North America, Inc.', null, null, 'Erlanger', 'KY', 'US'],
      ['inventor', 0, 'Geoffrey D. Gaither', 'Gaither', 'Geoffrey D.', 'Nagoya', null, 'JP'],
      ['assignee', 0, 'Toyota Motor Engineering & Manufacturing North America, Inc.', null, null, 'Erlanger', 'KY', 'US'],
    ]);
  });

  it('D701,016 S1 (design grant v4.4): the inventor applies; the assignee prints a country only', async () => {
    expect(rows(await partiesOf(grant('USD0701016S1-v44.xml'), 'D701016'))).toEqual([
      ['applicant', 0, 'Ludwig Rupp', 'Rupp', 'Ludwig', 'Lochau', null, 'AT'],
      ['inventor', 0, 'Ludwig Rupp', 'Rupp', 'Ludwig', 'Lochau', null, 'AT'],
      ['assignee', 0, 'Rupp AG', null, null, null, null, 'AT'],
    ]);
  });

  it('pre-4.3 grants (ipg05/06/08): applicant-inventors are the inventors, there are no applicants', async () => {
    // v4.0: one inventor, the assignee prints a country only.
    expect(rows(await partiesOf(grant('ipg050104.excerpt.xml'), '6837520'))).toEqual([
      ['inventor', 0, 'Klaus-Peter Singer', 'Singer', 'Klaus-Peter', 'Hamburg', null, 'DE'],
      ['assignee', 0, 'Autoliv Development AB', null, null, null, null, 'SE'],
    ]);
    // v4.1 H1: three inventors, cities as printed (with the state abbreviation inside them), no assignee.
    expect(rows(await partiesOf(grant('ipg060103.excerpt.xml'), 'H2140'))).toEqual([
      ['inventor', 0, 'Mike Rhodes', 'Rhodes', 'Mike', 'Mt. Lawley, W.A.', null, 'AU'],
      ['inventor', 1, 'Paul C. Miller', 'Miller', 'Paul C.', 'Marmion, W.A.', null, 'AU'],
      ['inventor', 2, 'Richard Winby', 'Winby', 'Richard', 'Mt. Claremont, W.A.', null, 'AU'],
    ]);
    // v4.1: an accented last name from `Kr&#xe4;mer`.
    expect(rows(await partiesOf(grant('ipg060103.excerpt.xml'), '6981431'))[0]).toEqual([
      'inventor',
      0,
      'Ralph Krämer',
      'Krämer',
      'Ralph',
      'Saarbrucken',
      null,
      'DE',
    ]);
    // v4.2 plant patent: a US inventor with a state; street and postcode are not kept.
    expect(rows(await partiesOf(grant('ipg080101.excerpt.xml'), 'PP18398'))).toEqual([
      ['inventor', 0, 'Brent Horvath', 'Horvath', 'Brent', 'Hebron', 'IL', 'US'],
    ]);
  });

  it('US 2022/0240350 A1 (publication v4.6): the company applicant, ten inventors as printed (the office printed five twice), the assignee', async () => {
    const parties = await partiesOf(pgpub('US20220240350A1-v46.xml'), 'US20220240350A1');
    expect(rows(parties.filter((p) => p.role !== 'inventor'))).toEqual([
      ['applicant', 0, 'JABIL INC.', null, null, 'St. Petersburg', 'FL', 'US'],
      ['assignee', 0, 'JABIL INC.', null, null, 'St. Petersburg', 'FL', 'US'],
    ]);
    const inventors = parties.filter((p) => p.role === 'inventor');
    expect(inventors.map((p) => p.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows(inventors.slice(0, 5))).toEqual([
      ['inventor', 0, 'Arnoldo RETA', 'RETA', 'Arnoldo', 'St. Petersburg', 'FL', 'US'],
      ['inventor', 1, 'Sai Guruva AVUTHU', 'AVUTHU', 'Sai Guruva', 'St. Petersburg', 'FL', 'US'],
      ['inventor', 2, 'MaryAlice GILL', 'GILL', 'MaryAlice', 'St. Petersburg', 'FL', 'US'],
      ['inventor', 3, 'Nabel M. GHALIB', 'GHALIB', 'Nabel M.', 'St. Petersburg', 'FL', 'US'],
      ['inventor', 4, 'Mark Edward SUSSMAN', 'SUSSMAN', 'Mark Edward', 'St. Petersburg', 'FL', 'US'],
    ]);
    expect(inventors.slice(5).map((p) => p.name)).toEqual(inventors.slice(0, 5).map((p) => p.name));
  });

  it('publications of v4.1 and v4.3: inventors from applicant-inventors; a person as the assignee', async () => {
    expect(rows(await partiesOf(pgpub('US20060288462A1-v41.xml'), 'US20060288462A1'))).toEqual([
      ['inventor', 0, 'Yvonne Schroeder', 'Schroeder', 'Yvonne', 'Koln', null, 'DE'],
      ['assignee', 0, 'AMERICAN EXPRESS TRAVEL RELATED SERVICES COMPANY, INC.', null, null, 'New York', 'NY', 'US'],
    ]);
    expect(rows(await partiesOf(pgpub('ipa130117.excerpt.xml'), 'US20130014308A1'))).toEqual([
      ['applicant', 0, 'Yennifer Feliciano', 'Feliciano', 'Yennifer', 'Kissimmee', 'FL', 'US'],
      ['inventor', 0, 'Yennifer Feliciano', 'Feliciano', 'Yennifer', 'Kissimmee', 'FL', 'US'],
      ['assignee', 0, 'Yennifer Feliciano', 'Feliciano', 'Yennifer', 'Kissimmee', 'FL', 'US'],
    ]);
  });
});
