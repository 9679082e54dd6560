import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApplications, SYNTH_DEFAULTS } from '../file-wrapper/generate.js';
import { parseClaimRanges } from './claims.js';
import { type OfficeActionFiles, writeOfficeActionFiles } from './generate.js';
import { addMonths, day } from '../core/random.js';

type Doc = Record<string, unknown>;
const OPTIONS = { applications: 2000, seed: SYNTH_DEFAULTS.seed };
const AS_OF = day(SYNTH_DEFAULTS.asOf);
const PORTAL_START = '2017-10-01';
/** Mail transaction → document code, written out independently of the generator. */
const PAIRS: Record<string, string> = { MCTNF: 'CTNF', MCTFR: 'CTFR', MCTRS: 'CTRS', MCTEQ: 'CTEQ', MCTAV: 'CTAV', 'MN/=.': 'NOA' };

interface Mail {
  code: string;
  date: string;
}
interface CorpusApp {
  mails: Mail[];
  events: Mail[];
}

const first = (v: unknown) => (Array.isArray(v) ? (v[0] as string) : (v as string));
const dateOf = (v: unknown) => first(v).slice(0, 10);
function groupBy(docs: readonly Doc[], key: (d: Doc) => string): Map<string, Doc[]> {
  const out = new Map<string, Doc[]>();
  for (const d of docs) (out.get(key(d)) ?? out.set(key(d), []).get(key(d))!).push(d);
  return out;
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let dir: string;
let result: OfficeActionFiles;
let actions: Doc[];
let rejections: Doc[];
let citations: Doc[];
const corpus = new Map<string, CorpusApp>();
const textKeys = new Set<string>();
const byObsolete = new Map<string, Doc>();

async function readResponse(path: string): Promise<Doc[]> {
  const whole = JSON.parse(await readFile(path, 'utf8')) as { response: { numFound: number; start: number; docs: Doc[] } };
  expect(Object.keys(whole)).toEqual(['response']);
  expect(whole.response.start).toBe(0);
  expect(whole.response.numFound).toBe(whole.response.docs.length);
  return whole.response.docs;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synth-oa-'));
  result = await writeOfficeActionFiles(join(dir, 'a'), OPTIONS);
  [actions, rejections, citations] = (await Promise.all(result.files.map(readResponse))) as [Doc[], Doc[], Doc[]];
  for (const record of generateApplications(OPTIONS)) {
    const events = record.eventDataBag.map((e) => ({ code: e.eventCode, date: e.eventDate }));
    corpus.set(record.applicationNumberText, { events, mails: events.filter((e) => PAIRS[e.code] !== undefined) });
  }
  for (const a of actions) {
    textKeys.add(`${first(a.patentApplicationNumber)}|${dateOf(a.submissionDate)}|${first(a.legacyDocumentCodeIdentifier)}`);
    byObsolete.set(first(a.obsoleteDocumentIdentifier), a);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeOfficeActionFiles', () => {
  it('writes the same bytes for the same options', async () => {
    const again = await writeOfficeActionFiles(join(dir, 'b'), OPTIONS);
    expect(again.files.map((f) => basename(f))).toEqual([
      'oa-actions-20261120.json',
      'oa-rejections-20261120.json',
      'oa-citations-20261120.json',
    ]);
    for (let i = 0; i < 3; i++) expect(sha(await readFile(again.files[i]!))).toBe(sha(await readFile(result.files[i]!)));
    expect([again.actions, again.rejections, again.citations]).toEqual([actions.length, rejections.length, citations.length]);
  });

  it('dates every text record with a mail transaction of its application and the right code', () => {
    expect(actions.length).toBeGreaterThan(3000);
    const wrong = actions.filter((a) => {
      const app = corpus.get(first(a.patentApplicationNumber));
      const date = dateOf(a.submissionDate);
      const code = first(a.legacyDocumentCodeIdentifier);
      return date < PORTAL_START || !app?.mails.some((m) => m.date === date && PAIRS[m.code] === code);
    });
    expect(wrong.map((a) => [a.patentApplicationNumber, a.legacyDocumentCodeIdentifier, a.submissionDate])).toEqual([]);
    const codes = new Set(actions.map((a) => first(a.legacyDocumentCodeIdentifier)));
    for (const code of ['CTNF', 'CTFR', 'CTRS', 'CTAV', 'NOA']) expect(codes.has(code)).toBe(true);
  });

  it('has text for every portal-era mailing except the last week before asOf', () => {
    const missing: string[] = [];
    for (const [number, app] of corpus) {
      for (const m of app.mails) {
        if (m.date >= PORTAL_START && !textKeys.has(`${number}|${m.date}|${PAIRS[m.code]}`)) missing.push(`${number} ${m.code} ${m.date}`);
      }
    }
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.filter((m) => AS_OF - day(m.slice(-10)) >= 7)).toEqual([]);
  });

  it('writes both shapes with their own dates, sentinels and patent numbers', () => {
    const legacy = actions.filter((a) => String(a.submissionDate).endsWith('Z'));
    expect(legacy.length / actions.length).toBeGreaterThan(0.02);
    expect(legacy.length / actions.length).toBeLessThan(0.09);
    const problems = (a: Doc): string[] => {
      const out: string[] = [];
      const dsapi = String(a.submissionDate).endsWith('Z');
      if (!(dsapi ? /^\d{4}-\d{2}-\d{2}T0[45]:00:00Z$/ : /^\d{4}-\d{2}-\d{2}T00:00:00$/).test(String(a.submissionDate)))
        out.push('submissionDate');
      const month = Number(String(a.submissionDate).slice(5, 7));
      const hour = String(a.submissionDate).slice(11, 13);
      if (dsapi && ((month >= 4 && month <= 10 && hour !== '04') || ((month <= 2 || month === 12) && hour !== '05')))
        out.push('eastern offset');
      const granted = !String(a.grantDate).startsWith('0001-01-01');
      if (!granted && first(a.patentNumber) !== (dsapi ? 'null' : ' ')) out.push('patentNumber');
      if (!granted && a.grantDate !== (dsapi ? '0001-01-01T05:00:00Z' : '0001-01-01T00:00:00')) out.push('sentinel');
      if (typeof a.groupArtUnitNumber !== 'number') out.push('groupArtUnitNumber');
      const keys = Object.keys(a);
      if (!dsapi && keys.join() !== [...keys].sort().join()) out.push('key order');
      if (!/^[0-9a-f]{56}$/.test(String(a.id))) out.push('id');
      if (!/^[0-9A-Z]{15}$/.test(first(a.obsoleteDocumentIdentifier))) out.push('obsoleteDocumentIdentifier');
      const created = day(String(a.createDateTime).slice(0, 10));
      const mailed = day(dateOf(a.submissionDate));
      if (created < mailed || created > mailed + 7 || created > AS_OF) out.push('createDateTime');
      for (const key of [
        'patentApplicationNumber',
        'legacyDocumentCodeIdentifier',
        'inventionTitle',
        'bodyText',
        'techCenter',
        'workGroup',
        'patentNumber',
      ])
        if ((a[key] as unknown[]).length !== 1) out.push(key);
      return out;
    };
    expect(actions.flatMap((a) => problems(a).map((p) => `${first(a.patentApplicationNumber)} ${p}`))).toEqual([]);
    expect(byObsolete.size).toBe(actions.length);
  });

  it('gives rejections literal dotted section keys that agree with the rows and citations', () => {
    const rowsOf = groupBy(rejections, (r) => String(r.obsoleteDocumentIdentifier));
    const citesOf = groupBy(
      citations.filter((c) => c.obsoleteDocumentIdentifier !== undefined),
      (c) => String(c.obsoleteDocumentIdentifier),
    );
    const same = (a: Set<unknown>, b: Set<unknown>) => a.size === b.size && [...a].every((x) => b.has(x));
    const problems = (a: Doc): string[] => {
      const code = first(a.legacyDocumentCodeIdentifier);
      const body = first(a.bodyText);
      const out: string[] = [];
      if (code !== 'CTNF' && code !== 'CTFR')
        return Object.keys(a).some((k) => k.startsWith('sections.')) ? ['sections on a non-rejection'] : [];
      if (!body.startsWith('DETAILED ACTION') || a.sections !== undefined) out.push('body/nesting');
      if (
        code === 'CTFR' &&
        !body.includes(
          'A SHORTENED STATUTORY PERIOD FOR REPLY TO THIS FINAL ACTION IS SET TO EXPIRE THREE MONTHS FROM THE MAILING DATE OF THIS ACTION.',
        )
      )
        out.push('final period');
      const statutes = ['101', '102', '103', '112'].filter((s) => a[`sections.section${s}RejectionText`] !== undefined);
      const id = first(a.obsoleteDocumentIdentifier);
      const rows = rowsOf.get(id) ?? [];
      const rejected = rows.filter((r) => r.actionTypeCategory === 'rejected');
      if (statutes.length === 0 || rows.length === 0) out.push('no sections or rows');
      if (!same(new Set(rejected.map((r) => r.legalSectionCode).filter((s) => s !== 'nonstatutory double patenting')), new Set(statutes)))
        out.push('statutes');
      for (const s of statutes) {
        const section = a[`sections.section${s}RejectionText`] as string[];
        const text = section[0]!;
        if (section.length !== 1 || !body.includes(`Claim Rejections - 35 USC \u00a7 ${s}\n`) || !body.includes(text))
          out.push(`${s} body`);
        if (!rows.every((r) => r[`hasRej${s}`] === 1)) out.push(`${s} flag`);
        const said = [...text.matchAll(/^Claims? ([\d ,\-and]+?) (?:is|are) rejected under (?:pre-AIA {2})?35 U\.S\.C\. (\d{3})/gm)];
        const claims = new Set(said.filter((m) => m[2] === s).flatMap((m) => parseClaimRanges(m[1]!)));
        const inRows = new Set(
          rejected.filter((r) => r.legalSectionCode === s).flatMap((r) => first(r.claimNumberArrayDocument).split(',').map(Number)),
        );
        if (claims.size === 0 || !same(claims, inRows)) out.push(`${s} claims`);
        if (s === '102' || s === '103') {
          const named = new Set([...text.matchAll(/\(US (D?[\d,/]+) [A-Z]\d?\)/g)].map((m) => m[1]!.replace(/[,/]/g, '')));
          const cited = new Set((citesOf.get(id) ?? []).filter((c) => c.legalSectionCode === s).map((c) => c.parsedReferenceIdentifier));
          if (named.size === 0 || !same(named, cited)) out.push(`${s} references`);
        }
      }
      return out;
    };
    expect(actions.flatMap((a) => problems(a).map((p) => `${first(a.obsoleteDocumentIdentifier)} ${p}`))).toEqual([]);
    expect(actions.filter((a) => a['sections.section103RejectionText'] !== undefined).length).toBeGreaterThan(1000);
    for (const s of ['101', '102', '112']) expect(actions.some((a) => a[`sections.section${s}RejectionText`] !== undefined)).toBe(true);
  });

  it('joins rejection rows to text records, except older rejections known without text', () => {
    let withoutText = 0;
    const flags = new Map<string, string>();
    const wrong: string[] = [];
    for (const r of rejections) {
      const key = String(r.obsoleteDocumentIdentifier);
      if (r.legacyDocumentCodeIdentifier !== 'CTNF' && r.legacyDocumentCodeIdentifier !== 'CTFR') wrong.push(`${key} code`);
      if (!/^[0-9a-f]{32}$/.test(String(r.id)) || (r.claimNumberArrayDocument as unknown[]).length !== 1) wrong.push(`${key} id/claims`);
      const doc = [r.hasRej101, r.hasRej102, r.hasRej103, r.hasRej112, r.hasRejDP, r.legacyDocumentCodeIdentifier].join();
      if ((flags.get(key) ?? doc) !== doc) wrong.push(`${key} flags differ between rows`);
      flags.set(key, doc);
      const text = byObsolete.get(key);
      if (text) {
        if (dateOf(text.submissionDate) !== dateOf(r.submissionDate)) wrong.push(`${key} date`);
      } else if (dateOf(r.submissionDate) >= PORTAL_START) wrong.push(`${key} no text`);
      else withoutText++;
    }
    expect(wrong).toEqual([]);
    expect(withoutText).toBeGreaterThan(0);
    const odpRows = [...rejections, ...citations].filter((r) => !String(r.createDateTime).endsWith('Z'));
    expect(odpRows.filter((r) => Object.keys(r).join() !== Object.keys(r).sort().join())).toEqual([]);
    expect(new Set([...rejections, ...citations].map((r) => r.id)).size).toBe(rejections.length + citations.length);
    expect(new Set(rejections.map((r) => r.actionTypeCategory))).toEqual(
      new Set(['rejected', 'objected', 'allowed', 'allowable', 'canceled', 'withdrawn', '']),
    );
    expect(new Set(rejections.map((r) => r.legalSectionCode))).toContain('nonstatutory double patenting');
    expect(new Set(rejections.map((r) => r.paragraphNumber))).toEqual(new Set(['a', 'b', 'e', '', undefined]));
  });

  it('ties citations to actions, except a few applicant-cited references', () => {
    const loose = citations.filter((c) => c.obsoleteDocumentIdentifier === undefined);
    expect(loose.length).toBeGreaterThan(0);
    expect(loose.length).toBeLessThan(citations.length / 5);
    expect(loose.filter((c) => c.applicantCitedExaminerReferenceIndicator !== true || c.examinerCitedReferenceIndicator !== false)).toEqual(
      [],
    );
    const rowIds = new Set(rejections.map((r) => String(r.obsoleteDocumentIdentifier as string | number)));
    expect(
      citations.filter(
        (c) => c.obsoleteDocumentIdentifier !== undefined && !rowIds.has(String(c.obsoleteDocumentIdentifier as string | number)),
      ),
    ).toEqual([]);
    expect(citations.some((c) => /^\S+; \S+ US \d+ [AB]\d?$/.test(String(c.referenceIdentifier)))).toBe(true);
  });

  it('names examples that are what they claim', () => {
    const { nonFinal, advisoryAfterThreeMonths, textPending } = result.examples;
    const texts = (app: string) => actions.filter((a) => first(a.patentApplicationNumber) === app);
    const newest = (app: string) => corpus.get(app)!.mails.reduce((m, x) => (x.date > m.date ? x : m));

    const latest = newest(nonFinal);
    expect(latest.code).toBe('MCTNF');
    const doc = texts(nonFinal).find((a) => dateOf(a.submissionDate) === latest.date && first(a.legacyDocumentCodeIdentifier) === 'CTNF')!;
    const id = first(doc.obsoleteDocumentIdentifier);
    expect(rejections.some((r) => r.obsoleteDocumentIdentifier === id)).toBe(true);
    expect(citations.some((c) => c.obsoleteDocumentIdentifier === id)).toBe(true);

    expect(advisoryAfterThreeMonths).not.toBeNull();
    const events = corpus.get(advisoryAfterThreeMonths!)!.events;
    const found = events.some((f) => {
      if (f.code !== 'MCTFR') return false;
      const final = day(f.date);
      return events.some(
        (adv) =>
          adv.code === 'MCTAV' &&
          day(adv.date) > addMonths(final, 3) &&
          events.some((r) => r.code === 'A.NE' && day(r.date) > final && day(r.date) <= addMonths(final, 2) && r.date <= adv.date) &&
          texts(advisoryAfterThreeMonths!).some(
            (a) =>
              dateOf(a.submissionDate) === adv.date && first(a.bodyText).includes('expires on the mailing date of this Advisory Action'),
          ) &&
          textKeys.has(`${advisoryAfterThreeMonths}|${f.date}|CTFR`),
      );
    });
    expect(found).toBe(true);

    expect(textPending).not.toBeNull();
    const pending = newest(textPending!);
    expect(AS_OF - day(pending.date)).toBeLessThan(7);
    expect(textKeys.has(`${textPending}|${pending.date}|${PAIRS[pending.code]}`)).toBe(false);
  });
});
