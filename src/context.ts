import type { Notifier } from './billing/notifier.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';

/** What everything needs from the outside world; built once by the entry point or a test. */
export interface AppContext {
  config: Config;
  db: Database;
  /**
   * Where the data routes read (DATABASE_READ_URL: a ReadRouter over a streaming replica); the
   * primary `db` when absent. Writes, accounts, charging and monitors always use `db`.
   */
  readDb?: Database;
  notifier: Notifier;
  /** Every address a host name resolves to; the system resolver unless a test stands in for DNS (webhook checks, D21). */
  resolveHost?: HostResolver;
}

export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
