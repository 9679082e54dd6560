/**
 * Reading the Open Data Portal's office-action JSON (product OA): the generic ODP JSON reader
 * (../odp-json) with this product's envelope and mapper. Every OA API answers in Solr's shape,
 * `{"responseHeader": …, "response": {"numFound", "start", "docs": [...]}}`, whose docs stream
 * one at a time; a bare array, JSON Lines or a single record read as everywhere else.
 */
import type { OdpLayout } from '../../ingest/odp-json/layout.js';
import { type OdpProduct, readOdpJsonFile, readOdpJsonText } from '../../ingest/odp-json/read.js';
import { mapOfficeActionRecord } from './map-record.js';
import type { OfficeActionItem, OfficeActionRecord } from './record.js';

const OFFICE_ACTION_LAYOUT: OdpLayout = {
  bagKeys: new Set(['docs']),
  nestedEnvelopeKeys: new Set(['response']),
  isRecord: (value) => value.patentApplicationNumber !== undefined || (value.apiKey !== undefined && Array.isArray(value.fields)),
  // A response with no docs at all (`{"response": {"numFound": 0}}`) is an empty answer.
  otherEnvelope: (value) => {
    const response = value.response;
    if (typeof response !== 'object' || response === null || Array.isArray(response)) return null;
    const docs = (response as Record<string, unknown>).docs;
    return Array.isArray(docs) ? (docs as unknown[]) : [];
  },
};

/** What tells an OA file from the other JSON products' (recognise.ts): its record keys. */
export const OFFICE_ACTION_MARKERS = ['patentApplicationNumber', 'legacyDocumentCodeIdentifier', 'obsoleteDocumentIdentifier'];

const OFFICE_ACTIONS: OdpProduct<OfficeActionRecord> = { layout: OFFICE_ACTION_LAYOUT, map: mapOfficeActionRecord };

export function parseOfficeActionFile(path: string): AsyncGenerator<OfficeActionItem> {
  return readOdpJsonFile(path, OFFICE_ACTIONS);
}

/** One answer of the portal's office-action search (sync). */
export function parseOfficeActionText(text: string): AsyncGenerator<OfficeActionItem> {
  return readOdpJsonText(text, OFFICE_ACTIONS);
}
