/**
 * Backward citations of synthetic grants (`us-references-cited`): 5–40 per patent, a mix of
 * examiner and applicant citations of
 * - earlier grants of the same corpus and technology (so forward citations exist between corpus
 *   patents), plus the parent's patent and publication for continuing applications;
 * - older US patents outside the corpus (numbers and dates before 2015, unpadded, kind A before
 *   2001, B1/B2 after; S/S1 designs, P/P2 plants), US pre-grant publications before 2015 (so
 *   they cannot collide with corpus publications), foreign documents (EP, JP, WO, CN, KR, DE);
 * - non-patent literature (journal articles, search reports, office actions).
 * Dates are month precision (`19980300`) as the office prints them. Order as the office lists
 * them: US patents by date, US publications, foreign documents, then NPL; `num` runs across all.
 * Corpus documents come from the pool of earlier weeks (citation-pool.ts), the others from
 * outside-references.ts.
 */
import { type Citable, type CitationPool, citedName } from './citation-pool.js';
import type { DocFacts } from './facts.js';
import { foreign, month, npl, outsidePatent, SURNAMES } from '../core/outside-references.js';
import { day, type Rng, WeightedTable } from '../core/random.js';
import { TECHNOLOGIES } from '../core/technology.js';
import { escapeXml as x } from '../core/xml-escape.js';

type Category = 'examiner' | 'applicant';
export type Citation =
  | {
      group: 'us' | 'pub' | 'foreign';
      country: string;
      number: string;
      kind: string | null;
      name: string | null;
      date: string;
      category: Category;
      cpc: string | null;
    }
  | { group: 'npl'; text: string; category: Category };

type Source = 'corpus' | 'outside' | 'corpusPub' | 'outsidePub' | 'foreign' | 'npl';
const SOURCES: Readonly<Record<string, WeightedTable<Source>>> = {
  utility: WeightedTable.parse<Source>('corpus:28 outside:30 corpusPub:8 outsidePub:12 foreign:12 npl:10'),
  DES: WeightedTable.parse<Source>('corpus:30 outside:52 foreign:13 npl:5'),
  PLT: WeightedTable.parse<Source>('corpus:15 outside:45 npl:40'),
};

