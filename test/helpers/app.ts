import type { FastifyBaseLogger } from 'fastify';
import type { Notifier, OwnerNotice } from '../../src/billing/notifier.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { buildApp, type App } from '../../src/http/app.js';
import { buildServices, type Services } from '../../src/services.js';
import type { HostResolver } from '../../src/context.js';
import type { IngestProduct } from '../../src/ingest/product.js';
import * as accounts from '../../src/resources/accounts/accounts.sql.js';
import { creditByEmail } from '../../src/resources/accounts/service.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestContext {
  app: App;
  db: Database;
  config: Config;
  /** The connection string of this test's own database on the server engine; null on PGlite. */
  url: string | null;
  /** Every owner notice the app sent, in order (the real notifier would mail or log them). */
  notices: OwnerNotice[];
  /** The app's services (the same instances its routes use): a test may run a worker on them. */
  services: Services;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra routes to add before the app is ready (e.g. a small /v1 route for charging tests). */
  routes?: (app: App) => void | Promise<void>;
  env?: Record<string, string>;
  /** Wraps the database the app uses (e.g. to record the statements it sends); tests still set up data on the real one. */
  wrapDatabase?: (db: Database) => Database;
  /** Stands in for DNS (webhook target checks). */
  resolveHost?: HostResolver;
  /** Changes the loaded config before the services are built (settings no environment variable reaches, e.g. sub-second retries). */
  configure?: (config: Config) => void;
  /** Where notices go after they are recorded in `notices` (e.g. the real SMTP notifier); by default nowhere. */
  notifier?: (config: Config) => Notifier;
  /** The app's logger (a test reading what was logged); silent without one. */
  logger?: FastifyBaseLogger;
  /** The product modules the deployment loads (a test's own product beside the real ones). */
  products?: readonly IngestProduct[];
}

/** The real app on a private real database, driven through `inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database: TestDatabase = await createTestDatabase();
  const config = loadConfig({ PUBLIC_BASE_URL: 'https://patents.example.test', ...options.env });
  const notices: OwnerNotice[] = [];
  options.configure?.(config);
  const db = options.wrapDatabase ? options.wrapDatabase(database.db) : database.db;
  const forward = options.notifier?.(config);
  const services = buildServices(
    {
      config,
      db,
      notifier: {
        send: async (notice) => {
          notices.push(notice);
          await forward?.send(notice);
        },
      },
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    },
    options.products,
  );
  const app = await buildApp(services, options.logger ? { logger: options.logger } : {});
  await options.routes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    url: database.url,
    notices,
    services,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Signs up through HTTP and returns the key. */
export async function signUp(app: App, email: string, agentName?: string): Promise<{ apiKey: string; orgId: string }> {
  const response = await app.inject({ method: 'POST', url: '/agent/signup', payload: { owner_email: email, agent_name: agentName } });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ api_key: string; org_id: string }>();
  return { apiKey: body.api_key, orgId: body.org_id };
}

/** A funded org's key (funded as the operator's `admin credit` does). */
export async function fundedKey(ctx: TestContext, email: string, units: number): Promise<{ apiKey: string; orgId: string }> {
  const account = await signUp(ctx.app, email);
  await creditByEmail(ctx.db, { email, units, source: 'admin', reference: null });
  return account;
}

/** The org's balance in its row, after this app wrote back its charges and returned every leased unit. */
export async function balanceOf(ctx: Pick<TestContext, 'app' | 'db'>, orgId: string): Promise<number> {
  await ctx.app.charging.close();
  const org = await accounts.findOrgById(ctx.db, orgId);
  if (!org) throw new Error(`no org ${orgId}`);
  return org.balance_units;
}
