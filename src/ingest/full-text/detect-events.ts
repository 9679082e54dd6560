import { type DetectedEvent, eventId } from '../events.js';
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
  const isGrant = document.docType === 'grant';
  // The file wrapper names only the first publication: a republication (A2, A9) is always news.
  const alreadyKnown = isGrant ? application.patent_number : application.publication_number;
  if (alreadyKnown === document.docNumber) return [];
  const type = isGrant ? 'grant' : 'publication';
  return [
    {
      eventId: eventId(type, application.application_number, document.date, document.docNumber),
      eventType: type,
      occurredOn: document.date,
      applicationNumber: application.application_number,
      patentNumber: isGrant ? document.docNumber : application.patent_number,
      entityId: null,
      detail: isGrant ? { patent_number: document.docNumber } : { publication_number: document.docNumber },
    },
  ];
}
