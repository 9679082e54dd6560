import { Type } from 'typebox';
import { DEFAULT_SYNC_PRODUCTS } from '../../sync/products.js';
import { SyncService } from '../../sync/service.js';
import { defineJob } from '../job-type.js';
import { scheduleEntry } from '../schedule.js';
import { refreshStatisticsJob } from './refresh-statistics.js';
import { resolveEntitiesJob } from './resolve-entities.js';

/**
 * The nightly sync: every current product refreshed from the Open Data Portal as
 * `patent-status sync` does (new bulk files downloaded and loaded, then PTAB trials and office
 * actions through its search APIs; a search the weekly quota stopped resumes the next night), then the jobs that follow an ingest run at once: entity
 * resolution, then the night's statistics (whose own schedule is off when the sync runs them). A product that failed
 * makes the job fail after the others are done, so the queue tries again later (30 min, then 1 h);
 * each retry fetches only what is still missing. Without USPTO_API_KEY it is not scheduled (and a
 * run enqueued by hand is skipped with a warning).
 */
export const syncNightly = defineJob({
  name: 'sync.run-nightly',
  payload: Type.Object({ $version: Type.Literal(1) }),
  retry: { limit: 2, delaySeconds: 30 * 60, backoff: true },
  // A first sync of a large product may download for hours; the claim per product keeps a second sync off it meanwhile.
  expireInSeconds: 12 * 60 * 60,
  concurrency: 1,
  dedupeKey: () => 'sync-nightly',
  async handle(_payload, context) {
    const { services, signal, log } = context;
    const { db, config } = services.context;
    if (config.sync.usptoApiKey === null) {
      log.warn({}, 'nightly sync skipped: USPTO_API_KEY is not set');
      return;
    }
    const sync = new SyncService(db, {
      apiKey: config.sync.usptoApiKey,
      baseUrl: config.sync.usptoApiBaseUrl,
      downloadDir: config.sync.downloadDir,
      searchIntervalMs: config.sync.searchIntervalMs,
    });
    const outcomes = await sync.run(DEFAULT_SYNC_PRODUCTS, { signal, listener: { line: (text) => log.info({}, `sync: ${text}`) } });
    services.provenance.invalidate();
    const report = outcomes.map((o) => ({
      product: o.product,
      outcome: o.outcome,
      reason: o.reason,
      files: o.files.map((f) => `${f.fileName}: ${f.outcome}`),
      searches: o.searches.map((s) => `${s.search}: ${s.pages} pages, ${s.records} records, watermark ${s.watermark ?? 'none'}`),
    }));
    log.info({ outcomes: report }, 'nightly sync finished');
    const loaded = outcomes.some(
      (o) =>
        o.files.some((f) => f.outcome === 'ingested') || o.searches.some((s) => (s.summary?.inserted ?? 0) + (s.summary?.updated ?? 0) > 0),
    );
    if (loaded) await resolveEntitiesJob.handle({ $version: 1 }, context);
    // The night's statistics over what is loaded now, failed products or not (queued entities wait for them).
    await refreshStatisticsJob.handle({ $version: 1 }, context);
    const failed = outcomes.filter((o) => o.outcome === 'failed');
    if (failed.length > 0) throw new Error(`nightly sync failed for ${failed.map((o) => `${o.product} (${o.reason})`).join('; ')}`);
  },
});

/** Each night at SYNC_TIME on the office's clock (US Eastern, daylight saving followed); not scheduled without USPTO_API_KEY. */
export const syncNightlySchedule = scheduleEntry({
  name: syncNightly.name,
  job: syncNightly,
  rule: (config) => {
    if (config.sync.usptoApiKey === null) return null;
    const [hour, minute] = config.sync.time.split(':').map(Number);
    return { cron: `${minute} ${hour} * * *`, timeZone: 'America/New_York' };
  },
  ruleText: 'nightly at SYNC_TIME, US Eastern, when USPTO_API_KEY is set; then entities.resolve and statistics.refresh',
  payload: () => ({ $version: 1 as const }),
});
