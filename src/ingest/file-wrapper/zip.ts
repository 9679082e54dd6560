/**
 * Zip containers of patent file wrapper JSON (PTFWPRD/PTFWPRE): every member in turn, each
 * streamed from the archive (yauzl reads the central directory, then one member at a time, so
 * multi-GB archives and ZIP64 are fine). Directories are skipped; every other member that is
 * not JSON is reported as a reject, never dropped silently.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ParsedItem } from './record.js';

/** How a member is read: one JSON stream, or JSON Lines (one value per line). */
export type MemberKind = 'json' | 'lines';

export type MemberParser = (input: Readable, member: string, kind: MemberKind) => AsyncGenerator<ParsedItem>;

/** By name: `.json` → json, `.jsonl`/`.ndjson` → lines; macOS resource forks are not JSON. */
export function memberKind(name: string): MemberKind | null {
  const lower = name.toLowerCase();
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  if (lower.startsWith('__macosx/') || base.startsWith('._')) return null;
  if (base.endsWith('.json')) return 'json';
  if (base.endsWith('.jsonl') || base.endsWith('.ndjson')) return 'lines';
  return null;
}

function memberReject(member: string | null, reason: string, excerpt: string): ParsedItem {
  return { kind: 'reject', reason, position: { member, index: 0 }, excerpt: excerpt.slice(0, 200) };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The items of every JSON member of the zip at `path`, member by member in archive order.
 * Throws only when the file cannot be opened as a zip; a problem inside it is a reject item.
 */
export async function* parseZipFile(path: string, parseMember: MemberParser): AsyncGenerator<ParsedItem> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  // Errors are taken by nextEntry's listener; this one only keeps a late error from crashing.
  zip.on('error', () => undefined);
  try {
    let last: string | null = null;
    for (;;) {
      let entry: Entry | null;
      try {
        entry = await nextEntry(zip);
      } catch (err) {
        const after = last === null ? 'at its start' : `after member ${last}`;
        yield memberReject(last, `zip directory unreadable ${after}; rest of the zip not read: ${message(err)}`, '');
        return;
      }
      if (entry === null) return;
      const name = entry.fileName;
      last = name;
      if (name.endsWith('/')) continue;
      const kind = memberKind(name);
      if (kind === null) {
        yield memberReject(name, `zip member is not JSON: ${name}`, name);
        continue;
      }
      if (!entry.canDecodeFileData()) {
        const why = entry.isEncrypted() ? 'encrypted' : `compression method ${entry.compressionMethod}`;
        yield memberReject(name, `zip member cannot be read (${why}): ${name}`, name);
        continue;
      }
      let input: Readable;
      try {
        input = await zip.openReadStreamPromise(entry);
      } catch (err) {
        yield memberReject(name, `zip member unreadable: ${name}: ${message(err)}`, name);
        continue;
      }
      try {
        yield* parseMember(input, name, kind);
      } finally {
        input.destroy();
      }
    }
  } finally {
    zip.close();
  }
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry): void => {
      cleanup();
      resolve(entry);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(null);
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
