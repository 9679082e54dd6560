/**
 * Reading the Open Data Portal's PTAB trials JSON (product PTAB): the generic ODP JSON reader
 * (../odp-json) with this product's envelope bags and mapper. Search responses hold their
 * records in `patentTrialProceedingDataBag` / `patentTrialDocumentDataBag`, the bulk
 * downloads in `patentTrialData` (appeals' too) and `interferenceData`, the retired v2 API in
 * `results`; appeals and interferences are read to be counted as skipped.
 */
import type { OdpLayout } from '../../ingest/odp-json/layout.js';
import { type OdpProduct, readOdpJsonFile, readOdpJsonText } from '../../ingest/odp-json/read.js';
import { mapPtabRecord } from './map-record.js';
import type { PtabItem, PtabRecord } from './record.js';

const BAGS = [
  'patentTrialProceedingDataBag',
  'patentTrialDocumentDataBag',
  'patentTrialDecisionDataBag',
  'patentTrialData',
  'patentAppealDataBag',
  'patentInterferenceDataBag',
  'interferenceData',
  'results',
];

const PTAB_LAYOUT: OdpLayout = {
  bagKeys: new Set(BAGS),
  isRecord: (value) =>
    value.trialNumber !== undefined ||
    value.proceedingNumber !== undefined ||
    value.appealNumber !== undefined ||
    value.interferenceNumber !== undefined,
};

/** What tells a PTAB file from the other JSON products' (recognise.ts): its bags, then its record keys. */
export const PTAB_MARKERS = [...BAGS.filter((bag) => bag !== 'results'), 'trialNumber', 'proceedingNumber'];

const PTAB: OdpProduct<PtabRecord> = { layout: PTAB_LAYOUT, map: mapPtabRecord };

export function parsePtabFile(path: string): AsyncGenerator<PtabItem> {
  return readOdpJsonFile(path, PTAB);
}

/** One answer of the portal's trials search (sync). */
export function parsePtabText(text: string): AsyncGenerator<PtabItem> {
  return readOdpJsonText(text, PTAB);
}
