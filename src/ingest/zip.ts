/**
 * Zip containers of bulk products (file wrapper JSON, weekly full-text XML): every member in turn,
 * each streamed from the archive (yauzl reads the central directory, then one member at a time, so
 * multi-GB archives and ZIP64 are fine). Directories are skipped; a member the caller's classifier
 * does not accept is reported as a reject, never dropped silently. An archive that cannot be read
 * to its end (no directory, a member that does not inflate, is encrypted or whose bytes do not
 * match its CRC-32) is an unreadable file (unreadable.ts): its load fails.
 */
import { open } from 'node:fs/promises';
import { pipeline, type Readable, Transform } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { readFailure, unreadable } from './unreadable.js';

/** The reject every product's item union shares (file wrapper `ParsedItem`, full-text `FullTextItem`). */
export interface ZipReject {
  kind: 'reject';
  reason: string;
  position: { member: string | null; index: number };
  /** At most 200 characters. */
  excerpt: string;
}

export interface ZipMemberHandler<K, T> {
  /** How to read a member, by its name; null when the product has nothing in it (a reject). */
  classify: (name: string) => K | null;
  /** What the product reads, for the reject of an unclassified member: `zip member is not ${what}`. */
  what: string;
  parseMember: (input: Readable, member: string, kind: K) => AsyncGenerator<T>;
}

/** macOS archivers add `__MACOSX/…` and `._name` resource forks next to every member. */
export function isResourceFork(name: string): boolean {
  const lower = name.toLowerCase();
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  return lower.startsWith('__macosx/') || base.startsWith('._');
}

/** True when the file starts with a zip local file header (`PK\3\4`), whatever its name. */
export async function hasZipSignature(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await file.close();
  }
}

function memberReject(member: string | null, reason: string, excerpt: string): ZipReject {
  return { kind: 'reject', reason, position: { member, index: 0 }, excerpt: excerpt.slice(0, 200) };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The items of every accepted member of the zip at `path`, member by member in archive order. A
 * member that is not the product's is a reject item; an archive that cannot be read to its end
 * throws an UnreadableFileError.
 */
export async function* parseZipFile<K, T>(path: string, handler: ZipMemberHandler<K, T>): AsyncGenerator<T | ZipReject> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (err) {
    throw unreadable(null, `not a readable zip archive: ${message(err)}`, err);
  }
  // Errors are taken by nextEntry's listener; this one only keeps a late error from crashing.
  zip.on('error', () => undefined);
  try {
    let last: string | null = null;
    for (;;) {
      let entry: Entry | null;
      try {
        entry = await nextEntry(zip);
      } catch (err) {
        throw unreadable(null, `zip directory unreadable ${last === null ? 'at its start' : `after member ${last}`}: ${message(err)}`, err);
      }
      if (entry === null) return;
      const name = entry.fileName;
      last = name;
      if (name.endsWith('/')) continue;
      const kind = handler.classify(name);
      if (kind === null) {
        yield memberReject(name, `zip member is not ${handler.what}: ${name}`, name);
        continue;
      }
      if (!entry.canDecodeFileData()) {
        throw unreadable(name, `cannot be read (${entry.isEncrypted() ? 'encrypted' : `compression method ${entry.compressionMethod}`})`);
      }
      let input: Readable;
      try {
        input = checked(await zip.openReadStreamPromise(entry), entry.crc32);
      } catch (err) {
        throw readFailure(name, 'at its start', err);
      }
      try {
        yield* handler.parseMember(input, name, kind);
      } finally {
        input.destroy();
      }
    }
  } finally {
    zip.close();
  }
}

/**
 * The member's bytes, failing at their end when they do not match the CRC-32 the archive records:
 * a stored member whose bytes were damaged reads without any other error.
 */
function checked(input: Readable, expected: number): Readable {
  let crc = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
      done(crc >>> 0 === expected >>> 0 ? null : new Error(`its CRC-32 is ${hex(crc)}, the archive records ${hex(expected)}`));
    },
  });
  // The reader sees the member's read errors on `check`; stopping early destroys both.
  pipeline(input, check, () => undefined);
  return check;
}

/** Members a product reads (XML, JSON, JSON Lines), as against a readme or a DTD beside them. */
const DATA_MEMBER = /\.(xml|json|jsonl|ndjson)$/i;

/**
 * The name and first `bytes` bytes of the archive's first data member (else its first member
 * that is not a directory or a resource fork; null when it has none), to tell what a zip holds
 * before loading it. Throws when the file cannot be opened as a zip.
 */
export async function readFirstMember(path: string, bytes: number): Promise<{ name: string; head: Buffer } | null> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  zip.on('error', () => undefined);
  try {
    let chosen: Entry | null = null;
    for (let entry = await nextEntry(zip); entry !== null; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/') || isResourceFork(entry.fileName)) continue;
      chosen ??= entry;
      if (DATA_MEMBER.test(entry.fileName)) {
        chosen = entry;
        break;
      }
    }
    if (chosen === null) return null;
    if (!chosen.canDecodeFileData()) return { name: chosen.fileName, head: Buffer.alloc(0) };
    const input = await zip.openReadStreamPromise(chosen);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of input) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= bytes) break;
      }
    } finally {
      input.destroy();
    }
    return { name: chosen.fileName, head: Buffer.concat(chunks).subarray(0, bytes) };
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
