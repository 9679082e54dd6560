import { describe, expect, it } from 'vitest';
import {
  examinerNameFromParts,
  formatApplicationNumber,
  formatPublicationNumber,
  isPlaceholderExaminer,
  latestPublicationKind,
  normalizeExaminerName,
  parseAnyApplicationNumber,
  parseApplicationNumber,
  parsePatentNumber,
  parsePctNumber,
  parsePublicationNumber,
  parseTrialNumber,
  patentNumberXmlForm,
  patentType,
  publicationKindRank,
  trialType,
} from './numbers.js';

// Sample paths are relative to /work/shared/samples.

describe('parseApplicationNumber', () => {
  it('accepts the plain 8 digits (file-wrapper-json/odp-v1/17248024.application.json)', () => {
    expect(parseApplicationNumber('17248024')).toBe('17248024');
  });
  it('ignores the slash and comma of the display form', () => {
    expect(parseApplicationNumber('17/248,024')).toBe('17248024');
  });
  it('ignores spaces, tabs and surrounding whitespace', () => {
    expect(parseApplicationNumber('17 248 024')).toBe('17248024');
    expect(parseApplicationNumber(' 17/248,024\t')).toBe('17248024');
  });
  it('ignores URL-encoded separators in either case', () => {
    expect(parseApplicationNumber('17%2F248%2C024')).toBe('17248024');
    expect(parseApplicationNumber('17%2f248%2c024')).toBe('17248024');
    expect(parseApplicationNumber('17%20248%20024')).toBe('17248024');
  });
  it('keeps leading zeros (peds-legacy/peds-docs.sample.json)', () => {
    expect(parseApplicationNumber('08910294')).toBe('08910294');
    expect(parseApplicationNumber('08/910,294')).toBe('08910294');
  });
  it('rejects 7 and 9 digits instead of padding or truncating', () => {
    expect(parseApplicationNumber('1724802')).toBeNull();
    expect(parseApplicationNumber('172480241')).toBeNull();
  });
  it('rejects letters, hyphens and PCT numbers', () => {
    expect(parseApplicationNumber('1724802A')).toBeNull();
    expect(parseApplicationNumber('US17248024')).toBeNull();
    expect(parseApplicationNumber('PCT/US07/19317')).toBeNull();
  });
  it('rejects foreign priority numbers (odp-v1/16123456.application.record.json, 18597857.search)', () => {
    expect(parseApplicationNumber('2017-187096')).toBeNull();
    expect(parseApplicationNumber('2023104556449')).toBeNull();
    // grant-xml/ipg050104.excerpt.xml priority claim: no US series 00 exists
    expect(parseApplicationNumber('00/51198')).toBeNull();
  });
  it('rejects empty input', () => {
    expect(parseApplicationNumber('')).toBeNull();
    expect(parseApplicationNumber(' / , ')).toBeNull();
  });
  it('formats the display form', () => {
    expect(formatApplicationNumber('17248024')).toBe('17/248,024');
    expect(formatApplicationNumber('08910294')).toBe('08/910,294');
    expect(() => formatApplicationNumber('1724802')).toThrow(RangeError);
  });
});

