import { ConfigError } from '../config.js';
import { DataDirBusyError } from '../db/data-dir-lock.js';
import { AppError } from '../domain/errors.js';

/**
 * A mistake of the person running a command (a file that is not there, a key that does not exist):
 * the CLI prints the message's first line and exits with code 2, never a stack trace.
 */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** A command line that does not fit the command's usage: reported like an OperatorError, plus a pointer to `--help`. */
export class UsageError extends OperatorError {
  override name = 'UsageError';
}

/**
 * Work a command could not do, through no mistake in how it was asked nor a bug (a file that ends
 * early or cannot be read to its end): the CLI prints the message's first line and exits with
 * code 1, without a stack trace.
 */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
}

/** How the CLI reports a mistake of the person running it. */
export interface OperatorMistake {
  /** One line, without the program's name. */
  line: string;
  /** Whether the command's `--help` would show how to get it right. */
  usageHint: boolean;
}

const firstLine = (text: string) => text.split('\n', 1)[0]!.trim();

/** The one line of a CommandFailure, or null for anything else. */
export function commandFailure(error: unknown): OperatorMistake | null {
  return error instanceof CommandFailure ? { line: firstLine(error.message), usageHint: false } : null;
}

/** Node's parseArgs errors (`ERR_PARSE_ARGS_*`) say the right thing at length; these say it in a few words. */
function parseArgsMistake(code: string, message: string): string {
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return `unknown option '${quoted}'`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted) return `unexpected argument '${quoted}'`;
  // `--reference -x`: the value looks like an option of its own; Node names the form that works.
  const joined = /use '(--[^'=]+=)-XYZ'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && quoted && joined)
    return `option '${quoted}' is followed by a value starting with '-': write it joined, as ${joined}-…`;
  const line = firstLine(message).replace(/\.$/, '');
  return line.charAt(0).toLowerCase() + line.slice(1);
}

/** Errors of the network or file system that point at a setting or a path the operator gave. */
const SYSTEM_MISTAKES: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EADDRINUSE: 'address already in use',
  EADDRNOTAVAIL: 'address not available on this machine',
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  ETIMEDOUT: 'connection timed out',
};

/** PostgreSQL refusing the connection itself (SQLSTATE): a DATABASE_URL to fix, not a bug. */
const CONNECTION_SQLSTATES = new Set(['28000', '28P01', '3D000']);

/**
 * SQLSTATE 53100 disk_full: the database's disk filled up (`could not extend file …: No space left
 * on device`). Space to free, not a bug: what committed before stays, and the same command run
 * again finishes the work (an ingest re-run skips what is stored).
 */
const DISK_FULL_SQLSTATE = '53100';

/** This machine's file system refusing a write for want of space (a download, a spool). */
const OUT_OF_SPACE: Record<string, string> = { ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded' };

function systemMistake(error: NodeJS.ErrnoException & { address?: string; port?: number }): string | null {
  const full = error.code ? OUT_OF_SPACE[error.code] : undefined;
  // A write's error often names no path (a stream's, a file handle's): the cause alone is still one clear line.
  if (full) return `${error.path ? `${error.path}: ` : ''}${full} (free space on this machine, then run the command again)`;
  const what = error.code ? SYSTEM_MISTAKES[error.code] : undefined;
  if (!what) return null;
  if (error.syscall === 'listen' || error.syscall === 'bind') {
    return `cannot listen on ${error.address ?? '?'}:${error.port ?? '?'}: ${what} (set HOST or PORT)`;
  }
  if (error.syscall === 'connect' || error.syscall === 'getaddrinfo' || error.code === 'ECONNREFUSED') {
    return `cannot reach the database server: ${what} (check DATABASE_URL)`;
  }
  if (error.path) return `${error.path}: ${what}`;
  return null;
}

/**
 * The one line to print for an operator's mistake, or null for anything else (a bug, which keeps
 * its stack trace and exit code 1).
 */
export function operatorMistake(error: unknown): OperatorMistake | null {
  // A command that throws its whole usage text means "not like this": the hint to --help says the rest.
  if (error instanceof UsageError)
    return { line: /^usage:/i.test(error.message) ? 'missing or invalid arguments' : firstLine(error.message), usageHint: true };
  if (error instanceof OperatorError) return { line: firstLine(error.message), usageHint: false };
  if (error instanceof ConfigError) return { line: error.message, usageHint: false };
  if (error instanceof DataDirBusyError) return { line: firstLine(error.message), usageHint: false };
  if (error instanceof AppError) return error.code === 'internal_error' ? null : { line: firstLine(error.message), usageHint: false };
  if (!(error instanceof Error)) return null;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
    return { line: parseArgsMistake(code, error.message), usageHint: true };
  if (typeof code === 'string' && CONNECTION_SQLSTATES.has(code))
    return { line: `database: ${firstLine(error.message)} (check DATABASE_URL)`, usageHint: false };
  if (code === DISK_FULL_SQLSTATE)
    return {
      line: `the database's disk is full: ${firstLine(error.message)} (free space where the database keeps its data, then run the command again)`,
      usageHint: false,
    };
  const system = systemMistake(error);
  return system === null ? null : { line: system, usageHint: false };
}
