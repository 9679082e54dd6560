/**
 * Abstracts and the short description of a synthetic full-text document. The description is kept
 * to what the DTD requires and a reader expects to find first (cross-reference to related
 * applications, technical field, brief description of the drawings): real descriptions are most
 * of a document's size and nothing here needs their bulk. Everything is returned as escaped XML.
 */
import { noun, type Vocabulary } from '../core/claim-vocabulary.js';
import type { DocFacts } from './facts.js';
import { a, capitalize, distinct, measure, type Topic } from '../core/phrasing.js';
import type { Rng } from '../core/random.js';
import { escapeXml as x } from '../core/xml-escape.js';

const MONTHS = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'];
const RELATION_TEXT = { CON: 'a continuation of', DIV: 'a divisional of', CIP: 'a continuation-in-part of' } as const;
const VIEWS = [
  'a schematic diagram of',
  'a perspective view of',
  'a cross-sectional view of',
  'a block diagram of',
  'a top plan view of',
  'an exploded view of',
];
const DESIGN_VIEWS = [
  'a front perspective view',
  'a rear perspective view',
  'a front elevational view',
  'a rear elevational view',
  'a left side view',
  'a right side view',
  'a top plan view',
  'a bottom plan view',
];

/** `2018-09-06` → `Sep. 6, 2018`. */
export function longDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

/** `16123456` → `16/123,456`. */
export function serial(app: string): string {
  return `${app.slice(0, 2)}/${app.slice(2, 5)},${app.slice(5)}`;
}

