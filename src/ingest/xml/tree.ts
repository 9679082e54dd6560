/**
 * A small element tree of ONE document, built from saxes events: names, attributes, and children
 * as elements and text strings. Enough for the full-text mappers to look things up by path; the
 * bulky parts they never read (description, drawings, sequence listings) can be left out by name,
 * which is most of a grant's bytes. An undefined named entity is an error in what is read and
 * harmless in what is skipped.
 *
 * Whitespace-only text is formatting in element-only content and a word separator in mixed
 * content (`<i>a</i> <b>b</b>`). It is kept, as a single space, only after an inline element or
 * after text (the two places it can separate words); elsewhere it is dropped, so re-indented
 * files read the same as the office's.
 */
import { runSax, type SaxOutcome } from './sax.js';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export interface TreeOptions {
  /** Root element names to read; another root stops reading (outcome `other-root`). */
  acceptRoot: (name: string) => boolean;
  /** Elements left out of the tree with everything inside them. */
  skip?: ReadonlySet<string>;
}

export type TreeOutcome = Exclude<SaxOutcome, { kind: 'read' }> | { kind: 'read'; root: string; tree: XmlElement };

/** Elements that sit inside running text: whitespace after them separates words. */
const INLINE_ELEMENTS: ReadonlySet<string> = new Set([
  'b',
  'i',
  'u',
  'o',
  's',
  'sub',
  'sup',
  'sub2',
  'sup2',
  'smallcaps',
  'br',
  'claim-ref',
  'figref',
  'crossref',
]);

const WHITESPACE_ONLY = /^[ \t\r\n]*$/;

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string';
}

/**
 * Builds an element tree from start tags, end tags and text, by the whitespace rule above. Shared
 * by `readXmlTree` and readers that build only the few elements they keep (assignments/pick.ts), so
 * that both read text the same way.
 */
export class TreeBuilder {
  private readonly stack: XmlElement[] = [];
  private top: XmlElement | null = null;
  /** The outermost element, from its start tag on; a start tag after it closed begins a new one. */
  root: XmlElement | null = null;

  open(name: string, attributes: Record<string, string>): void {
    const element: XmlElement = { name, attributes, children: [] };
    if (this.top === null) this.root = element;
    else this.top.children.push(element);
    this.stack.push(element);
    this.top = element;
  }

  close(): void {
    const stack = this.stack;
    stack.pop();
    // Not `stack[length - 1] ?? null`: reading index -1 is a slow property lookup in V8.
    this.top = stack.length > 0 ? stack[stack.length - 1]! : null;
  }

  text(t: string): void {
    const top = this.top;
    if (top === null) return;
    if (!WHITESPACE_ONLY.test(t)) {
      top.children.push(t);
      return;
    }
    const previous = top.children[top.children.length - 1];
    if (previous === undefined) return;
    if (typeof previous === 'string' || INLINE_ELEMENTS.has(previous.name)) top.children.push(' ');
  }
}

export function readXmlTree(text: string, options: TreeOptions): TreeOutcome {
  const skip = options.skip ?? new Set<string>();
  const builder = new TreeBuilder();
  // Depth inside a skipped element (0: not skipping).
  let skipping = 0;

  const outcome = runSax(text, options.acceptRoot, {
    open(tag, control) {
      if (skipping > 0 || skip.has(tag.name)) {
        if (skipping === 0) control.textOff();
        skipping++;
        return;
      }
      builder.open(tag.name, tag.attributes);
    },
    close(_name, control) {
      if (skipping > 0) {
        skipping--;
        if (skipping === 0) control.textOn();
        return;
      }
      builder.close();
    },
    text(t) {
      if (skipping === 0) builder.text(t);
    },
    ignoresUndefinedEntities: () => skipping > 0,
  });
  if (outcome.kind !== 'read') return outcome;
  if (builder.root === null) return { kind: 'error', message: 'no root element', offset: 0 };
  return { kind: 'read', root: outcome.root, tree: builder.root };
}
