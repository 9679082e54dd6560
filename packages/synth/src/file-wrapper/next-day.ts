/**
 * A synthetic next-day file wrapper file (PTFWPRD) for the demo: one application of the demo
 * corpus, as the generator made it, with a non-final rejection mailed on the day after the
 * newest file loaded. Ingested, it records an `office_action` and a `status_change` event, which
 * is what a monitor on that application delivers.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateApplications, type GenerateOptions } from './generate.js';
import type { OdpRecord } from './types.js';

export interface NextDayFile {
  path: string;
  fileDate: string;
}

/** The record of `applicationNumber` in the corpus these options generate, or null when it has none. */
export function recordOf(options: GenerateOptions, applicationNumber: string): OdpRecord | null {
  for (const record of generateApplications(options)) if (record.applicationNumberText === applicationNumber) return record;
  return null;
}

/** `record` with a non-final rejection mailed on `date`: its status and two transactions, newest first as the office lists them. */
export function mailedOn(record: OdpRecord, date: string): OdpRecord {
  return {
    ...record,
    applicationMetaData: {
      ...record.applicationMetaData,
      applicationStatusCode: 41,
      applicationStatusDescriptionText: 'Non Final Action Mailed',
      applicationStatusDate: date,
    },
    eventDataBag: [
      { eventCode: 'MCTNF', eventDescriptionText: 'Mail Non-Final Rejection', eventDate: date },
      { eventCode: 'CTNF', eventDescriptionText: 'Non-Final Rejection', eventDate: date },
      ...record.eventDataBag,
    ],
  };
}

/** Writes `<dir>/pfw-next-day-<date>.json` holding `record` with a non-final rejection mailed on `date`. */
export async function writeNextDayFile(dir: string, record: OdpRecord, date: string): Promise<NextDayFile> {
  const compact = date.replaceAll('-', '');
  const path = join(dir, `pfw-next-day-${compact}.json`);
  await writeFile(
    path,
    JSON.stringify({ count: 1, patentFileWrapperDataBag: [mailedOn(record, date)], requestIdentifier: `synthetic-next-day-${compact}` }),
  );
  return { path, fileDate: date };
}
