/**
 * How a maintenance-fee file is told from its head (recognise.ts): a line of the events layout
 * (patent, application, entity status, three dates, code), or a line of the Desc file (a code
 * padded to five characters, a space, its description), which may come first in the office's zip.
 */
export const FEE_FILE_MARKERS: readonly string[] = [
  String.raw`^(?:\d{13}|[0 ]*RE\d+ *) \d{8} [YMN? ] \d{8} \d{8} \d{8} [A-Z0-9.]`,
  String.raw`^[A-Z0-9.]{3,5} {1,3}[A-Z][A-Za-z]`,
];
