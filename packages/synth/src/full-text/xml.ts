/**
 * One synthetic full-text document, rendered from its application's facts: a `us-patent-grant`
 * (DTD v4.7 2022-02-17) or a `us-patent-application` (DTD v4.6 2022-02-17), each a complete XML
 * document with its own declaration and DOCTYPE, ready to be concatenated into a weekly file.
 *
 * Content that is not in the facts (claims, abstract, drawings, citations) comes from random
 * streams keyed by (seed, application number, purpose), so a document is the same whichever
 * weeks or products are rendered, and a grant and its publication share topic, abstract and
 * drawings. Citations also depend on the pool of earlier corpus documents (citations.ts).
 */
import { patentNumberXmlForm } from '../../../../src/domain/numbers.js';
import type { CitationPool } from './citation-pool.js';
import { citationsFor, renderCitations } from './citations.js';
import { outsidePatent } from '../core/outside-references.js';
import { vocabularyFor } from '../core/claim-vocabulary.js';
import { type Claim, designClaim, plantClaim, utilityClaims } from './claims.js';
import {
  assignees,
  classifications,
  compact,
  drawingCounts,
  drawings,
  examiners,
  nationalClass,
  parties,
  relatedDocuments,
  type ReissueOf,
} from './biblio.js';
import type { DocFacts } from './facts.js';
import { abstractText, designDescription, PLANT_LATIN, plantAbstract, utilityDescription } from './prose.js';
import { a, distinct, lower, topicOf } from '../core/phrasing.js';
import { day, iso, Rng } from '../core/random.js';
import { DESIGN_TITLES, TECHNOLOGIES } from '../core/technology.js';
import { escapeXml as x } from '../core/xml-escape.js';

const GRANT_DTD = '<!DOCTYPE us-patent-grant SYSTEM "us-patent-grant-v47-2022-02-17.dtd" [ ]>';
const APPLICATION_DTD = '<!DOCTYPE us-patent-application SYSTEM "us-patent-application-v46-2022-02-17.dtd" [ ]>';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const APPL_TYPE = { UTL: 'utility', DES: 'design', PLT: 'plant', REI: 'reissue' } as const;
/** USPC design class → Locarno class/subclass. */
const LOCARNO: Readonly<Record<string, string>> = {
  D2: '0204',
  D4: '0402',
  D6: '0601',
  D7: '0702',
  D9: '0901',
  D10: '1002',
  D12: '1208',
  D14: '1404',
  D21: '2101',
  D24: '2402',
  D26: '2604',
  D32: '1501',
};

export interface RenderContext {
  seed: string | number;
  /** Earlier corpus grants and publications to cite (grants only). */
  pool: CitationPool;
  /** Paragraphs of detailed description per utility document (about; 0 leaves it out). */
  detailParagraphs?: number;
}

const streamFor = (ctx: RenderContext, f: DocFacts, purpose: string) => new Rng(`${ctx.seed}|${f.app}|${purpose}`);

interface Text {
  claims: Claim[];
  abstract: string | null;
  description: string;
  sheets: number;
  figures: number;
  /** Plant botanic data. */
  botanic: { latin: string; variety: string } | null;
}

function text(ctx: RenderContext, f: DocFacts, date: string, grant: boolean): Text {
  const { sheets, figures } = drawingCounts(streamFor(ctx, f, 'drawings'), f.type);
  if (f.type === 'DES') {
    const article = a(lower(f.title));
    return {
      claims: [designClaim(article)],
      abstract: null,
      description: designDescription(article, figures),
      sheets,
      figures,
      botanic: null,
    };
  }
  if (f.type === 'PLT') {
    const [, kind = f.title, variety = f.title] = /^(.*) NAMED '(.*)'$/.exec(f.title) ?? [];
    const latin = PLANT_LATIN[kind] ?? 'Rosa hybrida';
    const rng = streamFor(ctx, f, 'topic');
    const description = `<description id="description">\n<p id="p-0002" num="0001">${x(`Latin name of the genus and species: ${latin}. Variety denomination: \u2018${variety}\u2019.`)}</p>\n</description>`;
    return {
      claims: [plantClaim(lower(kind), variety, !grant)],
      abstract: plantAbstract(rng, latin, variety),
      description,
      sheets,
      figures,
      botanic: { latin, variety },
    };
  }
  const v = vocabularyFor(f.tech);
  const topicRng = streamFor(ctx, f, 'topic');
  const topic = topicOf(topicRng, f.title, f.tech, v);
  const abstract = abstractText(topicRng, v, topic);
  const claimRng = streamFor(ctx, f, grant ? 'claims-granted' : 'claims-filed');
  const continuing = f.parents.some((p) => p.relation !== 'PRO' && p.child === f.app);
  const canceled = !grant && continuing && claimRng.chance(0.3) ? claimRng.int(1, 20) : 0;
  const claims = utilityClaims(claimRng, v, topic, { bold: !grant, canceled });
  const description = utilityDescription(streamFor(ctx, f, 'description'), f, v, topic, figures, date, ctx.detailParagraphs ?? 0);
  return { claims, abstract, description, sheets, figures, botanic: null };
}

