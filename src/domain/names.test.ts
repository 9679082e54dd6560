import { describe, expect, it } from 'vitest';
import { normalizeName, sameParty } from './names.js';

describe('normalizeName', () => {
  it('prints one company the same way however the office printed it', () => {
    const ibm = normalizeName('INTERNATIONAL BUSINESS MACHINES CORPORATION');
    expect(ibm).toBe('INTERNATIONAL BUSINESS MACHINES');
    expect(normalizeName('International Business Machines Corp.')).toBe(ibm);
    expect(normalizeName('  international   business machines, corp ')).toBe(ibm);
  });

  it('reads & as AND, drops a leading THE and accents', () => {
    expect(normalizeName('The Procter & Gamble Company')).toBe('PROCTER AND GAMBLE');
    expect(normalizeName('Société Générale S.A.')).toBe('SOCIETE GENERALE');
    expect(normalizeName('Nytell Software L.L.C.')).toBe(normalizeName('NYTELL SOFTWARE LLC'));
    expect(normalizeName('BANK OF AMERICA, N.A.')).toBe('BANK OF AMERICA');
    expect(normalizeName('SILVER HARBOR BANK, NATIONAL ASSOCIATION')).toBe('SILVER HARBOR BANK');
  });

  it('drops stacked corporate forms at the end only', () => {
    expect(normalizeName('ACME CO., LTD.')).toBe('ACME');
    expect(normalizeName('SONY KABUSHIKI KAISHA')).toBe('SONY');
    expect(normalizeName('KABUSHIKI KAISHA TSUBAME MOTOR')).toBe(normalizeName('Tsubame Motor Corporation'));
    expect(normalizeName('CO-OPERATIVE BANK PLC')).toBe('CO OPERATIVE BANK');
    expect(normalizeName('Siemens Aktiengesellschaft')).toBe(normalizeName('SIEMENS AG'));
  });

  it('drops what a party signs as, acronyms in parentheses and a university’s trustees', () => {
    expect(normalizeName('SILVER HARBOR BANK, N.A., AS ADMINISTRATIVE AGENT')).toBe('SILVER HARBOR BANK');
    expect(normalizeName('COBALT RIDGE CAPITAL LP, AS COLLATERAL AGENT')).toBe('COBALT RIDGE CAPITAL');
    expect(normalizeName('NATIONAL SCIENCE FOUNDATION (NSF)')).toBe('NATIONAL SCIENCE FOUNDATION');
    expect(normalizeName('Trustees of Lakeshore University')).toBe('LAKESHORE UNIVERSITY');
    expect(normalizeName('THE BOARD OF TRUSTEES OF THE LELAND STANFORD JUNIOR UNIVERSITY')).toBe('LELAND STANFORD JUNIOR UNIVERSITY');
    expect(normalizeName('THE UNITED STATES OF AMERICA AS REPRESENTED BY THE SECRETARY OF THE NAVY')).toBe(
      'UNITED STATES OF AMERICA AS REPRESENTED BY THE SECRETARY OF THE NAVY',
    );
  });

  it('keeps a name that is only a form, and a person’s name as written', () => {
    expect(normalizeName('Inc.')).toBe('INC');
    expect(normalizeName('SMITH, JOHN A.')).toBe('SMITH JOHN A');
  });
});

describe('sameParty', () => {
  it('matches spellings of one name and abbreviated words, not different names', () => {
    expect(sameParty('Hangzhou Qingyun Tech Co Ltd', 'HANGZHOU QINGYUN TECHNOLOGY CO., LTD.')).toBe(true);
    expect(sameParty('Acme Widgets, Inc.', 'ACME WIDGETS INCORPORATED')).toBe(true);
    expect(sameParty('ACME WIDGETS', 'ACME GADGETS')).toBe(false);
    expect(sameParty('ACME', 'ACME WIDGETS')).toBe(false);
    expect(sameParty('AB CORP', 'ABC CORP')).toBe(false);
    expect(sameParty('!!!', '...')).toBe(false);
  });
});
