import { describe, expect, it } from 'vitest';
import { EntityRegistry } from '../assignments/entities.js';
import { buildCast } from './names.js';
import { Rng } from './random.js';
import {
  asRecorded,
  companySpellings,
  companyVariant,
  personPrinting,
  pickSpellingIndex,
  printedCity,
  typo,
  USUAL_SHARE,
} from './variation.js';

/** Damerau edits between two strings of at most a few letters' difference. */
function edits(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe('spellings', () => {
  it('prints the usual spelling 60 % of the time, the others ever more rarely', () => {
    const rng = new Rng('picks');
    const counts = new Array<number>(13).fill(0);
    for (let i = 0; i < 100_000; i++) counts[pickSpellingIndex(rng, 13)]!++;
    expect(counts[0]! / 100_000).toBeCloseTo(USUAL_SHARE, 2);
    for (let r = 2; r < 13; r++) expect(counts[r]!).toBeLessThan(counts[r - 1]! * 1.1);
    expect(pickSpellingIndex(rng, 1)).toBe(0);
  });

  it('gives a party its usual spelling first and twelve others, the same in every run, none another party prints', () => {
    const taken = new Set<string>();
    const acme = companySpellings('Acme Widgets, Inc.', 'Acme Widgets', {}, taken);
    expect(acme[0]).toBe('Acme Widgets, Inc.');
    expect(new Set(acme).size).toBe(13);
    expect(companySpellings('Acme Widgets, Inc.', 'Acme Widgets', {}, new Set())).toEqual(acme);
    const other = companySpellings('Acme Gadgets, Inc.', 'Acme Gadgets', {}, taken);
    expect(other.filter((v) => acme.some((a) => asRecorded(a) === asRecorded(v)))).toEqual([]);
    expect(() => companySpellings('ACME WIDGETS, INC.', 'Acme again', {}, taken)).toThrow(/another party/);
  });

  it('never lets one printed name stand for two parties of the cast and the assignment files', () => {
    // The registry holds the cast's companies too, with the spellings the file wrapper prints.
    const registry = new EntityRegistry();
    expect(registry.entities.slice(0, registry.castCount).map((e) => e.variants)).toEqual(buildCast().companies.map((c) => c.variants));
    const owners = new Map<string, Set<number>>();
    for (const e of registry.entities)
      for (const v of e.variants) owners.set(asRecorded(v), (owners.get(asRecorded(v)) ?? new Set()).add(e.index));
    expect([...owners].filter(([, of]) => of.size > 1)).toEqual([]);
    expect(owners.size).toBeGreaterThan(500);
  });
});

describe('the kinds of organisation variation', () => {
  // A name open to most kinds: punctuation, case, "&", a form, spaces, typos, words to cut, join or shorten.
  const name = 'Marlowe Abernathy & Sons, Inc.';
  const variants = (() => {
    const rng = new Rng('kinds');
    return Array.from({ length: 20_000 }, () => companyVariant(name, rng));
  })();
  const shareOf = (test: (v: string) => boolean) => variants.filter(test).length / variants.length;

  it('follow the weights of the samples: "&" for AND (12) and case (13) about as often, double spaces (7 of the 9 whitespace) less', () => {
    const and = shareOf((v) => /\band\b/i.test(v));
    const upper = shareOf((v) => v === v.toUpperCase());
    const doubled = shareOf((v) => /\S {2,}\S/.test(v));
    expect(and / upper).toBeGreaterThan((12 / 13) * 0.8);
    expect(and / upper).toBeLessThan((12 / 13) * 1.25);
    expect(doubled / upper).toBeGreaterThan((7 / 13) * 0.75);
    expect(doubled / upper).toBeLessThan((7 / 13) * 1.3);
  });

  it('misspell words of any length, never at their first letter, one keying error at a time', () => {
    const rng = new Rng('typos');
    const wrong: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const word = rng.pick(['FISH', 'RICHARDSON', 'CO', 'STEWART', 'AMERICA']);
      const out = typo(`${word} P.C.`, rng);
      const shifted = out === `${word} P>C.` || out === `${word} P.C>`;
      if (!shifted && (edits(out, `${word} P.C.`) !== 1 || !out.endsWith(' P.C.') || out.charAt(0) !== word.charAt(0))) wrong.push(out);
    }
    expect(wrong).toEqual([]);
    // Not only the long words the resolver forgives: FSH for FISH is a typo too.
    expect(Array.from({ length: 200 }, () => typo('FISH', rng))).toContain('FSH');
  });

  it('sign a lender in a capacity and tag a firm by its office, as only they are printed', () => {
    const rng = new Rng('contexts');
    const bank = Array.from({ length: 500 }, () => companyVariant('SILVER HARBOR BANK, N.A.', rng, { lender: true }));
    const firm = Array.from({ length: 500 }, () => companyVariant('FISH & RICHARDSON P.C.', rng, { firmCity: 'Boston' }));
    expect(bank.some((v) => /, AS (?:ADMINISTRATIVE |COLLATERAL )?AGENT$/.test(v))).toBe(true);
    expect(firm.some((v) => v.endsWith(' (BO)'))).toBe(true);
    expect(variants.some((v) => / AS .*AGENT|\(\w\w\)$/.test(v))).toBe(false);
  });
});

describe('people and places', () => {
  it('print a person the usual way 60 % of the time, else reordered, capitalised or spaced as the samples are, never misspelt', () => {
    const rng = new Rng('people');
    const person = { firstName: 'Lutgard', middleName: 'C.', lastName: 'De Jonghe' };
    const printed = Array.from({ length: 20_000 }, () => personPrinting(person, rng));
    expect(printed.filter((p) => p === 'Lutgard C. De Jonghe').length / printed.length).toBeCloseTo(USUAL_SHARE, 1);
    const letters = (s: string) => [...s.toUpperCase().replace(/[^A-Z]/g, '')].sort().join('');
    const spelt = new Set([letters('Lutgard C De Jonghe'), letters('Lutgard De Jonghe')]);
    expect(printed.filter((p) => !spelt.has(letters(p)))).toEqual([]);
    for (const form of ['De Jonghe, Lutgard C.', 'DE JONGHE,Lutgard C.', 'Jonghe,Lutgard C.,De', 'Lutgard  De Jonghe'])
      expect(printed, form).toContain(form);
  });

  it('leave a city as it is 95 % of the time, else misspelt, with a stray mark, or carrying its state or postcode', () => {
    const rng = new Rng('places');
    const cities = Array.from({ length: 20_000 }, () => printedCity({ city: 'FALLS CHURCH', state: 'VIRGINIA', postcode: '22042' }, rng));
    expect(cities.filter((c) => c === 'FALLS CHURCH').length / cities.length).toBeCloseTo(1 - 23 / 451, 2);
    expect(cities).toContain('FALLS CHURCH,');
    expect(cities).toContain('FALLS CHURCH, VIRGINIA');
    expect(cities.some((c) => edits(c, 'FALLS CHURCH') === 1 && !/[,.]$/.test(c))).toBe(true);
    const abroad = Array.from({ length: 2000 }, () => printedCity({ city: 'Munich', state: null, postcode: '80331' }, rng));
    expect(abroad).toContain('80331 Munich');
  });
});
