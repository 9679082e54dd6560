/**
 * A number printed in a grant's related-document or PCT data, made canonical by the parser of its
 * kind (domain/numbers.ts). One that cannot be read is kept as printed, because the link or filing
 * it names is still a fact, and reported as the mapper's issue so the run counts and shows it.
 */
import { shown, type MapIssue } from '../full-text/common.js';
import { elementExcerpt } from '../full-text/excerpt.js';
import type { XmlElement } from '../../ingest/xml/tree.js';

export function canonicalOrPrinted(
  printed: string,
  parse: (input: string) => string | null,
  what: string,
  element: XmlElement,
  issues: MapIssue[],
): string {
  const canonical = parse(printed);
  if (canonical !== null) return canonical;
  issues.push({ reason: `${what} not readable, kept as printed ${shown(printed)}`, excerpt: elementExcerpt(element) });
  return printed;
}
