/**
 * Cuts an element out of a document's text before it reaches the XML parser. A grant's
 * description and drawings are most of its bytes and nothing we serve comes from them; skipping
 * them in the tree still costs saxes a tokenising pass over every tag and character, while
 * cutting them costs two `indexOf`s. What is cut is not checked for well-formedness.
 */

/** True when `text[at]` can follow an element name in a start tag. */
function endsName(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3e /* > */ || c === 0x2f; /* / */
}

/**
 * `text` without its first `<name …>…</name>` (or `<name/>`). Unchanged when there is none, or when
 * its end tag is missing (the parser then reports the document as it is).
 */
export function withoutElement(text: string, name: string): string {
  const open = `<${name}`;
  let start = text.indexOf(open);
  while (start >= 0 && !endsName(text, start + open.length)) start = text.indexOf(open, start + open.length);
  if (start < 0) return text;
  const tagEnd = text.indexOf('>', start);
  if (tagEnd < 0) return text;
  if (text.charCodeAt(tagEnd - 1) === 0x2f) return text.slice(0, start) + text.slice(tagEnd + 1);
  const close = `</${name}>`;
  const end = text.indexOf(close, tagEnd);
  if (end < 0) return text;
  return text.slice(0, start) + text.slice(end + close.length);
}
