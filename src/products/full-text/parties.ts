/**
 * The applicants, inventors and assignees printed on a grant or publication (XML-FORMATS.md §7,
 * §9), the input of entity resolution. Pure. Where they are, by DTD:
 *
 * - v4.3 and later: `us-parties/us-applicants/us-applicant` are applicants whatever their
 *   `app-type` (an `applicant-inventor` is listed again under `us-parties/inventors`, which holds
 *   the inventors);
 * - v4.0–v4.2: `parties/applicants/applicant` and no inventors list: the entries of
 *   `app-type="applicant-inventor"` are the inventors, any other the applicants;
 * - every version: `assignees/assignee` (optional in publications).
 *
 * Every child of those lists is read, not only the expected name (the DTDs also allow a
 * `deceased-inventor` among the inventors; none is in the samples), so nothing printed is passed
 * over; an entry without any name is dropped and returned as an issue. An entry's name parts and
 * place come from its `addressbook` (else from the entry itself), one address, values as printed.
 * The name is the `orgname`, else a free-form `name`, else "First Middle Last" from the parts.
 */
import { all, attribute, childElements, first, textAt } from '../../ingest/xml/select.js';
import type { XmlElement } from '../../ingest/xml/tree.js';
import type { DocumentParty, MapIssue } from './document.js';
import { elementExcerpt } from './excerpt.js';

type Role = DocumentParty['role'];

/** Where each role's entries are listed, in the order the DTDs print them. */
const LISTS: readonly { path: string; role: (entry: XmlElement) => Role }[] = [
  { path: 'us-parties/us-applicants', role: () => 'applicant' },
  { path: 'us-parties/inventors', role: () => 'inventor' },
  { path: 'parties/applicants', role: (e) => (attribute(e, 'app-type')?.trim() === 'applicant-inventor' ? 'inventor' : 'applicant') },
  { path: 'assignees', role: () => 'assignee' },
];

export function mapParties(bibliographic: XmlElement | null, issues: MapIssue[]): DocumentParty[] {
  const parties: DocumentParty[] = [];
  const next: Record<Role, number> = { applicant: 0, inventor: 0, assignee: 0 };
  for (const list of LISTS) {
    for (const entry of all(bibliographic, list.path).flatMap((container) => childElements(container))) {
      const role = list.role(entry);
      const party = mapParty(entry, role);
      if (party === null) issues.push({ reason: `${role} without a name dropped`, excerpt: elementExcerpt(entry) });
      else parties.push({ ...party, seq: next[role]++ });
    }
  }
  return parties;
}

function mapParty(entry: XmlElement, role: Role): Omit<DocumentParty, 'seq'> | null {
  const book = first(entry, 'addressbook') ?? entry;
  const lastName = textAt(book, 'last-name');
  const firstName = textAt(book, 'first-name');
  const middleName = textAt(book, 'middle-name');
  const name = textAt(book, 'orgname') ?? textAt(book, 'name') ?? joined([firstName, middleName, lastName]);
  if (name === null) return null;
  const address = first(book, 'address');
  return {
    role,
    name,
    lastName,
    firstName,
    middleName,
    city: textAt(address, 'city'),
    region: textAt(address, 'state'),
    country: textAt(address, 'country'),
  };
}

function joined(parts: (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null);
  return present.length === 0 ? null : present.join(' ');
}
