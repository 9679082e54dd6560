import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR, samplesPresent } from '../../../test/helpers/samples.js';
import { mapFileWrapperRecord } from './map-record.js';
import type { ApplicationParty, FileWrapperRecord } from './record.js';

// Entries are cut from samples/file-wrapper-json; the last block maps whole sample files.

function mapped(raw: unknown): { record: FileWrapperRecord; issues: { reason: string; value: unknown }[] } {
  const result = mapFileWrapperRecord(raw);
  if (!result.ok) throw new Error(`expected a record, got reject: ${result.reason}`);
  return result;
}

const v1 = (applicationMetaData: object) => mapped({ applicationNumberText: '17248024', applicationMetaData });

const party = (role: ApplicationParty['role'], name: string, parts: Partial<ApplicationParty> = {}): ApplicationParty => ({
  role,
  name,
  lastName: null,
  firstName: null,
  middleName: null,
  city: null,
  region: null,
  country: null,
  ...parts,
});

const berkeley = { cityName: 'Berkeley', geographicRegionName: 'CALIFORNIA', geographicRegionCode: 'CA', countryCode: 'US' };

describe('parties of a file wrapper record', () => {
  it('lists applicants, then inventors, in the bags’ order, with the residence address (odp-v1/17248024)', () => {
    const { record, issues } = v1({
      inventorBag: [
        {
          firstName: ' Bruce ',
          lastName: 'Katz',
          countryCode: 'US',
          inventorNameText: 'Bruce D. Katz ',
          middleName: 'D.',
          correspondenceAddressBag: [
            { ...berkeley, nameLineOneText: 'Bruce D. Katz', countryName: 'UNITED STATES', postalAddressCategory: 'postal' },
            { ...berkeley, cityName: 'Moraga', nameLineOneText: 'Katz, Bruce D.', postalAddressCategory: 'residence' },
          ],
        },
      ],
      applicantBag: [
        {
          applicantNameText: 'PolyPlus Battery Company',
          correspondenceAddressBag: [{ ...berkeley, countryName: 'UNITED STATES', postalAddressCategory: 'postal' }],
        },
      ],
    });
    expect(issues).toEqual([]);
    expect(record.parties).toEqual([
      party('applicant', 'PolyPlus Battery Company', { city: 'Berkeley', region: 'CA', country: 'US' }),
      party('inventor', 'Bruce D. Katz', {
        lastName: 'Katz',
        firstName: 'Bruce',
        middleName: 'D.',
        city: 'Moraga',
        region: 'CA',
        country: 'US',
      }),
    ]);
  });

  it('takes the first address when none is a residence (beta: no category), and never mixes two addresses', () => {
    const { record } = v1({
      inventorBag: [
        {
          firstName: 'ALLEN',
          lastName: 'SIEVERT',
          countryCode: 'US',
          inventorNameText: 'ALLEN C. SIEVERT',
          middleName: 'C.',
          correspondenceAddressBag: [
            { cityName: 'ELKTON', geographicRegionCode: 'MD', countryCode: 'US', nameLineOneText: '215 RHETT LANE' },
            { cityName: 'DOVER', geographicRegionCode: 'DE', countryCode: 'US' },
          ],
        },
        // 18919754: the residence has a city, the postal address only a name line.
        {
          firstName: 'Jerome',
          lastName: 'Courbat',
          inventorNameText: 'Jerome Christian Courbat',
          middleName: 'Christian',
          correspondenceAddressBag: [
            { nameLineOneText: 'Jerome Christian Courbat', postalAddressCategory: 'postal' },
            { cityName: 'Neuchatel', countryCode: 'CH', countryName: 'SWITZERLAND', postalAddressCategory: 'residence' },
          ],
        },
        // 18162559: the entry's own countryCode (US) is not where the inventor resides.
        {
          firstName: 'Matthew',
          lastName: 'LEGG',
          countryCode: 'US',
          inventorNameText: 'Matthew LEGG',
          correspondenceAddressBag: [
            { cityName: 'Swindon', countryCode: 'GB', countryName: 'UNITED KINGDOM', postalAddressCategory: 'residence' },
          ],
        },
        { inventorNameText: 'Nobody Anywhere' },
      ],
    });
    expect(record.parties?.map(({ name, city, region, country }) => [name, city, region, country])).toEqual([
      ['ALLEN C. SIEVERT', 'ELKTON', 'MD', 'US'],
      ['Jerome Christian Courbat', 'Neuchatel', null, 'CH'],
      ['Matthew LEGG', 'Swindon', null, 'GB'],
      ['Nobody Anywhere', null, null, null],
    ]);
  });

  it('falls back to the region and country names, and drops the comma a "City, ST" line leaves (90019664)', () => {
    const { record } = v1({
      inventorBag: [
        {
          inventorNameText: 'Unified Patents, LLC',
          correspondenceAddressBag: [
            {
              cityName: 'Chevy Chase, ',
              geographicRegionName: 'MARYLAND',
              countryName: 'UNITED STATES',
              postalAddressCategory: 'residence',
            },
          ],
        },
      ],
    });
    expect(record.parties).toEqual([
      party('inventor', 'Unified Patents, LLC', { city: 'Chevy Chase', region: 'MARYLAND', country: 'UNITED STATES' }),
    ]);
  });

  it('builds "First Middle Last" when no printed name is given, for inventors and applicants alike', () => {
    const { record } = v1({
      applicantBag: [{ firstName: 'John', lastName: 'Smith' }],
      inventorBag: [{ firstName: ' Steven', middleName: 'J.', lastName: 'Visco ', inventorNameText: '  ' }],
    });
    expect(record.parties).toEqual([
      party('applicant', 'John Smith', { firstName: 'John', lastName: 'Smith' }),
      party('inventor', 'Steven J. Visco', { firstName: 'Steven', middleName: 'J.', lastName: 'Visco' }),
    ]);
  });

  it('drops an entry without a name, or not an object, and reports each as an issue', () => {
    const nameless = { correspondenceAddressBag: [{ ...berkeley, postalAddressCategory: 'residence' }] };
    const { record, issues } = v1({
      applicantBag: ['PolyPlus Battery Company'],
      inventorBag: [nameless, { inventorNameText: 'Bruce D. Katz' }],
    });
    expect(record.parties).toEqual([party('inventor', 'Bruce D. Katz')]);
    expect(issues).toEqual([
      { reason: 'applicant dropped: not an object', value: 'PolyPlus Battery Company' },
      { reason: 'inventor dropped: no name', value: nameless },
    ]);
  });

  it('reports a bag that is not an array, and keeps the other bag', () => {
    const { record, issues } = v1({ applicantBag: { applicantNameText: 'X' }, inventorBag: [{ inventorNameText: 'Y' }] });
    expect(record.parties).toEqual([party('inventor', 'Y')]);
    expect(issues.map((i) => i.reason)).toEqual(['applicantBag is not an array; ignored']);
  });

  it('is [] for a full record without bags, null for a partial record', () => {
    expect(v1({ applicationStatusCode: 30 }).record.parties).toEqual([]);
    expect(mapped({ applicationNumberText: '17248024', eventDataBag: [] }).record.parties).toBeNull();
  });

  it('reads the bags directly on a 2024 beta record', () => {
    const { record } = mapped({
      applicationNumberText: '35520496',
      applicationStatusCode: 30,
      applicantBag: [
        { applicantNameText: 'MECALUX, S.A.', correspondenceAddressBag: [{ cityName: 'Cornellà de Llobregat', countryCode: 'ES' }] },
      ],
    });
    expect(record.parties).toEqual([party('applicant', 'MECALUX, S.A.', { city: 'Cornellà de Llobregat', country: 'ES' })]);
  });
});

