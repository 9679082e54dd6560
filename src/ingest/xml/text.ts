/**
 * Text of an element without markup. Inline markup (`b`, `i`, `u`, `sub`, `sup`, `smallcaps`,
 * MathML tokens, `claim-ref`…) contributes its text where it stands; `br` is a line break; block
 * elements (paragraphs, table rows, list items, and whatever the caller adds, such as
 * `claim-text`) start and end a line. Within a line, runs of spaces, tabs and source newlines
 * collapse to one space (the office wraps lines at random places); lines are trimmed and empty
 * lines dropped. Non-breaking spaces are content and kept.
 */
import { isElement, type XmlElement } from './tree.js';

/** Elements that are lines of their own wherever they appear. */
const BLOCK_ELEMENTS: ReadonlySet<string> = new Set(['p', 'heading', 'li', 'row', 'tr', 'table', 'tables', 'dl', 'dt', 'dd']);

/** Table cells sit on one line, separated by a space. */
const CELL_ELEMENTS: ReadonlySet<string> = new Set(['entry', 'td', 'th']);

// U+0000 cannot occur in XML 1.0 text, so it can stand for a line break while source newlines
// (which are only whitespace) collapse with the rest.
const BREAK = '\u0000';

export interface TextOptions {
  /** More elements that start a line of their own (e.g. `claim-text` for claim limbs). */
  lineElements?: ReadonlySet<string>;
}

/** The text as lines: each trimmed, inner whitespace collapsed, none empty. */
export function textLines(element: XmlElement, options: TextOptions = {}): string[] {
  // Most elements read are leaves holding one string (numbers, dates, names): no walk needed.
  const only = element.children.length === 1 ? element.children[0] : undefined;
  if (typeof only === 'string') {
    const line = collapse(only);
    return line === '' ? [] : [line];
  }
  const extra = options.lineElements;
  const parts: string[] = [];
  const walk = (e: XmlElement): void => {
    for (const node of e.children) {
      if (!isElement(node)) {
        parts.push(node);
        continue;
      }
      if (node.name === 'br') {
        parts.push(BREAK);
        continue;
      }
      const isLine = BLOCK_ELEMENTS.has(node.name) || extra?.has(node.name) === true;
      const isCell = CELL_ELEMENTS.has(node.name);
      if (isLine) parts.push(BREAK);
      else if (isCell) parts.push(' ');
      walk(node);
      if (isLine) parts.push(BREAK);
      else if (isCell) parts.push(' ');
    }
  };
  walk(element);
  const lines: string[] = [];
  for (const raw of parts.join('').split(BREAK)) {
    const line = collapse(raw);
    if (line !== '') lines.push(line);
  }
  return lines;
}

function collapse(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

/** Lines joined with newlines. */
export function plainText(element: XmlElement, options: TextOptions = {}): string {
  return textLines(element, options).join('\n');
}

/** One line: line breaks become spaces (titles, names, citation text). */
export function inlineText(element: XmlElement): string {
  return textLines(element).join(' ');
}
