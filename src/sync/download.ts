/**
 * One portal file to disk, resumably: bytes go to `<name>.part`; a retry (or the next sync) asks
 * for the rest with `Range: bytes=N-`; only a file of exactly the listed size, read back for its
 * SHA-256, is renamed to its name. So a download cut short is never handed to the ingest, and a
 * 10 GB backfile that loses its connection at 9 GB fetches 1 GB, not 10.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { PortalClient, PortalFile } from './portal-client.js';
import { PortalError, type RetryPolicy, withRetry, type RetryNotice } from './retry.js';

export interface DownloadProgress {
  bytes: number;
  total: number;
}

export interface DownloadOptions {
  retry: RetryPolicy;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  onRetry?: (notice: RetryNotice) => void;
}

export const partPath = (path: string) => `${path}.part`;

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

/** Where a 206 answer starts (`Content-Range: bytes 100-999/1000`), or null. */
function rangeStart(response: Response): number | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
}

/** One request: appends what the portal sends to the part file, and says whether the part is now whole. */
async function fetchRest(client: PortalClient, code: string, file: PortalFile, part: string, options: DownloadOptions): Promise<void> {
  let have = (await sizeOf(part)) ?? 0;
  // A part longer than the file is another version's: start again.
  if (have > file.fileSize) {
    await rm(part, { force: true });
    have = 0;
  }
  if (have === file.fileSize && have > 0) return;
  const response = await client.send(code, client.fileUrl(code, file.fileName), have > 0 ? { Range: `bytes=${have}-` } : {});
  // 200 to a Range request: the server sends everything, so the part is rewritten from the start.
  const resumed = response.status === 206;
  if (resumed && rangeStart(response) !== have) {
    await response.body?.cancel();
    await rm(part, { force: true });
    throw new PortalError('bad-response', `${file.fileName}: the portal resumed at another offset than ${have}`, true);
  }
  if (response.body === null) throw new PortalError('bad-response', `${file.fileName}: the portal sent no body`, true);
  let bytes = resumed ? have : 0;
  // Each chunk is written before the next is read: when the connection drops, every byte received
  // is on disk for the resume (a stream pipeline would drop its unflushed writes on the error).
  const out = await open(part, resumed ? 'a' : 'w');
  // A write that fails (a full disk) is this machine's fault, not the connection's: not retried as a truncation.
  let writing = false;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      if (bytes + chunk.length > file.fileSize) {
        await out.close();
        // Longer than listed: whatever the part holds is not this version of the file.
        await rm(part, { force: true });
        throw new PortalError('bad-response', `${file.fileName}: longer than the listed ${file.fileSize} bytes`, true);
      }
      writing = true;
      await out.write(chunk);
      writing = false;
      bytes += chunk.length;
      options.onProgress?.({ bytes, total: file.fileSize });
    }
  } catch (error) {
    if (error instanceof PortalError || options.signal?.aborted || writing) throw error;
    throw new PortalError('truncated', `${file.fileName}: the connection closed after ${bytes} of ${file.fileSize} bytes`, true, null, {
      cause: error,
    });
  } finally {
    await out.close().catch(() => undefined);
  }
  if (bytes < file.fileSize) {
    throw new PortalError('truncated', `${file.fileName}: the portal sent ${bytes} of ${file.fileSize} bytes`, true);
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Downloads `file` of product `code` to `path` (through `path.part`), resuming a part left by an
 * earlier try; returns the verified file's SHA-256. The caller removes `path` and its part when
 * the portal lists a new version. Throws the last PortalError when the retries
 * are spent; the part stays for the next sync to resume.
 */
export async function downloadFile(
  client: PortalClient,
  code: string,
  file: PortalFile,
  path: string,
  options: DownloadOptions,
): Promise<string> {
  // Downloaded whole by an earlier sync whose load failed: loaded again without fetching it.
  if ((await sizeOf(path)) === file.fileSize) return sha256Of(path);
  const part = partPath(path);
  await withRetry(options.retry, () => fetchRest(client, code, file, part, options), { signal: options.signal, onRetry: options.onRetry });
  const size = await sizeOf(part);
  if (size !== file.fileSize) throw new PortalError('truncated', `${file.fileName}: ${size ?? 0} of ${file.fileSize} bytes on disk`, true);
  const checksum = await sha256Of(part);
  await rename(part, path);
  return checksum;
}
