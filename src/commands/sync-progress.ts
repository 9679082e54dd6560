/**
 * What `sync` shows while it works: on a terminal, one rewritten line with a bar for the file
 * being downloaded, then the load's counts; elsewhere (logs), with --progress, a line at every
 * tenth of a download and after every committed batch.
 */
import type { Product } from '../domain/products.js';
import type { SyncListener } from '../sync/service.js';
import { describeCounts } from '../ingest/summary.js';

const BAR = 24;
/** A terminal line is rewritten at most this often: a fast local download would otherwise flood it. */
const REDRAW_MS = 100;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function progressBar(bytes: number, total: number): string {
  const share = total > 0 ? Math.min(1, bytes / total) : 1;
  const filled = Math.round(share * BAR);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${formatBytes(bytes)} / ${formatBytes(total)}`;
}

/** A listener writing to `rewrite` (a terminal's status line) or `write` (a line each), or neither. */
export function progressListener(out: {
  line(text: string): void;
  rewrite: ((text: string) => void) | null;
  write: ((text: string) => void) | null;
}): SyncListener {
  let drawnAt = 0;
  let tenth = new Map<string, number>();
  const key = (product: Product, fileName: string) => `${product}/${fileName}`;
  return {
    line: (text) => {
      out.rewrite?.('');
      out.line(text);
    },
    download(product, fileName, { bytes, total }) {
      const text = `${product} ${fileName} ${progressBar(bytes, total)}`;
      if (out.rewrite) {
        if (Date.now() - drawnAt >= REDRAW_MS || bytes === total) {
          drawnAt = Date.now();
          out.rewrite(text);
        }
      } else if (out.write) {
        const step = total > 0 ? Math.floor((bytes / total) * 10) : 10;
        if ((tenth.get(key(product, fileName)) ?? -1) < step) {
          tenth = new Map(tenth).set(key(product, fileName), step);
          out.write(text);
        }
      }
    },
    ingest(product, fileName, counts) {
      const text = `${product} ${fileName} loading: ${describeCounts(counts)}`;
      if (out.rewrite) out.rewrite(text);
      else out.write?.(text);
    },
  };
}
