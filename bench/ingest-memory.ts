/**
 * Peak RSS of the ingest process as the file grows: each size loads in a child process of its
 * own (PostgreSQL server), which reports its own peak.
 *   npx tsx bench/ingest-memory.ts [--sizes 10000,100000]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { writeFileWrapperFile } from '@patent-status/synth';
import { benchDatabase, fmt } from './support.js';

const child = process.argv[2] === '--child';

if (child) {
  const file = process.argv[3]!;
  const target = await benchDatabase();
  try {
    const summary = await loadFileWrapper(target.db, parseFileWrapperFile(file), {
      product: 'PTFWPRE',
      fileName: 'bench.json',
      fileDate: '2026-11-20',
    });
    process.stdout.write(JSON.stringify({ inserted: summary.inserted, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  } finally {
    await target.drop();
  }
} else {
  const index = process.argv.indexOf('--sizes');
  const sizes = (index === -1 ? '10000,100000' : process.argv[index + 1]!).split(',').map(Number);
  const dir = mkdtempSync(join(tmpdir(), 'pss-mem-'));
  try {
    for (const applications of sizes) {
      const file = join(dir, `synthetic-${applications}.json`);
      await writeFileWrapperFile(file, { applications, seed: 'memory' });
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/ingest-memory.ts', '--child', file], { encoding: 'utf8' });
      const result = JSON.parse(out) as { inserted: number; maxRssMb: number };
      console.log(`${fmt(applications)} applications: peak RSS ${result.maxRssMb.toFixed(0)} MB (${fmt(result.inserted)} loaded)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
