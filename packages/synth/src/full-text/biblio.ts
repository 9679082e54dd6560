/**
 * Bibliographic blocks shared by synthetic grants and publications, in the element names, order
 * and nesting of the v4.7 grant / v4.6 application samples (samples/XML-FORMATS.md §2, §5–§7):
 * classifications (IPCR and CPC), related documents as of the document's date, parties,
 * assignees, examiners, and the figures/drawings pair. Everything returns escaped XML lines.
 */
import type { DocFacts, Place } from './facts.js';
import type { Rng } from '../core/random.js';
import { escapeXml as x } from '../core/xml-escape.js';

const CPC = /^([A-HY])(\d\d)([A-Z]) (\d+)\/(\d+)$/;
const CPC_VERSIONS = ['20130101', '20130101', '20130101', '20130101', '20180101', '20200101', '20210101', '20220101'];
const IPC_VERSIONS = ['20060101', '20060101', '20060101', '20130101', '20180101', '20210101'];

/** FNV-1a: a stable choice per symbol (a symbol keeps its version date in every document). */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function version(symbol: string, choices: readonly string[], asOf: string): string {
  const fit = choices.filter((d) => d <= asOf);
  return fit[hash(symbol) % fit.length] ?? choices[0]!;
}

/** `2023-05-09` → `20230509`. */
export const compact = (date: string) => date.replace(/-/g, '');

/** `classifications-ipcr` and `classifications-cpc` for canonical CPC symbols (main first). */
export function classifications(cpc: readonly string[], date: string): string[] {
  const parsed = cpc.map((s) => [s, CPC.exec(s)] as const).filter((p): p is readonly [string, RegExpExecArray] => p[1] !== null);
  if (parsed.length === 0) return [];
  const d = compact(date);
  const fields = (m: RegExpExecArray, i: number, value: string) => [
    `<section>${m[1]}</section>`,
    `<class>${m[2]}</class>`,
    `<subclass>${m[3]}</subclass>`,
    `<main-group>${m[4]}</main-group>`,
    `<subgroup>${m[5]}</subgroup>`,
    `<symbol-position>${i === 0 ? 'F' : 'L'}</symbol-position>`,
    `<classification-value>${value}</classification-value>`,
    `<action-date><date>${d}</date></action-date>`,
    '<generating-office><country>US</country></generating-office>',
    '<classification-status>B</classification-status>',
    '<classification-data-source>H</classification-data-source>',
  ];
  const additional = (m: RegExpExecArray) => m[1] === 'Y' || Number(m[4]) >= 2000;
  const out: string[] = [];
  const ipc = parsed.filter(([, m]) => !additional(m));
  if (ipc.length > 0) {
    out.push('<classifications-ipcr>');
    ipc.forEach(([s, m], i) => {
      out.push('<classification-ipcr>', `<ipc-version-indicator><date>${version(s, IPC_VERSIONS, d)}</date></ipc-version-indicator>`);
      out.push('<classification-level>A</classification-level>', ...fields(m, i, 'I'), '</classification-ipcr>');
    });
    out.push('</classifications-ipcr>');
  }
  const cpcBlock = ([s, m]: readonly [string, RegExpExecArray], i: number) => [
    '<classification-cpc>',
    `<cpc-version-indicator><date>${version(s, CPC_VERSIONS, d)}</date></cpc-version-indicator>`,
    ...fields(m, i, i > 0 && additional(m) ? 'A' : 'I'),
    '<scheme-origination-code>C</scheme-origination-code>',
    '</classification-cpc>',
  ];
  out.push('<classifications-cpc>', '<main-cpc>', ...cpcBlock(parsed[0]!, 0), '</main-cpc>');
  if (parsed.length > 1) out.push('<further-cpc>', ...parsed.slice(1).flatMap((p, i) => cpcBlock(p, i + 1)), '</further-cpc>');
  out.push('</classifications-cpc>');
  return out;
}

