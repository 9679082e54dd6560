/**
 * The words of one rejection ground: the statute's form paragraph (the quotation of 35 U.S.C.
 * 101/102/103/112 an action gives the first time it relies on it, afterwards the "can be found
 * in a prior Office action" sentence), and the ground itself — the sentence naming the claims,
 * the statute and the references exactly as the rejection rows and citation rows list them,
 * then a short discussion in the technology's vocabulary pointing into each reference
 * (paragraphs of publications, columns and lines of patents, figures of designs).
 */
import type { Vocabulary } from '../core/claim-vocabulary.js';
import { claimsAre, claimsWord } from './claims.js';
import type { Ground } from './grounds.js';
import { citedAs, type Reference, shortName } from './references.js';
import { a } from '../core/phrasing.js';
import type { Rng } from '../core/random.js';

const QUOTE: Readonly<Record<string, string>> = {
  '101':
    '35 U.S.C. 101 reads as follows:\nWhoever invents or discovers any new and useful process, machine, manufacture, or composition of matter, or any new and useful improvement thereof, may obtain a patent therefor, subject to the conditions and requirements of this title.',
  '102':
    'The following is a quotation of the appropriate paragraphs of 35 U.S.C. 102 that form the basis for the rejections under this section made in this Office action:\nA person shall be entitled to a patent unless \u2013\n(a)(1) the claimed invention was patented, described in a printed publication, or in public use, on sale, or otherwise available to the public before the effective filing date of the claimed invention.',
  '102pre':
    'The following is a quotation of the appropriate paragraphs of pre-AIA  35 U.S.C. 102 that form the basis for the rejections under this section made in this Office action:\nA person shall be entitled to a patent unless \u2013\n(b) the invention was patented or described in a printed publication in this or a foreign country or in public use or on sale in this country, more than one year prior to the date of application for patent in the United States.',
  '103':
    'The following is a quotation of 35 U.S.C. 103 which forms the basis for all obviousness rejections set forth in this Office action:\nA patent for a claimed invention may not be obtained, notwithstanding that the claimed invention is not identically disclosed as set forth in section 102, if the differences between the claimed invention and the prior art are such that the claimed invention as a whole would have been obvious before the effective filing date of the claimed invention to a person having ordinary skill in the art to which the claimed invention pertains. Patentability shall not be negated by the manner in which the invention was made.',
  '103pre':
    'The following is a quotation of pre-AIA  35 U.S.C. 103(a) which forms the basis for all obviousness rejections set forth in this Office action:\n(a) A patent may not be obtained though the invention is not identically disclosed or described as set forth in section 102, if the differences between the subject matter sought to be patented and the prior art are such that the subject matter as a whole would have been obvious at the time the invention was made to a person having ordinary skill in the art to which said subject matter pertains.',
  '112a':
    'The following is a quotation of the first paragraph of 35 U.S.C. 112(a):\n(a)  IN GENERAL.\u2014The specification shall contain a written description of the invention, and of the manner and process of making and using it, in such full, clear, concise, and exact terms as to enable any person skilled in the art to which it pertains, or with which it is most nearly connected, to make and use the same, and shall set forth the best mode contemplated by the inventor or joint inventor of carrying out the invention.',
  '112b':
    'The following is a quotation of 35 U.S.C. 112(b):\n(b)  CONCLUSION.\u2014The specification shall conclude with one or more claims particularly pointing out and distinctly claiming the subject matter which the inventor or a joint inventor regards as the invention.',
};

export const PRIOR_ACTION =
  'The text of those sections of Title 35, U.S. Code not included in this action can be found in a prior Office action.';

/** The quotation for a ground (a key per statute and paragraph, so each is quoted once per application). */
export function formParagraphKey(g: Ground, firstInventorToFile: boolean): string {
  if (g.statute === '112') return `112${g.paragraph}`;
  if (g.statute === '102' || g.statute === '103') return firstInventorToFile ? g.statute : `${g.statute}pre`;
  return g.statute;
}