describe('parsePatentNumber', () => {
  it('accepts ODP patentNumber strings (odp-v1/17248024.application.json)', () => {
    expect(parsePatentNumber('11646472')).toBe('11646472');
    expect(parsePatentNumber('10000000')).toBe('10000000');
  });
  it('drops leading zeros of the padded XML form (XML-FORMATS.md number formats)', () => {
    expect(parsePatentNumber('07997973')).toBe('7997973');
    expect(parsePatentNumber('D0701016')).toBe('D701016'); // grant-xml/USD0701016S1-v44.xml
    expect(parsePatentNumber('PP018398')).toBe('PP18398'); // grant-xml/ipg080101.excerpt.xml
    expect(parsePatentNumber('RE049257')).toBe('RE49257'); // grant-xml/ipgb20221025.excerpt.xml
    expect(parsePatentNumber('H0002140')).toBe('H2140'); // grant-xml/ipg060103.excerpt.xml
  });
  it('accepts unpadded prefixed numbers (assignment-xml/ad20160101.excerpt.xml, peds-docs)', () => {
    expect(parsePatentNumber('D507094')).toBe('D507094');
    expect(parsePatentNumber('RE40471')).toBe('RE40471');
    expect(parsePatentNumber('RE43134')).toBe('RE43134');
  });
  it('ignores case of the prefix and an optional US', () => {
    expect(parsePatentNumber('d701016')).toBe('D701016');
    expect(parsePatentNumber('US11646472')).toBe('11646472');
    expect(parsePatentNumber('usre49257')).toBe('RE49257');
  });
  it('ignores commas, spaces, slashes and hyphens', () => {
    expect(parsePatentNumber('11,646,472')).toBe('11646472');
    expect(parsePatentNumber('US 11,646,472 B2')).toBe('11646472');
    expect(parsePatentNumber('US-11646472-B2')).toBe('11646472');
    expect(parsePatentNumber('D701%2C016')).toBe('D701016');
  });
  it('strips a trailing grant kind code', () => {
    expect(parsePatentNumber('US11646472B2')).toBe('11646472'); // grant-xml/US11646472B2-v47.xml
    expect(parsePatentNumber('US09358892B1')).toBe('9358892'); // grant-xml/US09358892B1-v45.xml
    expect(parsePatentNumber('D701016S')).toBe('D701016');
    expect(parsePatentNumber('USD0701016S1')).toBe('D701016');
    expect(parsePatentNumber('PP18398P3')).toBe('PP18398');
    expect(parsePatentNumber('US4630610A')).toBe('4630610');
    expect(parsePatentNumber('7997973C1')).toBe('7997973');
  });
  it('reads the kind letter after the digits even when it equals the prefix letter', () => {
    expect(parsePatentNumber('RE49257E')).toBe('RE49257');
    expect(parsePatentNumber('RE049257E1')).toBe('RE49257');
    expect(parsePatentNumber('H0002140H1')).toBe('H2140');
  });
  it('rejects publication kinds and publication numbers', () => {
    expect(parsePatentNumber('11646472A1')).toBeNull();
    expect(parsePatentNumber('US20230080435A1')).toBeNull();
    expect(parsePatentNumber('2014/0167116')).toBeNull();
  });
  it('rejects zero, empty input and a bare prefix', () => {
    expect(parsePatentNumber('0')).toBeNull();
    expect(parsePatentNumber('00000000')).toBeNull();
    expect(parsePatentNumber('D0000000')).toBeNull();
    expect(parsePatentNumber('')).toBeNull();
    expect(parsePatentNumber('RE')).toBeNull();
  });
  it('rejects numbers that do not fit the 8-character XML form', () => {
    expect(parsePatentNumber('123456789')).toBeNull();
    expect(parsePatentNumber('PP1234567')).toBeNull();
    expect(parsePatentNumber('D12345678')).toBeNull();
  });
  it('rejects unknown prefixes and stray letters', () => {
    expect(parsePatentNumber('P18398')).toBeNull();
    expect(parsePatentNumber('EP1234567')).toBeNull();
    expect(parsePatentNumber('11646472Z')).toBeNull();
    expect(parsePatentNumber('116A46472')).toBeNull();
  });
  it('accepts the historical series of DOMAIN-RULES §7.4', () => {
    expect(parsePatentNumber('T103201')).toBe('T103201');
    expect(parsePatentNumber('X0004325')).toBe('X4325');
    expect(parsePatentNumber('AI0013')).toBe('AI13');
    expect(parsePatentNumber('RD0001234')).toBe('RD1234');
  });
  it('pads to the 8-character XML/IFW form', () => {
    expect(patentNumberXmlForm('7997973')).toBe('07997973');
    expect(patentNumberXmlForm('11646472')).toBe('11646472');
    expect(patentNumberXmlForm('D701016')).toBe('D0701016');
    expect(patentNumberXmlForm('PP18398')).toBe('PP018398');
    expect(patentNumberXmlForm('RE49257')).toBe('RE049257');
    expect(patentNumberXmlForm('H2140')).toBe('H0002140');
    expect(() => patentNumberXmlForm('D')).toThrow(RangeError);
  });
  it('derives the type from the prefix, matching grant XML appl-type values', () => {
    expect(patentType('11646472')).toBe('utility');
    expect(patentType('D701016')).toBe('design');
    expect(patentType('PP18398')).toBe('plant');
    expect(patentType('RE49257')).toBe('reissue');
    expect(patentType('RP123')).toBe('reissue');
    expect(patentType('H2140')).toBe('sir');
    expect(patentType('T103201')).toBe('defensive_publication');
    expect(patentType('X4325')).toBe('x_patent');
    expect(patentType('AI13')).toBe('additional_improvement');
    expect(patentType('nonsense')).toBeNull();
  });
});

