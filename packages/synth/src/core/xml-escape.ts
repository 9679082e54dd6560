/**
 * Text escaping for the synthetic full-text XML, in the office's style: markup characters and
 * everything outside printable ASCII become hexadecimal character references (`&#x26;` for `&`,
 * `&#x3c;` for `<`, `&#xb0;` for `°`, `&#x201c;` for `“`), as the Red Book files write them.
 * The result is plain ASCII, so byte counts equal character counts.
 */

const NEEDS_ESCAPE = /[&<>\u0080-\uffff]/;
const ESCAPED = /[&<>]|[\ud800-\udbff][\udc00-\udfff]|[\u0080-\uffff]/g;

function reference(ch: string): string {
  return `&#x${ch.codePointAt(0)!.toString(16)};`;
}

/** Text content or attribute value → escaped ASCII (quotes are left alone: attributes use our own values). */
export function escapeXml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, reference) : text;
}
