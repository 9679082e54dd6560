/**
 * The synthetic corpus in the office's real formats, one folder per bulk product: a file
 * wrapper corpus (`file-wrapper/`, on the cast and prosecution timelines of `core/`) and what
 * the other products print of the same applications. The demo loads it; tests and benchmarks
 * build their corpora from it. What it writes is read only through the service's own parsers.
 */
export { generateApplications, SYNTH_DEFAULTS, writeFileWrapperFile, type WriteResult } from './file-wrapper/generate.js';
export { mailedOn, recordOf, writeNextDayFile } from './file-wrapper/next-day.js';
export type { OdpRecord } from './file-wrapper/types.js';
export { type FullTextFile, writeFullTextFiles, writeGrantWeek, writePublicationWeek } from './full-text/generate.js';
export { writeAssignmentFiles } from './assignments/generate.js';
export type { AssignmentTruth } from './assignments/truth.js';
export { feeFileDateFor, type MaintenanceFeeFiles, NoFeeExampleError, writeMaintenanceFeeFiles } from './maintenance-fees/generate.js';
export { writeCumulativeFeeFile } from './maintenance-fees/cumulative.js';
export { NoPtabExampleError, type PtabFiles, writePtabFiles } from './ptab/generate.js';
export { NoOfficeActionExampleError, type OfficeActionFiles, writeOfficeActionFiles } from './office-actions/generate.js';
export { Rng } from './core/random.js';
export { scoreResolution } from './core/resolution-score.js';
