import { resolve } from 'node:path';
import { officeClosures } from './domain/office-closures.js';
import { type DefaultedSettingName, type SettingName, settingDefault } from './domain/settings.js';

/**
 * The one typed configuration, read once at start from the environment.
 * Every problem is reported together so an operator fixes them in one pass.
 */
export interface Config {
  /** Unset: the embedded engine (PGlite) persisted under `dataDir`. */
  databaseUrl: string | null;
  /** A streaming replica for the data routes' reads (DATABASE_READ_URL); null: every read on the primary. */
  readReplica: { url: string; checkEveryMs: number; maxLagMs: number } | null;
  dataDir: string;
  port: number;
  host: string;
  /** Base address used in links we hand out (checkout return URLs, discovery documents). */
  publicBaseUrl: string;
  smtp: SmtpConfig | null;
  /** Stripe Checkout and its webhook (DESIGN.md D19). */
  stripe: StripeConfig;
  logLevel: string;
  /** Largest accepted request body in bytes (batch status of 1,000 numbers is ~15 KB). */
  bodyLimitBytes: number;
  /** A search running longer answers 504 computation_timeout (spec §8: 10 seconds). */
  searchTimeoutMs: number;
  /**
   * Days the office was closed beyond the federal holidays (executive orders, days of mourning),
   * counted like holidays by reply deadlines: OFFICE_CLOSED_DATES (comma-separated YYYY-MM-DD;
   * empty for none) replaces the built-in list (domain/office-closures.ts).
   */
  officeClosures: ReadonlySet<string>;
  /** `patent-status sync` and its nightly run: the Open Data Portal's bulk-data and search APIs. */
  sync: SyncConfig;
  webhooks: WebhookConfig;
  /** Entity statistics. */
  statistics: { entityBudgetMs: number; precomputeMinApplications: number };
  /** METRICS_TOKEN: when set, `GET /metrics` needs `Authorization: Bearer <token>`; null: /metrics is public. */
  metricsToken: string | null;
  /**
   * WORKER_METRICS_PORT (and WORKER_METRICS_HOST, default 0.0.0.0 like HOST): where `patent-status worker`
   * answers `GET /metrics` and `GET /health/live`; null (the port unset): a worker listens on nothing.
   */
  workerMetrics: { host: string; port: number } | null;
  /**
   * MCP_ALLOWED_ORIGINS: the browser origins `/mcp` answers (the MCP transport's defence against DNS
   * rebinding: a page of another origin that reaches a local server gets 403). Comma-separated
   * `scheme://host[:port]`; a port of `*` admits any port of that host, and `*` alone admits every
   * origin. A request without an Origin header (a server-side client) is always admitted. Default:
   * PUBLIC_BASE_URL's origin, and http://localhost, http://127.0.0.1 and http://[::1] on any port
   * (the Inspector and local tools). Setting it replaces the default list.
   */
  mcpAllowedOrigins: readonly string[];
}

/** Webhook delivery (DESIGN.md D16, D21). */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE=1: targets of any address, not only public ones, and plain http:// are accepted (tests, local development). */
  allowPrivate: boolean;
  /** One attempt's limit (D16: 10 s), from connecting to the end of the answer. */
  attemptTimeoutMs: number;
  /** Waits before the second, third … attempt (D16: 1 m, 5 m, 30 m, 2 h, 8 h, 24 h); after the last, the delivery fails. */
  retryDelaysMs: readonly number[];
  /** Deliveries one worker process has in flight at once. */
  concurrency: number;
  /** How long a delivery of an org without credit waits before its credit is looked at again. */
  unfundedRecheckMs: number;
}

/** Fetching the office's data from the Open Data Portal (`patent-status sync`, the nightly job). */
export interface SyncConfig {
  /** USPTO_API_KEY, sent as X-API-KEY; null when unset (sync then refuses to start, the nightly run skips). */
  usptoApiKey: string | null;
  /** USPTO_API_BASE_URL: the portal's API address, or a stand-in's (tests, a mirror). No trailing slash. */
  usptoApiBaseUrl: string;
  /** SYNC_TIME: when the worker syncs each night, "HH:MM" on the US Eastern clock (the office's). */
  time: string;
  /** SYNC_DOWNLOAD_DIR: where files are downloaded (resumable `.part` files); default <dataDir>/downloads. */
  downloadDir: string;
  /** SYNC_SEARCH_INTERVAL_MS: least time between two search requests (default 250: the portal allows 4 to 15 a second). */
  searchIntervalMs: number;
}

