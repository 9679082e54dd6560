/**
 * The parts of a full-text document that grants and publications write the same way
 * (XML-FORMATS.md §2, §7, §9): publication reference, application reference, title, abstract,
 * claims, CPC, parties and DTD version. The product mappers add the document number, kind and
 * date in their own terms, and grants their citations.
 */
import { parseApplicationNumber } from '../../domain/numbers.js';
import { show } from '../../ingest/show.js';
import { attribute, first, textAt } from '../../ingest/xml/select.js';
import { plainText } from '../../ingest/xml/text.js';
import type { XmlElement } from '../../ingest/xml/tree.js';
import { mapClaims } from './claims.js';
import { cpcSymbols } from './cpc.js';
import { xmlDate } from './dates.js';
import type { FullTextDocument, MapIssue } from './document.js';
import { mapParties } from './parties.js';

export type { MapIssue };

/**
 * A mapper's answer: the document with the parts it had to drop, or why it cannot be read
 * (variable part after the first `"`).
 */
export type MapResult = { ok: true; document: FullTextDocument; issues: MapIssue[] } | { ok: false; reason: string };

export type CommonFields = Pick<
  FullTextDocument,
  'applicationNumber' | 'filingDate' | 'title' | 'abstract' | 'claims' | 'cpc' | 'dtdVersion' | 'parties'
>;

/** `publication-reference/document-id` as printed (trimmed; null when absent or blank). */
export interface PublicationReference {
  number: string | null;
  kind: string | null;
  date: string | null;
}

export function publicationReference(bibliographic: XmlElement | null): PublicationReference {
  const id = first(bibliographic, 'publication-reference/document-id');
  return { number: textAt(id, 'doc-number'), kind: textAt(id, 'kind'), date: textAt(id, 'date') };
}

export function commonFields(root: XmlElement, bibliographic: XmlElement | null, issues: MapIssue[]): CommonFields {
  const application = first(bibliographic, 'application-reference/document-id');
  const applicationNumber = textAt(application, 'doc-number');
  const title = textAt(bibliographic, 'invention-title');
  const abstract = first(root, 'abstract');
  const abstractText = abstract === null ? '' : plainText(abstract);
  return {
    applicationNumber: applicationNumber === null ? null : parseApplicationNumber(applicationNumber),
    filingDate: xmlDate(textAt(application, 'date')),
    title,
    abstract: abstractText === '' ? null : abstractText,
    claims: mapClaims(first(root, 'claims')),
    cpc: cpcSymbols(bibliographic),
    dtdVersion: attribute(root, 'dtd-version'),
    parties: mapParties(bibliographic, issues),
  };
}

/** A value in a reject reason: quoted, or `(absent)`. */
export function shown(value: string | null): string {
  return show(value ?? undefined);
}
