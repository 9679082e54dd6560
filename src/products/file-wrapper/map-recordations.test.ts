import { describe, expect, it } from 'vitest';
import { mapRecordations } from './map-recordations.js';
import type { MapIssue } from './record.js';

const entry = (fields: Record<string, unknown>) => ({
  assignmentRecordedDate: '2022-07-11',
  conveyanceText: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
  ...fields,
});

describe('mapRecordations', () => {
  it('pads the reel/frame as the assignment files write it, from numbers, strings or the combined text', () => {
    const issues: MapIssue[] = [];
    const read = mapRecordations(
      [
        // The office's own example: strings, and the combined text unpadded.
        entry({ reelNumber: '60620', frameNumber: '769', reelAndFrameNumber: '60620/769' }),
        entry({ reelAndFrameNumber: '038323/0190' }),
        entry({ 'reelNumber/frameNumber': '049654/016' }),
      ],
      issues,
    );
    expect(read.map((r) => r.reelFrame)).toEqual(['060620/0769', '038323/0190', '049654/0016']);
    expect(issues).toEqual([]);
  });

  it('drops and reports an entry without a key or date, a second copy of one reel/frame, and a party without a name', () => {
    const issues: MapIssue[] = [];
    const read = mapRecordations(
      [
        entry({ reelNumber: 1, frameNumber: 2, assignorBag: [{ assignorName: ' ' }, { assignorName: 'DOE, JANE' }] }),
        entry({ reelNumber: 1, frameNumber: 2 }),
        entry({ reelAndFrameNumber: '1234567/1' }),
        entry({ reelNumber: 3, frameNumber: 4, assignmentRecordedDate: null }),
        'text',
      ],
      issues,
    );
    expect(read).toHaveLength(1);
    expect(read[0]!.assignors).toEqual([{ name: 'DOE, JANE', executionDate: null }]);
    expect(issues.map((i) => i.reason)).toEqual([
      'assignor dropped: no name',
      'assignmentBag entry dropped: reel/frame 000001/0002 given twice',
      'assignmentBag entry dropped: unreadable reel/frame "1234567/1"',
      'assignmentBag entry dropped: no assignmentRecordedDate',
      'assignmentBag entry dropped: not an object',
    ]);
  });

  it("reads a state as a state, and the office's foreign-country region code as the country", () => {
    const assigneeBag = [
      { assigneeNameText: 'ACME LLC', assigneeAddress: { cityName: 'AUSTIN', geographicRegionCode: 'TX', postalCode: '78701' } },
      { assigneeNameText: 'ZEISS AG', assigneeAddress: { cityName: 'JENA', geographicRegionCode: 'DEX' } },
      { assigneeNameText: 'SAMSUNG', assigneeAddress: { geographicRegionCode: 'KRX', countryName: 'KOREA, REPUBLIC OF' } },
      { assigneeNameText: 'NOBODY' },
    ];
    const [read] = mapRecordations([entry({ reelNumber: 5, frameNumber: 6, assigneeBag })], []);
    expect(read!.assignees.map((a) => [a.address.state, a.address.country])).toEqual([
      ['TX', null],
      [null, 'DE'],
      [null, 'KOREA, REPUBLIC OF'],
      [null, null],
    ]);
  });
});
