import { describe, expect, it } from 'vitest';
import { mapFileWrapperRecord, type MapResult } from './map-record.js';
import type { FileWrapperRecord } from './record.js';

// Values are taken from samples/file-wrapper-json (paths relative to /work/shared/samples).

function record(result: MapResult): { record: FileWrapperRecord; issues: { reason: string; value: unknown }[] } {
  if (!result.ok) throw new Error(`expected a record, got reject: ${result.reason}`);
  return result;
}

const v1Metadata = {
  firstInventorToFileIndicator: 'N',
  applicationStatusCode: 150,
  applicationTypeCode: 'UTL',
  entityStatusData: { smallEntityStatusIndicator: false, businessEntityStatusCategory: 'Regular Undiscounted' },
  filingDate: '2021-01-05',
  effectiveFilingDate: '2021-01-05',
  cpcClassificationBag: ['H01M  50/46', 'H01M2004/027'],
  earliestPublicationDate: '2021-07-08',
  applicationStatusDate: '2023-04-19',
  applicationStatusDescriptionText: 'Patented Case',
  patentNumber: '11646472',
  grantDate: '2023-05-09',
  applicantBag: [{ applicantNameText: ' PolyPlus Battery Company ' }],
  customerNumber: 22434,
  groupArtUnitNumber: 1727,
  earliestPublicationNumber: 'US20210210819A1',
  inventionTitle: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
  examinerNameText: 'DOVE, TRACY MAE',
  docketNumber: 'PLUSP040X1C4US',
};

describe('mapFileWrapperRecord: full v1 records', () => {
  it('maps applicationMetaData fields to canonical values', () => {
    const { record: r, issues } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', applicationMetaData: v1Metadata }));
    expect(issues).toEqual([]);
    expect(r.applicationNumber).toBe('17248024');
    expect(r.metadata).toEqual({
      filingDate: '2021-01-05',
      effectiveFilingDate: '2021-01-05',
      applicationType: 'UTL',
      statusCode: 150,
      statusDescription: 'Patented Case',
      statusDate: '2023-04-19',
      patentNumber: '11646472',
      grantDate: '2023-05-09',
      publicationNumber: 'US20210210819A1',
      publicationDate: '2021-07-08',
      title: 'MAKING LITHIUM METAL - SEAWATER BATTERY CELLS HAVING PROTECTED LITHIUM ELECTRODES',
      applicantName: 'PolyPlus Battery Company',
      examinerName: 'DOVE, TRACY MAE',
      artUnit: '1727',
      entityStatus: 'undiscounted',
      customerNumber: '22434',
      docketNumber: 'PLUSP040X1C4US',
      firstInventorToFile: false,
      cpc: ['H01M 50/46', 'H01M 2004/027'],
    });
  });
  it('turns omitted bags of a full record into empty lists', () => {
    const { record: r } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', applicationMetaData: v1Metadata }));
    expect(r.transactions).toEqual([]);
    expect(r.parents).toEqual([]);
    expect(r.children).toEqual([]);
    expect(r.ptaDays).toBeNull();
    expect(r.lastIngestionAt).toBeNull();
  });
  it('keeps OPAP and the CENTRAL, DOCKET placeholder as given (odp-v1/18597857)', () => {
    const meta = { ...v1Metadata, groupArtUnitNumber: 'OPAP', examinerNameText: 'CENTRAL, DOCKET' };
    const { record: r } = record(mapFileWrapperRecord({ applicationNumberText: '18597857', applicationMetaData: meta }));
    expect(r.metadata?.artUnit).toBe('OPAP');
    expect(r.metadata?.examinerName).toBe('CENTRAL, DOCKET');
  });
  it('reads the spaced beta publication form and reports one without kind', () => {
    const spaced = { ...v1Metadata, earliestPublicationNumber: 'US 2014-0167116 A1' };
    expect(
      record(mapFileWrapperRecord({ applicationNumberText: '14000001', applicationMetaData: spaced })).record.metadata?.publicationNumber,
    ).toBe('US20140167116A1');
    const bare = { ...v1Metadata, earliestPublicationNumber: '20140167116' };
    const { record: r, issues } = record(mapFileWrapperRecord({ applicationNumberText: '14000001', applicationMetaData: bare }));
    expect(r.metadata?.publicationNumber).toBeNull();
    expect(issues.map((i) => i.reason)).toEqual(['unreadable earliestPublicationNumber (or no kind code): "20140167116"']);
  });
  it('does not build a publication number from the sequence/date bags (no kind code there)', () => {
    const meta = {
      ...v1Metadata,
      earliestPublicationNumber: undefined,
      publicationSequenceNumberBag: ['0210819'],
      publicationDateBag: ['2021-07-08'],
    };
    expect(
      record(mapFileWrapperRecord({ applicationNumberText: '17248024', applicationMetaData: meta })).record.metadata?.publicationNumber,
    ).toBeNull();
  });
  it('reports an unreadable patent number and keeps the record', () => {
    const meta = { ...v1Metadata, patentNumber: '11,646,472 X' };
    const { record: r, issues } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', applicationMetaData: meta }));
    expect(r.metadata?.patentNumber).toBeNull();
    expect(issues).toHaveLength(1);
    expect(issues[0]?.reason).toBe('unreadable patentNumber: "11,646,472 X"');
  });
  it('takes the first applicant of applicantBag when firstApplicantName is absent, trimmed', () => {
    const { record: r } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', applicationMetaData: v1Metadata }));
    expect(r.metadata?.applicantName).toBe('PolyPlus Battery Company');
  });
  it('reads PTA days and lastIngestionDateTime', () => {
    const raw = {
      applicationNumberText: '17248024',
      applicationMetaData: v1Metadata,
      patentTermAdjustmentData: { adjustmentTotalQuantity: 304, aDelayQuantity: 304 },
      lastIngestionDateTime: '2026-05-02T13:00:02',
    };
    const { record: r } = record(mapFileWrapperRecord(raw));
    expect(r.ptaDays).toBe(304);
    expect(r.lastIngestionAt).toBe('2026-05-02T13:00:02');
  });
});

