/**
 * A `us-patent-grant` document (Red Book grant full text, or the bibliographic-only ipgb product)
 * → FullTextDocument. The patent number is printed 8 characters wide with its type prefix
 * (`D0701016`, `07997973`) and stored canonical (`D701016`, `7997973`). A grant without a readable
 * number, kind or issue date cannot be stored and is rejected; every other field may be null.
 * Only grants have their term facts, related documents and PCT data read (term.ts, relations.ts,
 * pct.ts): they are the patent's term evidence.
 */
import { parsePatentNumber } from '../../domain/numbers.js';
import { commonFields, publicationReference, shown, type MapIssue, type MapResult } from '../full-text/common.js';
import { xmlDate } from '../full-text/dates.js';
import { first } from '../../ingest/xml/select.js';
import type { XmlElement } from '../../ingest/xml/tree.js';
import { mapCitations } from './citations.js';
import { mapPct } from './pct.js';
import { mapRelations } from './relations.js';
import { mapTerm } from './term.js';

export const GRANT_ROOT = 'us-patent-grant';

export function mapGrant(root: XmlElement): MapResult {
  const bibliographic = first(root, 'us-bibliographic-data-grant');
  const reference = publicationReference(bibliographic);
  const docNumber = reference.number === null ? null : parsePatentNumber(reference.number);
  if (docNumber === null) return { ok: false, reason: `grant without a readable patent number ${shown(reference.number)}` };
  if (reference.kind === null) return { ok: false, reason: `grant without a kind code ${shown(docNumber)}` };
  const date = xmlDate(reference.date);
  if (date === null) return { ok: false, reason: `grant without a readable issue date ${shown(reference.date)}` };
  const issues: MapIssue[] = [];
  return {
    ok: true,
    document: {
      docType: 'grant',
      docNumber,
      kind: reference.kind,
      date,
      ...commonFields(root, bibliographic, issues),
      citations: mapCitations(bibliographic),
      term: mapTerm(bibliographic, issues),
      relations: mapRelations(bibliographic, issues),
      pct: mapPct(bibliographic, issues),
    },
    issues,
  };
}