export function formParagraph(key: string): string {
  return QUOTE[key] ?? '';
}

/** The heading of a statute's part of the body. */
export const heading = (g: Ground) => (g.statute === 'DP' ? 'Double Patenting' : `Claim Rejections - 35 USC \u00a7 ${g.statute}`);

/** Where in a reference the examiner points. */
function pinpoint(rng: Rng, r: Reference): string {
  if (r.number.startsWith('D')) return `Fig. ${rng.int(1, 7)}`;
  if (r.publication) {
    const p = rng.int(12, 140);
    return `paras. [${String(p).padStart(4, '0')}]-[${String(p + rng.int(1, 6)).padStart(4, '0')}]; Fig. ${rng.int(1, 12)}`;
  }
  const line = rng.int(1, 55);
  return `col. ${rng.int(2, 18)}, lines ${line}-${line + rng.int(4, 20)}`;
}

/** Ends a sentence without doubling the period of `et al.` */
const sentenceEnd = (s: string) => (s.endsWith('.') ? s : `${s}.`);

const pickPart = (rng: Rng, v: Vocabulary) => rng.pick(v.parts).one;

function statuteName(g: Ground, fitf: boolean): string {
  if (g.statute === '102') return fitf ? '35 U.S.C. 102(a)(1)' : `pre-AIA  35 U.S.C. 102(${g.paragraph})`;
  if (g.statute === '103') return fitf ? '35 U.S.C. 103' : 'pre-AIA  35 U.S.C. 103(a)';
  return `35 U.S.C. ${g.statute}`;
}