describe('parsePublicationNumber', () => {
  const us2014 = { year: '2014', serial: '0167116', kind: 'A1', bareKey: '20140167116' };
  const printed2014 = { ...us2014, printed: 'US20140167116A1' };
  it('reads the canonical printed form (odp-v1/17248024.application.json)', () => {
    const parts = { year: '2021', serial: '0210819', kind: 'A1', bareKey: '20210210819' };
    const printed = 'US20210210819A1';
    expect(parsePublicationNumber(printed)).toEqual({ ...parts, printed });
  });
  it('reads the spaced ODP beta form (odp-beta-2024/patentBag.sample.json)', () => {
    expect(parsePublicationNumber('US 2017-0071586 A1')?.printed).toBe('US20170071586A1');
    expect(parsePublicationNumber('US 2014-0167116 A1')).toEqual(printed2014);
  });
  it('reads slash, compact and lower-case printed forms', () => {
    expect(parsePublicationNumber('US 2014/0167116 A1')).toEqual(printed2014);
    expect(parsePublicationNumber('US2014/0167116A1')).toEqual(printed2014);
    expect(parsePublicationNumber('us20140167116a1')).toEqual(printed2014);
    expect(parsePublicationNumber('US2014%2F0167116A1')).toEqual(printed2014);
  });
  it('reads a kind without the US prefix (ptab legacy proceedings.partyName-Apple)', () => {
    expect(parsePublicationNumber('20020023782A1')?.printed).toBe('US20020023782A1');
  });
  it('reads republication and corrected kinds (pgpub-xml/US20220160114A2-v45.xml)', () => {
    expect(parsePublicationNumber('US20220160114A2')?.kind).toBe('A2');
    expect(parsePublicationNumber('US20220160114A9')?.kind).toBe('A9');
    expect(parsePublicationNumber('US20220160114P1')?.kind).toBe('P1');
  });
  it('returns kind null for bare numbers (pgpub-xml doc-number, enriched citations)', () => {
    const bare = { ...us2014, kind: null, printed: null };
    expect(parsePublicationNumber('20140167116')).toEqual(bare);
    expect(parsePublicationNumber('2014/0167116')).toEqual(bare);
    expect(parsePublicationNumber('2014%2F0167116')).toEqual(bare);
    expect(parsePublicationNumber('20220240350')?.bareKey).toBe('20220240350');
  });
  it('zero-pads a short serial only when a separator marks where it starts', () => {
    expect(parsePublicationNumber('2014/167116')?.bareKey).toBe('20140167116');
    expect(parsePublicationNumber('2014-167116')?.bareKey).toBe('20140167116');
    expect(parsePublicationNumber('2014167116')).toBeNull();
  });
  it('rejects grant kinds, unknown kinds and a missing kind digit', () => {
    expect(parsePublicationNumber('US20140167116B2')).toBeNull();
    expect(parsePublicationNumber('US20140167116A3')).toBeNull();
    expect(parsePublicationNumber('US20140167116A')).toBeNull();
  });
  it('rejects years before pre-grant publication began, zero serials and patents', () => {
    expect(parsePublicationNumber('20000167116')).toBeNull();
    expect(parsePublicationNumber('2014/0000000')).toBeNull();
    expect(parsePublicationNumber('11646472')).toBeNull();
    expect(parsePublicationNumber('2014/01671160')).toBeNull();
    expect(parsePublicationNumber('')).toBeNull();
  });
  it('formats the printed form', () => {
    expect(formatPublicationNumber('2023', '0080435', 'A1')).toBe('US20230080435A1');
    expect(formatPublicationNumber('2023', '80435', 'a1')).toBe('US20230080435A1');
    expect(() => formatPublicationNumber('2023', '80435', 'B2')).toThrow(RangeError);
  });
  it('prefers A9 over A2 over A1 for a bare number (spec convention 4)', () => {
    expect(latestPublicationKind(['A1', 'A9', 'A2'])).toBe('A9');
    expect(latestPublicationKind(['A1', 'A2'])).toBe('A2');
    expect(latestPublicationKind(['A1'])).toBe('A1');
    expect(latestPublicationKind(['P1', 'P4'])).toBe('P4');
    expect(latestPublicationKind([])).toBeNull();
    expect(latestPublicationKind(['B2'])).toBeNull();
  });
  it('ranks kinds written with trailing spaces as XML does (XML-FORMATS.md pitfall 11)', () => {
    expect(latestPublicationKind(['A1 ', 'a2'])).toBe('A2');
    expect(publicationKindRank('A9')).toBeGreaterThan(publicationKindRank('A2'));
    expect(publicationKindRank('X0')).toBe(-1);
  });
});

