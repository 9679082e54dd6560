import { describe, expect, it } from 'vitest';
import {
  abbreviationBlock,
  companyKey,
  countryCode,
  entityIdOf,
  familyIdOf,
  isPerson,
  nearIdentical,
  personKey,
  placeKey,
  printedPerson,
} from './entity-keys.js';

describe('people', () => {
  it('keys a person as LAST FIRST M whichever way the name is printed', () => {
    const filed = personKey({ last: 'Visco', first: 'Steven', middle: 'J.' });
    expect(filed).toBe('VISCO STEVEN J');
    expect(personKey(printedPerson('VISCO, STEVEN J.')!)).toBe(filed);
    expect(personKey(printedPerson('Steven J. Visco')!)).toBe(filed);
    expect(personKey({ last: 'Visco', first: 'Steven James', middle: null })).toBe(filed);
    expect(personKey({ last: 'De Jonghe', first: 'Lutgard', middle: null })).toBe('DE JONGHE LUTGARD');
    expect(printedPerson(', ')).toBeNull();
  });

  it('tells a person from an organisation printed like one', () => {
    expect(isPerson('VISCO, STEVEN J.', null)).toBe(true);
    expect(isPerson('HANBIT ELECTRONICS CO., LTD.', null)).toBe(false);
    expect(isPerson('SILVER HARBOR BANK, N.A., AS ADMINISTRATIVE AGENT', null)).toBe(false);
    expect(isPerson('ACME WIDGETS INC', null)).toBe(false);
    // The file's own name type wins.
    expect(isPerson('Prince', 'natural')).toBe(true);
    expect(isPerson('SMITH, JOHN', 'legal')).toBe(false);
  });
});

describe('places', () => {
  it('reads a country from a code, a name, or a US state', () => {
    expect(countryCode({ city: 'Tokyo', region: null, country: 'JAPAN' })).toBe('JP');
    expect(countryCode({ city: 'Seoul', region: null, country: 'KOREA, REPUBLIC OF' })).toBe('KR');
    expect(countryCode({ city: 'SAN JOSE', region: 'CALIFORNIA', country: null })).toBe('US');
    expect(countryCode({ city: 'Berkeley', region: 'CA', country: 'US' })).toBe('US');
    expect(countryCode({ city: null, region: null, country: null })).toBeNull();
  });

  it('writes one place one way', () => {
    expect(placeKey({ city: 'San Jose', region: 'CA', country: 'US' })).toBe(
      placeKey({ city: 'SAN JOSE', region: 'CALIFORNIA', country: null }),
    );
    expect(placeKey({ city: null, region: null, country: null })).toBe('');
  });
});

describe('companies', () => {
  it('blocks a spelling with its abbreviations', () => {
    expect(abbreviationBlock(companyKey('Hangzhou Qingyun Tech Co Ltd'))).toBe(
      abbreviationBlock(companyKey('HANGZHOU QINGYUN TECHNOLOGY CO., LTD.')),
    );
  });

  it('calls a keying error near-identical, not a different short word', () => {
    expect(nearIdentical('HANBIT ELECTRONICS', 'HANBIT EECTRONICS')).toBe(true);
    expect(nearIdentical('QUANTIX SOFTWARE', 'QUANTIX SFOTWARE')).toBe(true);
    expect(nearIdentical('MERIDIAN PAYMENTS', 'MERIDIAN PAAYMENTS')).toBe(true);
    expect(nearIdentical('SAMSUNG SDI', 'SAMSUNG SDS')).toBe(false);
    expect(nearIdentical('ACME WIDGETS', 'ACME GADGETS')).toBe(false);
    expect(nearIdentical('NORTHWIND SEMICONDUCTOR', 'NORTHWIND SEMICONDUCTOR')).toBe(false);
    expect(nearIdentical('ALPHA BETA GAMMA', 'ALPHA BETA')).toBe(false);
  });

  it('drops a mistyped corporate form', () => {
    expect(companyKey('TSUBAME MOTOR CORPORATINO')).toBe('TSUBAME MOTOR');
    expect(companyKey('Kazeyama Electronics Croporation')).toBe('KAZEYAMA ELECTRONICS');
  });
});

describe('ids', () => {
  it('are stable hashes of what founded them', () => {
    const id = entityIdOf('company', 'BLUEPEAK NETWORKS');
    expect(id).toMatch(/^ent_[a-z0-9]{16}$/);
    expect(entityIdOf('company', 'BLUEPEAK NETWORKS')).toBe(id);
    expect(entityIdOf('person', 'BLUEPEAK NETWORKS')).not.toBe(id);
    expect(familyIdOf(id)).toMatch(/^fam_[a-z0-9]{16}$/);
  });
});
