import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, defined once here, at the lowest layer, so that
 * billing, ingest, the worker and the HTTP edge each count where the thing happens without
 * importing one another. `GET /metrics` renders `registry`. Every label has a bounded set of
 * values (route patterns, product codes, job names, fixed outcomes): never a raw path, an org or
 * an application number, which would grow the series without end.
 */
export const registry = new Registry();

// Node's own: CPU, memory, event-loop lag, GC, handles (prom-client's standard names).
collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequests = new Counter({
  name: 'patent_status_http_requests_total',
  help: 'HTTP requests answered, by route pattern (unmatched: no route), method and status code',
  labelNames: ['route', 'method', 'status_code'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'patent_status_http_request_duration_seconds',
  help: 'Time from the request arriving to the response sent, by route pattern, method and status class (2xx, 4xx …)',
  labelNames: ['route', 'method', 'status_class'] as const,
  // From a cached lookup (~1 ms) to the search time budget (10 s, spec §8).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const unitsCharged = new Counter({
  name: 'patent_status_units_charged_total',
  help: 'Credit units spent, by channel (rest, mcp, delivery)',
  labelNames: ['channel'] as const,
  registers,
});

export const ingestRecords = new Counter({
  name: 'patent_status_ingest_records_total',
  help: 'Records committed by ingest runs, by product and outcome (inserted, updated, unchanged)',
  labelNames: ['product', 'outcome'] as const,
  registers,
});

export const ingestRejects = new Counter({
  name: 'patent_status_ingest_rejects_total',
  help: 'Records refused by ingest runs (malformed or unknown values), by product, counted when the run ends',
  labelNames: ['product'] as const,
  registers,
});

export const ingestRuns = new Counter({
  name: 'patent_status_ingest_runs_total',
  help: 'Ingest runs ended, by product and result (succeeded, failed)',
  labelNames: ['product', 'result'] as const,
  registers,
});

export const jobQueueDepth = new Gauge({
  name: 'patent_status_job_queue_depth',
  help: 'Jobs in the queue by job type and state (created and retry are waiting, active are running), read from the database at each scrape',
  labelNames: ['job', 'state'] as const,
  registers,
});

export const jobFailures = new Counter({
  name: 'patent_status_job_failures_total',
  help: 'Job runs that failed in this process, by job type; permanent="true" when the job will not run again',
  labelNames: ['job', 'permanent'] as const,
  registers,
});

export const webhookDeliveries = new Counter({
  name: 'patent_status_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered, failed_attempt (retried later), given_up (the last attempt failed), waiting_for_credit (not attempted: the org has no units)',
  labelNames: ['outcome'] as const,
  registers,
});

export const portalRequests = new Counter({
  name: 'patent_status_portal_requests_total',
  help: 'Requests sync sent to the Open Data Portal, by product and outcome (ok, no_match, rate_limited, server_error, network, other)',
  labelNames: ['product', 'outcome'] as const,
  registers,
});

export const portalRecords = new Counter({
  name: 'patent_status_portal_records_total',
  help: "Records the portal's search APIs answered sync with (PTAB, OA), by product",
  labelNames: ['product'] as const,
  registers,
});
