import { describe, expect, it } from 'vitest';
import { mergeTrial } from './merge.js';
import type { TrialSnapshot } from './record.js';

const snapshot = (s: Partial<TrialSnapshot>): TrialSnapshot => ({
  trialNumber: 'IPR2025-01319',
  trialType: 'IPR',
  modifiedAt: null,
  fromProceeding: false,
  status: null,
  filedDate: null,
  accordedFilingDate: null,
  institutionDecisionDate: null,
  latestDecisionDate: null,
  terminationDate: null,
  patentNumber: null,
  applicationNumber: null,
  grantDate: null,
  petitioner: null,
  patentOwner: null,
  ...s,
});

const instituted = snapshot({
  modifiedAt: '2026-02-16T15:36:08',
  status: 'Trial Instituted',
  patentNumber: '12018298',
  petitioner: 'Merck',
});
const decided = snapshot({ modifiedAt: '2026-06-08T14:58:12', status: 'Final Written Decision', terminationDate: '2026-06-08' });
const download = snapshot({ fromProceeding: true, status: 'Pending', patentOwner: 'Halozyme, Inc.' });

describe('mergeTrial', () => {
  it('ends in the same trial whatever order the snapshots come in', () => {
    const orders = [
      [instituted, decided, download],
      [decided, download, instituted],
      [download, instituted, decided],
    ];
    const merged = orders.map((order) =>
      order.reduce((trial, s) => mergeTrial(trial, s, '2026-01-05T00:00:00'), null as ReturnType<typeof mergeTrial> | null),
    );
    for (const trial of merged) expect(trial).toEqual(merged[0]);
    expect(merged[0]).toMatchObject({
      status: 'Final Written Decision',
      terminationDate: '2026-06-08',
      patentNumber: '12018298',
      petitioner: 'Merck',
      // An older undated download fills what no newer snapshot gave, and says it was a proceedings record.
      patentOwner: 'Halozyme, Inc.',
      seenAsProceeding: true,
      snapshotAt: '2026-06-08T14:58:12',
    });
  });

  it('lets an undated file decide when it is the newest', () => {
    const trial = mergeTrial(mergeTrial(null, instituted, '2026-01-05T00:00:00'), download, '2026-07-01T00:00:00');
    expect(trial).toMatchObject({ status: 'Pending', snapshotAt: '2026-07-01T00:00:00', petitioner: 'Merck' });
  });
});
