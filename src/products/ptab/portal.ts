/**
 * Where the Open Data Portal serves PTAB trials: its trials search API (reference/odp/
 * ptab-trials/, the Search Proceedings and Search Decisions pages; no bulk-data product). Each
 * record carries `lastModifiedDateTime`, the time the portal loaded its latest version (hours
 * after the trial's own `trialLastModifiedDateTime`). Decisions come back in the documents' bag.
 */
import type { PortalSearchSpec } from '../../ingest/portal-search.js';

const TRIALS = {
  protocol: 'odp-search',
  stampField: 'lastModifiedDateTime',
  // The stamps carry no zone: a day either side of ours is asked again.
  overlapDays: 2,
  rangeDays: 31,
} as const;

export const PTAB_SEARCHES: readonly PortalSearchSpec[] = [
  { ...TRIALS, name: 'proceedings', path: '/api/v1/patent/trials/proceedings/search', bag: 'patentTrialProceedingDataBag', pageSize: 100 },
  // A decision carries its OCR text (cut short by the portal): smaller pages keep an answer under its 6 MB limit.
  { ...TRIALS, name: 'decisions', path: '/api/v1/patent/trials/decisions/search', bag: 'patentTrialDocumentDataBag', pageSize: 25 },
];
