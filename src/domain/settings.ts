/**
 * Every setting an operator gives the service: the environment variables `loadConfig` reads (it
 * reads nothing else, and takes the defaults below from here) and `patent-status --help` lists.
 * A `default` is the value used when the variable is unset; a setting without one is either
 * optional or has a default worked out from other settings, which its meaning says. Pure data.
 */
export interface Setting {
  name: string;
  default?: string;
  meaning: string;
}

export const SETTINGS = [
  { name: 'DATABASE_URL', meaning: 'PostgreSQL server (postgres://…); unset: the embedded engine' },
  { name: 'DATABASE_READ_URL', meaning: 'a streaming replica of DATABASE_URL: serve reads the data routes there while it keeps up' },
  { name: 'DATABASE_READ_CHECK_MS', default: '500', meaning: "how often the replica's replay is compared with the primary" },
  { name: 'DATABASE_READ_MAX_LAG_MS', default: '5000', meaning: 'how far behind the replica may fall before reads go back to the primary' },
  {
    name: 'PATENT_STATUS_DATA_DIR',
    default: './data',
    meaning: "the embedded engine's database (one process at a time) and the downloads",
  },
  { name: 'HOST', default: '0.0.0.0', meaning: 'listen address (demo: 127.0.0.1)' },
  { name: 'PORT', default: '8080', meaning: 'HTTP port' },
  { name: 'PUBLIC_BASE_URL', meaning: 'base address of links and discovery documents; unset: http://localhost:PORT' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', meaning: 'largest accepted request body' },
  { name: 'SEARCH_TIMEOUT_MS', default: '10000', meaning: 'a search running longer answers 504 computation_timeout' },
  { name: 'MCP_ALLOWED_ORIGINS', meaning: "browser origins /mcp answers; unset: PUBLIC_BASE_URL's and loopback's" },
  { name: 'SMTP_HOST', meaning: 'mail server for owner notices; unset: notices go to the log' },
  { name: 'SMTP_PORT', default: '587', meaning: "the mail server's port" },
  { name: 'SMTP_SECURE', default: 'false', meaning: 'true: TLS from the start (port 465)' },
  { name: 'SMTP_USER', meaning: 'mail server login' },
  { name: 'SMTP_PASSWORD', meaning: 'mail server password' },
  { name: 'SMTP_FROM', meaning: 'sender address of owner notices; required with SMTP_HOST' },
  { name: 'STRIPE_SECRET_KEY', meaning: 'Stripe secret key for checkout links; needs STRIPE_WEBHOOK_SECRET' },
  { name: 'STRIPE_WEBHOOK_SECRET', meaning: 'signing secret of the Stripe webhook endpoint PUBLIC_BASE_URL/webhooks/stripe' },
  { name: 'STRIPE_API_BASE_URL', default: 'https://api.stripe.com', meaning: "Stripe's API address (scheme, host, port)" },
  { name: 'METRICS_TOKEN', meaning: 'when set, GET /metrics needs Authorization: Bearer <token>' },
  { name: 'WORKER_METRICS_PORT', meaning: 'worker only: port of its GET /metrics and /health/live; unset: none' },
  { name: 'WORKER_METRICS_HOST', default: '0.0.0.0', meaning: "worker only: that listener's address" },
  { name: 'OFFICE_CLOSED_DATES', meaning: 'comma-separated YYYY-MM-DD days the office was closed; unset: the built-in list' },
  { name: 'STATISTICS_ENTITY_BUDGET_MS', default: '3000', meaning: "how long a request may compute an entity's statistics" },
  { name: 'STATISTICS_PRECOMPUTE_MIN_APPLICATIONS', default: '1000', meaning: 'entities this large are computed nightly' },
  { name: 'WEBHOOK_ALLOW_PRIVATE', default: 'false', meaning: 'true: webhooks to private addresses and plain http:// too' },
  { name: 'WEBHOOK_TIMEOUT_MS', default: '10000', meaning: "one delivery attempt's limit" },
  { name: 'WEBHOOK_RETRY_DELAYS', default: '60,300,1800,7200,28800,86400', meaning: 'seconds before each retry' },
  { name: 'WEBHOOK_CONCURRENCY', default: '64', meaning: 'deliveries one worker has in flight' },
  {
    name: 'WEBHOOK_UNFUNDED_RECHECK_SECONDS',
    default: '60',
    meaning: 'how often the deliveries of an org without credit look at its balance again',
  },
  { name: 'USPTO_API_KEY', meaning: 'Open Data Portal API key; unset: sync refuses, no nightly sync' },
  { name: 'USPTO_API_BASE_URL', default: 'https://api.uspto.gov', meaning: "the portal's API address" },
  { name: 'SYNC_TIME', default: '03:30', meaning: "the worker's nightly sync, HH:MM US Eastern" },
  { name: 'SYNC_DOWNLOAD_DIR', default: 'downloads', meaning: 'where downloads go; a relative path is under PATENT_STATUS_DATA_DIR' },
  { name: 'SYNC_SEARCH_INTERVAL_MS', default: '250', meaning: "least time between two requests to the portal's search APIs" },
] as const satisfies readonly Setting[];

export type SettingName = (typeof SETTINGS)[number]['name'];
export type DefaultedSettingName = Extract<(typeof SETTINGS)[number], { default: string }>['name'];

/** The value a setting takes when its variable is unset. */
export function settingDefault(name: DefaultedSettingName): string {
  return (SETTINGS as readonly Setting[]).find((entry) => entry.name === name)!.default!;
}