/** `10916753` → `10,916,753`; prefixed numbers keep their prefix (`D1,000,123`). */
function patentWithCommas(number: string): string {
  const [, prefix = '', digits = ''] = /^([A-Z]*)(\d+)$/.exec(number) ?? [];
  return prefix + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** One to three sentences in the technology's vocabulary, starting from the claimed subject. */
export function abstractText(rng: Rng, v: Vocabulary, topic: Topic): string {
  const [p0, p1, p2] = distinct(rng, v.parts, 3) as [(typeof v.parts)[number], (typeof v.parts)[number], (typeof v.parts)[number]];
  const rel = () => rng.pick(v.relations);
  const sentences = [
    topic.methodFirst
      ? `A method of ${topic.purpose} includes ${rng.pick(v.verbs).ing} ${a(p0.one)}, ${rng.pick(v.verbs).ing} ${a(p1.one)} ${rel()} the ${p0.one}, and ${rng.pick(v.verbs).ing} a plurality of ${p2.many}.`
      : `${capitalize(a(topic.subject))} includes ${a(p0.one)}, ${a(p1.one)} ${rel()} the ${p0.one}, and a plurality of ${p2.many}.`,
  ];
  if (rng.chance(0.8))
    sentences.push(`The ${p2.many} are ${rel()} the ${p1.one}, and the ${p0.one} has ${measure(rng, rng.pick(v.properties))}.`);
  if (rng.chance(0.5)) {
    sentences.push(
      topic.methodFirst
        ? `${capitalize(noun(topic.subject).many)} for performing the method are also described.`
        : `Methods of ${topic.purpose} using the ${topic.subject} are also disclosed.`,
    );
  }
  return sentences.join(' ');
}

export const PLANT_LATIN: Readonly<Record<string, string>> = {
  'APPLE TREE': 'Malus domestica',
  'STRAWBERRY PLANT': 'Fragaria \u00d7ananassa',
  'ROSE PLANT': 'Rosa hybrida',
  'BLUEBERRY PLANT': 'Vaccinium corymbosum',
  'HYDRANGEA PLANT': 'Hydrangea macrophylla',
  GRAPEVINE: 'Vitis vinifera',
  'CHRYSANTHEMUM PLANT': 'Chrysanthemum \u00d7morifolium',
  'PEACH TREE': 'Prunus persica',
};
const PLANT_TRAITS = [
  'vigorous growth',
  'large fruit with a high sugar content',
  'a compact, upright habit',
  'abundant flowering',
  'early ripening',
  'resistance to powdery mildew',
  'deep red flowers',
  'glossy dark green foliage',
];

export function plantAbstract(rng: Rng, latin: string, name: string): string {
  const [t1, t2] = distinct(rng, PLANT_TRAITS, 2);
  return `A new and distinct cultivar of ${latin} named \u2018${name}\u2019 is disclosed, characterized by ${t1} and ${t2}.`;
}

/** Paragraph writer: ids continue from the abstract's `p-0001`, `num` counts description paragraphs. */
class Paragraphs {
  private n = 0;

  /** `idOffset` 1 when an abstract paragraph (`p-0001`) precedes the description. */
  constructor(private readonly idOffset: number) {}

  private heading = 0;
  readonly out: string[] = [];

  p(text: string, figref?: string): void {
    this.n++;
    const body = figref ? `<figref idref="DRAWINGS">${figref}</figref> ${x(text)}` : x(text);
    this.out.push(`<p id="p-${String(this.n + this.idOffset).padStart(4, '0')}" num="${String(this.n).padStart(4, '0')}">${body}</p>`);
  }

  h(text: string): void {
    this.heading++;
    this.out.push(`<heading id="h-${String(this.heading).padStart(4, '0')}" level="1">${x(text)}</heading>`);
  }
}

/** "This application is a continuation of U.S. patent application Ser. No. …", as of `asOf` (the document's date). */
function crossReference(facts: DocFacts, asOf: string): string | null {
  const own = facts.parents.filter((p) => p.child === facts.app);
  if (own.length === 0) return null;
  const parts = own.map((p) => {
    const filed = `filed ${longDate(p.parentFiling)}`;
    if (p.relation === 'PRO') return `claims the benefit of U.S. Provisional Patent Application No. ${serial(p.parent)}, ${filed}`;
    const now = p.patent && p.patent.date <= asOf ? `, now U.S. Pat. No. ${patentWithCommas(p.patent.number)}` : '';
    return `is ${RELATION_TEXT[p.relation]} U.S. patent application Ser. No. ${serial(p.parent)}, ${filed}${now}`;
  });
  return `This application ${parts.join(', and ')}, the entire contents of which are incorporated herein by reference.`;
}

/** One paragraph of a detailed description: four to six sentences about the parts and how they relate. */
function detailParagraph(rng: Rng, v: Vocabulary, topic: Topic, figures: number): string {
  const sentences: string[] = [];
  const count = rng.int(4, 6);
  for (let i = 0; i < count; i++) {
    const [p0, p1] = distinct(rng, v.parts, 2) as [(typeof v.parts)[number], (typeof v.parts)[number]];
    const pattern = rng.int(0, 3);
    if (pattern === 0)
      sentences.push(
        `In some embodiments, the ${p0.one} is ${rng.pick(v.relations)} the ${p1.one}, as shown in FIG. ${rng.int(1, figures)}.`,
      );
    else if (pattern === 1)
      sentences.push(`The ${p0.one} may have ${measure(rng, rng.pick(v.properties))}, although other values may be used.`);
    else if (pattern === 2)
      sentences.push(`${capitalize(rng.pick(v.verbs).ing)} the ${p0.many} allows the ${topic.subject} to operate without ${a(p1.one)}.`);
    else sentences.push(`It will be understood that the ${p1.many} described herein may be combined with any ${p0.one} of the ${v.field}.`);
  }
  return sentences.join(' ');
}

/**
 * `detailParagraphs` adds a DETAILED DESCRIPTION of about that many paragraphs: the bulk of a real
 * document (benchmarks use it to reach a real week's size; the demo corpus leaves it out).
 */
export function utilityDescription(
  rng: Rng,
  facts: DocFacts,
  v: Vocabulary,
  topic: Topic,
  figures: number,
  asOf: string,
  detailParagraphs = 0,
): string {
  const w = new Paragraphs(1);
  const xref = crossReference(facts, asOf);
  const out = ['<description id="description">'];
  if (xref) {
    w.h('CROSS-REFERENCE TO RELATED APPLICATIONS');
    w.p(xref);
    out.push(
      '<?cross-reference-to-related-applications description="Cross Reference To Related Applications" end="lead"?>',
      ...w.out.splice(0),
    );
    out.push('<?cross-reference-to-related-applications description="Cross Reference To Related Applications" end="tail"?>');
  }
  w.h('TECHNICAL FIELD');
  w.p(`The present disclosure relates generally to ${v.field} and, more particularly, to ${topic.purpose}.`);
  out.push('<?BRFSUM description="Brief Summary" end="lead"?>', ...w.out.splice(0), '<?BRFSUM description="Brief Summary" end="tail"?>');
  w.h('BRIEF DESCRIPTION OF THE DRAWINGS');
  for (let f = 1; f <= figures; f++) {
    const end = f === figures ? '.' : f === figures - 1 ? '; and' : ';';
    w.p(`is ${rng.pick(VIEWS)} ${a(rng.pick(v.parts).one)} according to some embodiments${end}`, `FIG. ${f}`);
  }
  out.push(
    '<?brief-description-of-drawings description="Brief Description of Drawings" end="lead"?>',
    '<description-of-drawings>',
    ...w.out.splice(0),
  );
  out.push('</description-of-drawings>', '<?brief-description-of-drawings description="Brief Description of Drawings" end="tail"?>');
  if (detailParagraphs > 0) {
    w.h('DETAILED DESCRIPTION');
    const paragraphs = rng.int(Math.ceil(detailParagraphs / 2), Math.ceil((detailParagraphs * 3) / 2));
    for (let i = 0; i < paragraphs; i++) w.p(detailParagraph(rng, v, topic, Math.max(1, figures)));
    out.push(
      '<?DETDESC description="Detailed Description" end="lead"?>',
      ...w.out.splice(0),
      '<?DETDESC description="Detailed Description" end="tail"?>',
    );
  }
  out.push('</description>');
  return out.join('\n');
}

export function designDescription(article: string, figures: number): string {
  const w = new Paragraphs(0);
  for (let f = 1; f <= figures; f++) {
    const end = f === figures ? '.' : f === figures - 1 ? '; and,' : ';';
    const view = DESIGN_VIEWS[(f - 1) % DESIGN_VIEWS.length];
    w.p(`is ${view} ${f === 1 ? `of ${article} showing our new design` : 'thereof'}${end}`, `FIG. ${f}`);
  }
  w.p(
    `The broken lines shown in the drawings represent portions of the ${article.replace(/^an? /, '')} that form no part of the claimed design.`,
  );
  return [
    '<description id="description">',
    '<?brief-description-of-drawings description="Brief Description of Drawings" end="lead"?>',
    '<description-of-drawings>',
    ...w.out,
    '</description-of-drawings>',
    '<?brief-description-of-drawings description="Brief Description of Drawings" end="tail"?>',
    '</description>',
  ].join('\n');
}
