import { describe, expect, it } from 'vitest';
import { PRODUCT_CATALOGUE } from '../domain/products.js';
import { fileQueryFor } from './products.js';
import { planFiles } from './plan.js';
import type { PortalFile } from './portal-client.js';
import type { SyncFileRow } from './sync.sql.js';

const file = (fileName: string, from: string, extra: Partial<PortalFile> = {}): PortalFile => ({
  fileName,
  fileSize: 100,
  fileDataFromDate: from,
  fileDataToDate: from,
  fileLastModifiedDateTime: `${from} 02:00:00`,
  ...extra,
});
const row = (f: PortalFile, status: SyncFileRow['status']): SyncFileRow => ({
  file_name: f.fileName,
  file_size: f.fileSize,
  file_modified: f.fileLastModifiedDateTime,
  status,
  attempts: 1,
  checksum: null,
});

describe('planFiles', () => {
  const a = file('a-20260105.json', '2026-01-05');
  const b = file('b-20260106.json', '2026-01-06');
  const c = file('c-20260107.json', '2026-01-07');

  it('takes files in the order of their data, whatever order the portal lists them in', () => {
    expect(planFiles([c, a, b], new Map(), new Set()).map((s) => s.file.fileName)).toEqual([a, b, c].map((f) => f.fileName));
  });

  it('skips what is loaded, fetches what is new, failed or unfinished, adopts what `ingest` loaded', () => {
    const known = new Map([
      [a.fileName, row(a, 'ingested')],
      [b.fileName, row(b, 'failed')],
    ]);
    const steps = planFiles([a, b, c, file('d-20260108.json', '2026-01-08')], known, new Set(['d-20260108.json']));
    expect(steps.map((s) => s.kind)).toEqual(['skip', 'fetch', 'fetch', 'adopt']);
  });

  it('fetches a loaded file again when the portal shows a new size or last-modified time', () => {
    const known = new Map([[a.fileName, row(a, 'ingested')]]);
    const [step] = planFiles([{ ...a, fileLastModifiedDateTime: '2026-02-01 09:00:00' }], known, new Set());
    expect(step).toMatchObject({ kind: 'fetch', changed: true });
    expect(planFiles([{ ...a, fileSize: 101 }], known, new Set())[0]).toMatchObject({ kind: 'fetch', changed: true });
  });
});

describe('fileQueryFor', () => {
  it('newest only for the cumulative fee file and a product never loaded; all of a backfile; else since the last, less a week', () => {
    expect(fileQueryFor(PRODUCT_CATALOGUE.PTMNFEE2, '2026-01-06', null)).toEqual({ kind: 'latest' });
    expect(fileQueryFor(PRODUCT_CATALOGUE.PTGRXML, null, null)).toEqual({ kind: 'latest' });
    expect(fileQueryFor(PRODUCT_CATALOGUE.PTFWPRE, null, null)).toEqual({ kind: 'all' });
    expect(fileQueryFor(PRODUCT_CATALOGUE.PTFWPRD, '2026-03-03', null)).toEqual({ kind: 'from', date: '2026-02-24' });
    expect(fileQueryFor(PRODUCT_CATALOGUE.PTMNFEE2, null, '2025-12-01')).toEqual({ kind: 'from', date: '2025-12-01' });
  });
});
