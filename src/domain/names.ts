/**
 * One spelling for the many ways a party's name is printed ("International Business Machines
 * Corp.", "INTERNATIONAL BUSINESS MACHINES CORPORATION"): upper case, accents and punctuation
 * gone, `&` read as AND, a leading THE and trailing corporate forms dropped. Assignee search
 * matches prefixes of it; entity resolution starts from it. Pure.
 */

/**
 * Corporate forms, as words after punctuation is gone, longest first so that "KABUSHIKI KAISHA"
 * goes before "KAISHA" could. Only dropped at the end of a name: "CO" is a form in "ACME CO" but
 * a word in "CO OPERATIVE BANK".
 */
const FORMS = [
  'KABUSHIKI KAISHA',
  'CORPORATION',
  'INCORPORATED',
  'COMPANY',
  'LIMITED',
  'CORP',
  'INC',
  'LLC',
  'LLP',
  'LTD',
  'PLC',
  'GMBH',
  'AG',
  'SA',
  'SAS',
  'SARL',
  'SPA',
  'SRL',
  'BV',
  'NV',
  'AB',
  'AS',
  'OY',
  'KK',
  'CO',
  'LP',
  'PC',
  'PTE',
  'PTY',
] as const;

/** The forms as whole trailing words, tried until none is left ("ACME CO LTD" → "ACME"). */
const TRAILING_FORM = new RegExp(`(?:^| )(?:${FORMS.join('|')})$`);

export function normalizeName(name: string): string {
  let text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    // Dotted initials ("U.S.A.", "L.L.C.", "A/S") keep their letters together; other punctuation separates words.
    .replace(/\b[A-Z](?:[./][A-Z])+\b/g, (initials) => initials.replace(/[./]/g, ''))
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  text = text.replace(/^THE /, '');
  for (let previous = ''; previous !== text && text.includes(' ');) {
    previous = text;
    text = text.replace(TRAILING_FORM, '').trim();
  }
  return text;
}
