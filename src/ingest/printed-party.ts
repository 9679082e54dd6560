import { defineCopyColumns } from '../db/copy-rows.js';

/**
 * A party as a product prints it with its name parts and one place: an applicant or inventor of
 * the file wrapper, an applicant, inventor or assignee of a grant or publication. The input of
 * entity resolution (people are told apart by name and place). Values trimmed; null
 * when absent.
 */
export interface PrintedParty<Role extends string> {
  role: Role;
  /** The organisation as printed, else the person's name as printed, else "First Middle Last" from the parts. */
  name: string;
  lastName: string | null;
  /** As printed: may hold a middle name or initial (`Steven J.`). */
  firstName: string | null;
  middleName: string | null;
  /** One address's city (never mixed with another address's region or country). */
  city: string | null;
  /** State or province code (`CA`), else its name. */
  region: string | null;
  /** Two-letter code (`US`) when given, else the country name. */
  country: string | null;
}

/** A printed party's own columns, which `application_parties` and `document_parties` share after their keys and role. */
export interface PrintedPartyColumns {
  /** Counts within the owner's role, in printed order. */
  seq: number;
  name: string;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

export const PRINTED_PARTY_COLUMNS = defineCopyColumns<PrintedPartyColumns>()([
  'seq',
  'name',
  'last_name',
  'first_name',
  'middle_name',
  'city',
  'region',
  'country',
]);

export function printedPartyColumns(party: PrintedParty<string>, seq: number): PrintedPartyColumns {
  return {
    seq,
    name: party.name,
    last_name: party.lastName,
    first_name: party.firstName,
    middle_name: party.middleName,
    city: party.city,
    region: party.region,
    country: party.country,
  };
}
