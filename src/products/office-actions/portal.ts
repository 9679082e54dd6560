/**
 * Where the Open Data Portal serves office actions: the former DS-API datasets, moved onto the
 * portal (`/api/v1/patent/oa/<dataset>/<version>/records`, Solr form requests). None prints when
 * its record changed; each prints `createDateTime`, the load that brought it, which is the
 * watermark. A load's stamp precedes the texts it serves by up to a week (texts lag their mailing
 * by 0 to 7 days), so the last 10 days are asked again. The answers promise no order, so a range
 * is one day: the watermark moves a day at a time.
 */
import type { PortalSearchSpec } from '../../ingest/portal-search.js';

const DATASET = { protocol: 'solr-records', stampField: 'createDateTime', overlapDays: 10, rangeDays: 1 } as const;

export const OFFICE_ACTION_SEARCHES: readonly PortalSearchSpec[] = [
  // Full texts run to 100 kB a document.
  { ...DATASET, name: 'oa_actions', path: '/api/v1/patent/oa/oa_actions/v1/records', pageSize: 50 },
  { ...DATASET, name: 'oa_rejections', path: '/api/v1/patent/oa/oa_rejections/v2/records', pageSize: 100 },
  { ...DATASET, name: 'oa_citations', path: '/api/v1/patent/oa/oa_citations/v2/records', pageSize: 100 },
];
