/**
 * Which product a file holds, from its head: JSON or XML, then the earliest product marker in
 * it (an XML document root such as `us-patent-grant`, a JSON envelope bag such as
 * `patentFileWrapperDataBag`). A file of another product is refused before anything loads: a
 * grant file given to `ingest publications` would otherwise load as nothing but skipped
 * documents, a file wrapper JSON given to `ingest grants` as one syntax error.
 */
import { show } from './show.js';
import type { FileHead } from './file-check.js';

/** `text`: a fixed-width file (the maintenance-fee events and their code table), told by its lines. */
export type FileFormat = 'json' | 'xml' | 'text';

export interface Recognisable {
  family: string;
  /** What its files hold, in a refusal: `grants`, `pre-grant publications`. */
  what: string;
  format: FileFormat;
  /**
   * XML: the document roots it loads. JSON: the envelope bags (and key fields) of its records.
   * Text: patterns (regular expression sources) one of its lines matches.
   */
  markers: readonly string[];
}

const FORMAT_NAMES: Record<FileFormat, string> = { json: 'JSON', xml: 'XML', text: 'plain text' };

export function formatOf(text: string): FileFormat | null {
  const first = /\S/.exec(text)?.[0];
  if (first === '{' || first === '[') return 'json';
  if (first === '<') return 'xml';
  // Printable ASCII lines (a zip's or gzip's bytes are not).
  const firstLine = text.split('\n', 1)[0]!.replace(/\r$/, '');
  if (first !== undefined && /^[\x20-\x7e\t]+$/.test(firstLine)) return 'text';
  return null;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where a marker first occurs: an element's start tag, or a JSON object key. */
function markerAt(text: string, format: FileFormat, marker: string): number {
  if (format === 'text') return text.search(new RegExp(marker, 'm'));
  const pattern = format === 'xml' ? `<${escapeRegExp(marker)}[\\s>/]` : `"${escapeRegExp(marker)}"\\s*:`;
  return text.search(new RegExp(pattern));
}

/** The product whose marker comes first in the head, or null when none shows. */
function claimantOf<P extends Recognisable>(head: FileHead, format: FileFormat, products: readonly P[]): P | null {
  let best: { product: P; at: number } | null = null;
  for (const product of products) {
    if (product.format !== format) continue;
    for (const marker of product.markers) {
      const at = markerAt(head.text, format, marker);
      if (at >= 0 && (best === null || at < best.at)) best = { product, at };
    }
  }
  return best?.product ?? null;
}

const command = (family: string): string => `"patent-status ingest ${family}"`;

/** Why `product` cannot load the file whose head this is, or null when it can (or cannot tell). */
export function refusal(product: Recognisable, products: readonly Recognisable[], head: FileHead): string | null {
  // An empty or undecodable zip member tells nothing; the parser reports it in the run.
  if (head.text.trim() === '') return null;
  const where = head.member === null ? head.name : `${head.name} (member ${head.member})`;
  const format = formatOf(head.text);
  const claimant = format === null ? null : claimantOf(head, format, products);
  if (format === null || (format === 'text' && claimant === null)) {
    const starts = `(it starts with ${show(head.text.slice(0, 16))})`;
    if (product.format === 'text') return `${where} does not fit the layout of ${product.what} ${starts}`;
    return `${where} is neither JSON nor XML ${starts}: not a file of ${product.what}`;
  }
  if (format !== product.format && format !== 'text') {
    // The product whose marker the head shows, else every product of that format.
    const others = (claimant !== null ? [claimant] : products.filter((p) => p.format === format)).map((p) => command(p.family));
    const hint = others.length > 0 ? `: load it with ${others.join(' or ')}` : '';
    return `${where} holds ${FORMAT_NAMES[format]}, not the ${FORMAT_NAMES[product.format]} of ${product.what}${hint}`;
  }
  // A text file only ever reaches here claimed (by its lines), so it is named by what it holds.
  if (claimant !== null && claimant.family !== product.family) {
    return `${where} holds ${claimant.what}, not ${product.what}: load it with ${command(claimant.family)}`;
  }
  return null;
}
