import { buildEvent, type DetectedEvent, eventDetail } from '../../domain/events.js';
import type { FullTextDocument } from './document.js';
import type { KnownApplication } from './load.sql.js';

/**
 * Events of a document loaded for the first time (spec §6): `grant` for a grant, `publication`
 * for a publication, and only for an application the service holds whose file wrapper has not
 * already shown that document (the file wrapper records the same event under the same id, D17:
 * whichever product arrives first records it, the other finds it recorded).
 */
export function detectDocumentEvents(document: FullTextDocument, application: KnownApplication | undefined): DetectedEvent[] {
  if (!application) return [];
  const applicationNumber = application.application_number;
  if (document.docType === 'grant') {
    if (application.patent_number === document.docNumber) return [];
    const target = { applicationNumber, patentNumber: document.docNumber };
    return [buildEvent('grant', target, document.date, document.docNumber, eventDetail.grant(document.docNumber))];
  }
  // The file wrapper names only the first publication: a republication (A2, A9) is always news.
  if (application.publication_number === document.docNumber) return [];
  const target = { applicationNumber, patentNumber: application.patent_number };
  return [buildEvent('publication', target, document.date, document.docNumber, eventDetail.publication(document.docNumber))];
}