/** Stripe (DESIGN.md D19): checkout links need the secret key, the payment webhook its signing secret. */
export interface StripeConfig {
  /** STRIPE_SECRET_KEY (`sk_…` or a restricted `rk_…`); null: `POST /agent/checkout-link` answers 503 billing_not_configured. */
  secretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`); null: `POST /webhooks/stripe` answers 503 billing_not_configured. */
  webhookSecret: string | null;
  /** STRIPE_API_BASE_URL: Stripe's API (https://api.stripe.com) or a stand-in's; scheme, host and port only. */
  apiBaseUrl: string;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One line, every problem in it: the CLI prints it as it is.
    super(`invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** pino's levels; anything else would only fail later, inside the logger. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What a command may choose differently when the environment says nothing (the demo listens on loopback only). */
export interface ConfigDefaults {
  host?: string;
}

function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Loopback origins on any port: a developer's own browser tools (the MCP Inspector) next to the server. */
const LOOPBACK_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

/** MCP_ALLOWED_ORIGINS read as origins (see Config.mcpAllowedOrigins), or its default. */
function allowedOrigins(raw: string | null, publicBaseUrl: string, problems: string[]): string[] {
  if (raw === null) return [...new Set([isHttpUrl(publicBaseUrl) ? new URL(publicBaseUrl).origin : publicBaseUrl, ...LOOPBACK_ORIGINS])];
  const origins: string[] = [];
  for (const entry of raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')) {
    if (entry === '*') {
      origins.push(entry);
      continue;
    }
    const anyPort = entry.endsWith(':*');
    const address = anyPort ? entry.slice(0, -2) : entry;
    const url = isHttpUrl(address) ? new URL(address) : null;
    // An origin is a scheme, a host and a port: one with a path, a query or a user never matches a browser's Origin.
    if (!url || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || (anyPort && url.port !== '')) {
      problems.push(
        `MCP_ALLOWED_ORIGINS must be comma-separated origins (scheme://host[:port], a port of * for any, or * alone), got "${entry}"`,
      );
      continue;
    }
    origins.push(`${url.origin}${anyPort ? ':*' : ''}`);
  }
  if (origins.length === 0 && problems.every((problem) => !problem.startsWith('MCP_ALLOWED_ORIGINS')))
    problems.push('MCP_ALLOWED_ORIGINS names no origin: leave it unset for the default list');
  return origins;
}

export function loadConfig(env: Env = process.env, defaults: ConfigDefaults = {}): Config {
  const problems: string[] = [];
  // Every read names a declared setting (domain/settings.ts), the list `--help` prints.
  const text = (name: SettingName): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const textOrDefault = (name: DefaultedSettingName): string => text(name) ?? settingDefault(name);
  /** `raw` as a whole number from `min` to `max`, or null with the problem noted. */
  const whole = (name: SettingName, raw: string, min: number, max: number): number | null => {
    // Plain decimal digits only: Number() would also take "0x50" or "1e3".
    const value = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return null;
    }
    return value;
  };
  const integer = (name: DefaultedSettingName, min: number, max: number): number => {
    const fallback = Number(settingDefault(name));
    const raw = text(name);
    return raw === null ? fallback : (whole(name, raw, min, max) ?? fallback);
  };

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const readUrl = text('DATABASE_READ_URL');
  if (readUrl !== null && !/^postgres(ql)?:\/\//.test(readUrl))
    problems.push('DATABASE_READ_URL must start with postgres:// or postgresql://');
  if (readUrl !== null && databaseUrl === null) problems.push('DATABASE_READ_URL needs DATABASE_URL: the embedded engine has no replicas');
  const readReplica =
    readUrl === null
      ? null
      : {
          url: readUrl,
          checkEveryMs: integer('DATABASE_READ_CHECK_MS', 50, 60_000),
          maxLagMs: integer('DATABASE_READ_MAX_LAG_MS', 0, 3_600_000),
        };
  const port = integer('PORT', 0, 65535);
  const host = text('HOST') ?? defaults.host ?? settingDefault('HOST');
  const rawBaseUrl = text('PUBLIC_BASE_URL') ?? `http://localhost:${port}`;
  const publicBaseUrl = rawBaseUrl.replace(/\/+$/, '');
  if (!isHttpUrl(publicBaseUrl)) problems.push(`PUBLIC_BASE_URL must be an http(s) URL, got "${rawBaseUrl}"`);
  const flag = (name: DefaultedSettingName): boolean => {
    const fallback = settingDefault(name) === 'true';
    const raw = text(name)?.toLowerCase();
    if (raw === undefined || raw === null) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false, got "${text(name)}"`);
    return fallback;
  };

  let smtp: SmtpConfig | null = null;
  const smtpHost = text('SMTP_HOST');
  if (smtpHost !== null) {
    const from = text('SMTP_FROM');
    if (from === null) problems.push('SMTP_FROM is required when SMTP_HOST is set');
    smtp = {
      host: smtpHost,
      port: integer('SMTP_PORT', 1, 65535),
      secure: flag('SMTP_SECURE'),
      user: text('SMTP_USER'),
      password: text('SMTP_PASSWORD'),
      from: from ?? '',
    };
  }

  const stripe: StripeConfig = {
    secretKey: text('STRIPE_SECRET_KEY'),
    webhookSecret: text('STRIPE_WEBHOOK_SECRET'),
    apiBaseUrl: textOrDefault('STRIPE_API_BASE_URL').replace(/\/+$/, ''),
  };
  if (stripe.secretKey !== null && !/^(sk|rk)_\S+$/.test(stripe.secretKey)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)');
  }
  if (stripe.webhookSecret !== null && !/^whsec_\S+$/.test(stripe.webhookSecret)) {
    problems.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  }
  // Payments that are never confirmed would never be credited: a key without the webhook's secret is a mistake.
  if (stripe.secretKey !== null && stripe.webhookSecret === null) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  // The Stripe client takes a scheme, a host and a port: a path would be silently dropped.
  const stripeApi = isHttpUrl(stripe.apiBaseUrl) ? new URL(stripe.apiBaseUrl) : null;
  if (!stripeApi || stripeApi.pathname !== '/' || stripeApi.search !== '' || stripeApi.hash !== '' || stripeApi.username !== '') {
    problems.push(`STRIPE_API_BASE_URL must be an http(s) URL without a path, got "${text('STRIPE_API_BASE_URL')}"`);
  }

  const logLevel = textOrDefault('LOG_LEVEL').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${text('LOG_LEVEL')}"`);
  }

