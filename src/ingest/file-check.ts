/**
 * What the runner checks about a file before anything loads: that it is there, is a file, and
 * (for a `.zip` name) is a zip archive; and its head, the first bytes of the file or of the zip's
 * first member, from which the registry tells which product it holds. A file that is empty, or a
 * zip archive that cannot be read, is not refused here: it is the operator's product, and its load
 * fails and is recorded (unreadable.ts), as a file cut short further in does.
 */
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { hasZipSignature, readFirstMember } from './zip.js';

/** An operator's mistake about a file (missing, unreadable, another product's): one line, nothing loaded. */
export class IngestFileError extends Error {}

/** Enough for an XML prolog, DOCTYPE and root, or a JSON envelope's first keys. */
const HEAD_BYTES = 64 * 1024;

export interface FileHead {
  path: string;
  name: string;
  /** The zip member the head was read from; null for a plain file. */
  member: string | null;
  /** The first bytes as text, byte-order mark removed. */
  text: string;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function readFileHead(path: string): Promise<FileHead> {
  const name = basename(path);
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new IngestFileError(`${path} is a directory: name the files to load`);
    if (!info.isFile()) throw new IngestFileError(`${path} is not a regular file`);
    size = info.size;
  } catch (error) {
    if (error instanceof IngestFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new IngestFileError(code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${reason(error)}`);
  }
  // Nothing to recognise: the reader reports the empty file in its run.
  if (size === 0) return { path, name, member: null, text: '' };

  let bytes: Buffer;
  let member: string | null = null;
  try {
    if (path.toLowerCase().endsWith('.zip') || (await hasZipSignature(path))) {
      let first: Awaited<ReturnType<typeof readFirstMember>>;
      try {
        first = await readFirstMember(path, HEAD_BYTES);
      } catch (error) {
        // A zip's signature but not its directory or data: an archive cut short or damaged, whose load fails.
        if (await hasZipSignature(path)) return { path, name, member: null, text: '' };
        throw new IngestFileError(`${path} is not a readable zip archive: ${reason(error)}`);
      }
      if (first === null) throw new IngestFileError(`${path} is a zip archive without any file in it`);
      ({ name: member, head: bytes } = first);
    } else {
      const file = await open(path, 'r');
      try {
        bytes = Buffer.alloc(Math.min(size, HEAD_BYTES));
        await file.read(bytes, 0, bytes.length, 0);
      } finally {
        await file.close();
      }
    }
  } catch (error) {
    if (error instanceof IngestFileError) throw error;
    throw new IngestFileError(`cannot read ${path}: ${reason(error)}`);
  }
  // The decoder holds back a character cut at the end of the head instead of garbling it.
  const text = new StringDecoder('utf8').write(bytes);
  return { path, name, member, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}