function body(t: Text, stem: string, rng: Rng, statement: string): string[] {
  const out: string[] = [];
  if (t.abstract !== null) out.push('<abstract id="abstract">', `<p id="p-0001" num="0000">${x(t.abstract)}</p>`, '</abstract>');
  out.push(
    ...drawings(rng, stem, t.sheets),
    t.description,
    `<us-claim-statement>${statement}</us-claim-statement>`,
    '<claims id="claims">',
  );
  for (const c of t.claims) out.push(c.xml);
  out.push('</claims>');
  return out;
}

const botanic = (t: Text) =>
  t.botanic
    ? ['<us-botanic>', `<latin-name>${x(t.botanic.latin)}</latin-name>`, `<variety>${x(t.botanic.variety)}</variety>`, '</us-botanic>']
    : [];

function fieldOfSearch(rng: Rng, f: DocFacts): string[] {
  const out = ['<us-field-of-classification-search>'];
  if (f.type === 'DES' || f.type === 'PLT') {
    const classes =
      f.type === 'DES'
        ? distinct(
            rng,
            DESIGN_TITLES.map(([, uspc]) => uspc),
            rng.int(1, 4),
          )
        : [`PLT/${rng.int(156, 263)}`];
    for (const uspc of [...new Set([f.uspc ?? classes[0]!, ...classes])]) {
      out.push(
        '<classification-national>',
        '<country>US</country>',
        `<main-classification>${nationalClass(uspc)}</main-classification>`,
        '</classification-national>',
      );
    }
  } else {
    const extra = distinct(rng, TECHNOLOGIES.find((t) => t.key === f.tech)?.cpc ?? [], rng.int(1, 4));
    for (const symbol of new Set([...f.cpc, ...extra])) out.push(`<classification-cpc-text>${symbol}</classification-cpc-text>`);
  }
  out.push('</us-field-of-classification-search>');
  return out;
}

function reissueOf(ctx: RenderContext, f: DocFacts): ReissueOf {
  const rng = streamFor(ctx, f, 'reissue');
  const original = outsidePatent(rng, 'UTL', day(f.filing) - rng.int(30, 700), day('2009-01-01'));
  const filing = iso(day(original.date) - rng.int(500, 1500));
  const series = filing < '2007-12-01' ? '11' : filing < '2011-05-01' ? '12' : filing < '2013-08-01' ? '13' : '14';
  return { app: `${series}${String(rng.int(0, 999999)).padStart(6, '0')}`, filing, patent: original.number, grant: original.date };
}

function locarnoEdition(date: string): string {
  return date >= '2023-01-01' ? '14' : date >= '2021-01-01' ? '13' : date >= '2019-01-01' ? '12' : date >= '2017-01-01' ? '11' : '10';
}

/** The document's own number and its application, the same elements in both products. */
function references(f: DocFacts, docNumber: string, kind: string, date: string): string[] {
  return [
    '<publication-reference>',
    '<document-id>',
    '<country>US</country>',
    `<doc-number>${docNumber}</doc-number>`,
    `<kind>${kind}</kind>`,
    `<date>${date}</date>`,
    '</document-id>',
    '</publication-reference>',
    `<application-reference appl-type="${APPL_TYPE[f.type]}">`,
    '<document-id>',
    '<country>US</country>',
    `<doc-number>${f.app}</doc-number>`,
    `<date>${compact(f.filing)}</date>`,
    '</document-id>',
    '</application-reference>',
    `<us-application-series-code>${f.app.slice(0, 2)}</us-application-series-code>`,
  ];
}

