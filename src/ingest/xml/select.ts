/**
 * Looking things up in an element tree by child path (`publication-reference/document-id/kind`):
 * each step is a child element name, never a descendant search, so a path means exactly one place
 * in the office's DTD.
 */
import { inlineText } from './text.js';
import { isElement, type XmlElement } from './tree.js';

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of element.children) if (isElement(node) && (name === undefined || node.name === name)) out.push(node);
  return out;
}

/** The first element at `path` (slash-separated child names), or null. */
export function first(element: XmlElement | null, path: string): XmlElement | null {
  let current: XmlElement | null = element;
  for (const step of path.split('/')) {
    if (current === null) return null;
    let found: XmlElement | null = null;
    for (const node of current.children) {
      if (isElement(node) && node.name === step) {
        found = node;
        break;
      }
    }
    current = found;
  }
  return current;
}

/** Every element at `path`, in document order (all matches at every step). */
export function all(element: XmlElement | null, path: string): XmlElement[] {
  if (element === null) return [];
  let level: XmlElement[] = [element];
  for (const step of path.split('/')) level = level.flatMap((e) => childElements(e, step));
  return level;
}

/** Every element named `name` inside `element` (not itself), in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const node of e.children) {
      if (!isElement(node)) continue;
      if (node.name === name) out.push(node);
      walk(node);
    }
  };
  walk(element);
  return out;
}

/** The text at `path` on one line, trimmed; null when absent or blank. */
export function textAt(element: XmlElement | null, path: string): string | null {
  const found = first(element, path);
  if (found === null) return null;
  const s = inlineText(found);
  return s === '' ? null : s;
}

export function attribute(element: XmlElement | null, name: string): string | null {
  return element?.attributes[name] ?? null;
}
