import { mkdirSync, openSync, closeSync, writeSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Lock files this process holds: a second open in the same process is refused like any other. */
const heldHere = new Set<string>();

/** Another process owns the directory: an operator problem with a clear fix, not a crash. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

export interface DataDirLock {
  release(): void;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second process opening the same directory loses its commits
 * silently (DESIGN.md §8). A pid file refuses the second opener; a stale file left by a
 * crashed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, '.patent-status.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      return {
        release() {
          heldHere.delete(path);
          try {
            unlinkSync(path);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (heldHere.has(path)) {
        throw new DataDirBusyError(`the data directory ${dataDir} is already open in this process; open it once and share the database`);
      }
      const holder = Number(readFileSync(path, 'utf8').trim());
      // Our own pid in a file we do not hold is a leftover of an earlier run that had the same pid
      // (common in containers, where the service is often pid 1): take it over.
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
        throw new DataDirBusyError(
          `the data directory ${dataDir} is in use by process ${holder}; the embedded engine allows one process ` +
            'per directory: stop that process first (e.g. the server, before an admin command), or set DATABASE_URL ' +
            'to share a PostgreSQL server between processes',
        );
      }
      unlinkSync(path);
    }
  }
  throw new Error(`could not lock the data directory ${dataDir}`);
}
