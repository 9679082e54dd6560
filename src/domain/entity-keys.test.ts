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

  it('files every spelling of PEOPLE’S UNITED BANK under one key, block and id', () => {
    // names.ts: "PEOPLE S UNITED BANK" → the lone S joined → PEOPLES UNITED BANK, whichever apostrophe or none.
    const key = companyKey("PEOPLE'S UNITED BANK, NATIONAL ASSOCIATION");
    expect(key).toBe('PEOPLES UNITED BANK');
    for (const printed of ['Peoples United Bank', "PEOPLES' UNITED BANK, N.A.", 'People\u2019s United Bank', 'PEOPLE\u02BCS UNITED BANK'])
      expect(companyKey(printed), printed).toBe(key);
    // Each word's first three letters.
    expect(abbreviationBlock(key)).toBe('PEO UNI BAN');
    expect(entityIdOf('company', companyKey('Peoples United Bank'))).toBe(entityIdOf('company', key));
    // O'BRIEN, O BRIEN and OBRIEN: the lone O joined to BRIEN.
    expect(companyKey('O BRIEN ENGINEERING INC')).toBe(companyKey("O'Brien Engineering, Inc."));
  });

  it('keeps an apostrophe a word break in a person’s key, which their id is a hash of', () => {
    // plain(): "O'BRIEN" → "O BRIEN"; the printed spelling with a space gets the same key, the one without stays apart.
    expect(personKey(printedPerson("O'BRIEN, ERIN")!)).toBe('O BRIEN ERIN');
    expect(personKey(printedPerson('O BRIEN, ERIN')!)).toBe('O BRIEN ERIN');
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