describe('parsePctNumber', () => {
  it('keeps the post-2004 form (pgpub-xml/US20220160114A2-v45.xml)', () => {
    expect(parsePctNumber('PCT/CA2019/051575')).toBe('PCT/CA2019/051575');
  });
  it('reads the compact ODP continuity form (JSON-FORMATS.md)', () => {
    expect(parsePctNumber('PCTJP2023017788')).toBe('PCT/JP2023/017788');
    expect(parsePctNumber('PCTUS2016019088')).toBe('PCT/US2016/019088');
  });
  it('expands 2-digit years and 5-digit serials (odp-beta-2024, peds-docs)', () => {
    expect(parsePctNumber('PCT/US07/19317')).toBe('PCT/US2007/019317');
    expect(parsePctNumber('PCT/US05/32284')).toBe('PCT/US2005/032284');
    expect(parsePctNumber('PCT/US16/19088')).toBe('PCT/US2016/019088');
    expect(parsePctNumber('PCT/AU99/00917')).toBe('PCT/AU1999/000917'); // ipg060103
  });
  it('reads the slash-less prefix of old grant XML (grant-xml/ipg050104.excerpt.xml)', () => {
    expect(parsePctNumber('PCTEP01/03690')).toBe('PCT/EP2001/003690');
  });
  it('ignores case, spaces and URL-encoded slashes', () => {
    expect(parsePctNumber(' pct/us2016/019088 ')).toBe('PCT/US2016/019088');
    expect(parsePctNumber('PCT%2FUS2016%2F019088')).toBe('PCT/US2016/019088');
  });
  it('rejects OCR-damaged country codes (grant-xml text "PCT/162019/057948")', () => {
    expect(parsePctNumber('PCT/162019/057948')).toBeNull();
  });
  it('rejects ambiguous compact digit counts, zero serials and non-PCT numbers', () => {
    expect(parsePctNumber('PCTUS201619088')).toBeNull();
    expect(parsePctNumber('PCT/US2016/000000')).toBeNull();
    expect(parsePctNumber('WO 2008/030442')).toBeNull();
    expect(parsePctNumber('17248024')).toBeNull();
  });
  it('parseAnyApplicationNumber returns either form', () => {
    expect(parseAnyApplicationNumber('17/248,024')).toBe('17248024');
    expect(parseAnyApplicationNumber('PCTJP2023017788')).toBe('PCT/JP2023/017788');
    expect(parseAnyApplicationNumber('2017-187096')).toBeNull();
  });
  it('parseAnyApplicationNumber reads the two-digit year of old documents as the stored four-digit form', () => {
    for (const printed of [
      'PCT/US07/19317',
      'PCT/US2007/019317',
      'PCT/US07/019317',
      'pct/us07/19317',
      'PCTUS0719317',
      'PCT%2FUS07%2F19317',
    ]) {
      expect(parseAnyApplicationNumber(printed), printed).toBe('PCT/US2007/019317');
    }
  });
});

describe('parseTrialNumber', () => {
  it('keeps the canonical form (ptab-json/odp-v1, legacy-ptab-api-v2)', () => {
    expect(parseTrialNumber('IPR2022-00037')).toBe('IPR2022-00037');
    expect(parseTrialNumber('PGR2025-00004')).toBe('PGR2025-00004');
  });
  it('ignores case and spaces', () => {
    expect(parseTrialNumber('ipr 2022-00037')).toBe('IPR2022-00037');
    expect(parseTrialNumber('IPR2022 - 00037')).toBe('IPR2022-00037');
    expect(parseTrialNumber('IPR2022%2000037')).toBe('IPR2022-00037');
  });
  it('pads the sequence to 5 digits and tolerates a missing or typographic dash', () => {
    expect(parseTrialNumber('CBM2014-37')).toBe('CBM2014-00037');
    expect(parseTrialNumber('DER2019-1')).toBe('DER2019-00001');
    expect(parseTrialNumber('IPR202200037')).toBe('IPR2022-00037');
    expect(parseTrialNumber('IPR2022\u201300037')).toBe('IPR2022-00037');
  });
  it('rejects appeal and interference numbers (ptab-json/odp-v1 appeals, interferences)', () => {
    expect(parseTrialNumber('2026001845')).toBeNull();
    expect(parseTrialNumber('106130')).toBeNull();
  });
  it('rejects unknown prefixes, pre-AIA years, zero and over-long sequences', () => {
    expect(parseTrialNumber('EPR2022-00037')).toBeNull();
    expect(parseTrialNumber('IPR2011-00037')).toBeNull();
    expect(parseTrialNumber('IPR2022-00000')).toBeNull();
    expect(parseTrialNumber('IPR2022-000037')).toBeNull();
    expect(parseTrialNumber('IPR22-00037')).toBeNull();
  });
  it('derives the trial type', () => {
    expect(trialType('pgr2026-00055')).toBe('PGR');
    expect(trialType('bad')).toBeNull();
  });
});

