import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { newId } from '../resources/accounts/api-key.js';
import { mintKey } from '../resources/accounts/service.js';
import { startServer } from './serve.js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SYNTH_DEFAULTS } from '@patent-status/synth';
import { holdsData } from '../ingest/holds.sql.js';
import { ingestFile, PRODUCT_MODULES, resolveEntities } from '../products/registry.js';
import { formatResolution } from './entities.js';
import { refreshStatistics } from '../resources/statistics/compute.js';
import { formatNight } from './statistics.js';
import { formatSummary } from './ingest.js';
import { demoExamples, type DemoExamples } from './demo-samples.js';
import {
  addDemoWebhookRoutes,
  DEMO_NEXT_DAY_PATH,
  DEMO_RECEIVER_PATH,
  DEMO_WEBHOOK_SECRET,
  demoWatchedApplication,
} from './demo-webhooks.js';

export const USAGE = `usage: patent-status demo
  The first command to try. On the embedded engine (or DATABASE_URL), on first start: generates and
  loads a synthetic corpus of 2,000 applications with a year of weekly grant and publication full
  text, its maintenance fees, assignments and PTAB trials, funds a demo organization with 1,000
  units; on every start: prints a fresh demo key and example requests, then serves the API like
  \`serve\`. It listens on 127.0.0.1 only unless HOST says otherwise (HOST=0.0.0.0 to reach it from
  other machines); PORT as for serve (default 8080).`;

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
/** The demo loads the last year of weekly full text: enough to search, and older patents show the 404 with covered dates. */
const DEMO_FULL_TEXT_FROM = '2025-11-18';

/**
 * On first start, a synthetic corpus of about 2,000 applications is generated and ingested, with
 * its last year of weekly grant and publication full text; later starts find them and reuse them.
 */
export async function ensureDemoCorpus(db: Database, dataDir: string, log: (line: string) => void): Promise<void> {
  await ensureSyntheticCorpus(
    db,
    { out: join(dataDir, 'demo-corpus'), applications: DEMO_APPLICATIONS, seed: SYNTH_DEFAULTS.seed, fullTextFrom: DEMO_FULL_TEXT_FROM },
    log,
  );
}

/**
 * Every product of one synthetic corpus, each written by its module under `out/<family>` and
 * ingested through the real loaders (each product only while it holds no data), in the modules'
 * order; then entities resolved and the night's statistics computed: the demo's corpus, and the
 * seed the scale benchmark multiplies.
 */
export async function ensureSyntheticCorpus(
  db: Database,
  corpusOptions: { out: string; applications: number; seed: string; fullTextFrom?: string },
  log: (line: string) => void,
): Promise<void> {
  const { out, applications, seed } = corpusOptions;
  const [first] = PRODUCT_MODULES;
  if (first && !(await holdsData(db, first.holds, first.codes)))
    log(`First start: generating and loading a synthetic corpus of ${applications} applications…`);
  for (const product of PRODUCT_MODULES) {
    if (await holdsData(db, product.holds, product.codes)) continue;
    log(`Loading ${product.what}…`);
    const dir = join(out, product.family);
    await mkdir(dir, { recursive: true });
    const files = await product.demo({
      dir,
      applications,
      seed,
      ...(corpusOptions.fullTextFrom ? { fullTextFrom: corpusOptions.fullTextFrom } : {}),
    });
    const totals = { files: 0, read: 0, rejected: 0, events: 0 };
    for (const file of files) {
      const summary = await ingestFile(db, product, file.path, {
        ...(file.product ? { product: file.product } : {}),
        ...(file.fileDate ? { fileDate: file.fileDate } : {}),
      });
      if (files.length <= 3) for (const line of formatSummary(summary)) log(line);
      totals.files += 1;
      totals.read += summary.read;
      totals.rejected += summary.rejected;
      totals.events += summary.events;
    }
    if (files.length > 3) log(`  ${totals.files} files, ${totals.read} read, ${totals.rejected} rejected, ${totals.events} events`);
  }
  // The worker would resolve the new names within a minute; the examples below need them now.
  const resolution = await resolveEntities(db);
  if (resolution.families !== null) log(formatResolution(resolution));
  // The worker computes statistics nightly; the demo's examples answer from its first start.
  log(formatNight(await refreshStatistics(db)));
}

