/**
 * A file that ends early or cannot be read to its end (a JSON value, an XML document or a fee line
 * cut short, a zip whose directory, data or CRC-32 is wrong, a file with nothing in it). Its load
 * fails: the run is recorded `failed`, the product's file date and the sync's mark stay where they
 * were, and the complete file loads later as one clean run would. A record that cannot be read
 * inside an intact file is something else: a counted reject, and the run succeeds.
 *
 * The readers throw it; the runner records the run failed with its message, the `ingest` command
 * prints that as one line (exit code 1) and a sync stops the product at the file.
 */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}

/** The error for `why`, naming the zip member when the file is one. */
export function unreadable(member: string | null, why: string, cause?: unknown): UnreadableFileError {
  return new UnreadableFileError(member === null ? why : `zip member ${member}: ${why}`, cause === undefined ? undefined : { cause });
}

/** A read of the bytes themselves failed (a zip member that does not inflate, a disk error). */
export function readFailure(member: string | null, where: string, error: unknown): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  return unreadable(member, `cannot be read to its end (${where}): ${error instanceof Error ? error.message : String(error)}`, error);
}