/** USPC `D14/486` → `D14486`, `D9/529` → `D 9529`, `PLT/161` → `PLT161` (class right-aligned in 3). */
export function nationalClass(uspc: string): string {
  const [cls = '', sub = ''] = uspc.split('/');
  return cls === 'PLT' ? `PLT${sub}` : `${cls.padStart(3, ' ')}${sub.padStart(3, ' ')}`;
}

const documentId = (number: string, date?: string, kind?: string) => [
  '<document-id>',
  '<country>US</country>',
  `<doc-number>${number}</doc-number>`,
  ...(kind ? [`<kind>${kind}</kind>`] : []),
  ...(date ? [`<date>${compact(date)}</date>`] : []),
  '</document-id>',
];

const RELATION_ELEMENT = { CON: 'continuation', DIV: 'division', CIP: 'continuation-in-part' } as const;

export interface ReissueOf {
  app: string;
  filing: string;
  patent: string;
  grant: string;
}

/**
 * `us-related-documents` as of `asOf`: the continuity chain (parent patents and statuses as they
 * stood on that day), provisionals, the original of a reissue, and this application's own earlier
 * publication (`related`).
 */
export function relatedDocuments(
  facts: DocFacts,
  asOf: string,
  related: { number: string; date: string } | null,
  reissue: ReissueOf | null,
): string[] {
  const out: string[] = [];
  if (reissue) {
    out.push(
      '<reissue>',
      '<relation>',
      '<parent-doc>',
      ...documentId(reissue.app, reissue.filing),
      '<parent-status>GRANTED</parent-status>',
    );
    out.push('<parent-grant-document>', ...documentId(reissue.patent, reissue.grant), '</parent-grant-document>', '</parent-doc>');
    out.push('<child-doc>', ...documentId(facts.app), '</child-doc>', '</relation>', '</reissue>');
  }
  for (const p of facts.parents) {
    if (p.relation === 'PRO') continue;
    const element = RELATION_ELEMENT[p.relation];
    out.push(`<${element}>`, '<relation>', '<parent-doc>', ...documentId(p.parent, p.parentFiling));
    if (p.patent && p.patent.date <= asOf) {
      out.push('<parent-grant-document>', ...documentId(p.patent.number, p.patent.date), '</parent-grant-document>');
    } else {
      out.push(`<parent-status>${p.abandoned && p.abandoned <= asOf ? 'ABANDONED' : 'PENDING'}</parent-status>`);
    }
    out.push('</parent-doc>', '<child-doc>', ...documentId(p.child), '</child-doc>', '</relation>', `</${element}>`);
  }
  for (const p of facts.parents) {
    if (p.relation === 'PRO')
      out.push('<us-provisional-application>', ...documentId(p.parent, p.parentFiling), '</us-provisional-application>');
  }
  if (related)
    out.push(
      '<related-publication>',
      ...documentId(related.number.slice(2, 13), related.date, related.number.slice(13)),
      '</related-publication>',
    );
  return out.length > 0 ? ['<us-related-documents>', ...out, '</us-related-documents>'] : [];
}

function address(p: Place): string[] {
  return [
    '<address>',
    ...(p.city ? [`<city>${x(p.city)}</city>`] : []),
    ...(p.state ? [`<state>${p.state}</state>`] : []),
    `<country>${p.country}</country>`,
    '</address>',
  ];
}

