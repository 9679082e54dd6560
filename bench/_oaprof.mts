import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadFileWrapper } from '../src/ingest/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/ingest/file-wrapper/parse.js';
import { writeFileWrapperFile } from '../src/synth/file-wrapper.js';
import { fillOfficeActions } from './office-actions-fill.js';
import { benchDatabase, existingDatabase } from './support.js';
import { findOfficeActionSources } from '../src/resources/office-actions/office-actions.sql.js';
import { OfficeActionService } from '../src/resources/office-actions/service.js';
import { ProvenanceService } from '../src/resources/provenance/service.js';
import { officeClosures } from '../src/domain/office-closures.js';
let t;
if (process.env.DB) t = existingDatabase(process.env.DB);
else {
  t = await benchDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'oap-'));
  await writeFileWrapperFile(join(dir, 'c.json'), { applications: 20000, seed: 'oa-bench' });
  await loadFileWrapper(t.db, parseFileWrapperFile(join(dir, 'c.json')), {
    product: 'PTFWPRE',
    fileName: 'c.json',
    fileDate: '2026-11-20',
  });
  console.log(await fillOfficeActions(t.db, 100000));
  await t.db.query('ANALYZE');
  console.log(t.url);
}
const nums = (
  await t.db.query<{ application_number: string }>(`SELECT application_number FROM applications ORDER BY random() LIMIT 2000`)
).rows.map((r) => r.application_number);
let t0 = performance.now();
for (const n of nums) await findOfficeActionSources(t.db, n, false);
console.log('sql per call ms', ((performance.now() - t0) / nums.length).toFixed(3));
const svc = new OfficeActionService(t.db, new ProvenanceService(t.db), officeClosures());
t0 = performance.now();
for (const n of nums) await svc.list({ applicationNumber: n, includeText: false, limit: 100 });
console.log('service per call ms', ((performance.now() - t0) / nums.length).toFixed(3));
t0 = performance.now();
for (const n of nums) await t.db.query('SELECT 1 FROM applications WHERE application_number = $1', [n]);
console.log('trivial sql per call ms', ((performance.now() - t0) / nums.length).toFixed(3));
await t.db.close();
