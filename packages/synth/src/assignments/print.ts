/**
 * How a party's name and address come out on a cover sheet. The office keys in what the submitter
 * typed, so one company is printed several ways across recordations ("ACME WIDGETS, INC.", "Acme
 * Widgets Incorporated", "ACME WIDGETS INC"), mostly in upper case as the older records are, with
 * its address written a few ways in the same city; inventors are `LAST, FIRST M.`, sometimes in
 * mixed case. A cover sheet may also carry a typo, which a corrective assignment later fixes.
 */
import type { Address, Entity } from './entities.js';
import type { Rng } from '../core/random.js';

export interface PrintedParty {
  /** Entity index (`company:<index>`). */
  entity: number;
  name: string;
  /** Null for an assignor: the file prints assignors' names only. */
  address: Address | null;
}

/** The printed form of an organisation; `withAddress` for an assignee. */
export function printEntity(e: Entity, rng: Rng, withAddress: boolean): PrintedParty {
  const variant = rng.pick(e.variants);
  const name = rng.chance(0.7) ? variant.toUpperCase() : variant;
  if (!withAddress) return { entity: e.index, name, address: null };
  const usual = rng.chance(0.7);
  const base = usual ? e.addresses[0]! : rng.pick(e.addresses);
  const city = rng.chance(0.85) ? base.city.toUpperCase() : base.city;
  return { entity: e.index, name, address: { ...base, city } };
}

/** An inventor as an assignor: `VISCO, STEVEN J.` (or `Visco, Steven J.` in mixed case). */
export function printPerson(last: string, first: string, middle: string | null, upper: boolean): string {
  const name = `${last}, ${first}${middle ? ` ${middle}` : ''}`;
  return upper ? name.toUpperCase() : name;
}

/** A keying error in one word of at least five letters: a letter dropped, doubled or swapped with the next. */
export function misspell(name: string, rng: Rng): string {
  const words = name.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}/.test(w));
  if (candidates.length === 0) return `${name}.`;
  const [word, at] = rng.pick(candidates);
  const letters = word.match(/^[A-Za-z]+/)![0];
  const rest = word.slice(letters.length);
  const i = rng.int(1, letters.length - 2);
  const op = rng.int(0, 2);
  const typo =
    op === 0
      ? letters.slice(0, i) + letters.slice(i + 1)
      : op === 1
        ? letters.slice(0, i) + letters[i] + letters.slice(i)
        : letters.slice(0, i) + letters[i + 1] + letters[i] + letters.slice(i + 2);
  // A swap of two equal letters changes nothing: drop one instead.
  words[at] = (typo === letters ? letters.slice(0, i) + letters.slice(i + 1) : typo) + rest;
  return words.join(' ');
}
