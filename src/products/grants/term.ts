/**
 * What a grant prints in `us-term-of-grant` (XML-FORMATS.md §2 "term"), the term facts of a patent
 * whose file wrapper may not be held. Every grant DTD from v4.0 (2004-12-02) allows the same
 * children, in any order and number:
 *
 * - `us-term-extension`: days added under 35 USC 154(b). The DTD also allows the literal
 *   `5 years` (the extension of applications filed before 2000-05-29), which is not a day count:
 *   null and the mapper's issue, so it shows in the run;
 * - `length-of-grant`: years (designs);
 * - `disclaimer` (`date?`, `text?`) and a bare `text` (the DTD's verbatim notice when no structure
 *   was made): the disclaimer is every such text in order, markup dropped, whitespace collapsed.
 *   A disclaimer printed as a date alone (the day after which the term is disclaimed) has no text
 *   to store: the mapper's issue;
 * - `lapse-of-patent` and, from v4.4, `prior-disclosure-affidavit-filed`: not term facts of a US
 *   grant's front page, not read.
 *
 * The element repeats nothing in the samples; a repeated number takes the first.
 */
import type { GrantTerm, MapIssue } from '../full-text/document.js';
import { elementExcerpt } from '../full-text/excerpt.js';
import { shown } from '../full-text/common.js';
import { childElements, first, textAt } from '../../ingest/xml/select.js';
import { inlineText } from '../../ingest/xml/text.js';
import type { XmlElement } from '../../ingest/xml/tree.js';

// Six digits hold any real count (PTA runs to a few thousand days) and fit the integer column.
const COUNT = /^\d{1,6}$/;

export function mapTerm(bibliographic: XmlElement | null, issues: MapIssue[]): GrantTerm | null {
  const term = first(bibliographic, 'us-term-of-grant');
  if (term === null) return null;
  const notices: string[] = [];
  for (const part of childElements(term)) {
    const text = part.name === 'text' ? part : part.name === 'disclaimer' ? first(part, 'text') : null;
    const notice = text === null ? '' : inlineText(text);
    if (notice !== '') notices.push(notice);
    else if (part.name === 'disclaimer' && textAt(part, 'date') !== null)
      issues.push({ reason: 'term disclaimer printed as a date without text, not stored', excerpt: elementExcerpt(part) });
  }
  return {
    extensionDays: count(term, 'us-term-extension', issues),
    lengthOfGrant: count(term, 'length-of-grant', issues),
    disclaimer: notices.length === 0 ? null : notices.join(' '),
  };
}

function count(term: XmlElement, name: string, issues: MapIssue[]): number | null {
  const printed = textAt(term, name);
  if (printed === null) return null;
  if (COUNT.test(printed)) return Number(printed);
  issues.push({ reason: `<${name}> not a whole number, not stored ${shown(printed)}`, excerpt: elementExcerpt(term) });
  return null;
}
