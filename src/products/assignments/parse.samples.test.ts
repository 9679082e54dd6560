import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR, samplesPresent } from '../../../test/helpers/samples.js';
import { parseAssignmentFile } from './parse.js';
import type { AssignmentItem, AssignmentRecord } from './record.js';

// The parser on the real daily assignment excerpts (samples/assignment-xml). Every value asserted
// here was read off the XML by hand.

const dir = path.join(SAMPLES_DIR, 'assignment-xml');
const haveSamples = samplesPresent('assignment-xml');

async function items(name: string): Promise<AssignmentItem[]> {
  const out: AssignmentItem[] = [];
  for await (const item of parseAssignmentFile(path.join(dir, name))) out.push(item);
  return out;
}

function recordsOf(all: AssignmentItem[]): AssignmentRecord[] {
  return all.flatMap((i) => (i.kind === 'record' ? [i.record] : []));
}

function byReelFrame(records: AssignmentRecord[], reelFrame: string): AssignmentRecord {
  const found = records.find((r) => r.reelFrame === reelFrame);
  if (found === undefined) throw new Error(`no record ${reelFrame}`);
  return found;
}

describe.skipIf(!haveSamples)('real assignment XML samples (samples/assignment-xml)', () => {
  let july: AssignmentItem[] = [];
  let january: AssignmentItem[] = [];
  let julyRecords: AssignmentRecord[] = [];
  let januaryRecords: AssignmentRecord[] = [];
  beforeAll(async () => {
    july = await items('ad20150727.excerpt.xml');
    january = await items('ad20160101.excerpt.xml');
    julyRecords = recordsOf(july);
    januaryRecords = recordsOf(january);
  });

  it('reads every record of both files, header first, without a reject', () => {
    expect(july.filter((i) => i.kind === 'reject')).toEqual([]);
    expect(january.filter((i) => i.kind === 'reject')).toEqual([]);
    expect(july[0]).toEqual({ kind: 'header', actionKeyCode: 'DA', transactionDate: '2015-07-27' });
    expect(january[0]).toEqual({ kind: 'header', actionKeyCode: 'DA', transactionDate: '2016-01-01' });
    expect(julyRecords).toHaveLength(19);
    expect(januaryRecords).toHaveLength(18);
    expect(julyRecords.flatMap((r) => r.properties)).toHaveLength(161);
    expect(januaryRecords.flatMap((r) => r.properties)).toHaveLength(77);
    const positions = january.flatMap((i) => (i.kind === 'record' ? [i.position] : []));
    expect(positions.at(-1)).toEqual({ member: null, index: 17 });
  });

  it('reads the purged record and its X0/A1/B2 property', () => {
    expect(julyRecords.filter((r) => r.purged).map((r) => r.reelFrame)).toEqual(['019091/0278']);
    const purged = byReelFrame(julyRecords, '019091/0278');
    expect(purged).toMatchObject({ reel: 19091, frame: 278, recordedDate: '2007-03-20', lastUpdateDate: '2015-07-27', pageCount: 4 });
    expect(purged.correspondent).toEqual({ name: 'BRINKS HOFER GILSON & LIONE', lines: ['P.O. BOX 10395', 'CHICAGO, IL 60610'] });
    expect(purged.assignors.map((a) => [a.name, a.executionDate])).toEqual([
      ['WEYER, LAWRENCE A.', '2007-03-15'],
      ['PAGE, ROBERT J.', '2007-03-06'],
      ['OJJEH, BASSEL', '2007-03-15'],
    ]);
    expect(purged.assignees).toEqual([
      {
        name: 'YAHOO! INC.',
        nameType: null,
        address: { lines: ['701 FIRST AVENUE'], city: 'SUNNYVALE', state: 'CALIFORNIA', postcode: '94089', country: null },
      },
    ]);
    expect(purged.properties).toEqual([
      {
        applicationNumber: '11726014',
        filingDate: '2007-03-20',
        patentNumber: '9081044',
        grantDate: '2015-07-14',
        publicationNumber: '20130267033',
        publicationDate: '2013-10-10',
        internationalRegistration: null,
        title: 'DETECTION CELL WITH CONTROLLED POWER DISSIPATION',
      },
    ]);
  });

  it('reads multi-property recordations and foreign addresses', () => {
    const termination = byReelFrame(julyRecords, '036176/0079');
    expect(termination.properties).toHaveLength(102);
    expect(termination).toMatchObject({ conveyanceText: 'TERMINATION OF LICENSE AGREEMENT', conveyanceType: 'other', pageCount: 26 });
    expect(byReelFrame(julyRecords, '036174/0446').properties).toHaveLength(27);
    expect(byReelFrame(januaryRecords, '037388/0370').properties).toHaveLength(28);
    const security = byReelFrame(julyRecords, '036140/0149');
    expect(security).toMatchObject({ conveyanceText: 'PATENT SECURITY AGREEMENT', conveyanceType: 'security_interest' });
    expect(security.properties).toHaveLength(6);
    expect(security.assignors[0]?.name).toBe('IRONSHORE PHARMACEUTICALS & DEVELOPMENT, INC.');
    expect(security.assignees[0]?.address).toEqual({
      lines: ['89 NEXUS WAY, 3RD FLOOR', 'SUITE #8303'],
      city: 'CAMANA BAY, GRAND CAYMAN',
      state: null,
      postcode: null,
      country: 'CAYMAN ISLANDS',
    });
    expect(byReelFrame(julyRecords, '032207/0025').assignees[0]?.address).toEqual({
      lines: ['129, SAMSUNG-RO, YEONGTONG-GU, GYEONGGI-DO'],
      city: 'SUWON-SI',
      state: null,
      postcode: '443-742',
      country: 'KOREA, REPUBLIC OF',
    });
    expect(byReelFrame(januaryRecords, '037389/0399').assignors[0]?.name).toBe('J\u00dcNEMANN, RALF');
    expect(byReelFrame(januaryRecords, '037391/0423').assignors[0]?.name).toBe('H\u00d6GSTEDT, CHRISTIAN');
  });

  it('types every conveyance of the samples', () => {
    const types = (records: AssignmentRecord[]): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const r of records) out[r.conveyanceType] = (out[r.conveyanceType] ?? 0) + 1;
      return out;
    };
    expect(types(julyRecords)).toEqual({
      assignment: 4,
      security_interest: 5,
      release: 1,
      change_of_name: 2,
      license: 2,
      correction: 2,
      government_interest: 1,
      other: 2,
    });
    expect(types(januaryRecords)).toEqual({ assignment: 9, merger: 4, change_of_name: 1, release: 2, security_interest: 2 });
    expect(byReelFrame(julyRecords, '036174/0044')).toMatchObject({
      conveyanceText: 'LICENSE (SEE DOCUMENT FOR DETAILS).',
      conveyanceType: 'license',
    });
    expect(byReelFrame(julyRecords, '036169/0614').conveyanceType).toBe('license');
    expect(byReelFrame(julyRecords, '036169/0973').conveyanceType).toBe('government_interest');
    expect(byReelFrame(julyRecords, '036175/0769').conveyanceType).toBe('change_of_name');
    const merger = byReelFrame(januaryRecords, '037392/0358');
    expect(merger).toMatchObject({ conveyanceText: 'MERGER (SEE DOCUMENT FOR DETAILS).', conveyanceType: 'merger' });
    expect(merger.assignors.map((a) => a.name)).toEqual(['HAUGH TELECOM LLC']);
    expect(merger.assignees[0]).toMatchObject({
      name: 'NYTELL SOFTWARE LLC',
      address: { lines: ['2711 CENTERVILLE RD', 'SUITE 400'], state: 'DELAWARE' },
    });
    expect(merger.correspondent?.name).toBe('MEYERTONS, HOOD, KIVLIN, KOWERT& GOETZEL');
    const nunc = byReelFrame(januaryRecords, '037389/0833');
    expect(nunc.conveyanceType).toBe('assignment');
    expect(nunc.assignees.map((a) => a.name)).toEqual(['ANDERSON, SETH I', 'ANDERSON, DOUGLAS D']);
  });

  it('places design, reissue, pre-2001 and published-only properties', () => {
    expect(byReelFrame(julyRecords, '036170/0047').properties[0]).toMatchObject({
      applicationNumber: '29105282',
      patentNumber: 'D428904',
      grantDate: '2000-08-01',
      publicationNumber: null,
    });
    expect(byReelFrame(januaryRecords, '037389/0970').properties[0]).toMatchObject({
      applicationNumber: '10255988',
      patentNumber: 'RE40471',
    });
    expect(byReelFrame(januaryRecords, '037392/0680').properties.map((p) => p.patentNumber)).toEqual([
      '6954790',
      '7333482',
      'RE42871',
      '7155518',
    ]);
    expect(byReelFrame(julyRecords, '036155/0501').properties[0]).toMatchObject({
      applicationNumber: '09040429',
      patentNumber: '5971477',
      grantDate: '1999-10-26',
    });
    expect(byReelFrame(januaryRecords, '037388/0106').properties[0]).toMatchObject({
      applicationNumber: '14434207',
      patentNumber: null,
      publicationNumber: '20150260729',
      publicationDate: '2015-09-17',
    });
    expect(byReelFrame(januaryRecords, '037388/0092').properties[0]).toMatchObject({
      publicationNumber: '20150215460',
      patentNumber: '9219817',
    });
    // Every property of both files has its application number (all are X0 there).
    expect([...julyRecords, ...januaryRecords].flatMap((r) => r.properties).filter((p) => p.applicationNumber === null)).toEqual([]);
  });
});
