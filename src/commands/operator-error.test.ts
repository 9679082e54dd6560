import { describe, expect, it } from 'vitest';
import { operatorMistake } from './operator-error.js';

/** An error as `pg` (and PGlite) raise it: the SQLSTATE in `code`. */
const databaseError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
/** An error as Node's file system raises it. */
const systemError = (code: string, message: string, parts: { syscall?: string; path?: string } = {}) =>
  Object.assign(new Error(message), { code, ...parts });

describe('operatorMistake: a full disk is one line to act on, not a stack trace', () => {
  it("names the database's full disk (SQLSTATE 53100) with PostgreSQL's own words and what to do", () => {
    const error = databaseError('53100', 'could not extend file "base/16384/16410": No space left on device');
    expect(operatorMistake(error)).toEqual({
      line: `the database's disk is full: could not extend file "base/16384/16410": No space left on device (free space where the database keeps its data, then run the command again)`,
      usageHint: false,
    });
  });

  it("names this machine's full disk (ENOSPC, EDQUOT), with the path when the error has one", () => {
    expect(operatorMistake(systemError('ENOSPC', 'ENOSPC: no space left on device, write', { syscall: 'write' }))).toEqual({
      line: 'no space left on device (free space on this machine, then run the command again)',
      usageHint: false,
    });
    const withPath = systemError('EDQUOT', 'EDQUOT: disk quota exceeded, open', { syscall: 'open', path: '/data/sync/PTGRXML/a.zip' });
    expect(operatorMistake(withPath)?.line).toBe(
      '/data/sync/PTGRXML/a.zip: disk quota exceeded (free space on this machine, then run the command again)',
    );
  });

  it('leaves other database failures to the stack trace (a bug of ours until shown otherwise)', () => {
    expect(operatorMistake(databaseError('23505', 'duplicate key value violates unique constraint "applications_pkey"'))).toBeNull();
  });
});
