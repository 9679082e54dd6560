import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApplications, SYNTH_DEFAULTS } from '../file-wrapper/generate.js';
import { defaultProceedings, NoPtabExampleError, type PtabFiles, writePtabFiles } from './generate.js';
import { addMonths, day, iso } from '../core/random.js';

interface TrialMeta {
  trialTypeCode: string;
  trialStatusCategory: string;
  petitionFilingDate: string;
  accordedFilingDate?: string;
  institutionDecisionDate?: string;
  latestDecisionDate?: string;
  terminationDate?: string;
  trialLastModifiedDate: string;
}
interface Proceeding {
  trialNumber: string;
  lastModifiedDateTime: string;
  trialMetaData: TrialMeta;
  patentOwnerData: {
    patentNumber: string;
    grantDate: string;
    applicationNumberText: string;
    realPartyInInterestName?: string;
    technologyCenterNumber: string;
    groupArtUnitNumber: string;
  };
  regularPetitionerData: { realPartyInInterestName: string; counselName: string };
}
interface Decision extends Proceeding {
  documentData: {
    documentCategory: string;
    documentIdentifier: string;
    documentTitleText: string;
    documentTypeDescriptionText: string;
    fileDownloadURI: string;
    documentOCRText: string;
  };
  decisionData: { decisionIssueDate: string; trialOutcomeCategory: string };
}

interface CorpusPatent {
  application: string;
  grant: string;
  applicant: string;
}

const OPTIONS = { applications: 2000, seed: SYNTH_DEFAULTS.seed, proceedings: 300 };
const AS_OF = SYNTH_DEFAULTS.asOf;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Reads an envelope file line by line (one record a line, as it was streamed) and as a whole. */
async function readEnvelope<T>(path: string, bag: string): Promise<{ text: string; records: T[] }> {
  const text = await readFile(path, 'utf8');
  const lines = text.split('\n');
  expect(lines[0]).toMatch(new RegExp(`^\\{"count":\\d+,"requestIdentifier":"[^"]+","${bag}":\\[$`));
  expect(lines.slice(-2)).toEqual([']}', '']);
  const records = lines.slice(1, -2).map((line, i, all) => JSON.parse(i < all.length - 1 ? line.replace(/,$/, '') : line) as T);
  const whole = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(whole)).toEqual(['count', 'requestIdentifier', bag]);
  expect(whole.count).toBe(records.length);
  expect(whole.requestIdentifier).toMatch(UUID);
  expect(whole[bag]).toEqual(records);
  return { text, records };
}

