import { describe, expect, it } from 'vitest';
import { buildEvent, eventDetail } from '../../domain/events.js';
import { detectEvents, newTransactions, type StoredApplication } from './detect-events.js';
import type { BagRecordation, FileWrapperRecord } from './record.js';

const t = (date: string, code: string, description = code) => ({ date, code, description });

const record = (overrides: Partial<FileWrapperRecord> = {}): FileWrapperRecord => ({
  applicationNumber: '17248024',
  metadata: {
    filingDate: '2021-01-05',
    effectiveFilingDate: '2021-01-05',
    applicationType: 'UTL',
    statusCode: 41,
    statusDescription: 'Non Final Action Mailed',
    statusDate: '2022-06-01',
    patentNumber: null,
    grantDate: null,
    publicationNumber: 'US20210210819A1',
    publicationDate: '2021-07-08',
    title: null,
    applicantName: null,
    examinerName: null,
    artUnit: null,
    entityStatus: null,
    customerNumber: null,
    docketNumber: null,
    firstInventorToFile: null,
    cpc: [],
  },
  transactions: [],
  parents: [],
  children: [],
  parties: [],
  recordations: [],
  ptaDays: null,
  ptaParts: null,
  lastIngestionAt: null,
  ...overrides,
});

const stored = (overrides: Partial<StoredApplication> = {}): StoredApplication => ({
  statusCode: 41,
  statusDescription: 'Non Final Action Mailed',
  patentNumber: null,
  publicationNumber: 'US20210210819A1',
  transactions: [],
  childNumbers: new Set(),
  reelFrames: new Set(),
  ...overrides,
});

describe('newTransactions', () => {
  it('counts same-day duplicates one by one', () => {
    const before = [t('2023-01-20', 'EML_NTR')];
    const after = [t('2023-01-20', 'EML_NTR'), t('2023-01-20', 'EML_NTR'), t('2023-02-01', 'MCTNF')];
    expect(newTransactions(before, after)).toEqual([
      { transaction: t('2023-01-20', 'EML_NTR'), occurrence: 2 },
      { transaction: t('2023-02-01', 'MCTNF'), occurrence: 1 },
    ]);
  });
});

describe('detectEvents', () => {
  it('gives a newly seen application only its publication', () => {
    const events = detectEvents(record({ transactions: [t('2022-06-01', 'MCTNF')] }), null);
    expect(events.map((e) => e.eventType)).toEqual(['publication']);
    expect(events[0]).toMatchObject({ occurredOn: '2021-07-08', detail: { publication_number: 'US20210210819A1' } });
  });

  it('takes grant and publication from the document facts, not from their transactions', () => {
    const granted = record({
      metadata: {
        ...record().metadata!,
        statusCode: 150,
        statusDescription: 'Patented Case',
        statusDate: '2023-05-09',
        patentNumber: '11646472',
        grantDate: '2023-05-09',
      },
      transactions: [t('2023-05-09', 'PGM/')],
    });
    const types = detectEvents(granted, stored()).map((e) => e.eventType);
    expect(types).toEqual(['grant', 'status_change']);
  });

  it('collapses two records of one office act on one day', () => {
    const events = detectEvents(record({ transactions: [t('2023-03-01', 'EXAT'), t('2023-03-01', 'EXIA')] }), stored());
    expect(events.map((e) => [e.eventType, e.detail])).toEqual([['interview', { code: 'EXAT', description: 'EXAT' }]]);
  });

  it('ignores counted codes whose mailed twin carries the event, and grandchild links', () => {
    const events = detectEvents(
      record({
        transactions: [t('2023-03-05', 'MCTNF'), t('2023-03-01', 'CTNF')],
        children: [
          {
            parentNumber: '18000001',
            childNumber: '18000002',
            relationship: 'CON',
            relationshipDescription: null,
            filingDate: null,
            statusCode: null,
            statusDescription: null,
            patentNumber: null,
          },
        ],
      }),
      stored(),
    );
    expect(events.map((e) => [e.eventType, e.occurredOn])).toEqual([['office_action', '2023-03-05']]);
  });

  it('gives the same id to the same event on every load', () => {
    const next = record({ transactions: [t('2023-03-05', 'MCTNF')] });
    expect(detectEvents(next, stored())[0]!.eventId).toBe(detectEvents(next, stored())[0]!.eventId);
    expect(detectEvents(next, stored({ transactions: [t('2023-03-05', 'MCTNF')] }))).toEqual([]);
  });

  it("announces a reel/frame new to a stored bag with the assignment loader's id, and nothing of a first bag", () => {
    const address = { lines: [], city: null, state: null, postcode: null, country: null };
    const recordation: BagRecordation = {
      reelFrame: '050000/0001',
      recordedDate: '2024-02-01',
      pageCount: null,
      conveyanceText: 'MERGER',
      conveyanceType: 'merger',
      assignors: [{ name: 'ACME WIDGETS, INC.', executionDate: null }],
      assignees: [{ name: 'ACME HOLDINGS LLC', address }],
    };
    const next = record({ recordations: [recordation] });
    // What assignments/load.ts builds for a held application the recordation covers.
    const fromAssignmentFiles = buildEvent(
      'assignment',
      { applicationNumber: '17248024', patentNumber: null },
      '2024-02-01',
      '050000/0001',
      eventDetail.assignment({ reelFrame: '050000/0001', conveyanceType: 'merger', assignees: ['ACME HOLDINGS LLC'] }),
    );
    expect(detectEvents(next, stored())).toEqual([fromAssignmentFiles]);
    expect(detectEvents(next, stored({ reelFrames: new Set(['050000/0001']) }))).toEqual([]);
    expect(detectEvents(next, stored({ reelFrames: null }))).toEqual([]);
    expect(detectEvents(next, null).map((e) => e.eventType)).toEqual(['publication']);
  });
});
