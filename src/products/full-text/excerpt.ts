/**
 * An element written back as XML, for the excerpt of a reject or a mapper's issue: the tree keeps
 * no source text, and the reader cuts the excerpt to its length.
 */
import { isElement, type XmlElement } from '../../ingest/xml/tree.js';

export function elementExcerpt(element: XmlElement): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  const content = element.children.map((node) => (isElement(node) ? elementExcerpt(node) : escapeXml(node))).join('');
  return `<${element.name}${attributes}>${content}</${element.name}>`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}
