import { describe, expect, it } from 'vitest';
import { currentOwner, type Recordation } from './ownership.js';

const rec = (
  reelFrame: string,
  recordedDate: string,
  conveyanceType: Recordation['conveyanceType'],
  assignors: string[],
  assignees: string[],
  conveyanceText = '',
): Recordation => ({
  reelFrame,
  recordedDate,
  executedDate: null,
  conveyanceType,
  conveyanceText,
  assignors,
  assignees,
});

const fromInventors = rec('030000/0001', '2013-01-10', 'assignment', ['SMITH, JOHN', 'DOE, JANE'], ['ACME CORPORATION']);

describe('currentOwner', () => {
  it('is the assignee of the latest transfer; a license or a security interest moves nothing', () => {
    const owner = currentOwner([
      fromInventors,
      rec('031000/0002', '2014-03-01', 'license', ['ACME CORP.'], ['LICENSEE GMBH']),
      rec('032000/0003', '2015-05-05', 'security_interest', ['ACME CORP'], ['BANK OF LENDERS, N.A. AS AGENT']),
    ]);
    expect(owner.owner).toEqual({
      names: ['ACME CORPORATION'],
      entity_ids: [null],
      reel_frame: '030000/0001',
      recorded_date: '2013-01-10',
      conveyance_type: 'assignment',
    });
    expect(owner.security_interests).toEqual([
      { reel_frame: '032000/0003', recorded_date: '2015-05-05', secured_parties: ['BANK OF LENDERS, N.A. AS AGENT'] },
    ]);
  });

  it('follows a merger and a change of name, and drops a security interest its secured party released', () => {
    const owner = currentOwner([
      fromInventors,
      rec('032000/0003', '2015-05-05', 'security_interest', ['ACME CORP'], ['BANK OF LENDERS']),
      rec('033000/0004', '2016-01-01', 'release', ['Bank of Lenders'], ['ACME CORP']),
      rec('034000/0005', '2017-02-02', 'merger', ['Acme Corp.'], ['ROADRUNNER HOLDINGS INC']),
      rec('035000/0006', '2018-03-03', 'change_of_name', ['ROADRUNNER HOLDINGS, INC.'], ['ROADRUNNER LLC']),
    ]);
    expect(owner.owner?.names).toEqual(['ROADRUNNER LLC']);
    expect(owner.owner?.conveyance_type).toBe('change_of_name');
    expect(owner.security_interests).toEqual([]);
  });

  it('counts a corrective assignment as the transfer it corrects', () => {
    const corrected = rec(
      '036000/0007',
      '2019-01-01',
      'correction',
      ['SMITH, JOHN', 'DOE, JANE'],
      ['ACME CORPORATION'],
      'CORRECTIVE ASSIGNMENT TO CORRECT THE ASSIGNEE NAME PREVIOUSLY RECORDED AT REEL: 030000 FRAME: 0001',
    );
    expect(currentOwner([fromInventors, corrected]).owner?.reel_frame).toBe('036000/0007');
    const coversheet = rec(
      '036000/0008',
      '2019-01-02',
      'correction',
      ['ACME'],
      ['ACME'],
      'CORRECTION TO THE FIRST INVENTOR NAME ON THE COVERSHEET',
    );
    expect(currentOwner([fromInventors, coversheet]).owner?.reel_frame).toBe('030000/0001');
  });

  it('orders by when the parties signed: an inventors’ assignment signed before a merger but recorded after it comes first', () => {
    const signed = { ...fromInventors, reelFrame: '045209/0041', recordedDate: '2018-10-17', executedDate: '2018-09-01' };
    const merger = { ...rec('045110/0028', '2018-10-04', 'merger', ['ACME CORPORATION'], ['NORDLICHT GMBH']), executedDate: '2018-10-01' };
    expect(currentOwner([signed, merger]).owner?.names).toEqual(['NORDLICHT GMBH']);
  });

  it('says null with a reason when nothing moves ownership or the last transfer does not come from the holder', () => {
    expect(currentOwner([]).owner).toBeNull();
    expect(currentOwner([rec('031000/0002', '2014-03-01', 'license', ['A'], ['B'])]).reason).toMatch(
      /no recordation on file moves ownership/,
    );
    const broken = currentOwner([fromInventors, rec('037000/0009', '2020-01-01', 'assignment', ['STRANGER LTD'], ['BUYER INC'])]);
    expect(broken.owner).toBeNull();
    expect(broken.reason).toBe(
      'the chain is broken: 037000/0009 transfers from STRANGER LTD, but the holder after 030000/0001 is ACME CORPORATION',
    );
  });
});
