/**
 * A 422 echoes what the caller sent (`input`), but never more than a few kilobytes of it: a
 * 1 MiB string or a 1,000-item list sent back whole would make the error larger than the request.
 */
export const ECHO_STRING_CHARS = 200;
export const ECHO_BUDGET_CHARS = 1_000;
const MAX_DEPTH = 4;

/** `value` cut to at most ECHO_STRING_CHARS per string and about ECHO_BUDGET_CHARS in all; cuts end in "…". */
export function boundedEcho(value: unknown): unknown {
  let budget = ECHO_BUDGET_CHARS;
  const visit = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') {
      const room = Math.max(0, Math.min(ECHO_STRING_CHARS, budget));
      budget -= Math.min(item.length, room) + 2;
      return item.length > room ? `${cutAt(item, room)}…` : item;
    }
    if (item === null || typeof item !== 'object') {
      budget -= 8;
      return typeof item === 'number' || typeof item === 'boolean' ? item : (item ?? null);
    }
    if (depth >= MAX_DEPTH) {
      budget -= 1;
      return '…';
    }
    if (Array.isArray(item)) {
      const shown: unknown[] = [];
      for (const member of item) {
        if (budget <= 0) break;
        shown.push(visit(member, depth + 1));
      }
      if (shown.length < item.length) shown.push(`… ${item.length - shown.length} more`);
      return shown;
    }
    const entries = Object.entries(item as Record<string, unknown>);
    const shown: Record<string, unknown> = {};
    let count = 0;
    for (const [key, member] of entries) {
      if (budget <= 0) break;
      budget -= Math.min(key.length, ECHO_STRING_CHARS);
      shown[key.length > ECHO_STRING_CHARS ? `${cutAt(key, ECHO_STRING_CHARS)}…` : key] = visit(member, depth + 1);
      count += 1;
    }
    if (count < entries.length) shown['…'] = `${entries.length - count} more`;
    return shown;
  };
  return visit(value, 0);
}

/** A cut never splits a surrogate pair (the echo stays well-formed text). */
function cutAt(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