describe('digits other than ASCII 0-9', () => {
  // NFKC folds each of these to ASCII digits; a number written with them is no number.
  const fullwidth = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCodePoint(0xff10 + Number(d)));
  const mathBold = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCodePoint(0x1d7ce + Number(d)));
  const arabicIndic = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCodePoint(0x0660 + Number(d)));

  it.each([
    ['fullwidth', fullwidth],
    ['mathematical bold', mathBold],
    ['Arabic-Indic', arabicIndic],
  ])('refuses %s digits in every kind of number', (_name, write) => {
    expect(parseApplicationNumber(write('17248024'))).toBeNull();
    expect(parseApplicationNumber(`17/248,${write('024')}`)).toBeNull();
    expect(parsePatentNumber(write('11646472'))).toBeNull();
    expect(parsePatentNumber(`D${write('701016')}`)).toBeNull();
    expect(parsePublicationNumber(`US${write('20230080435')}A1`)).toBeNull();
    expect(parsePctNumber(`PCT/US${write('2007')}/019317`)).toBeNull();
    expect(parseTrialNumber(`IPR${write('2022')}-00037`)).toBeNull();
    expect(parseAnyApplicationNumber(write('17248024'))).toBeNull();
  });

  it('refuses superscripts, circled numbers and Roman numerals, which NFKC also folds', () => {
    expect(parseApplicationNumber('1724802\u00b2')).toBeNull();
    expect(parseApplicationNumber('1724802\u2460')).toBeNull();
    expect(parsePatentNumber('\u2169123456')).toBeNull();
  });

  it('still reads fullwidth separators and letters around ASCII digits', () => {
    expect(parseApplicationNumber('17\uff0f248\uff0c024')).toBe('17248024');
    expect(parsePatentNumber('\uff24701016')).toBe('D701016');
  });
});

describe('examiner names', () => {
  it('matches ignoring case and whitespace (odp-v1/17248024.application.json)', () => {
    const key = normalizeExaminerName('DOVE, TRACY MAE');
    expect(key).toBe('DOVE, TRACY MAE');
    expect(normalizeExaminerName('dove,tracy  mae')).toBe(key);
    expect(normalizeExaminerName(' Dove , Tracy Mae ')).toBe(key);
    expect(normalizeExaminerName('DOVE,\u00a0TRACY\tMAE')).toBe(key);
  });
  it('drops periods after initials (grant-xml primary-examiner "Paul N.")', () => {
    expect(normalizeExaminerName('Dickson, Paul N.')).toBe('DICKSON, PAUL N');
  });
  it('keeps distinct names distinct', () => {
    expect(normalizeExaminerName('DOVE, TRACY M')).not.toBe(normalizeExaminerName('DOVE, TRACY MAE'));
  });
  it('returns null for blank names so they never match each other', () => {
    expect(normalizeExaminerName('')).toBeNull();
    expect(normalizeExaminerName('  ,  ')).toBeNull();
  });
  it('joins grant XML last-name / first-name parts', () => {
    expect(examinerNameFromParts('Dove', 'Tracy M')).toBe('DOVE, TRACY M');
    expect(examinerNameFromParts('Fox', '')).toBe('FOX');
    expect(examinerNameFromParts('', 'Barbara')).toBeNull();
  });
  it('flags the docket placeholder (odp-v1/18597857.search.sorted-keys.json)', () => {
    expect(isPlaceholderExaminer('CENTRAL, DOCKET')).toBe(true);
    expect(isPlaceholderExaminer('central,docket')).toBe(true);
    expect(isPlaceholderExaminer('')).toBe(true);
    expect(isPlaceholderExaminer('SABOURI, MAZDA')).toBe(false);
  });
});