export async function runDemo(environmentConfig: Config): Promise<void> {
  // The demo's receiver is on this machine: its webhooks may go to loopback and plain http.
  const config: Config = { ...environmentConfig, webhooks: { ...environmentConfig.webhooks, allowPrivate: true } };
  let demo: { orgId: string; apiKey: string; balance: number } | null = null;
  let examples: DemoExamples | null = null;
  let watched: string | null = null;
  const running = await startServer(
    config,
    async (db) => {
      await ensureDemoCorpus(db, config.dataDir, (line) => process.stdout.write(`${line}\n`));
      demo = await ensureDemoAccount(db);
      examples = await demoExamples(db);
      watched = await demoWatchedApplication(db);
    },
    {
      alwaysRunWorker: true,
      extraRoutes: async (app, db) => {
        if (watched) await addDemoWebhookRoutes(app, db, config.dataDir, watched);
      },
    },
  );
  const { apiKey, balance, orgId } = demo!;
  const sample = examples as DemoExamples | null;
  // PORT=0 picks a free port: print the one actually bound.
  const address = running.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
  const everywhere = ['0.0.0.0', '::'].includes(config.host);
  const base = `http://${loopback || everywhere ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  process.stdout.write(
    [
      '',
      `Patent Status Service demo on ${base} (${config.databaseUrl ? 'PostgreSQL server' : `embedded engine, data in ${config.dataDir}`})`,
      loopback
        ? `Listening on ${config.host} only: set HOST=0.0.0.0 to reach it from other machines (anyone who can reach it can use the key below).`
        : `Listening on ${config.host}: reachable from other machines.`,
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
            `  curl -s ${base}/v1/patents/${sample.patentNumber}/claims -H "X-API-KEY: ${apiKey}"`,
            `  curl -s ${base}/v1/patents/${sample.patentNumber}/citations -H "X-API-KEY: ${apiKey}"`,
            ...[sample.fees.live, sample.fees.lapsed, sample.fees.design].flatMap((patent) =>
              patent ? [`  curl -s ${base}/v1/patents/${patent}/maintenance -H "X-API-KEY: ${apiKey}"`] : [],
            ),
            ...(sample.ownership.patent
              ? [`  curl -s ${base}/v1/patents/${sample.ownership.patent}/assignments -H "X-API-KEY: ${apiKey}"`]
              : []),
            ...(sample.ownership.assignee
              ? [
                  `  curl -s "${base}/v1/assignments?assignee=${encodeURIComponent(sample.ownership.assignee)}&limit=5" -H "X-API-KEY: ${apiKey}"`,
                ]
              : []),
            ...(sample.ptab.patent ? [`  curl -s ${base}/v1/patents/${sample.ptab.patent}/ptab -H "X-API-KEY: ${apiKey}"`] : []),
            ...(sample.ptab.trial ? [`  curl -s ${base}/v1/ptab/${sample.ptab.trial} -H "X-API-KEY: ${apiKey}"`] : []),
            ...(sample.ptab.petitioner
              ? [`  curl -s "${base}/v1/ptab?petitioner=${encodeURIComponent(sample.ptab.petitioner)}&limit=5" -H "X-API-KEY: ${apiKey}"`]
              : []),
            ...(sample.officeAction
              ? [
                  `  curl -s ${base}/v1/applications/${sample.officeAction.applicationNumber}/office-actions -H "X-API-KEY: ${apiKey}"`,
                  `    # ${sample.officeAction.summary}`,
                ]
              : []),
            ...(sample.entity
              ? [
                  `  curl -s "${base}/v1/entities/search?q=${encodeURIComponent(sample.entity.name)}&limit=5" -H "X-API-KEY: ${apiKey}"`,
                  `  curl -s "${base}/v1/entities/${sample.entity.id}/applications?limit=5" -H "X-API-KEY: ${apiKey}"`,
                  `  curl -s "${base}/v1/entities/${sample.entity.id}/patents?limit=5" -H "X-API-KEY: ${apiKey}"`,
                ]
              : []),
            ...(sample.entity ? [`  curl -s ${base}/v1/entities/${sample.entity.id}/stats -H "X-API-KEY: ${apiKey}"`] : []),
            ...(sample.statistics.examiner
              ? [`  curl -s "${base}/v1/examiners/${encodeURIComponent(sample.statistics.examiner)}/stats" -H "X-API-KEY: ${apiKey}"`]
              : []),
            ...(sample.statistics.artUnit
              ? [`  curl -s ${base}/v1/art-units/${sample.statistics.artUnit}/stats -H "X-API-KEY: ${apiKey}"`]
              : []),
            ...(sample.subclass && sample.word
              ? [`  curl -s "${base}/v1/search?q=${sample.word}&cpc=${sample.subclass}&limit=5" -H "X-API-KEY: ${apiKey}"`]
              : []),
          ]
        : []),
      `  curl -s ${base}/agent/me -H "X-API-KEY: ${apiKey}"`,
      `  curl -s ${base}/agents.md`,
      ...(watched ? webhookExample(base, apiKey, watched) : []),
      '',
    ].join('\n') + '\n',
  );
}

/** The monitor walk-through: watch an application, ingest the next day's file, see the signed delivery arrive. */
function webhookExample(base: string, apiKey: string, applicationNumber: string): string[] {
  const monitor = JSON.stringify({
    targets: { application_numbers: [applicationNumber] },
    events: ['office_action', 'status_change'],
    webhook_url: `${base}${DEMO_RECEIVER_PATH}`,
    secret: DEMO_WEBHOOK_SECRET,
  });
  return [
    '',
    `Webhooks (the worker runs in this process; ${DEMO_RECEIVER_PATH} is a receiver page that checks signatures):`,
    `  curl -s -X POST ${base}/v1/monitors -H "X-API-KEY: ${apiKey}" -H 'content-type: application/json' -d '${monitor}'`,
    `  curl -s -X POST ${base}${DEMO_NEXT_DAY_PATH}    # ingests tomorrow's file: ${applicationNumber} gets a non-final rejection`,
    `  curl -s ${base}${DEMO_RECEIVER_PATH}   # a second later: the signed deliveries, with signature_valid`,
  ];
}