let dir: string;
let result: PtabFiles;
let proceedings: Proceeding[];
let decisions: Decision[];
let corpus: Map<string, CorpusPatent>;
const texts: string[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synth-ptab-'));
  result = await writePtabFiles(join(dir, 'a'), OPTIONS);
  const p = await readEnvelope<Proceeding>(result.files[0]!, 'patentTrialProceedingDataBag');
  const d = await readEnvelope<Decision>(result.files[1]!, 'patentTrialDocumentDataBag');
  proceedings = p.records;
  decisions = d.records;
  texts.push(p.text, d.text);
  corpus = new Map();
  for (const r of generateApplications({ applications: OPTIONS.applications, seed: OPTIONS.seed })) {
    const m = r.applicationMetaData;
    if (m.patentNumber && m.grantDate)
      corpus.set(m.patentNumber, { application: r.applicationNumberText, grant: m.grantDate, applicant: m.firstApplicantName });
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const proceedingOf = (trial: string) => proceedings.find((p) => p.trialNumber === trial)!;

describe('writePtabFiles', () => {
  it('writes the two envelopes named for asOf, byte-identical for the same options', async () => {
    expect(result.files.map((f) => basename(f))).toEqual(['ptab-proceedings-20261120.json', 'ptab-decisions-20261120.json']);
    expect([result.proceedings, result.decisions]).toEqual([proceedings.length, decisions.length]);
    expect(proceedings).toHaveLength(300);
    const again = await writePtabFiles(join(dir, 'b'), OPTIONS);
    expect(again.examples).toEqual(result.examples);
    for (const [i, path] of again.files.entries()) expect(await readFile(path, 'utf8')).toBe(texts[i]);
  });

  it('numbers trials uniquely by type and filing year, increasing with the filing date', () => {
    const numbers = proceedings.map((p) => p.trialNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const p of proceedings) {
      expect(p.trialNumber).toMatch(/^(IPR|PGR|CBM|DER)\d{4}-\d{5}$/);
      expect(p.trialNumber.slice(0, 3)).toBe(p.trialMetaData.trialTypeCode);
      expect(p.trialNumber.slice(3, 7)).toBe(p.trialMetaData.petitionFilingDate.slice(0, 4));
    }
    const sorted = [...proceedings].sort((a, b) => (a.trialNumber < b.trialNumber ? -1 : 1));
    for (const [i, p] of sorted.entries()) {
      const before = sorted[i - 1];
      if (before?.trialNumber.slice(0, 7) === p.trialNumber.slice(0, 7))
        expect(before.trialMetaData.petitionFilingDate <= p.trialMetaData.petitionFilingDate).toBe(true);
    }
    expect(numbers.filter((n) => n.startsWith('DER')).length).toBeGreaterThanOrEqual(1);
  });

  it('challenges granted patents of the corpus, after their grant (IPR nine months after, PGR within them)', () => {
    for (const p of proceedings) {
      const owner = p.patentOwnerData;
      const patent = corpus.get(owner.patentNumber);
      expect(patent, owner.patentNumber).toBeDefined();
      expect([owner.applicationNumberText, owner.grantDate]).toEqual([patent!.application, patent!.grant]);
      if (owner.realPartyInInterestName) expect(owner.realPartyInInterestName.replace(/ et al\.$/, '')).toBe(patent!.applicant);
      expect(owner.technologyCenterNumber).toBe(`${owner.groupArtUnitNumber.slice(0, 2)}00`);
      const filed = p.trialMetaData.petitionFilingDate;
      const nineMonths = iso(addMonths(day(owner.grantDate), 9));
      expect(owner.grantDate < filed).toBe(true);
      if (p.trialMetaData.trialTypeCode === 'IPR') expect(filed > nineMonths).toBe(true);
      if (p.trialMetaData.trialTypeCode === 'PGR') expect(filed <= nineMonths).toBe(true);
    }
    const challenges = proceedings.filter((p) => p.patentOwnerData.patentNumber === result.examples.challengedPatent);
    expect(challenges.length).toBeGreaterThanOrEqual(2);
  });

  it('tells every outcome, in the real records’ words', () => {
    const distinct = (values: string[]) => [...new Set(values)].sort();
    const list = (items: string) => items.split('|').sort();
    expect(distinct(proceedings.map((p) => p.trialMetaData.trialStatusCategory))).toEqual(
      list(
        'Pending|Institution Denied|Discretionary Denial|Trial Instituted|Terminated-Settled|Terminated-Adverse Judgment|' +
          'Final Written Decision|Final Written Decision - Appealed',
      ),
    );
    expect(distinct(decisions.map((d) => d.decisionData.trialOutcomeCategory))).toEqual(
      list(
        'Institution Granted|Institution Denied|Settled Before Institution|Settled After Institution|Final Written Decision|' +
          'Request For Adverse Judgment After Institution|Affirmed|Affirmed/Reversed in Part',
      ),
    );
    // Double spaces after the colon, but for the Director's and the Federal Circuit's papers.
    expect(distinct(decisions.map((d) => d.documentData.documentTypeDescriptionText))).toEqual(
      list(
        'Institution Decision:  Grant|Institution Decision:  Deny|Director Discretionary Decision: Deny|' +
          'Termination Decision:  Pre-DI dismissal|Termination Decision:  Post-DI Settlement|Termination Decision:  Adverse Judgment|' +
          'Final Written Decision:  original|Other: Fed Circuit mandate',
      ),
    );
    const finals = decisions.filter((d) => d.decisionData.trialOutcomeCategory === 'Final Written Decision');
    for (const words of ['All', 'Some', 'No'])
      expect(finals.filter((d) => d.documentData.documentTitleText.includes(`Determining ${words} Challenged`)).length).toBeGreaterThan(5);
    expect(decisions.filter((d) => d.documentData.documentOCRText === 'upload to S3 failed').length).toBeGreaterThan(0);
  });

  it('keeps every date on or before asOf and every decision consistent with its trial', () => {
    const ids = new Set(decisions.map((d) => d.documentData.documentIdentifier));
    expect(ids.size).toBe(decisions.length);
    for (const p of proceedings) {
      const meta = p.trialMetaData;
      for (const date of [meta.accordedFilingDate, meta.institutionDecisionDate, meta.latestDecisionDate, meta.terminationDate])
        if (date !== undefined) expect(date <= AS_OF && date >= meta.petitionFilingDate).toBe(true);
      expect(meta.petitionFilingDate <= AS_OF).toBe(true);
      expect(p.lastModifiedDateTime.slice(0, 10) <= AS_OF).toBe(true);
      const own = decisions.filter((d) => d.trialNumber === p.trialNumber);
      if (meta.trialStatusCategory === 'Pending') expect([own.length, meta.institutionDecisionDate]).toEqual([0, undefined]);
      else expect(meta.latestDecisionDate).toBe(own[0]!.decisionData.decisionIssueDate);
    }
    for (const d of decisions) {
      const doc = d.documentData;
      expect(d.decisionData.decisionIssueDate <= AS_OF).toBe(true);
      expect(d.trialMetaData.latestDecisionDate).toBe(d.decisionData.decisionIssueDate);
      expect(d.trialMetaData.trialLastModifiedDate <= AS_OF).toBe(true);
      expect(d.regularPetitionerData.realPartyInInterestName).toBe(
        proceedingOf(d.trialNumber).regularPetitionerData.realPartyInInterestName,
      );
      expect(doc.fileDownloadURI).toBe(
        `https://api.uspto.gov/api/v1/patent/ptab-files/${d.trialNumber.slice(0, 3)}/${d.trialNumber.slice(3, 7)}/${d.trialNumber.slice(8)}/${doc.documentIdentifier}.pdf`,
      );
      if (doc.documentOCRText !== 'upload to S3 failed') {
        expect(doc.documentOCRText).toMatch(/^(Trials@uspto\.gov {1,2}Paper:? \d+ |Case: )/);
        expect(doc.documentOCRText).toContain(d.trialNumber);
        expect(doc.documentOCRText.endsWith(' ...')).toBe(true);
      }
    }
  });

  it('has a few busy petitioners, printed more than one way, and examples that show what they say', () => {
    const busiest = proceedings.filter((p) => p.regularPetitionerData.realPartyInInterestName === result.examples.busiestPetitioner);
    expect(busiest.length).toBeGreaterThanOrEqual(10);
    const names = new Set(proceedings.map((p) => p.regularPetitionerData.realPartyInInterestName));
    expect(names).toContain('Samsung Electronics Co., Ltd. et al.');
    expect(names).toContain('SAMSUNG ELECTRONICS CO., LTD.');
    const { finalAllUnpatentable, finalSome, denied, settled, pending } = result.examples;
    expect(proceedingOf(pending).trialMetaData.trialStatusCategory).toBe('Pending');
    expect(proceedingOf(denied).trialMetaData.trialStatusCategory).toBe('Institution Denied');
    expect(proceedingOf(settled).trialMetaData.trialStatusCategory).toBe('Terminated-Settled');
    const title = (trial: string) =>
      decisions.find((d) => d.trialNumber === trial && d.documentData.documentCategory === 'FINAL')!.documentData.documentTitleText;
    expect(title(finalAllUnpatentable)).toContain('Determining All Challenged Claims Unpatentable');
    expect(title(finalSome)).toContain('Determining Some Challenged Claims Unpatentable');
  });

  it('defaults to about one trial per 150 granted patents, at least 12, and refuses a corpus too small for the examples', async () => {
    const plain = await writePtabFiles(join(dir, 'default'), { applications: OPTIONS.applications, seed: OPTIONS.seed });
    expect(plain.proceedings).toBe(defaultProceedings(corpus.size));
    expect(plain.proceedings).toBeGreaterThanOrEqual(12);
    const statuses = (await readEnvelope<Proceeding>(plain.files[0]!, 'patentTrialProceedingDataBag')).records.map(
      (p) => p.trialMetaData.trialStatusCategory,
    );
    expect(statuses).toContain('Pending');
    expect(statuses).toContain('Final Written Decision');
    await expect(writePtabFiles(join(dir, 'tiny'), { applications: 5, seed: OPTIONS.seed })).rejects.toThrow(NoPtabExampleError);
    expect(existsSync(join(dir, 'tiny'))).toBe(false);
  });
});
