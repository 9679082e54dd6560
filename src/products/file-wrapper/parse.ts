/**
 * Reading USPTO ODP patent file wrapper JSON (PTFWPRD daily, PTFWPRE backfile): the generic ODP
 * JSON reader (../odp-json) with this product's envelope bags and record mapper.
 */
import type { Readable } from 'node:stream';
import { isObject, type JsonObject } from '../../ingest/odp-json/json-value.js';
import type { OdpLayout } from '../../ingest/odp-json/layout.js';
import { type OdpProduct, readOdpJsonFile, readOdpJsonLines, readOdpJsonStream } from '../../ingest/odp-json/read.js';
import { mapFileWrapperRecord } from './map-record.js';
import type { FileWrapperRecord, ParsedItem } from './record.js';

/**
 * API v1 holds the records in `patentFileWrapperDataBag`, the 2024 beta in `patentBag`; a
 * record has `applicationNumberText`; PEDS search responses hold theirs in
 * `queryResults.searchResponse.response.docs` (rejected later as PEDS).
 */
export const FILE_WRAPPER_LAYOUT: OdpLayout = {
  bagKeys: new Set(['patentFileWrapperDataBag', 'patentBag']),
  isRecord: (value) => value.applicationNumberText !== undefined,
  otherEnvelope: pedsDocs,
};

export const FILE_WRAPPER_PRODUCT: OdpProduct<FileWrapperRecord> = { layout: FILE_WRAPPER_LAYOUT, map: mapFileWrapperRecord };

export function parseFileWrapperFile(path: string): AsyncGenerator<ParsedItem> {
  return readOdpJsonFile(path, FILE_WRAPPER_PRODUCT);
}

export function parseFileWrapperStream(input: Readable, member: string | null): AsyncGenerator<ParsedItem> {
  return readOdpJsonStream(input, member, FILE_WRAPPER_PRODUCT);
}

export function parseFileWrapperLines(input: Readable, member: string | null): AsyncGenerator<ParsedItem> {
  return readOdpJsonLines(input, member, FILE_WRAPPER_PRODUCT);
}

function pedsDocs(value: JsonObject): unknown[] | null {
  const q = value.queryResults;
  const s = isObject(q) ? q.searchResponse : undefined;
  const r = isObject(s) ? s.response : undefined;
  const docs = isObject(r) ? r.docs : undefined;
  return Array.isArray(docs) ? docs : null;
}