/** The backward citations of one grant (document order, without `num`). */
export function citationsFor(rng: Rng, facts: DocFacts, pool: CitationPool): Citation[] {
  const grantDay = day(facts.grant!.date);
  const filingYear = Number(facts.filing.slice(0, 4));
  const techCpc = TECHNOLOGIES.find((t) => t.key === facts.tech)?.cpc ?? [];
  const cpcText = (cited: string | null, category: Category) =>
    category === 'examiner' && facts.type !== 'DES' ? (cited ?? (techCpc.length > 0 ? rng.pick(techCpc) : (facts.cpc[0] ?? null))) : null;
  const out: Citation[] = [];
  const seen = new Set<string>();
  const push = (c: Citation) => {
    const key = c.group === 'npl' ? c.text : `${c.country}${c.number}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(c);
  };
  const citeCorpus = (c: Citable, group: 'us' | 'pub', category: Category) =>
    push({
      group,
      country: 'US',
      number: c.number,
      kind: c.kind,
      name: c.name,
      date: month(c.date),
      category,
      cpc: cpcText(c.cpc, category),
    });
  for (const p of facts.parents) {
    if (p.relation === 'PRO' || p.child !== facts.app) continue;
    if (p.patent && p.patent.date < facts.grant!.date) {
      push({
        group: 'us',
        country: 'US',
        number: p.patent.number,
        kind: p.patent.kind,
        name: citedName(facts),
        date: month(p.patent.date),
        category: 'applicant',
        cpc: null,
      });
    }
    if (p.publication && p.publication.date < facts.grant!.date) {
      const n = p.publication.number;
      push({
        group: 'pub',
        country: 'US',
        number: n.slice(2, 13),
        kind: n.slice(13),
        name: citedName(facts),
        date: month(p.publication.date),
        category: 'applicant',
        cpc: null,
      });
    }
  }
  const target = rng.triangular(5, 12, 40);
  const table = SOURCES[facts.type] ?? SOURCES.utility!;
  for (let guard = 0; out.length < target && guard < target * 4; guard++) {
    let source = table.pick(rng);
    const category: Category = rng.chance(source === 'corpus' ? 0.5 : 0.3) ? 'examiner' : 'applicant';
    if (source === 'corpus' || source === 'corpusPub') {
      const list = source === 'corpus' ? pool.grantsOf(facts.tech) : pool.publicationsOf(facts.tech);
      let hit: Citable | null = null;
      for (let tries = 0; tries < 4 && list.length > 0 && hit === null; tries++) {
        const c = rng.pick(list);
        if (c.filing < facts.filing && c.app !== facts.app) hit = c;
      }
      if (hit) citeCorpus(hit, source === 'corpus' ? 'us' : 'pub', category);
      else source = source === 'corpus' ? 'outside' : 'outsidePub';
    }
    const name = () => (rng.chance(0.6) ? `${rng.pick(SURNAMES)} et al.` : rng.pick(SURNAMES));
    if (source === 'outside') {
      const type = facts.type === 'DES' ? (rng.chance(0.8) ? 'DES' : 'UTL') : facts.type === 'PLT' ? 'PLT' : 'UTL';
      const p = outsidePatent(rng, type, day(facts.filing));
      push({
        group: 'us',
        country: 'US',
        number: p.number,
        kind: p.kind,
        name: name(),
        date: month(p.date),
        category,
        cpc: cpcText(null, category),
      });
    } else if (source === 'outsidePub') {
      const y = rng.int(2002, Math.min(2014, filingYear - 1));
      const date = `${y}${String(rng.int(1, 12)).padStart(2, '0')}00`;
      push({
        group: 'pub',
        country: 'US',
        number: `${y}${String(rng.int(1, 380000)).padStart(7, '0')}`,
        kind: 'A1',
        name: name(),
        date,
        category,
        cpc: cpcText(null, category),
      });
    } else if (source === 'foreign') {
      const y = rng.int(Math.max(1995, filingYear - 15), filingYear - 1);
      const f = foreign(rng, y);
      push({
        group: 'foreign',
        ...f,
        name: null,
        date: `${y}${String(rng.int(1, 12)).padStart(2, '0')}00`,
        category,
        cpc: cpcText(null, category),
      });
    } else if (source === 'npl') {
      push({ group: 'npl', text: npl(rng, facts, grantDay), category: rng.chance(0.85) ? 'applicant' : 'examiner' });
    }
  }
  const rank = { us: 0, pub: 1, foreign: 2, npl: 3 } as const;
  const key = (c: Citation) =>
    c.group === 'npl'
      ? ''
      : c.group === 'us'
        ? `${c.date}${c.number.replace(/\D/g, '').padStart(9, '0')}`
        : c.group === 'pub'
          ? c.number
          : `${c.country}${c.number}`;
  return out
    .map((c, i) => ({ c, i }))
    .sort((p, q) => rank[p.c.group] - rank[q.c.group] || (key(p.c) < key(q.c) ? -1 : key(p.c) > key(q.c) ? 1 : p.i - q.i))
    .map(({ c }) => c);
}

export function renderCitations(list: readonly Citation[]): string {
  if (list.length === 0) return '';
  const out = ['<us-references-cited>'];
  list.forEach((c, i) => {
    const num = String(i + 1).padStart(5, '0');
    out.push('<us-citation>');
    if (c.group === 'npl') out.push(`<nplcit num="${num}">`, `<othercit>${x(c.text)}</othercit>`, '</nplcit>');
    else {
      out.push(`<patcit num="${num}">`, '<document-id>', `<country>${c.country}</country>`, `<doc-number>${x(c.number)}</doc-number>`);
      if (c.kind) out.push(`<kind>${c.kind}</kind>`);
      if (c.name) out.push(`<name>${x(c.name)}</name>`);
      out.push(`<date>${c.date}</date>`, '</document-id>', '</patcit>');
    }
    out.push(`<category>cited by ${c.category}</category>`);
    if (c.group !== 'npl' && c.cpc) out.push(`<classification-cpc-text>${c.cpc}</classification-cpc-text>`);
    out.push('</us-citation>');
  });
  out.push('</us-references-cited>');
  return out.join('\n');
}
