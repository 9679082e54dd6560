import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { newId } from '../resources/accounts/api-key.js';
import { mintKey } from '../resources/accounts/service.js';
import { startServer } from './serve.js';
import { basename, join } from 'node:path';
import { loadFileWrapper } from '../ingest/file-wrapper/load.js';
import { parseFileWrapperFile } from '../ingest/file-wrapper/parse.js';
import { SYNTH_DEFAULTS } from '../ingest/synth/file-wrapper.js';
import { formatSummary } from './ingest.js';
import { writeSyntheticCorpus } from './synth.js';

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
    const key = await mintKey(tx, org.org_id, DEMO_KEY_NAME);
    return { orgId: org.org_id, apiKey: key.api_key, balance };
  });
}

const DEMO_APPLICATIONS = 2_000;

/**
 * On first start, a synthetic corpus of about 2,000 applications is generated and ingested
 * (about a minute on the embedded engine); later starts find it and reuse it.
 */
export async function ensureDemoCorpus(db: Database, dataDir: string, log: (line: string) => void): Promise<void> {
  const { rowCount } = await db.query(/* SQL */ `SELECT 1 FROM applications LIMIT 1`);
  if (rowCount > 0) return;
  log(`First start: generating and loading a synthetic corpus of ${DEMO_APPLICATIONS} applications…`);
  const corpus = await writeSyntheticCorpus({
    out: join(dataDir, 'demo-corpus'),
    applications: DEMO_APPLICATIONS,
    seed: SYNTH_DEFAULTS.seed,
  });
  const summary = await loadFileWrapper(db, parseFileWrapperFile(corpus.fileWrapperFile), {
    product: 'PTFWPRE',
    fileName: basename(corpus.fileWrapperFile),
    fileDate: SYNTH_DEFAULTS.asOf,
  });
  for (const line of formatSummary(summary)) log(line);
}

interface DemoExamples {
  applicationNumber: string;
  patentNumber: string;
}

async function demoExamples(db: Database): Promise<DemoExamples | null> {
  const { rows } = await db.query<{
    application_number: string;
    patent_number: string;
  }>(/* SQL */ `SELECT application_number, patent_number FROM applications
               WHERE status_code = 150 AND patent_number IS NOT NULL ORDER BY application_number LIMIT 1`);
  const row = rows[0];
  return row ? { applicationNumber: row.application_number, patentNumber: row.patent_number } : null;
}

export async function runDemo(config: Config): Promise<void> {
  let demo: { orgId: string; apiKey: string; balance: number } | null = null;
  let examples: DemoExamples | null = null;
  await startServer(config, async (db) => {
    await ensureDemoCorpus(db, config.dataDir, (line) => process.stdout.write(`${line}\n`));
    demo = await ensureDemoAccount(db);
    examples = await demoExamples(db);
  });
  const { apiKey, balance, orgId } = demo!;
  const sample = examples as DemoExamples | null;
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
      ...(sample
        ? [
            `  curl -s ${base}/v1/applications/${sample.applicationNumber} -H "X-API-KEY: ${apiKey}"`,
            `  curl -s ${base}/v1/patents/${sample.patentNumber} -H "X-API-KEY: ${apiKey}"`,
            `  curl -s "${base}/v1/applications/${sample.applicationNumber}/transactions?limit=5" -H "X-API-KEY: ${apiKey}"`,
          ]
        : []),
      `  curl -s ${base}/agent/me -H "X-API-KEY: ${apiKey}"`,
      `  curl -s ${base}/agents.md`,
      '',
    ].join('\n') + '\n',
  );
}
