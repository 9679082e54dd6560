import type { IngestCounts, IngestSummary } from './ingest-run.js';

/** What the runner reports, as the command prints it: a progress line per batch, a summary per file. */
export function describeCounts(counts: IngestCounts): string {
  return `read ${counts.read}, inserted ${counts.inserted}, updated ${counts.updated}, unchanged ${counts.unchanged}, rejected ${counts.rejected}, events ${counts.events}`;
}

export function progressLine(fileName: string, counts: IngestCounts, seconds: number): string {
  return `${fileName}: ${describeCounts(counts)} (${Math.round(counts.read / Math.max(seconds, 0.001))}/s)`;
}

/**
 * The summary of one run: counts, rate in the product's unit, skips by reason, and rejects by
 * reason, most frequent first, each with one whole example (position and full reason).
 */
export function formatSummary(summary: IngestSummary): string[] {
  const rate = summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : summary.read;
  const lines = [
    `${summary.fileName} (${summary.product}, file date ${summary.fileDate}, run ${summary.runId}): ${describeCounts(summary)}`,
    `  ${summary.seconds.toFixed(1)} s, ${rate} ${summary.unit}/s`,
  ];
  for (const [reason, count] of Object.entries(summary.skipped)) lines.push(`  skipped ${count} × ${reason}`);
  for (const [reason, count] of Object.entries(summary.rejects.reasons).sort((a, b) => b[1] - a[1])) {
    lines.push(`  rejected ${count} × ${reason}`);
    const example = summary.rejects.examples.find((e) => e.reason.split('"')[0]!.trim() === reason);
    if (example && example.reason !== reason) lines.push(`    e.g. ${example.position}: ${example.reason}`);
  }
  return lines;
}
