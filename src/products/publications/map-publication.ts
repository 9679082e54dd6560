/**
 * A `us-patent-application` document (pre-grant publication full text) → FullTextDocument. The
 * number is printed 11 digits year first (`20220240350`) with the kind apart (`A1`); we store the
 * printed form `US20220240350A1`. Publications carry no citations, and their term, related
 * documents and PCT data are left to the grant. A publication without a readable number and kind
 * or publication date cannot be stored and is rejected.
 */
import { parsePublicationNumber } from '../../domain/numbers.js';
import { commonFields, publicationReference, shown, type MapIssue, type MapResult } from '../full-text/common.js';
import { xmlDate } from '../full-text/dates.js';
import { first } from '../../ingest/xml/select.js';
import type { XmlElement } from '../../ingest/xml/tree.js';

export const PUBLICATION_ROOT = 'us-patent-application';

export function mapPublication(root: XmlElement): MapResult {
  const bibliographic = first(root, 'us-bibliographic-data-application');
  const reference = publicationReference(bibliographic);
  const printed =
    reference.number === null || reference.kind === null ? null : parsePublicationNumber(reference.number + reference.kind)?.printed;
  if (printed == null || reference.kind === null) {
    const as = reference.number === null ? null : `${reference.number} ${reference.kind ?? '(no kind)'}`;
    return { ok: false, reason: `publication without a readable publication number ${shown(as)}` };
  }
  const date = xmlDate(reference.date);
  if (date === null) return { ok: false, reason: `publication without a readable publication date ${shown(reference.date)}` };
  const issues: MapIssue[] = [];
  return {
    ok: true,
    document: {
      docType: 'publication',
      docNumber: printed,
      kind: reference.kind,
      date,
      ...commonFields(root, bibliographic, issues),
      citations: [],
      term: null,
      relations: [],
      pct: null,
    },
    issues,
  };
}