describe.skipIf(!samplesPresent('file-wrapper-json'))('parties of the real samples (samples/file-wrapper-json)', () => {
  const sample = (file: string, at = 0): { record: FileWrapperRecord; issues: unknown[] } => {
    const json: unknown = JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'file-wrapper-json', file), 'utf8'));
    const bag = Array.isArray(json) ? json : ((json as Record<string, unknown[]>).patentFileWrapperDataBag ?? [json]);
    return mapped(bag[at]);
  };
  const rows = (parties: ApplicationParty[] | null) =>
    (parties ?? []).map((p) => [p.role[0], p.name, p.lastName, p.firstName, p.middleName, p.city, p.region, p.country].join('|'));

  it('odp-v1/17248024.application.json: PolyPlus and its four inventors where they reside', () => {
    const { record, issues } = sample('odp-v1/17248024.application.json');
    expect(issues).toEqual([]);
    expect(rows(record.parties)).toEqual([
      'a|PolyPlus Battery Company||||Berkeley|CA|US',
      'i|Steven J. Visco|Visco|Steven|J.|Berkeley|CA|US',
      'i|Bruce D. Katz|Katz|Bruce|D.|Moraga|CA|US',
      'i|Yevgeniy S. Nimon|Nimon|Yevgeniy|S.|Danville|CA|US',
      'i|Lutgard C. De Jonghe|De Jonghe|Lutgard|C.|Lafayette|CA|US',
    ]);
  });

  it('odp-beta-2024/patentBag.sample.json: no address category, and a reexam listing its parties as inventors', () => {
    expect(rows(sample('odp-beta-2024/patentBag.sample.json', 1).record.parties)).toEqual([
      'a|E. I. DU PONT DE NEMOURS AND COMPANY||||WILMINGTON|DE|US',
      'i|ALLEN C. SIEVERT|SIEVERT|ALLEN|C.|ELKTON|MD|US',
    ]);
    // Kept as the office lists them (resolution decides): the patent under reexamination, its
    // owner and the requester, twice, then the patent's inventors.
    const reexam = sample('odp-beta-2024/patentBag.sample.json', 2);
    expect(reexam.issues).toEqual([]);
    expect(rows(reexam.record.parties).slice(0, 4)).toEqual([
      'i|8738103|8738103|||||',
      'i|FRACTUS, S.A. Organization|Organization|FRACTUS, S.A.||SANT JOAN BARCELONA||ES',
      'i|RODNEY C. LEROY, LAW OFFICE OF RODNEY LEROY|RODNEY LEROY|RODNEY C. LEROY, LAW OFFICE OF||SANTA CRUZ|CA|US',
      'i|RODNEY C. LEROY, LAW OFFICE OF RODNEY LEROY|RODNEY C. LEROY, LAW OFFICE OF RODNEY LEROY|||SANTA CRUZ|CA|US',
    ]);
  });

  it('odp-beta-2024-09 and odp-beta-2025-v1shape: residence abroad, no region, names with diacritics', () => {
    expect(rows(sample('odp-beta-2025-v1shape/18162559.patented-PTA-child-continuity.record.json').record.parties)).toEqual([
      'a|ZeroAvia, Inc.||||Hollister|CA|US',
      'i|Hung-Chi WANG|WANG|Hung-Chi||Gilroy|CA|US',
      'i|Matthew LEGG|LEGG|Matthew||Swindon||GB',
      'i|Rudolf Jacobus COERTZE|COERTZE|Rudolf|Jacobus|Gloucestershire||GB',
    ]);
    const zeiss = sample('odp-beta-2024-09/16330077.meta-data.json').record.parties!;
    expect(zeiss).toHaveLength(8);
    expect(rows(zeiss.slice(0, 2))).toEqual(['a|Carl Zeiss Meditec AG||||Jena||DE', 'i|Beate BÖHME|BÖHME|Beate||Großpürschütz||DE']);
  });
});
