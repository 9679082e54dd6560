import { expect, it } from 'vitest';
import type { IngestSummary } from './ingest-run.js';
import { formatSummary, progressLine } from './summary.js';

const summary: IngestSummary = {
  runId: 7,
  product: 'PTGRXML',
  fileName: 'ipg240611.xml',
  fileDate: '2024-06-11',
  unit: 'documents',
  read: 1200,
  inserted: 1190,
  updated: 0,
  unchanged: 10,
  rejected: 3,
  events: 0,
  rejects: {
    reasons: { 'grant without a readable issue date': 2, 'XML not well-formed:': 1 },
    examples: [
      { reason: 'XML not well-formed: "unclosed tag: claim"', position: 'ipg240611.xml#17', excerpt: '<claim>' },
      { reason: 'grant without a readable issue date', position: '#40', excerpt: '' },
      { reason: 'grant without a readable issue date', position: '#41', excerpt: '' },
    ],
  },
  skipped: { 'document of root <sequence-cwu>': 4 },
  seconds: 2,
};

it('prints counts, the rate in the product unit, skips, and rejects by reason with one whole example', () => {
  expect(formatSummary(summary)).toEqual([
    'ipg240611.xml (PTGRXML, file date 2024-06-11, run 7): read 1200, inserted 1190, updated 0, unchanged 10, rejected 3, events 0',
    '  2.0 s, 600 documents/s',
    '  skipped 4 × document of root <sequence-cwu>',
    '  rejected 2 × grant without a readable issue date',
    '  rejected 1 × XML not well-formed:',
    '    e.g. ipg240611.xml#17: XML not well-formed: "unclosed tag: claim"',
  ]);
  expect(progressLine('ipg240611.xml', summary, 4)).toBe(
    'ipg240611.xml: read 1200, inserted 1190, updated 0, unchanged 10, rejected 3, events 0 (300/s)',
  );
});
