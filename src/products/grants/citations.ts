/**
 * Backward citations of a grant (XML-FORMATS.md §4): `us-references-cited/us-citation` (v4.3+) or
 * `references-cited/citation` (v4.0–v4.2), each a `patcit` or an `nplcit` plus a `category`.
 *
 * US patent literature is split by number shape: a pgpub (kind A1/A2/A9, or an 11-digit
 * year-first number) becomes its printed form `US20050123456A1`; anything `parsePatentNumber`
 * reads becomes the canonical patent number; a US number of neither shape is kept verbatim as a
 * defect rather than dropped. Nothing in a citation list is dropped: an entry with neither
 * `patcit` nor `nplcit` is a defect too.
 */
import { parsePatentNumber, parsePublicationNumber } from '../../domain/numbers.js';
import { printedDate } from '../full-text/dates.js';
import type { BackwardCitation, CitationCategory } from '../full-text/document.js';
import { all, first, textAt } from '../../ingest/xml/select.js';
import { inlineText } from '../../ingest/xml/text.js';
import type { XmlElement } from '../../ingest/xml/tree.js';

type Base = Pick<BackwardCitation, 'seq' | 'category' | 'categoryDetail'>;

const PUBLICATION_KIND = /^A[129]$/;
const PGPUB_DIGITS = /^\d{11}$/;

export function mapCitations(bibliographic: XmlElement | null): BackwardCitation[] {
  const entries = [...all(bibliographic, 'us-references-cited/us-citation'), ...all(bibliographic, 'references-cited/citation')];
  return entries.map((entry, i) => {
    const patcit = first(entry, 'patcit');
    const nplcit = first(entry, 'nplcit');
    const base: Base = { seq: sequenceNumber(patcit ?? nplcit, i), ...category(textAt(entry, 'category')) };
    if (patcit !== null) return patentCitation(base, first(patcit, 'document-id'));
    if (nplcit !== null) {
      const other = first(nplcit, 'othercit');
      return { ...base, group: 'npl', text: inlineText(other ?? nplcit) };
    }
    return {
      ...base,
      group: 'defect',
      raw: inlineText(entry),
      defect: 'citation with neither a patent (patcit) nor a non-patent (nplcit) reference',
    };
  });
}

/** `num="00012"` → 12; without a readable one, the position in the list (1-based). */
function sequenceNumber(element: XmlElement | null, index: number): number {
  const num = element?.attributes.num?.trim() ?? '';
  return /^\d{1,9}$/.test(num) && Number(num) > 0 ? Number(num) : index + 1;
}

function category(text: string | null): Pick<BackwardCitation, 'category' | 'categoryDetail'> {
  const normalized = text?.toLowerCase().replace(/\s+/g, ' ');
  const known: CitationCategory | null =
    normalized === 'cited by examiner' ? 'examiner' : normalized === 'cited by applicant' ? 'applicant' : null;
  return known === null ? { category: 'other', categoryDetail: text } : { category: known, categoryDetail: null };
}

function patentCitation(base: Base, id: XmlElement | null): BackwardCitation {
  const country = textAt(id, 'country');
  const number = textAt(id, 'doc-number');
  const kind = textAt(id, 'kind');
  const name = textAt(id, 'name');
  const date = printedDate(textAt(id, 'date'));
  const raw = [country, number, kind].filter((s) => s !== null).join(' ');
  if (number === null) return { ...base, group: 'defect', raw, defect: 'patent citation without a document number' };
  if (country === null) return { ...base, group: 'defect', raw, defect: 'patent citation without a country' };
  if (country.toUpperCase() !== 'US') return { ...base, group: 'foreign', country, number, kind, date };

  const compact = number.replace(/[\s/,-]/g, '');
  if ((kind !== null && PUBLICATION_KIND.test(kind.slice(0, 2))) || PGPUB_DIGITS.test(compact)) {
    const printed = kind === null ? null : parsePublicationNumber(compact + kind.slice(0, 2))?.printed;
    if (printed != null) return { ...base, group: 'publications', number: printed, name, date };
    const defect =
      kind === null
        ? 'US pre-grant publication number without a kind code'
        : 'US pre-grant publication citation whose number or kind code cannot be read';
    return { ...base, group: 'defect', raw, defect };
  }
  const patent = parsePatentNumber(number);
  if (patent !== null) return { ...base, group: 'patents', number: patent, kind, name, date };
  return { ...base, group: 'defect', raw, defect: 'US citation whose number is neither a patent nor a pre-grant publication number' };
}
