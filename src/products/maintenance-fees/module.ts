/** The weekly maintenance-fee events file (PTMNFEE2): cumulative, every fee event since 1981. */
import { feeFileDateFor, SYNTH_DEFAULTS, writeMaintenanceFeeFiles } from '@patent-status/synth';
import { PRODUCT_CATALOGUE } from '../../domain/products.js';
import { datedName } from '../../ingest/file-date.js';
import { defineProduct } from '../../ingest/product.js';
import { MAINTENANCE_WINDOWS } from './detect-windows.js';
import { loadMaintenanceFees } from './load.js';
import { FEE_FILE_MARKERS } from './markers.js';
import { parseMaintenanceFeeFile } from './parse.js';

export const MAINTENANCE_FEES = defineProduct({
  catalogue: [PRODUCT_CATALOGUE.PTMNFEE2],
  what: 'maintenance fee events',
  files: '<MaintFeeEvents_YYYYMMDD.txt|.zip>…',
  format: 'text',
  markers: FEE_FILE_MARKERS,
  fileNameDate: datedName,
  parse: parseMaintenanceFeeFile,
  // Cumulative (every event since 1981, each week): staged whole, applied set-based.
  loading: { kind: 'whole-file', load: loadMaintenanceFees },
  scheduled: [MAINTENANCE_WINDOWS],
  holds: { table: 'maintenance_fee_patents' },
  async demo(corpus) {
    const files = await writeMaintenanceFeeFiles(corpus.dir, {
      seed: corpus.seed,
      applications: corpus.applications,
      fileDate: feeFileDateFor(SYNTH_DEFAULTS.asOf),
    });
    return [{ path: files.eventsPath }];
  },
});
