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
    expect(normalizeName('BANK OF AMERICA, N.A.')).toBe('BANK OF AMERICA NA');
  });

  it('drops stacked corporate forms at the end only', () => {
    expect(normalizeName('ACME CO., LTD.')).toBe('ACME');
    expect(normalizeName('SONY KABUSHIKI KAISHA')).toBe('SONY');
    expect(normalizeName('KABUSHIKI KAISHA TSUBAME MOTOR')).toBe(normalizeName('Tsubame Motor Corporation'));
    expect(normalizeName('CO-OPERATIVE BANK PLC')).toBe('CO OPERATIVE BANK');
    expect(normalizeName('Siemens Aktiengesellschaft')).toBe('SIEMENS AKTIENGESELLSCHAFT');
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
