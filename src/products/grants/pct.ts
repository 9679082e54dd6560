/**
 * The international application a grant is the national stage of: `pct-or-regional-filing-data`
 * (XML-FORMATS.md §2 "PCT data"), whose filing date starts the term of a 371 application
 * (DOMAIN-RULES §3.2, NST). The 371(c) date is `us-371c124-date` (371(c)(1), (2) and (4)) up to
 * DTD v4.4; from v4.5 (2014-04-03) it is either that or `us-371c12-date` (371(c)(1) and (2): the
 * AIA let the oath of (c)(4) come later), which the v4.7 samples print. The number is free text (`PCTEP01/03690`, `PCT/CA2016/050609`) and is
 * stored as the file wrapper stores PCT numbers (`PCT/EP2001/003690`), else as printed with an issue.
 */
import { parsePctNumber } from '../../domain/numbers.js';
import { xmlDate } from '../full-text/dates.js';
import type { MapIssue, PctFiling } from '../full-text/document.js';
import { first, textAt } from '../../ingest/xml/select.js';
import type { XmlElement } from '../../ingest/xml/tree.js';
import { canonicalOrPrinted } from './printed-number.js';

export function mapPct(bibliographic: XmlElement | null, issues: MapIssue[]): PctFiling | null {
  const filing = first(bibliographic, 'pct-or-regional-filing-data');
  if (filing === null) return null;
  const id = first(filing, 'document-id');
  const printed = textAt(id, 'doc-number');
  return {
    number: printed === null ? null : canonicalOrPrinted(printed, parsePctNumber, 'PCT number', filing, issues),
    filingDate: xmlDate(textAt(id, 'date')),
    date371: xmlDate(textAt(filing, 'us-371c124-date/date') ?? textAt(filing, 'us-371c12-date/date')),
  };
}
