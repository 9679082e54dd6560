/** Every product's reject reasons show values this way: a value shown in a reject reason: strings quoted, absent values named. */
export function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  // JSON.stringify gives undefined only for functions and symbols, which no parsed record holds.
  const s = JSON.stringify(value) ?? typeof value;
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
