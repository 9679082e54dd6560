/**
 * How a party's name and address come out on a cover sheet. The office keys in what the submitter
 * typed, so one company is printed several ways across recordations (variation.ts draws them),
 * always in upper case with single spaces, as every name and city of the real files is
 * (real-name-labels.csv, assignment-xml rows); its address is written a few ways in the same city,
 * now and then with the city misspelt or carrying its state. Inventors are `LAST, FIRST M.`. A
 * cover sheet may also carry a typo, which a corrective assignment later fixes.
 */
import type { Address, Entity } from './entities.js';
import { Rng } from '../core/random.js';
import { asRecorded, pickSpelling, printedCity, typo } from '../core/variation.js';

export interface PrintedParty {
  /** Entity index (`company:<index>`). */
  entity: number;
  name: string;
  /** Null for an assignor: the file prints assignors' names only. */
  address: Address | null;
}

/**
 * The printed form of an organisation; `withAddress` for an assignee. It takes two draws from
 * `rng` (four or five with the address) whatever the spellings are, and the place's variation
 * from a generator seeded by one of them: the plan's stream, and so its recordations, stay put
 * whatever the model of spellings draws.
 */
export function printEntity(e: Entity, rng: Rng, withAddress: boolean): PrintedParty {
  const name = asRecorded(pickSpelling(rng, e.variants));
  const own = rng.uint32();
  if (!withAddress) return { entity: e.index, name, address: null };
  const base = rng.chance(0.7) ? e.addresses[0]! : rng.pick(e.addresses);
  const place = new Rng(`printed place|${own}|${rng.uint32()}`);
  return { entity: e.index, name, address: { ...base, city: asRecorded(printedCity(base, place)) } };
}

/** An inventor as an assignor: `VISCO, STEVEN J.`, or `VISCO, STEVEN` when the submitter left the initial out. */
export function printPerson(last: string, first: string, middle: string | null, withMiddle: boolean): string {
  return asRecorded(`${last}, ${first}${middle && withMiddle ? ` ${middle}` : ''}`);
}

/** `name` with one keying error, as the file prints it, that is no other party's spelling (`another`). */
export function misspell(name: string, rng: Rng, another: (name: string) => boolean): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const out = asRecorded(typo(name, rng));
    if (out !== name && !another(out)) return out;
  }
  return `${name}.`;
}
