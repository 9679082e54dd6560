import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The real USPTO samples beside the project (`../shared/samples`); tests read them in place, never copy them. */
export const SAMPLES_DIR = resolve(import.meta.dirname, '../../../shared/samples');

/**
 * True when every named sample folder exists. Missing samples skip their tests on a developer's
 * machine (with a warning), but fail the run when `CI` is set: a green CI must have read them.
 */
export function samplesPresent(...folders: string[]): boolean {
  const missing = folders.filter((folder) => !existsSync(join(SAMPLES_DIR, folder)));
  if (missing.length === 0) return true;
  const message = `real-sample tests need ${missing.map((f) => join(SAMPLES_DIR, f)).join(', ')}`;
  if (process.env.CI) throw new Error(`${message}, and CI is set: the samples must be present`);
  console.warn(`${message}: skipped`);
  return false;
}