/** A complete `us-patent-grant` document (ends with a newline). */
export function renderGrant(f: DocFacts, ctx: RenderContext): string {
  const g = f.grant!;
  const date = compact(g.date);
  const padded = patentNumberXmlForm(g.number);
  const stem = `US${padded}-${date}`;
  const rng = streamFor(ctx, f, 'grant');
  const t = text(ctx, f, g.date, true);
  const out = [
    DECLARATION,
    GRANT_DTD,
    `<us-patent-grant lang="EN" dtd-version="v4.7 2022-02-17" file="${stem}.XML" status="PRODUCTION" id="us-patent-grant" country="US" date-produced="${compact(iso(day(g.date) - 20))}" date-publ="${date}">`,
    '<us-bibliographic-data-grant>',
    ...references(f, padded, g.kind, date),
  ];
  const disclaimer = f.parents.some((p) => p.relation === 'CON' && p.child === f.app) && rng.chance(0.4);
  if (f.type === 'DES')
    out.push('<us-term-of-grant>', `<length-of-grant>${f.filing >= '2015-05-13' ? 15 : 14}</length-of-grant>`, '</us-term-of-grant>');
  else if (g.pta > 0 || disclaimer) {
    out.push('<us-term-of-grant>');
    if (disclaimer) out.push('<disclaimer>', '<text>This patent is subject to a terminal disclaimer.</text>', '</disclaimer>');
    if (g.pta > 0) out.push(`<us-term-extension>${g.pta}</us-term-extension>`);
    out.push('</us-term-of-grant>');
  }
  out.push(...classifications(f.cpc, g.date));
  if (f.type === 'DES' && f.uspc) {
    out.push(
      '<classification-locarno>',
      `<edition>${locarnoEdition(g.date)}</edition>`,
      `<main-classification>${LOCARNO[f.uspc.split('/')[0]!] ?? '9999'}</main-classification>`,
      '</classification-locarno>',
    );
  }
  if ((f.type === 'DES' || f.type === 'PLT') && f.uspc) {
    out.push(
      '<classification-national>',
      '<country>US</country>',
      `<main-classification>${nationalClass(f.uspc)}</main-classification>`,
      '</classification-national>',
    );
  }
  out.push(`<invention-title id="d2e43">${x(f.title)}</invention-title>`, ...botanic(t));
  const cited = citationsFor(streamFor(ctx, f, 'citations'), f, ctx.pool);
  if (cited.length > 0) out.push(renderCitations(cited));
  out.push(
    `<number-of-claims>${t.claims.length}</number-of-claims>`,
    '<us-exemplary-claim>1</us-exemplary-claim>',
    ...fieldOfSearch(rng, f),
  );
  out.push(
    '<figures>',
    `<number-of-drawing-sheets>${t.sheets}</number-of-drawing-sheets>`,
    `<number-of-figures>${t.figures}</number-of-figures>`,
    '</figures>',
  );
  const own = f.publication && f.publication.date < g.date ? f.publication : null;
  out.push(...relatedDocuments(f, g.date, own, f.type === 'REI' ? reissueOf(ctx, f) : null));
  out.push(...parties(f, true), ...assignees(f), ...examiners(f), '</us-bibliographic-data-grant>');
  out.push(...body(t, stem, rng, f.type === 'DES' ? 'CLAIM' : 'What is claimed is:'), '</us-patent-grant>');
  return `${out.join('\n')}\n`;
}

/** A complete `us-patent-application` document (ends with a newline). */
export function renderPublication(f: DocFacts, ctx: RenderContext): string {
  const p = f.publication!;
  const date = compact(p.date);
  const number = p.number.slice(2, 13);
  const kind = p.number.slice(13);
  const stem = `US${number}${kind}-${date}`;
  const rng = streamFor(ctx, f, 'publication');
  const t = text(ctx, f, p.date, false);
  const out = [
    DECLARATION,
    APPLICATION_DTD,
    `<us-patent-application lang="EN" dtd-version="v4.6 2022-02-17" file="${stem}.XML" status="PRODUCTION" id="us-patent-application" country="US" date-produced="${compact(iso(day(p.date) - 15))}" date-publ="${date}">`,
    '<us-bibliographic-data-application lang="EN" country="US">',
    ...references(f, number, kind, date),
    ...classifications(f.cpc, p.date),
    `<invention-title id="d2e43">${x(f.title)}</invention-title>`,
    ...botanic(t),
    ...relatedDocuments(f, p.date, null, null),
    ...parties(f, false),
    ...(rng.chance(0.5) ? assignees(f) : []),
    '</us-bibliographic-data-application>',
    ...body(t, stem, rng, 'What is claimed is:'),
    '</us-patent-application>',
  ];
  return `${out.join('\n')}\n`;
}
