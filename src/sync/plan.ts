/**
 * What a sync does with each file the portal lists: pure, so the rules are tested without a
 * portal. Files are taken in the order of their data (from-date, to-date, then name), the order
 * `ingest` would be given them by hand; a file is fetched when it is new, when the portal's size
 * or last-modified time changed (the office re-issued it), or when an earlier sync did not finish it.
 */
import type { PortalFile } from './portal-client.js';
import type { SyncFileRow } from './sync.sql.js';

export type FileStep =
  /** Loaded (or refused) already, in this version. */
  | { kind: 'skip'; file: PortalFile }
  /** Not known to sync, but an ingest run loaded a file of this name: recorded as loaded, not fetched. */
  | { kind: 'adopt'; file: PortalFile }
  /** To download (or resume) and ingest; `changed` when a loaded version is replaced. */
  | { kind: 'fetch'; file: PortalFile; changed: boolean; known: SyncFileRow | null };

function fileOrder(a: PortalFile, b: PortalFile): number {
  const key = (f: PortalFile) => [f.fileDataFromDate ?? f.fileDataToDate ?? '', f.fileDataToDate ?? '', f.fileName];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
}

const sameVersion = (file: PortalFile, row: SyncFileRow) =>
  Number(row.file_size) === file.fileSize && row.file_modified === file.fileLastModifiedDateTime;

export function planFiles(
  listed: readonly PortalFile[],
  known: ReadonlyMap<string, SyncFileRow>,
  loadedByName: ReadonlySet<string>,
): FileStep[] {
  return [...listed].sort(fileOrder).map((file): FileStep => {
    const row = known.get(file.fileName) ?? null;
    if (row === null)
      return loadedByName.has(file.fileName) ? { kind: 'adopt', file } : { kind: 'fetch', file, changed: false, known: null };
    if (!sameVersion(file, row)) return { kind: 'fetch', file, changed: true, known: row };
    if (row.status === 'ingested' || row.status === 'refused') return { kind: 'skip', file };
    return { kind: 'fetch', file, changed: false, known: row };
  });
}
