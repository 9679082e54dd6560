import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { officeClosures } from './domain/office-closures.js';
import { SETTINGS, settingDefault } from './domain/settings.js';

/** The ConfigError loadConfig throws for `env` (fails the test if it does not throw one). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    expect(loadConfig({})).toStrictEqual({
      databaseUrl: null,
      readReplica: null,
      dataDir: join(process.cwd(), 'data'),
      port: 8080,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:8080',
      smtp: null,
      stripe: { secretKey: null, webhookSecret: null, apiBaseUrl: 'https://api.stripe.com' },
      logLevel: 'info',
      bodyLimitBytes: 1_048_576,
      searchTimeoutMs: 10_000,
      officeClosures: officeClosures(),
      sync: {
        usptoApiKey: null,
        usptoApiBaseUrl: 'https://api.uspto.gov',
        time: '03:30',
        downloadDir: join(process.cwd(), 'data', 'downloads'),
        searchIntervalMs: 250,
      },
      webhooks: loadConfig({}).webhooks,
      statistics: { entityBudgetMs: 3_000, precomputeMinApplications: 1_000 },
      metricsToken: null,
      workerMetrics: null,
      mcpAllowedOrigins: ['http://localhost:8080', 'http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'],
    });
  });

  it('reads the sync settings: key, portal address, nightly time, download directory, search pace', () => {
    const sync = loadConfig({
      USPTO_API_KEY: ' k3y ',
      USPTO_API_BASE_URL: 'http://127.0.0.1:9999/',
      SYNC_TIME: '23:05',
      PATENT_STATUS_DATA_DIR: '/srv/pss',
      SYNC_SEARCH_INTERVAL_MS: '100',
    }).sync;
    expect(sync).toStrictEqual({
      usptoApiKey: 'k3y',
      usptoApiBaseUrl: 'http://127.0.0.1:9999',
      time: '23:05',
      downloadDir: '/srv/pss/downloads',
      searchIntervalMs: 100,
    });
    expect(loadConfig({ SYNC_DOWNLOAD_DIR: '/mnt/bulk' }).sync.downloadDir).toBe('/mnt/bulk');
    expect(loadConfig({ PATENT_STATUS_DATA_DIR: '/srv/pss', SYNC_DOWNLOAD_DIR: 'dl' }).sync.downloadDir).toBe('/srv/pss/dl');
  });

  it('rejects a sync time that is not HH:MM and a portal address that is not http(s), together', () => {
    expect(problemsOf({ SYNC_TIME: '3:30', USPTO_API_BASE_URL: 'ftp://api.uspto.gov' })).toEqual([
      'USPTO_API_BASE_URL must be an http(s) URL, got "ftp://api.uspto.gov"',
      'SYNC_TIME must be HH:MM (24-hour, US Eastern), got "3:30"',
    ]);
    expect(problemsOf({ SYNC_TIME: '24:00' })).toEqual(['SYNC_TIME must be HH:MM (24-hour, US Eastern), got "24:00"']);
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '  ', HOST: '', DATABASE_URL: ' ', PUBLIC_BASE_URL: '' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeNull();
    expect(config.publicBaseUrl).toBe('http://localhost:8080');
  });

  it('derives the public base address from PORT and strips trailing slashes from PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PORT: '3000' }).publicBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://patents.example.com//' }).publicBaseUrl).toBe('https://patents.example.com');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://example.com/patents/' }).publicBaseUrl).toBe('https://example.com/patents');
  });

  it('resolves the data directory to an absolute path', () => {
    expect(loadConfig({ PATENT_STATUS_DATA_DIR: 'var/pss' }).dataDir).toBe(resolve('var/pss'));
    expect(loadConfig({ PATENT_STATUS_DATA_DIR: '/srv/pss' }).dataDir).toBe('/srv/pss');
  });

  it('accepts postgres:// and postgresql:// DATABASE_URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/patents' }).databaseUrl).toBe(
      'postgres://app@db.internal:5432/patents',
    );
    expect(loadConfig({ DATABASE_URL: ' postgresql://app@db/patents ' }).databaseUrl).toBe('postgresql://app@db/patents');
  });

  it('takes a read replica beside a server, never beside the embedded engine', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/p', DATABASE_READ_URL: 'postgres://replica/p' }).readReplica).toEqual({
      url: 'postgres://replica/p',
      checkEveryMs: 500,
      maxLagMs: 5000,
    });
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/p' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/p', DATABASE_READ_URL: 'mysql://x' })).toThrow(/DATABASE_READ_URL must start/);
  });

  it('rejects a DATABASE_URL of another database', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://app@db/patents' })).toEqual(['DATABASE_URL must start with postgres:// or postgresql://']);
  });

  it('rejects a PORT that is not an integer in range', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT must be an integer from 0 to 65535, got "eighty"']);
    expect(problemsOf({ PORT: '65536' })).toEqual(['PORT must be an integer from 0 to 65535, got "65536"']);
    expect(problemsOf({ PORT: '80.5' })).toEqual(['PORT must be an integer from 0 to 65535, got "80.5"']);
    expect(problemsOf({ PORT: '-1' })).toEqual(['PORT must be an integer from 0 to 65535, got "-1"']);
  });

  it('rejects a PUBLIC_BASE_URL that is not http(s)', () => {
    expect(problemsOf({ PUBLIC_BASE_URL: 'ftp://files.example.com' })).toEqual([
      'PUBLIC_BASE_URL must be an http(s) URL, got "ftp://files.example.com"',
    ]);
  });

  it('reads SMTP settings, with port 587 by default', () => {
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'noreply@example.com' }).smtp).toStrictEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: null,
      password: null,
      from: 'noreply@example.com',
    });
    const smtp = loadConfig({
      SMTP_HOST: 'smtp.example.com',
      SMTP_FROM: 'noreply@example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 'secret',
    }).smtp;
    expect(smtp).toMatchObject({ port: 465, secure: true, user: 'mailer', password: 'secret' });
  });

  it('requires SMTP_FROM when SMTP_HOST is set', () => {
    expect(problemsOf({ SMTP_HOST: 'smtp.example.com' })).toEqual(['SMTP_FROM is required when SMTP_HOST is set']);
  });

  it('reads the Stripe settings: secret key, webhook secret, API address (a stand-in in tests)', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: ' sk_test_abc ', STRIPE_WEBHOOK_SECRET: 'whsec_xyz', STRIPE_API_BASE_URL: 'http://127.0.0.1:12111/' })
        .stripe,
    ).toStrictEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_xyz', apiBaseUrl: 'http://127.0.0.1:12111' });
    // The webhook alone: payments made on links created earlier are still credited.
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_xyz' }).stripe.secretKey).toBeNull();
  });

  it('rejects Stripe settings that cannot work, without echoing a secret', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_publishable' })).toEqual([
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)',
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' })).toEqual([
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
    ]);
    expect(problemsOf({ STRIPE_API_BASE_URL: 'https://api.stripe.com/v1' })).toEqual([
      'STRIPE_API_BASE_URL must be an http(s) URL without a path, got "https://api.stripe.com/v1"',
    ]);
    expect(problemsOf({ STRIPE_API_BASE_URL: 'api.stripe.com' })).toHaveLength(1);
  });

  it('reports every problem together in one ConfigError', () => {
    const env = { DATABASE_URL: 'mysql://app@db/patents', PORT: 'x', SMTP_HOST: 'smtp.example.com', BODY_LIMIT_BYTES: '10' };
    const problems = problemsOf(env);
    expect(problems).toHaveLength(4);
    expect(problems).toEqual([
      'DATABASE_URL must start with postgres:// or postgresql://',
      'PORT must be an integer from 0 to 65535, got "x"',
      'SMTP_FROM is required when SMTP_HOST is set',
      'BODY_LIMIT_BYTES must be an integer from 1024 to 104857600, got "10"',
    ]);
    // One line, so the CLI can print it as it is.
    expect(() => loadConfig(env)).toThrow(
      /^invalid configuration: DATABASE_URL [^\n]*; PORT [^\n]*; SMTP_FROM [^\n]*; BODY_LIMIT_BYTES [^\n]*"10"$/,
    );
  });

  it('reads only plain decimal integers', () => {
    expect(problemsOf({ PORT: '0x50' })).toEqual(['PORT must be an integer from 0 to 65535, got "0x50"']);
    expect(problemsOf({ BODY_LIMIT_BYTES: '1e6' })).toEqual(['BODY_LIMIT_BYTES must be an integer from 1024 to 104857600, got "1e6"']);
  });

  it('rejects a PUBLIC_BASE_URL with spaces or without a host, quoting it as given', () => {
    expect(problemsOf({ PUBLIC_BASE_URL: 'http://a b/c' })).toEqual(['PUBLIC_BASE_URL must be an http(s) URL, got "http://a b/c"']);
    expect(problemsOf({ PUBLIC_BASE_URL: 'http://' })).toEqual(['PUBLIC_BASE_URL must be an http(s) URL, got "http://"']);
  });

  it('accepts the pino log levels in any case and refuses others', () => {
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ]);
  });

  it('listens on HOST, else on the default the command gives, else on every address', () => {
    expect(loadConfig({}, { host: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }, { host: '127.0.0.1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: ' ' }, { host: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('reads SMTP_SECURE as a flag and reports anything else', () => {
    const base = { SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@example.com' };
    expect(loadConfig({ ...base, SMTP_SECURE: 'TRUE' }).smtp?.secure).toBe(true);
    expect(loadConfig({ ...base, SMTP_SECURE: '1' }).smtp?.secure).toBe(true);
    expect(loadConfig({ ...base, SMTP_SECURE: 'no' }).smtp?.secure).toBe(false);
    expect(problemsOf({ ...base, SMTP_SECURE: 'maybe' })).toEqual(['SMTP_SECURE must be true or false, got "maybe"']);
  });

  it('reads office closures: the built-in list when unset, none when empty, the given dates, and refuses a bad date', () => {
    expect(loadConfig({}).officeClosures.has('2019-12-24')).toBe(true);
    expect(loadConfig({ OFFICE_CLOSED_DATES: '' }).officeClosures.size).toBe(0);
    expect([...loadConfig({ OFFICE_CLOSED_DATES: '2027-01-05, 2027-01-06' }).officeClosures]).toEqual(['2027-01-05', '2027-01-06']);
    expect(problemsOf({ OFFICE_CLOSED_DATES: '2027-02-30' })).toEqual([expect.stringMatching(/^OFFICE_CLOSED_DATES must be/)]);
  });

  it('reads webhook settings: D16 and D21 by default, overrides, and refuses bad values', () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowPrivate: false,
      attemptTimeoutMs: 10_000,
      retryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 28_800_000, 86_400_000],
      concurrency: 64,
      unfundedRecheckMs: 60_000,
    });
    const set = loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_RETRY_DELAYS: '1, 2' }).webhooks;
    expect([set.allowPrivate, set.attemptTimeoutMs, set.retryDelaysMs]).toEqual([true, 500, [1000, 2000]]);
    expect(problemsOf({ WEBHOOK_RETRY_DELAYS: '1,2m' })).toEqual([expect.stringMatching(/^WEBHOOK_RETRY_DELAYS must be/)]);
    expect(problemsOf({ WEBHOOK_TIMEOUT_MS: '5' })).toEqual([expect.stringMatching(/^WEBHOOK_TIMEOUT_MS must be/)]);
  });

  it('reads METRICS_TOKEN (trimmed) and refuses a short one or one with spaces, without echoing it', () => {
    expect(loadConfig({ METRICS_TOKEN: ' scrape-0123456789abcdef ' }).metricsToken).toBe('scrape-0123456789abcdef');
    expect(loadConfig({ METRICS_TOKEN: ' ' }).metricsToken).toBeNull();
    const problem = 'METRICS_TOKEN must be 16 to 200 printable characters without spaces';
    expect(problemsOf({ METRICS_TOKEN: 'short-secret' })).toEqual([problem]);
    expect(problemsOf({ METRICS_TOKEN: 'two words 0123456789' })).toEqual([problem]);
  });

  it('reads WORKER_METRICS_PORT and WORKER_METRICS_HOST (every address by default, like HOST) and refuses a host without a port', () => {
    expect(loadConfig({ WORKER_METRICS_PORT: ' 9464 ' }).workerMetrics).toStrictEqual({ host: '0.0.0.0', port: 9464 });
    expect(loadConfig({ WORKER_METRICS_PORT: '9464', WORKER_METRICS_HOST: '127.0.0.1' }).workerMetrics).toStrictEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    // HOST is serve's: a worker's listener does not follow it.
    expect(loadConfig({ WORKER_METRICS_PORT: '9464', HOST: '127.0.0.1' }).workerMetrics?.host).toBe('0.0.0.0');
    expect(loadConfig({ WORKER_METRICS_PORT: ' ', WORKER_METRICS_HOST: '' }).workerMetrics).toBeNull();
    for (const port of ['0', '65536', 'metrics', '9464.0']) {
      expect(problemsOf({ WORKER_METRICS_PORT: port })).toEqual([`WORKER_METRICS_PORT must be an integer from 1 to 65535, got "${port}"`]);
    }
    expect(problemsOf({ WORKER_METRICS_HOST: '0.0.0.0' })).toEqual([
      'WORKER_METRICS_HOST needs WORKER_METRICS_PORT: without a port the worker listens on nothing',
    ]);
  });

  it('reads MCP_ALLOWED_ORIGINS: the public origin and loopback on any port by default, else the list given, refusing what is no origin', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://Patents.Example.com/base/' }).mcpAllowedOrigins).toEqual([
      'https://patents.example.com',
      'http://localhost:*',
      'http://127.0.0.1:*',
      'http://[::1]:*',
    ]);
    expect(
      loadConfig({ MCP_ALLOWED_ORIGINS: ' https://app.example.com , http://LOCALHOST:*,https://b.example.com:8443/ ' }).mcpAllowedOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:*', 'https://b.example.com:8443']);
    expect(loadConfig({ MCP_ALLOWED_ORIGINS: '*' }).mcpAllowedOrigins).toEqual(['*']);
    const problem = (entry: string) =>
      `MCP_ALLOWED_ORIGINS must be comma-separated origins (scheme://host[:port], a port of * for any, or * alone), got "${entry}"`;
    for (const entry of ['app.example.com', 'https://a.example.com/mcp', 'ftp://a.example.com', 'http://a.example.com:8080:*'])
      expect(problemsOf({ MCP_ALLOWED_ORIGINS: `https://ok.example.com,${entry}` })).toEqual([problem(entry)]);
    expect(problemsOf({ MCP_ALLOWED_ORIGINS: ' , ' })).toEqual([
      'MCP_ALLOWED_ORIGINS names no origin: leave it unset for the default list',
    ]);
  });
});

describe('the settings', () => {
  it('loadConfig reads every declared setting and nothing else (the list --help prints)', () => {
    // The settings that others wait on are set, so the ones read only beside them are read too.
    const given: Record<string, string> = {
      DATABASE_URL: 'postgres://app@db/patents',
      DATABASE_READ_URL: 'postgres://app@replica/patents',
      SMTP_HOST: 'smtp.example.com',
      SMTP_FROM: 'notices@example.com',
      WORKER_METRICS_PORT: '9464',
    };
    const read = new Set<string>();
    const env = new Proxy(given, {
      get: (target, name) => {
        if (typeof name === 'string') read.add(name);
        return target[name as string];
      },
    });
    loadConfig(env);
    expect([...read].sort()).toEqual(SETTINGS.map((setting) => setting.name).sort());
  });

  it('takes its defaults from the declarations', () => {
    const config = loadConfig({});
    expect(String(config.port)).toBe(settingDefault('PORT'));
    expect(config.sync.time).toBe(settingDefault('SYNC_TIME'));
    expect(config.webhooks.retryDelaysMs.map((ms) => ms / 1000).join(',')).toBe(settingDefault('WEBHOOK_RETRY_DELAYS'));
    expect(config.webhooks.allowPrivate).toBe(false);
    expect(settingDefault('WEBHOOK_ALLOW_PRIVATE')).toBe('false');
  });
});
