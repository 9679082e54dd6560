import { resolve } from 'node:path';

/**
 * The one typed configuration, read once at start from the environment.
 * Every problem is reported together so an operator fixes them in one pass.
 */
export interface Config {
  /** Unset: the embedded engine (PGlite) persisted under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  port: number;
  host: string;
  /** Base address used in links we hand out (checkout return URLs, discovery documents). */
  publicBaseUrl: string;
  smtp: SmtpConfig | null;
  logLevel: string;
  /** Largest accepted request body in bytes (batch status of 1,000 numbers is ~15 KB). */
  bodyLimitBytes: number;
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
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST') ?? '0.0.0.0';
  const publicBaseUrl = (text('PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(publicBaseUrl)) {
    problems.push(`PUBLIC_BASE_URL must be an http(s) URL, got "${publicBaseUrl}"`);
  }

  let smtp: SmtpConfig | null = null;
  const smtpHost = text('SMTP_HOST');
  if (smtpHost !== null) {
    const from = text('SMTP_FROM');
    if (from === null) problems.push('SMTP_FROM is required when SMTP_HOST is set');
    smtp = {
      host: smtpHost,
      port: integer('SMTP_PORT', 587, 1, 65535),
      secure: text('SMTP_SECURE') === 'true',
      user: text('SMTP_USER'),
      password: text('SMTP_PASSWORD'),
      from: from ?? '',
    };
  }

  const config: Config = {
    databaseUrl,
    dataDir: resolve(text('PATENT_STATUS_DATA_DIR') ?? './data'),
    port,
    host,
    publicBaseUrl,
    smtp,
    logLevel: text('LOG_LEVEL') ?? 'info',
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
