/**
 * What a reader gives before it throws, shown by `show`, and what it throws: a test of a file that
 * cannot be read to its end asserts both. Fails when the reader ends without throwing.
 */
export async function untilError<T, S>(items: AsyncIterable<T>, show: (items: T[]) => S[]): Promise<{ seen: S[]; error: unknown }> {
  const seen: T[] = [];
  try {
    for await (const item of items) seen.push(item);
  } catch (error) {
    return { seen: show(seen), error };
  }
  throw new Error(`no error after ${seen.length} items`);
}
