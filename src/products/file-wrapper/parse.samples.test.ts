import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, onlyRecord, records, rejects, summary } from '../../../test/helpers/parsed-items.js';
import { SAMPLES_DIR, samplesPresent } from '../../../test/helpers/samples.js';
import { parseFileWrapperFile } from './parse.js';
import type { FileWrapperRecord } from './record.js';

// The parser on every real ODP sample; the layouts it detects are tested in parse.test.ts.

const samplesDir = SAMPLES_DIR;
const fileWrapperDir = path.join(samplesDir, 'file-wrapper-json');
const haveSamples = samplesPresent('file-wrapper-json');

describe.skipIf(!haveSamples)('real ODP samples (samples/file-wrapper-json)', () => {
  const v1 = (name: string): string => path.join(fileWrapperDir, 'odp-v1', name);
  const beta = path.join(fileWrapperDir, 'odp-beta-2024', 'patentBag.sample.json');

  it('parses every odp-v1 and odp-beta-2024 file without rejecting a record', async () => {
    const files = ['odp-v1', 'odp-beta-2024'].flatMap((d) =>
      readdirSync(path.join(fileWrapperDir, d)).map((f) => path.join(fileWrapperDir, d, f)),
    );
    expect(files.length).toBeGreaterThanOrEqual(12);
    let total = 0;
    for (const file of files) {
      const items = await collect(parseFileWrapperFile(file));
      if (file.endsWith('17248024.documents.json')) {
        // `/documents` answers {count, documentBag}: document metadata, not file wrapper records.
        expect(summary(items)).toEqual(['-#0 !unreadable applicationNumberText: (absent); object keys: count, documentBag']);
        continue;
      }
      expect(rejects(items), file).toEqual([]);
      total += records(items).length;
    }
    expect(total).toBe(10 + 4);
  });

  it('maps the full record of 17248024 (odp-v1/17248024.application.json)', async () => {
    const r = await onlyRecord(v1('17248024.application.json'));
    expect(r.applicationNumber).toBe('17248024');
    expect(r.metadata).toMatchObject({
      statusCode: 150,
      statusDescription: 'Patented Case',
      statusDate: '2023-04-19',
      patentNumber: '11646472',
      grantDate: '2023-05-09',
      examinerName: 'DOVE, TRACY MAE',
      artUnit: '1727',
      entityStatus: 'undiscounted',
      filingDate: '2021-01-05',
      publicationNumber: 'US20210210819A1',
      publicationDate: '2021-07-08',
      applicantName: 'PolyPlus Battery Company',
      customerNumber: '22434',
      firstInventorToFile: false,
      applicationType: 'UTL',
    });
    expect(r.metadata?.cpc[0]).toBe('H01M 50/46');
    expect(r.metadata?.cpc).toContain('H01M 2004/027');
    expect(r.metadata?.cpc).toContain('Y02E 60/10');
    expect(r.metadata?.cpc).toHaveLength(20);
    expect(r.parents).toHaveLength(12);
    expect(r.parents).toContainEqual({
      parentNumber: '16695054',
      childNumber: '17248024',
      relationship: 'CON',
      relationshipDescription: 'is a Continuation of',
      filingDate: '2019-11-25',
      statusCode: 250,
      statusDescription: 'Patent Expired Due to NonPayment of Maintenance Fees Under 37 CFR 1.362',
      patentNumber: '10916753',
    });
    expect(r.parents).toContainEqual(
      expect.objectContaining({ parentNumber: '15487364', childNumber: '16695054', relationship: 'CON', patentNumber: '10529971' }),
    );
    expect(r.children).toEqual([]);
    expect(r.transactions).toHaveLength(61);
    expect(r.transactions?.[0]).toEqual({ date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' });
    expect(r.transactions?.[60]).toEqual({ date: '2021-01-05', code: 'IEXX', description: 'Initial Exam Team nn' });
    expect(r.ptaDays).toBe(304);
    expect(r.lastIngestionAt).toBe('2026-05-02T13:00:02');
  });

  it('gives partial records for sub-endpoint responses', async () => {
    const tx = await onlyRecord(v1('17248024.transactions.json'));
    expect(tx.metadata).toBeNull();
    expect(tx.parents).toBeNull();
    expect(tx.children).toBeNull();
    expect(tx.ptaDays).toBeNull();
    expect(tx.transactions).toHaveLength(61);
    expect(tx.transactions?.[0]).toEqual({ date: '2023-10-03', code: 'EML_NTR', description: 'Email Notification' });

    const continuity = await onlyRecord(v1('17248024.continuity.json'));
    expect(continuity.metadata).toBeNull();
    expect(continuity.transactions).toBeNull();
    expect(continuity.parents).toHaveLength(12);
    expect(continuity.children).toEqual([]);

    const pta = await onlyRecord(v1('17248024.adjustment.json'));
    expect(pta.ptaDays).toBe(304);
    expect(pta.metadata).toBeNull();
    expect(pta.transactions).toBeNull();

    const nothing = await onlyRecord(v1('17248024.foreign-priority.json'));
    expect(nothing).toMatchObject({ applicationNumber: '17248024', metadata: null, transactions: null, parents: null, children: null });
  });

  it('reads a bare record object (odp-v1/16123456.application.record.json)', async () => {
    const r = await onlyRecord(v1('16123456.application.record.json'));
    expect(r.metadata).toMatchObject({
      patentNumber: '10902286',
      grantDate: '2021-01-26',
      examinerName: 'SABOURI, MAZDA',
      artUnit: '2641',
    });
    expect(r.metadata?.cpc[0]).toBe('G06N 3/08');
    expect(r.parents).toEqual([]);
    expect(r.children).toEqual([
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
    expect(r.ptaDays).toBe(127);
    expect(r.transactions?.[0]?.code).toBe('M1551');
  });

  it("reads a record's assignmentBag in the assignment files' terms (odp-v1/16123456.application.record.json)", async () => {
    const r = await onlyRecord(v1('16123456.application.record.json'));
    // The bag's one entry: reelNumber 46816, frameNumber 108, the region code JPX (Japan, not a state).
    expect(r.recordations).toEqual([
      {
        reelFrame: '046816/0108',
        recordedDate: '2018-09-07',
        pageCount: 3,
        conveyanceText: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
        conveyanceType: 'assignment',
        assignors: [{ name: 'KANADA, SHOJI', executionDate: '2018-07-11' }],
        assignees: [
          {
            name: 'FUJIFILM CORPORATION',
            address: { lines: ['26-30, NISHIAZABU 2-CHOME, MINATO-KU'], city: 'TOKYO', state: null, postcode: '106-8620', country: 'JP' },
          },
        ],
      },
    ]);
    // A full record without the bag has none (17248024's full record omits it).
    expect((await onlyRecord(v1('17248024.application.json'))).recordations).toEqual([]);
  });

  it('gives a partial record of the bag alone for the /assignment answers, v1 and beta', async () => {
    const v1Answer = await onlyRecord(v1('15000001.assignment.json'));
    expect(v1Answer).toMatchObject({ applicationNumber: '15000001', metadata: null, transactions: null, parties: null });
    expect(v1Answer.recordations).toHaveLength(1);
    expect(v1Answer.recordations![0]).toMatchObject({
      reelFrame: '038323/0190',
      recordedDate: '2016-04-19',
      conveyanceType: 'assignment',
      assignees: [{ name: 'SAMSUNG ELECTRONICS CO., LTD', address: { city: 'SUWON-SI, GYEONGGI-DO', country: 'KOREA, REPUBLIC OF' } }],
    });
    expect(v1Answer.recordations![0]!.assignors).toHaveLength(9);
    // The beta's reel/frame "049654/016" padded as the assignment files write it; names with umlauts as printed.
    const betaAnswer = await onlyRecord(path.join(fileWrapperDir, 'odp-beta-2024-09', '16330077.assignment.json'));
    expect(betaAnswer.recordations).toEqual([
      expect.objectContaining({
        reelFrame: '049654/0016',
        recordedDate: '2019-07-02',
        assignees: [
          {
            name: 'CARL ZEISS MEDITEC AG',
            address: { lines: ['GÖSCHWITZER STR. 51 - 52'], city: 'JENA', state: null, postcode: '07745', country: 'DE' },
          },
        ],
      }),
    ]);
    expect(betaAnswer.recordations![0]!.assignors.map((a) => a.name)).toContain('GÜNTZSCHEL, MICHAEL');
  });

  it('keeps the OPAP / CENTRAL, DOCKET placeholders and trusts the "Small" category (odp-v1/18597857)', async () => {
    const r = await onlyRecord(v1('18597857.search.sorted-keys.json'));
    expect(r.metadata).toMatchObject({
      statusCode: 30,
      artUnit: 'OPAP',
      examinerName: 'CENTRAL, DOCKET',
      entityStatus: 'small',
      publicationNumber: 'US20240362478A1',
      firstInventorToFile: true,
    });
    expect(r.transactions).toHaveLength(24);
  });

  it('maps the beta abandoned, PCT, reexam and Hague design records (odp-beta-2024/patentBag.sample.json)', async () => {
    const items = await collect(parseFileWrapperFile(beta));
    expect(rejects(items)).toEqual([]);
    expect(summary(items)).toEqual(['-#0 15123456', '-#1 PCT/US2007/019317', '-#2 90019500', '-#3 35520496']);
    const [abandoned, pct, reexam, hague] = records(items) as [FileWrapperRecord, FileWrapperRecord, FileWrapperRecord, FileWrapperRecord];

    expect(abandoned.metadata).toMatchObject({
      statusCode: 161,
      statusDescription: 'Abandoned  --  Failure to Respond to an Office Action',
      entityStatus: 'small',
      publicationNumber: 'US20170071586A1',
      artUnit: '3775',
      firstInventorToFile: true,
    });
    expect(abandoned.metadata?.cpc).toEqual([
      'A61B 13/00',
      'A61B 2017/320052',
      'A61B 17/02',
      'A61B 2017/00814',
      'A61B 17/24',
      'A61B 17/244',
    ]);
    expect(abandoned.parents?.map((l) => [l.parentNumber, l.childNumber, l.relationship])).toEqual([
      ['PCT/US2015/027322', '15123456', 'NST'],
      ['61983088', 'PCT/US2015/027322', 'PRO'],
    ]);
    expect(abandoned.children).toEqual([expect.objectContaining({ parentNumber: '15123456', childNumber: '16132008', statusCode: 160 })]);
    expect(abandoned.transactions).toHaveLength(46);

    expect(pct.metadata).toMatchObject({
      statusCode: 218,
      statusDescription: 'RO PROCESSING COMPLETED-PLACED IN STORAGE',
      applicationType: 'PCT',
    });
    expect(pct.children).toEqual([
      expect.objectContaining({ parentNumber: 'PCT/US2007/019317', childNumber: '12377761', relationship: 'NST', patentNumber: '8053613' }),
    ]);
    expect(pct.ptaDays).toBeNull();

    expect(reexam.metadata).toMatchObject({
      statusCode: 412,
      statusDescription: 'Reexam Assigned to Examiner for Determination',
      artUnit: '3992',
    });
    expect(reexam.parents?.[0]).toMatchObject({
      parentNumber: '11614429',
      childNumber: '90019500',
      relationship: 'REX',
      patentNumber: '8738103',
    });

    expect(hague.metadata).toMatchObject({ statusCode: 30, applicationType: 'DES', artUnit: '2900', applicantName: 'MECALUX, S.A.' });
    expect(hague.parents).toEqual([]);
    expect(hague.transactions?.[0]).toEqual({ date: '2024-05-06', code: 'DOCK', description: 'Case Docketed to Examiner in GAU' });
  });

  it('reports PEDS legacy records one by one instead of dropping them', async () => {
    const items = await collect(parseFileWrapperFile(path.join(fileWrapperDir, 'peds-legacy', '16123456.peds-response.json')));
    expect(summary(items)).toEqual(['-#0 !PEDS legacy record is not supported (applId "16123456")']);
  });
});
