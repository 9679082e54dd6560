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
