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
  // Japanese companies print their form first as often as last ("KABUSHIKI KAISHA TOSHIBA").
  text = text.replace(/^THE /, '').replace(/^KABUSHIKI KAISHA (?=.)/, '');
  for (let previous = ''; previous !== text && text.includes(' ');) {
    previous = text;
    text = text.replace(TRAILING_FORM, '').trim();
  }
  return text;
}

/**
 * Whether two printed names are the same party as far as the spelling shows: the same
 * normalised name, or the same words where one side abbreviates some of them ("HANGZHOU QINGYUN
 * TECH CO LTD" and "Hangzhou Qingyun Technology Co., Ltd."; "INTL BUSINESS MACHINES"). Entity
 * resolution knows more (aliases, families); this is what a single recordation chain can check.
 */
export function sameParty(a: string, b: string): boolean {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (x === y) return x !== '';
  const xs = x.split(' ');
  const ys = y.split(' ');
  if (xs.length !== ys.length) return false;
  // An abbreviation keeps the word's first letters: each pair of words is equal, or one starts the other.
  return xs.every((word, i) => {
    const other = ys[i]!;
    return word === other || (Math.min(word.length, other.length) >= 3 && (word.startsWith(other) || other.startsWith(word)));
  });
}