  let closures: ReadonlySet<string> = new Set();
  try {
    closures = officeClosures(env['OFFICE_CLOSED_DATES' satisfies SettingName]);
  } catch (error) {
    problems.push(`OFFICE_CLOSED_DATES must be comma-separated YYYY-MM-DD dates: ${(error as Error).message}`);
  }

  const retryDelays = textOrDefault('WEBHOOK_RETRY_DELAYS')
    .split(',')
    .map((d) => d.trim());
  if (retryDelays.some((d) => !/^\d{1,6}$/.test(d)))
    problems.push(`WEBHOOK_RETRY_DELAYS must be comma-separated whole seconds, got "${text('WEBHOOK_RETRY_DELAYS')}"`);

  const rawApiBase = textOrDefault('USPTO_API_BASE_URL');
  const usptoApiBaseUrl = rawApiBase.replace(/\/+$/, '');
  if (!isHttpUrl(usptoApiBaseUrl)) problems.push(`USPTO_API_BASE_URL must be an http(s) URL, got "${rawApiBase}"`);
  const syncTime = textOrDefault('SYNC_TIME');
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(syncTime)) problems.push(`SYNC_TIME must be HH:MM (24-hour, US Eastern), got "${syncTime}"`);
  const dataDir = resolve(textOrDefault('PATENT_STATUS_DATA_DIR'));
  const metricsToken = text('METRICS_TOKEN');
  // A bearer token is sent as one header word; a short one could be guessed by anyone who can reach /metrics.
  if (metricsToken !== null && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be 16 to 200 printable characters without spaces');
  }
  // A worker serves no API: its listener exists only when the operator names a port (0, "any free one", could not be scraped).
  const rawMetricsPort = text('WORKER_METRICS_PORT');
  const workerMetricsPort = rawMetricsPort === null ? null : (whole('WORKER_METRICS_PORT', rawMetricsPort, 1, 65535) ?? 0);
  const workerMetricsHost = text('WORKER_METRICS_HOST');
  if (workerMetricsHost !== null && workerMetricsPort === null)
    problems.push('WORKER_METRICS_HOST needs WORKER_METRICS_PORT: without a port the worker listens on nothing');

  const mcpAllowedOrigins = allowedOrigins(text('MCP_ALLOWED_ORIGINS'), publicBaseUrl, problems);

  const config: Config = {
    databaseUrl,
    readReplica,
    dataDir,
    port,
    host,
    publicBaseUrl,
    smtp,
    stripe,
    logLevel,
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 1024, 104_857_600),
    searchTimeoutMs: integer('SEARCH_TIMEOUT_MS', 1, 600_000),
    officeClosures: closures,
    sync: {
      usptoApiKey: text('USPTO_API_KEY'),
      usptoApiBaseUrl,
      time: syncTime,
      downloadDir: resolve(dataDir, textOrDefault('SYNC_DOWNLOAD_DIR')),
      searchIntervalMs: integer('SYNC_SEARCH_INTERVAL_MS', 0, 60_000),
    },
    statistics: {
      entityBudgetMs: integer('STATISTICS_ENTITY_BUDGET_MS', 0, 600_000),
      precomputeMinApplications: integer('STATISTICS_PRECOMPUTE_MIN_APPLICATIONS', 1, 100_000_000),
    },
    webhooks: {
      allowPrivate: flag('WEBHOOK_ALLOW_PRIVATE'),
      attemptTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', 100, 60_000),
      retryDelaysMs: retryDelays.map((d) => Number(d) * 1000),
      concurrency: integer('WEBHOOK_CONCURRENCY', 1, 1024),
      unfundedRecheckMs: integer('WEBHOOK_UNFUNDED_RECHECK_SECONDS', 1, 86_400) * 1000,
    },
    metricsToken,
    workerMetrics:
      workerMetricsPort === null ? null : { host: workerMetricsHost ?? settingDefault('WORKER_METRICS_HOST'), port: workerMetricsPort },
    mcpAllowedOrigins,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
