import { describe, expect, it } from 'vitest';
import { parseFeeLine } from './parse-line.js';

// Lines written in the office's layout (MaintFeeEventsFileDocumentation.txt), not copied from its samples.
const UTILITY = '0000004287053 06218896 N 19801222 19810901 19850211 M170 ';

describe('a MaintFeeEvents line', () => {
  it('reads every field of a full 57-character line', () => {
    expect(parseFeeLine(UTILITY)).toEqual({
      patentNumber: '4287053',
      applicationNumber: '06218896',
      entityStatus: 'undiscounted',
      filingDate: '1980-12-22',
      grantDate: '1981-09-01',
      eventDate: '1985-02-11',
      code: 'M170',
    });
  });

  it('accepts a right-trimmed line and keeps the period of EXP. and REM.', () => {
    expect(parseFeeLine('0000006788804 09580412 Y 20000526 20040907 20080317 REM.')).toMatchObject({ code: 'REM.', entityStatus: 'small' });
    expect(parseFeeLine('0000006788804 09580412 M 20000526 20040907 20081020 EXP.  ')).toMatchObject({
      code: 'EXP.',
      entityStatus: 'micro',
    });
    expect(parseFeeLine('0000006788974 09940512 Y 20010827 20040907 20080307 M2551')).toMatchObject({ code: 'M2551' });
  });

  it('reads ? and blank entity status as not available', () => {
    expect(parseFeeLine('0000006788804 09580412 ? 20000526 20040907 20080317 REM.')).toMatchObject({ entityStatus: null });
    expect(parseFeeLine('0000006788804 09580412   20000526 20040907 20080317 REM.')).toMatchObject({ entityStatus: null });
  });

  it('reads reissue numbers however RE is padded into the 13 positions', () => {
    expect(parseFeeLine('RE00000049257 14123456 N 20140101 20200101 20230701 M1551')).toMatchObject({ patentNumber: 'RE49257' });
    expect(parseFeeLine('000000RE49257 14123456 N 20140101 20200101 20230701 M1551')).toMatchObject({ patentNumber: 'RE49257' });
    expect(parseFeeLine('      RE49257 14123456 N 20140101 20200101 20230701 M1551')).toMatchObject({ patentNumber: 'RE49257' });
  });

  it('refuses lines that do not fit the layout, saying why', () => {
    const reason = (line: string) => (parseFeeLine(line) as { reason: string }).reason;
    // The older 7-character patent layout some third parties describe: not guessed at.
    expect(reason('4287053 06218896 N 19801222 19810901 19850211 M170')).toMatch(/at least 53/);
    expect(reason('4287053 06218896 N 19801222 19810901 19850211 M1551 XYZ')).toMatch(/column 14 should be the space/);
    expect(reason(`${UTILITY}EXTRA`)).toMatch(/62 characters long/);
    expect(reason('0000004287053 06218896 N 19801222 19810901')).toMatch(/at least 53/);
    expect(reason('00000042870X3 06218896 N 19801222 19810901 19850211 M170')).toMatch(/patent number "00000042870X3"/);
    expect(reason('0000000000000 06218896 N 19801222 19810901 19850211 M170')).toMatch(/patent number/);
    expect(reason('0000004287053 0621889A N 19801222 19810901 19850211 M170')).toMatch(/application number "0621889A"/);
    expect(reason('0000004287053 06218896 X 19801222 19810901 19850211 M170')).toMatch(/entity status "X"/);
    expect(reason('0000004287053 06218896 N 19810229 19810901 19850211 M170')).toMatch(/filing date "19810229"/);
    expect(reason('0000004287053 06218896 N 19801222 19811301 19850211 M170')).toMatch(/grant date/);
    expect(reason('0000004287053 06218896 N 19801222 19810901 00000000 M170')).toMatch(/event entry date/);
    expect(reason('0000004287053 06218896 N 19801222 19810901 19850211 m-70')).toMatch(/event code "m-70"/);
  });
});