/** The combination as the 103 sentence names it: `A (US …) in view of B (US …) and C (US …)`. */
function combination(refs: readonly Reference[]): string {
  const [main, ...others] = refs;
  if (!main) return '';
  if (others.length === 0) return citedAs(main);
  const names = others.map(citedAs);
  const tail = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${citedAs(main)} in view of ${tail}`;
}

/** The sentence that states a ground (also what advisory actions repeat). */
export function groundSentence(g: Ground, fitf: boolean): string {
  const who = claimsAre(g.claims);
  switch (g.statute) {
    case '102':
      return `${who} rejected under ${statuteName(g, fitf)} as being anticipated by ${citedAs(g.references[0]!)}.`;
    case '103':
      return `${who} rejected under ${statuteName(g, fitf)} as being unpatentable over ${combination(g.references)}.`;
    case '112':
      return g.paragraph === 'b'
        ? `${who} rejected under 35 U.S.C. 112(b) or 35 U.S.C. 112 (pre-AIA ), second paragraph, as being indefinite for failing to particularly point out and distinctly claim the subject matter which the inventor or a joint inventor (or for applications subject to pre-AIA  35 U.S.C. 112, the applicant), regards as the invention.`
        : `${who} rejected under 35 U.S.C. 112(a) or 35 U.S.C. 112 (pre-AIA ), first paragraph, as failing to comply with the written description requirement. The claim(s) contains subject matter which was not described in the specification in such a way as to reasonably convey to one skilled in the relevant art that the inventor or a joint inventor, or for applications subject to pre-AIA  35 U.S.C. 112, the inventor(s), at the time the application was filed, had possession of the claimed invention.`;
    case '101':
      return `${who} rejected under 35 U.S.C. 101 because the claimed invention is directed to ${g.basis} without significantly more.`;
    case 'DP': {
      const c = g.conflict!;
      return c.patent
        ? `${who} rejected on the ground of nonstatutory double patenting as being unpatentable over claims 1-${g.claims.length + 2} of U.S. Patent No. ${c.patent.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.`
        : `${who} provisionally rejected on the ground of nonstatutory double patenting as being unpatentable over claims 1-${g.claims.length + 2} of copending Application No. ${c.application.slice(0, 2)}/${c.application.slice(2, 5)},${c.application.slice(5)} (reference application).`;
    }
  }
}

/** The ground's full text: the sentence, then the discussion. */
export function groundText(rng: Rng, g: Ground, fitf: boolean, subject: string, v: Vocabulary): string {
  const out = [groundSentence(g, fitf)];
  const [first, ...rest] = g.claims;
  const part = () => pickPart(rng, v);
  switch (g.statute) {
    case '102': {
      const r = g.references[0]!;
      out.push(
        `Regarding claim ${first}, ${shortName(r)} discloses ${a(subject)} comprising ${a(part())} (${pinpoint(rng, r)}) and ${a(part())} ${rng.pick(v.relations)} the ${part()} (${pinpoint(rng, r)}).`,
      );
      if (rest.length > 0)
        out.push(`Regarding ${claimsWord(rest)}, ${shortName(r)} further discloses the ${part()} as claimed (${pinpoint(rng, r)}).`);
      break;
    }
    case '103': {
      const [main, ...others] = g.references;
      const missing = part();
      out.push(
        `Regarding claim ${first}, ${shortName(main!)} discloses ${a(subject)} comprising ${a(part())} and ${a(part())} (${pinpoint(rng, main!)}).`,
      );
      if (others.length === 0) {
        out.push(
          `${shortName(main!)} does not expressly disclose the ${missing} as claimed. However, it would have been obvious to a person having ordinary skill in the art before the effective filing date of the claimed invention to provide the ${missing}, since it has been held that discovering an optimum value of a result effective variable involves only routine skill in the art.`,
        );
      }
      for (const r of others) {
        out.push(
          `${shortName(main!)} does not disclose the ${missing} ${rng.pick(v.relations)} the ${part()}. ${shortName(r)} teaches ${a(missing)} ${rng.pick(v.relations)} ${a(part())} (${pinpoint(rng, r)}). It would have been obvious to a person having ordinary skill in the art before the effective filing date of the claimed invention to modify ${shortName(main!)} with the teaching of ${shortName(r)} in order to ${rng.pick(v.verbs).base} the ${part()} more reliably, as suggested by ${sentenceEnd(shortName(r))}`,
        );
      }
      if (rest.length > 0)
        out.push(
          `Regarding ${claimsWord(rest)}, the combination further teaches the limitations of these claims (${pinpoint(rng, main!)}).`,
        );
      break;
    }
    case '112': {
      for (const lead of g.leads) {
        out.push(
          g.paragraph === 'b'
            ? `Claim ${lead} recites the limitation "the ${part()}". There is insufficient antecedent basis for this limitation in the claim.`
            : `The specification does not describe ${a(part())} having the full scope recited in claim ${lead}; the disclosure supports only the embodiment of Fig. ${rng.int(1, 9)}.`,
        );
      }
      const dependents = g.claims.filter((c) => !g.leads.includes(c));
      if (dependents.length > 0)
        out.push(`${claimsAre(dependents)} rejected for depending from a rejected claim and failing to cure its deficiency.`);
      break;
    }
    case '101':
      out.push(
        `Step 2A, Prong One: ${claimsWord(g.leads)} recite${g.leads.length === 1 ? 's' : ''} ${g.basis === 'an abstract idea' ? 'mental processes and certain methods of organizing human activity' : g.basis}, namely determining a value of the ${part()} and adjusting the ${part()} accordingly.`,
        `Step 2A, Prong Two: the additional elements (a generic ${v.controller ?? 'processor'}) merely apply the exception and do not integrate it into a practical application.`,
        'Step 2B: the additional elements, alone and in combination, amount to well-understood, routine and conventional activity and do not provide significantly more than the exception.',
      );
      if (g.claims.length > g.leads.length)
        out.push(
          `The dependent claims (${claimsWord(g.claims.filter((c) => !g.leads.includes(c)))}) only narrow the exception and add no further additional element.`,
        );
      break;
    case 'DP':
      out.push(
        `Although the claims at issue are not identical, they are not patentably distinct from each other because the ${subject} of claim ${first} is anticipated by the reference claims. A timely filed terminal disclaimer in compliance with 37 CFR 1.321(c) or 1.321(d) may be used to overcome this rejection.`,
      );
      break;
  }
  return out.join('\n');
}
