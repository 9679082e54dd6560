/**
 * One spelling for the many ways a party's name is printed ("International Business Machines
 * Corp.", "INTERNATIONAL BUSINESS MACHINES CORPORATION"): upper case, accents and punctuation
 * gone, `&` read as AND, a leading THE and trailing corporate forms dropped, the pieces an
 * apostrophe splits off joined back. Assignee search matches prefixes of it; entity resolution
 * and entity search start from it; PTAB's name fragments are compared by `letters`. Pure.
 */

/**
 * Corporate forms, as words after punctuation is gone, longest first so that "KABUSHIKI KAISHA"
 * goes before "KAISHA" could. Only dropped at the end of a name: "CO" is a form in "ACME CO" but
 * a word in "CO OPERATIVE BANK".
 */
const FORMS = [
  'KABUSHIKI KAISHA',
  'AKTIENGESELLSCHAFT',
  'NATIONAL ASSOCIATION',
  'CORPORATION',
  'INCORPORATED',
  'COMPANY',
  'LIMITED',
  'CORP',
  'INC',
  'LLC',
  'PLLC',
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
  'NA',
] as const;

/** The forms as whole trailing words, tried until none is left ("ACME CO LTD" → "ACME"). */
const TRAILING_FORM = new RegExp(`(?:^| )(?:${FORMS.join('|')})$`);
/** Long forms are mistyped too ("CORPORATINO", "Croporation"): one keying error from one of these is still the form. */
const LONG_FORMS = FORMS.filter((form) => form.length >= 7 && !form.includes(' '));

/**
 * What an apostrophe leaves once punctuation is a space: a lone possessive S ("PEOPLE S UNITED")
 * or a lone elided O, D or L ("O BRIEN", "L OREAL"). Printers keep the apostrophe, drop it
 * ("PEOPLES UNITED", "OBRIEN") or print a space, so each piece is joined to its word and the
 * three spellings meet. Only where an apostrophe can stand: an S before another lone letter
 * ("ACME S A": S.A.), an O after one ("A O SMITH") and a D or L before a consonant ("J D
 * POWER") are initials and stay apart. In this order: the S rule looks at the word after the S,
 * which the first two may have made whole. Migration 0026 rewrote the names stored before with
 * these very patterns.
 */
const APOSTROPHE_PIECES: readonly (readonly [RegExp, string])[] = [
  // D' and L' elide before a vowel or H only: D'ARCY, L'OREAL, L'HOPITAL.
  [/(^| )([DL]) (?=[AEIOUH][A-Z0-9])/g, '$1$2'],
  // O' before any surname: O'BRIEN, O'NEILL.
  [/(^|[A-Z0-9]{2} )O (?=[A-Z0-9]{2})/g, '$1O'],
  // The possessive S, at the end of the name too: PEOPLE'S UNITED, MACY'S.
  [/([A-Z0-9]{2}) S(?= [A-Z0-9]{2}|$)/g, '$1S'],
];

export function normalizeName(name: string): string {
  let text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    // What a party signs as is not its name: "SILVER HARBOR BANK, N.A., AS ADMINISTRATIVE AGENT".
    .replace(/,?\s+AS\s+(?:[A-Z]+\s+){0,3}(?:AGENT|TRUSTEE|REPRESENTATIVE)\b.*$/, '')
    // Nor an acronym in parentheses: "NATIONAL SCIENCE FOUNDATION (NSF)".
    .replace(/\([^)]*\)/g, ' ')
    // Dotted initials ("U.S.A.", "L.L.C.", "A/S") keep their letters together; other punctuation separates words
    // (hyphens, commas, slashes, and apostrophes, whose pieces are joined back last: APOSTROPHE_PIECES).
    .replace(/\b[A-Z](?:[./][A-Z])+\b/g, (initials) => initials.replace(/[./]/g, ''))
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  // Japanese companies print their form first as often as last ("KABUSHIKI KAISHA TOSHIBA").
  text = text
    .replace(/^THE /, '')
    .replace(/^KABUSHIKI KAISHA (?=.)/, '')
    // A university's trustees hold its patents: "Trustees of Lakeshore University" is Lakeshore University.
    .replace(/^(?:BOARD OF )?TRUSTEES OF (?:THE )?(?=.)/, '');
  for (let previous = ''; previous !== text && text.includes(' ');) {
    previous = text;
    text = text.replace(TRAILING_FORM, '').trim();
    const last = text.slice(text.lastIndexOf(' ') + 1);
    if (text.includes(' ') && last.length >= 6 && LONG_FORMS.some((form) => oneEdit(form, last)))
      text = text.slice(0, text.lastIndexOf(' '));
  }
  return APOSTROPHE_PIECES.reduce((joined, [pattern, replacement]) => joined.replace(pattern, replacement), text);
}

/**
 * The letters and digits of a text alone, upper case, accents gone, `&` read as AND: how a
 * fragment is found inside a printed name whatever the punctuation and spacing of either
 * ("Peoples United" in "PEOPLE'S UNITED BANK", "Co Ltd" in "Co., Ltd."). PTAB party names store
 * theirs, computed in SQL by the same steps (ptab_party_names.name_letters, migration 0026).
 */
export function letters(text: string): string {
  return text
    .replace(/&/g, 'AND')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toUpperCase();
}

/** One letter more, fewer or changed, or two neighbours swapped. */
export function oneEdit(x: string, y: string): boolean {
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  let j = 0;
  while (j < x.length - i && j < y.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  const restX = x.length - i - j;
  const restY = y.length - i - j;
  if (Math.max(restX, restY) <= 1) return true;
  return restX === 2 && restY === 2 && x[i] === y[i + 1] && x[i + 1] === y[i];
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
  return abbreviates(x, y);
}

/**
 * Whether two normalised names differ only by abbreviated words ("SHENZHEN LONGHAI TECH" and
 * "SHENZHEN LONGHAI TECHNOLOGY"): as many words, each pair equal or one starting the other, at
 * least three letters kept.
 */
export function abbreviates(x: string, y: string): boolean {
  if (x === y) return x !== '';
  const xs = x.split(' ');
  const ys = y.split(' ');
  // One word alone, or a different first word, is too little to call the same: "ACME" is not "ACMEX".
  if (xs.length !== ys.length || xs.length < 2 || xs[0] !== ys[0]) return false;
  // An abbreviation keeps the word's first letters: each pair of words is equal, or one starts the other.
  return xs.every((word, i) => {
    const other = ys[i]!;
    return word === other || (Math.min(word.length, other.length) >= 3 && (word.startsWith(other) || other.startsWith(word)));
  });
}