/** `us-parties`: applicant (company as assignee, or the inventor), inventors, and the firm (grants). */
export function parties(facts: DocFacts, grant: boolean): string[] {
  const seq = (i: number) => (grant ? String(i + 1).padStart(3, '0') : String(i).padStart(2, '0'));
  const first = facts.inventors[0];
  const out = ['<us-parties>', '<us-applicants>'];
  if (facts.individual && first) {
    out.push(`<us-applicant sequence="${seq(0)}" app-type="applicant" designation="us-only" applicant-authority-category="inventor">`);
    out.push(
      '<addressbook>',
      `<last-name>${x(first.last)}</last-name>`,
      `<first-name>${x(first.first)}</first-name>`,
      ...address(first),
      '</addressbook>',
    );
  } else {
    out.push(`<us-applicant sequence="${seq(0)}" app-type="applicant" designation="us-only" applicant-authority-category="assignee">`);
    out.push('<addressbook>', `<orgname>${x(facts.applicant.name)}</orgname>`, ...address(facts.applicant), '</addressbook>');
  }
  out.push(
    '<residence>',
    `<country>${facts.individual && first ? first.country : facts.applicant.country}</country>`,
    '</residence>',
    '</us-applicant>',
    '</us-applicants>',
  );
  out.push('<inventors>');
  facts.inventors.forEach((p, i) => {
    out.push(
      `<inventor sequence="${seq(i)}" designation="us-only">`,
      '<addressbook>',
      `<last-name>${x(p.last)}</last-name>`,
      `<first-name>${x(p.first)}</first-name>`,
    );
    out.push(...address(p), '</addressbook>', '</inventor>');
  });
  out.push('</inventors>');
  if (grant && facts.firm) {
    out.push('<agents>', '<agent sequence="01" rep-type="attorney">', '<addressbook>', `<orgname>${x(facts.firm)}</orgname>`);
    out.push('<address>', '<country>unknown</country>', '</address>', '</addressbook>', '</agent>', '</agents>');
  }
  out.push('</us-parties>');
  return out;
}

/** The owner at issue or publication: companies only (role 02 US, 03 foreign). */
export function assignees(facts: DocFacts): string[] {
  if (facts.individual) return [];
  const role = facts.applicant.country === 'US' ? '02' : '03';
  return [
    '<assignees>',
    '<assignee>',
    '<addressbook>',
    `<orgname>${x(facts.applicant.name)}</orgname>`,
    `<role>${role}</role>`,
    ...address(facts.applicant),
    '</addressbook>',
    '</assignee>',
    '</assignees>',
  ];
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/** `DOVE, TRACY M` → last `Dove`, first `Tracy M`, with the art unit as department. */
export function examiners(facts: DocFacts): string[] {
  if (!facts.examiner || !/^\d{4}$/.test(facts.artUnit ?? '')) return [];
  const [last = '', first = ''] = facts.examiner.split(', ');
  return [
    '<examiners>',
    '<primary-examiner>',
    `<last-name>${x(titleCase(last))}</last-name>`,
    `<first-name>${x(titleCase(first))}</first-name>`,
    `<department>${facts.artUnit}</department>`,
    '</primary-examiner>',
    '</examiners>',
  ];
}

/** Sheets and figures drawn once per application, so grant and publication show the same drawings. */
export function drawingCounts(rng: Rng, type: string): { sheets: number; figures: number } {
  const sheets = type === 'DES' ? rng.int(1, 8) : type === 'PLT' ? rng.int(1, 4) : rng.int(1, 18);
  const figures = type === 'DES' ? rng.int(Math.max(5, sheets), 9) : sheets + rng.int(0, sheets);
  return { sheets, figures };
}

/** `drawings` with the front-page image (D00000) and one image per sheet. */
export function drawings(rng: Rng, stem: string, sheets: number): string[] {
  const out = ['<drawings id="DRAWINGS">'];
  for (let i = 0; i <= sheets; i++) {
    const id = String(i).padStart(5, '0');
    const landscape = i > 0 && rng.chance(0.2);
    const he = (landscape ? 150 + rng.next() * 110 : 90 + rng.next() * 170).toFixed(2);
    const wi = (60 + rng.next() * 120).toFixed(2);
    out.push(`<figure id="Fig-EMI-D${id}" num="${id}">`);
    out.push(
      `<img id="EMI-D${id}" he="${he}mm" wi="${wi}mm"${landscape ? ' orientation="landscape"' : ''} file="${stem}-D${id}.TIF" alt="embedded image" img-content="drawing" img-format="tif"/>`,
    );
    out.push('</figure>');
  }
  out.push('</drawings>');
  return out;
}