describe('mapFileWrapperRecord: partial records (API sub-endpoints)', () => {
  it('has metadata null and every absent part null (odp-v1/17248024.transactions.json shape)', () => {
    const raw = {
      applicationNumberText: '17248024',
      eventDataBag: [{ eventCode: 'EML_NTR', eventDescriptionText: 'Email Notification', eventDate: '2023-10-03' }],
    };
    const { record: r } = record(mapFileWrapperRecord(raw));
    expect(r.metadata).toBeNull();
    expect(r.transactions).toEqual([{ date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' }]);
    expect(r.parents).toBeNull();
    expect(r.children).toBeNull();
    expect(r.ptaDays).toBeNull();
  });
  it('treats continuity as one part: an omitted child bag next to a parent bag is empty', () => {
    const raw = {
      applicationNumberText: '17248024',
      parentContinuityBag: [
        { parentApplicationNumberText: '16695054', childApplicationNumberText: '17248024', claimParentageTypeCode: 'CON' },
      ],
    };
    const { record: r } = record(mapFileWrapperRecord(raw));
    expect(r.parents).toHaveLength(1);
    expect(r.children).toEqual([]);
    expect(r.transactions).toBeNull();
  });
  it('a record with only its number is kept (odp-v1/17248024.foreign-priority.json)', () => {
    const { record: r } = record(mapFileWrapperRecord({ applicationNumberText: '17248024' }));
    expect(r).toEqual({
      applicationNumber: '17248024',
      metadata: null,
      transactions: null,
      parents: null,
      children: null,
      parties: null,
      recordations: null,
      ptaDays: null,
      ptaParts: null,
      lastIngestionAt: null,
    });
  });
});

describe('mapFileWrapperRecord: 2024 beta records', () => {
  it('reads metadata placed directly on the record and the nested continuityBag', () => {
    const raw = {
      applicationNumberText: '15123456',
      applicationStatusCode: 161,
      applicationStatusDescriptionText: 'Abandoned  --  Failure to Respond to an Office Action',
      applicationTypeCode: 'UTL',
      businessEntityStatusCategory: 'Small',
      smallEntityStatusIndicator: false,
      firstInventorToFileIndicator: 'Y',
      earliestPublicationNumber: 'US 2017-0071586 A1',
      continuityBag: {
        parentContinuityBag: [
          {
            parentApplicationStatusCode: 161,
            claimParentageTypeCode: 'NST',
            claimParentageTypeCodeDescription: 'is a National Stage Entry of',
            parentApplicationNumberText: 'PCT/US15/27322',
            parentApplicationFilingDate: '2015-04-23',
            childApplicationNumberText: '15123456',
          },
        ],
      },
    };
    const { record: r, issues } = record(mapFileWrapperRecord(raw));
    expect(issues).toEqual([]);
    expect(r.metadata?.statusCode).toBe(161);
    expect(r.metadata?.statusDescription).toBe('Abandoned  --  Failure to Respond to an Office Action');
    expect(r.metadata?.entityStatus).toBe('small');
    expect(r.metadata?.firstInventorToFile).toBe(true);
    expect(r.metadata?.publicationNumber).toBe('US20170071586A1');
    expect(r.parents).toEqual([
      {
        parentNumber: 'PCT/US2015/027322',
        childNumber: '15123456',
        relationship: 'NST',
        relationshipDescription: 'is a National Stage Entry of',
        filingDate: '2015-04-23',
        statusCode: 161,
        statusDescription: null,
        patentNumber: null,
      },
    ]);
    expect(r.children).toEqual([]);
    expect(r.transactions).toEqual([]);
  });
  it('maps a PCT record: canonical PCT number, type PCT for the beta "?" code', () => {
    const raw = {
      applicationNumberText: 'PCT/US07/19317',
      applicationTypeCode: '?',
      applicationTypeLabelName: 'PCT',
      applicationStatusCode: 218,
    };
    const { record: r } = record(mapFileWrapperRecord(raw));
    expect(r.applicationNumber).toBe('PCT/US2007/019317');
    expect(r.metadata?.applicationType).toBe('PCT');
  });
});

describe('mapFileWrapperRecord: continuity links', () => {
  it('uses the child* facts for child entries', () => {
    const raw = {
      applicationNumberText: '16123456',
      childContinuityBag: [
        {
          firstInventorToFileIndicator: true,
          childApplicationStatusDescriptionText: 'Patented Case',
          claimParentageTypeCode: 'DIV',
          childApplicationStatusCode: 150,
          claimParentageTypeCodeDescriptionText: 'is a Division of',
          childPatentNumber: '11797846',
          parentApplicationNumberText: '16123456',
          childApplicationFilingDate: '2020-12-22',
          childApplicationNumberText: '17130468',
        },
      ],
    };
    expect(record(mapFileWrapperRecord(raw)).record.children).toEqual([
      {
        parentNumber: '16123456',
        childNumber: '17130468',
        relationship: 'DIV',
        relationshipDescription: 'is a Division of',
        filingDate: '2020-12-22',
        statusCode: 150,
        statusDescription: 'Patented Case',
        patentNumber: '11797846',
      },
    ]);
  });
  it('reads the compact current-ODP PCT form', () => {
    const raw = {
      applicationNumberText: '18000001',
      parentContinuityBag: [{ parentApplicationNumberText: 'PCTJP2023017788', childApplicationNumberText: '18000001' }],
    };
    expect(record(mapFileWrapperRecord(raw)).record.parents?.[0]?.parentNumber).toBe('PCT/JP2023/017788');
  });
  it('drops a link with an unreadable number, reports it and keeps the rest', () => {
    const bad = { parentApplicationNumberText: '12/34', childApplicationNumberText: '17248024', claimParentageTypeCode: 'CON' };
    const good = { parentApplicationNumberText: '16695054', childApplicationNumberText: '17248024', claimParentageTypeCode: 'CON' };
    const { record: r, issues } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', parentContinuityBag: [bad, good] }));
    expect(r.parents?.map((l) => l.parentNumber)).toEqual(['16695054']);
    expect(issues).toEqual([
      { reason: 'unreadable continuity number in parentContinuityBag: parent "12/34", child "17248024"', value: bad },
    ]);
  });
});

describe('mapFileWrapperRecord: transactions', () => {
  it('keeps order and same-day duplicates, trims code and text', () => {
    const events = [
      { eventCode: 'EML_NTR ', eventDescriptionText: ' Email Notification', eventDate: '2023-10-03' },
      { eventCode: 'EML_NTR', eventDescriptionText: 'Email Notification', eventDate: '2023-10-03' },
      { eventCode: 'MN/=.', eventDate: '2023-01-10' },
    ];
    const { record: r } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', eventDataBag: events }));
    expect(r.transactions).toEqual([
      { date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' },
      { date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' },
      { date: '2023-01-10', code: 'MN/=.', description: '' },
    ]);
  });
  it('reports events without a usable date or code and keeps the record', () => {
    const noDate = { eventCode: 'CTNF', eventDescriptionText: 'Non-Final Rejection', eventDate: '0001-01-01' };
    const noCode = { eventCode: ' ', eventDate: '2023-01-10' };
    const { record: r, issues } = record(mapFileWrapperRecord({ applicationNumberText: '17248024', eventDataBag: [noDate, noCode, 'x'] }));
    expect(r.transactions).toEqual([]);
    expect(issues.map((i) => i.reason)).toEqual([
      'transaction event dropped: unusable eventDate "0001-01-01"',
      'transaction event dropped: no eventCode',
      'transaction event dropped: not an object',
    ]);
  });
});

describe('mapFileWrapperRecord: rejects', () => {
  it('rejects a missing or unreadable application number', () => {
    expect(mapFileWrapperRecord({ applicationNumberText: '1724802' })).toEqual({
      ok: false,
      reason: 'unreadable applicationNumberText: "1724802"',
    });
    const missing = mapFileWrapperRecord({ count: 45, documentBag: [] });
    expect(missing).toEqual({ ok: false, reason: 'unreadable applicationNumberText: (absent); object keys: count, documentBag' });
  });
  it('accepts an application number given as a JSON number', () => {
    expect(record(mapFileWrapperRecord({ applicationNumberText: 17248024 })).record.applicationNumber).toBe('17248024');
  });
  it('rejects values that are not objects', () => {
    expect(mapFileWrapperRecord([1])).toEqual({ ok: false, reason: 'record is not a JSON object (got an array)' });
    expect(mapFileWrapperRecord('17248024')).toEqual({ ok: false, reason: 'record is not a JSON object (got a string)' });
    expect(mapFileWrapperRecord(null)).toEqual({ ok: false, reason: 'record is not a JSON object (got null)' });
  });
  it('rejects PEDS legacy records with a clear reason', () => {
    expect(mapFileWrapperRecord({ applId: '08910294', appStatus: 'Patented Case' })).toEqual({
      ok: false,
      reason: 'PEDS legacy record is not supported (applId "08910294")',
    });
  });
});
