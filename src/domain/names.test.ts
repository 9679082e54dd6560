import { describe, expect, it } from 'vitest';
import { letters, normalizeName, sameParty } from './names.js';

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

describe('apostrophes', () => {
  it('finds PEOPLE’S UNITED BANK however the apostrophe is printed, or not', () => {
    // "PEOPLE'S UNITED BANK" → punctuation to spaces "PEOPLE S UNITED BANK" → the lone S joins PEOPLE.
    expect(normalizeName("PEOPLE'S UNITED BANK")).toBe('PEOPLES UNITED BANK');
    // No apostrophe: nothing to join.
    expect(normalizeName('Peoples United Bank')).toBe('PEOPLES UNITED BANK');
    // "PEOPLES UNITED BANK NA" (the apostrophe after the S a space, N.A. read as initials) → the form NA dropped; no lone S.
    expect(normalizeName("PEOPLES' UNITED BANK, N.A.")).toBe('PEOPLES UNITED BANK');
    // The real assignee: "PEOPLE S UNITED BANK NATIONAL ASSOCIATION" → the form NATIONAL ASSOCIATION dropped → S joined.
    expect(normalizeName("PEOPLE'S UNITED BANK, NATIONAL ASSOCIATION")).toBe('PEOPLES UNITED BANK');
    // Typographic (U+2019), modifier-letter (U+02BC) apostrophes and a backtick are punctuation like "'": "PEOPLE S UNITED" → S joined.
    for (const printed of ['People\u2019s United', 'PEOPLE\u02BCS UNITED', 'PEOPLE`S UNITED', 'People s United'])
      expect(normalizeName(printed), printed).toBe('PEOPLES UNITED');
    // A search typed without it is a prefix of the stored name.
    expect('PEOPLES UNITED BANK'.startsWith(normalizeName('Peoples United'))).toBe(true);
  });

  it('joins an elided O, and a D or L before a vowel or H, to its word: with, without or spaced, one name', () => {
    // "O'BRIEN" → "O BRIEN" → the lone O joins BRIEN; "O BRIEN" (printed spaced) the same; "OBRIEN" as it is.
    for (const printed of ["O'Brien Engineering, Inc.", 'O BRIEN ENGINEERING INC', 'OBRIEN ENGINEERING, INC.'])
      expect(normalizeName(printed), printed).toBe('OBRIEN ENGINEERING');
    // "L OREAL SA" → the form SA dropped → L before a vowel joins; "L AIR LIQUIDE", "D ARCY" likewise.
    expect(normalizeName("L'Oréal S.A.")).toBe('LOREAL');
    expect(normalizeName("L'AIR LIQUIDE, SOCIETE ANONYME")).toBe('LAIR LIQUIDE SOCIETE ANONYME');
    expect(normalizeName("D'Arcy Labs LLC")).toBe(normalizeName('DARCY LABS LLC'));
    // The real PTAB petitioner's "l’Energie": after the French "a" too.
    expect(normalizeName('Commissariat a l’Energie Atomique')).toBe('COMMISSARIAT A LENERGIE ATOMIQUE');
  });

  it('leaves initials apart: lone letters where no apostrophe stands', () => {
    // S before another lone letter is S. A.; O after a lone letter is an initial; D before a consonant too.
    expect(normalizeName('ACME S. A.')).toBe('ACME S A');
    expect(normalizeName('A. O. SMITH CORPORATION')).toBe('A O SMITH');
    expect(normalizeName('J D POWER AND ASSOCIATES')).toBe('J D POWER AND ASSOCIATES');
    // A hyphen separates words like a comma or a slash, and a D before a consonant is no elision: "D WAVE".
    expect(normalizeName('D-Wave Systems Inc.')).toBe('D WAVE SYSTEMS');
  });

  it('gives the same name again when given its own spelling', () => {
    // "AB'S D'ACME" → "AB S D ACME" → D joins ACME → "AB S DACME" → S joins AB (its next word is whole now) → "ABS DACME".
    for (const printed of ["PEOPLE'S UNITED BANK", "O'BRIEN ENGINEERING", "AB'S D'ACME", 'ACME S A', 'A O SMITH'])
      expect(normalizeName(normalizeName(printed)), printed).toBe(normalizeName(printed));
  });
});

describe('letters', () => {
  it('keeps letters and digits alone, so a fragment meets a printed name whatever its punctuation and spacing', () => {
    // Apostrophe, comma, spaces gone; upper case.
    expect(letters("People's United Bank, N.A.")).toBe('PEOPLESUNITEDBANKNA');
    expect(letters('Peoples United')).toBe('PEOPLESUNITED');
    expect(letters('People’s  United')).toBe('PEOPLESUNITED');
    // & read as AND; accents gone (É → E plus a mark, the mark dropped); "Co., Ltd." → COLTD.
    expect(letters('Merck Sharp & Dohme')).toBe('MERCKSHARPANDDOHME');
    expect(letters('UNIVERSITÉ CATHOLIQUE')).toBe('UNIVERSITECATHOLIQUE');
    expect(letters('Samsung Electronics Co., Ltd.')).toBe('SAMSUNGELECTRONICSCOLTD');
    // Nothing left of punctuation or another script: the caller decides.
    expect(letters("'.,")).toBe('');
    expect(letters('株式会社')).toBe('');
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
    expect(sameParty("PEOPLE'S UNITED BANK, N.A.", 'Peoples United Bank')).toBe(true);
  });
});
