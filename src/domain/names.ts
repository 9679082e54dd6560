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
    // Dotted initials ("U.S.A.", "L.L.C.", "A/S") keep their letters together; other punctuation separates words.
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
  return text;
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
