import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { generateApiKey, hashApiKey, keyPrefix, newId } from '../resources/accounts/api-key.js';
import { startServer } from './serve.js';

export const DEMO_EMAIL = 'demo@patent-status.local';
const DEMO_UNITS = 1_000;
/** A fixed grant reference makes the funding happen once across restarts. */
const DEMO_GRANT_REFERENCE = 'demo:initial-funding';
const DEMO_KEY_NAME = 'demo';

/**
 * The demo org, funded once with 1,000 units. Keys exist only as hashes, so each start mints a
 * fresh demo key to print and revokes the previous one.
 */
export async function ensureDemoAccount(db: Database): Promise<{ orgId: string; apiKey: string; balance: number }> {
  return db.transaction(async (tx) => {
    await accounts.insertOrg(tx, newId('org'), DEMO_EMAIL, 'demo');
    const org = await accounts.findOrgByEmailForUpdate(tx, DEMO_EMAIL);
    if (!org) throw new Error('demo org missing after insert');
    const { balance } = await accounts.creditOrg(tx, {
      orgId: org.org_id,
      units: DEMO_UNITS,
      source: 'demo',
      reference: DEMO_GRANT_REFERENCE,
    });
    await accounts.revokeOrgKeys(tx, org.org_id);
    const apiKey = generateApiKey();
    await accounts.insertKey(tx, {
      keyId: newId('key'),
      orgId: org.org_id,
      prefix: keyPrefix(apiKey),
      hash: hashApiKey(apiKey),
      name: DEMO_KEY_NAME,
    });
    return { orgId: org.org_id, apiKey, balance };
  });
}

export async function runDemo(config: Config): Promise<void> {
  let demo: { orgId: string; apiKey: string; balance: number } | null = null;
  await startServer(config, async (db) => {
    demo = await ensureDemoAccount(db);
  });
  const { apiKey, balance, orgId } = demo!;
  const base = `http://localhost:${config.port}`;
  process.stdout.write(
    [
      '',
      `Patent Status Service demo on ${base} (${config.databaseUrl ? 'PostgreSQL server' : `embedded engine, data in ${config.dataDir}`})`,
      `Demo org ${orgId}, balance ${balance} units. Its key for this run (earlier demo keys are revoked):`,
      '',
      `  ${apiKey}`,
      '',
      'Try:',
      `  curl -s ${base}/health`,
      `  curl -s ${base}/agent/me -H "X-API-KEY: ${apiKey}"`,
      `  curl -s ${base}/agents.md`,
      '',
    ].join('\n') + '\n',
  );
}
