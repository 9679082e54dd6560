import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock.js';

const LOCK_FILE = '.patent-status.lock';

let dir: string;
let lockPath: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pss-lock-'));
  lockPath = join(dir, LOCK_FILE);
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve, reject) => {
    child.once('exit', () => resolve());
    child.once('error', reject);
  });
}

describe('acquireDataDirLock', () => {
  it('writes our pid into the lock file and removes it on release', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    lock.release(); // a second release is harmless
    expect(existsSync(lockPath)).toBe(false);
  });

  it('creates a missing data directory', () => {
    const nested = join(dir, 'a', 'b');
    const lock = acquireDataDirLock(nested);
    expect(readFileSync(join(nested, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a directory held by another live process, naming its pid', async () => {
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.once('spawn', () => resolve());
      holder.once('error', reject);
    });
    const pid = holder.pid!;
    writeFileSync(lockPath, String(pid));

    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by process ${pid}\\b`));
    // The holder's lock file is left alone.
    expect(readFileSync(lockPath, 'utf8')).toBe(String(pid));

    holder.kill('SIGKILL');
    await exited(holder);
  });

  it('takes over a lock file left by a process that is gone', async () => {
    const crashed = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    children.push(crashed);
    await exited(crashed);
    const pid = crashed.pid!;
    expect(() => process.kill(pid, 0)).toThrow(); // really gone
    writeFileSync(lockPath, String(pid));

    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over an empty or unreadable lock file (a crash between create and write)', () => {
    for (const content of ['', 'not a pid']) {
      writeFileSync(lockPath, content);
      const lock = acquireDataDirLock(dir);
      expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
      lock.release();
    }
  });

  it('refuses a second open of the same directory in this process, and allows it after release', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
    acquireDataDirLock(dir).release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock file with our own pid left by an earlier run', () => {
    writeFileSync(lockPath, String(process.pid));
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
