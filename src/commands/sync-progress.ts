/**
 * What `sync` shows while it works: on a terminal, one rewritten line with a bar for the file
 * being downloaded, then the load's counts, or a search's pages, records, rate and time left;
 * elsewhere (logs), with --progress, a line at every tenth of a download, after every committed
 * batch and after every search page.
 */
import type { Product } from '../domain/products.js';
import type { SearchProgress } from '../sync/search-sync.js';
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

/**
 * `PTAB decisions 2026-11-01..2026-11-27: 12 pages, 300 records, 41.2/s, range 3 of 4, about 20 s
 * left`: the rate over the search so far, the time left from the share of its day ranges done.
 */
function searchLine(product: Product, p: SearchProgress, startedAt: number): string {
  const seconds = (Date.now() - startedAt) / 1000;
  // A rate over less than a second says nothing.
  const rate = seconds >= 1 ? `, ${(p.records / seconds).toFixed(1)}/s` : '';
  const share = p.ranges > 0 ? p.rangesDone / p.ranges : 1;
  const left = seconds >= 1 && share > 0 && share < 1 ? `, about ${Math.ceil((seconds * (1 - share)) / share)} s left` : '';
  const total = p.ranges === 1 ? ` of ${p.rangeTotal}` : '';
  const pages = `${p.pages} page${p.pages === 1 ? '' : 's'}`;
  return `${product} ${p.search} ${p.range.from}..${p.range.to}: ${pages}, ${p.records}${total} records${rate}, range ${Math.min(p.rangesDone + 1, p.ranges)} of ${p.ranges}${left}`;
}

/** A listener writing to `rewrite` (a terminal's status line) or `write` (a line each), or neither. */
export function progressListener(out: {
  line(text: string): void;
  rewrite: ((text: string) => void) | null;
  write: ((text: string) => void) | null;
}): SyncListener {
  let drawnAt = 0;
  let tenth = new Map<string, number>();
  const started = new Map<string, number>();
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
    search(product, progress) {
      const search = `${product}/${progress.search}`;
      if (!started.has(search)) started.set(search, Date.now());
      const text = searchLine(product, progress, started.get(search)!);
      if (out.rewrite) {
        if (Date.now() - drawnAt >= REDRAW_MS) {
          drawnAt = Date.now();
          out.rewrite(text);
        }
      } else out.write?.(text);
    },
    ingest(product, fileName, counts) {
      const text = `${product} ${fileName} loading: ${describeCounts(counts)}`;
      if (out.rewrite) out.rewrite(text);
      else out.write?.(text);
    },
  };
}
