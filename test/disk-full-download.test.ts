import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorMistake } from '../src/commands/operator-error.js';
import { downloadFile } from '../src/sync/download.js';
import { PortalClient } from '../src/sync/portal-client.js';
import { DEFAULT_RETRY } from '../src/sync/retry.js';
import { PortalStandIn } from './helpers/portal-stand-in.js';
import { canMountTmpfs } from './helpers/tmpfs.js';

/**
 * A sync download that fills its disk: a write error is this machine's, not the connection's, so
 * it is not retried as a cut connection and the CLI prints it in one line. Once per CI run (the
 * PostgreSQL pass; no database is used), root only.
 */
const MOUNTABLE = Boolean(process.env.DATABASE_URL) && canMountTmpfs();

describe.runIf(MOUNTABLE)('the disk filled up during a sync download (root only: the download folder is a 1 MB tmpfs)', () => {
  it('the download stops at once with ENOSPC (mapped to one line by the CLI), not retried as a cut connection', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pss-full-downloads-'));
    const portal = new PortalStandIn('portal-key', ['PTFWPRD']);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', folder]);
    try {
      await portal.start();
      const bytes = Buffer.alloc(3 * 2 ** 20, 'x');
      portal.put({
        product: 'PTFWPRD',
        fileName: 'big.json',
        bytes,
        fileDataFromDate: '2026-11-21',
        fileDataToDate: '2026-11-21',
        fileLastModifiedDateTime: '2026-11-22 00:10:00',
      });
      const retry = { ...DEFAULT_RETRY, baseDelayMs: 1, maxDelayMs: 1 };
      const client = new PortalClient({ baseUrl: portal.url, apiKey: 'portal-key', retry });
      const file = {
        fileName: 'big.json',
        fileSize: bytes.length,
        fileDataFromDate: null,
        fileDataToDate: null,
        fileLastModifiedDateTime: null,
      };
      const failure = await downloadFile(client, 'PTFWPRD', file, join(folder, 'big.json'), { retry }).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'ENOSPC' });
      // One try: the file's address (then its redirect to the bytes), never asked again.
      expect(portal.requests.filter((request) => request.path.startsWith('/api/v1/datasets/products/files/'))).toHaveLength(1);
      expect(operatorMistake(failure)?.line).toMatch(/no space left on device/);
    } finally {
      await portal.close();
      execFileSync('umount', [folder]);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
