import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileWrapperFile } from '@patent-status/synth';
import type { StandInFile } from './portal-stand-in.js';

/** The portal's name of the daily file-wrapper file of 2026-01-`day`. */
export const dailyName = (day: number) => `PTFWPRD-202601${String(day).padStart(2, '0')}.json`;

/**
 * The daily file-wrapper file of 2026-01-`day` as the portal lists it: synthetic applications
 * (numbered from `startSerial`, so each day's are its own), written in `dir` and read back.
 */
export async function dailyFile(
  dir: string,
  day: number,
  options: { seed: string; applications: number; startSerial: number },
): Promise<StandInFile> {
  const date = `2026-01-${String(day).padStart(2, '0')}`;
  const path = join(dir, `gen-${options.seed}.json`);
  await writeFileWrapperFile(path, { ...options, asOf: date });
  return {
    product: 'PTFWPRD',
    fileName: dailyName(day),
    bytes: readFileSync(path),
    fileDataFromDate: date,
    fileDataToDate: date,
    fileLastModifiedDateTime: `${date} 02:00:00`,
  };
}
