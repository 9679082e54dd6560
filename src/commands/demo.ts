import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { newId } from '../resources/accounts/api-key.js';
import { mintKey } from '../resources/accounts/service.js';
import { startServer } from './serve.js';
import { basename, join } from 'node:path';
import { loadFileWrapper } from '../ingest/file-wrapper/load.js';
import { parseFileWrapperFile } from '../ingest/file-wrapper/parse.js';
import { SYNTH_DEFAULTS } from '@patent-status/synth';
import { ingestFile, productNamed, productOfCode } from '../ingest/registry.js';
import { feeFileDateFor, writeMaintenanceFeeFiles } from '@patent-status/synth';
import { writeFullTextFiles } from '@patent-status/synth';
import { writeAssignmentFiles } from '@patent-status/synth';
import { writePtabFiles } from '@patent-status/synth';
import { writeOfficeActionFiles } from '@patent-status/synth';
import { resolveEntities } from '../ingest/entities/resolve.js';
import { formatResolution } from './entities.js';
import { refreshStatistics } from '../resources/statistics/compute.js';
import { formatNight } from './statistics.js';
import { formatSummary } from './ingest.js';
import { writeSyntheticCorpus } from './synth.js';
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
 * Every product of one synthetic corpus, written under `out` and ingested through the real
 * loaders (each product only while its table is empty), entities resolved and the night's
 * statistics computed: the demo's corpus, and the seed the scale benchmark multiplies.
 */
export async function ensureSyntheticCorpus(
  db: Database,
  corpusOptions: { out: string; applications: number; seed: string; fullTextFrom?: string },
  log: (line: string) => void,
): Promise<void> {
  const { out, applications, seed } = corpusOptions;
  const fromText = corpusOptions.fullTextFrom ? ` since ${corpusOptions.fullTextFrom}` : '';
  if (!(await holdsAny(db, 'applications'))) {
    log(`First start: generating and loading a synthetic corpus of ${applications} applications…`);
    const corpus = await writeSyntheticCorpus({ out, applications, seed });
    const summary = await loadFileWrapper(db, parseFileWrapperFile(corpus.fileWrapperFile), {
      product: 'PTFWPRE',
      fileName: basename(corpus.fileWrapperFile),
      fileDate: SYNTH_DEFAULTS.asOf,
    });
    for (const line of formatSummary(summary)) log(line);
  }
  if (!(await holdsAny(db, 'documents'))) {
    log(`Loading the weekly grant and publication full text${fromText}…`);
    const { files } = await writeFullTextFiles(join(out, 'full-text'), {
      applications,
      seed,
      ...(corpusOptions.fullTextFrom ? { from: corpusOptions.fullTextFrom } : {}),
    });
    const totals = { files: 0, documents: 0, rejected: 0, events: 0 };
    // In date order, as the weekly files arrive: the first file of each product records no events.
    for (const file of [...files].sort((a, b) => a.fileDate.localeCompare(b.fileDate))) {
      const summary = await ingestFile(db, productOfCode(file.product), file.path, { product: file.product, fileDate: file.fileDate });
      totals.files += 1;
      totals.documents += summary.read;
      totals.rejected += summary.rejected;
      totals.events += summary.events;
    }
    log(`  ${totals.files} weekly files, ${totals.documents} documents, ${totals.rejected} rejected, ${totals.events} events`);
  }
  if (!(await holdsAny(db, 'maintenance_fee_patents'))) {
    log('Loading the weekly maintenance-fee file…');
    const files = await writeMaintenanceFeeFiles(join(out, 'maintenance-fees'), {
      seed,
      applications,
      fileDate: feeFileDateFor(SYNTH_DEFAULTS.asOf),
    });
    for (const line of formatSummary(await ingestFile(db, productNamed('maintenance-fees')!, files.eventsPath))) log(line);
  }
  if (!(await holdsAny(db, 'assignments'))) {
    log('Loading the patent assignment files…');
    const { files } = await writeAssignmentFiles(join(out, 'assignments'), { applications, seed });
    // Oldest first, as the daily files arrive: the history file records no events, the days after it do.
    for (const file of files) for (const line of formatSummary(await ingestFile(db, productNamed('assignments')!, file))) log(line);
  }
  if (!(await holdsAny(db, 'ptab_proceedings'))) {
    log('Loading the PTAB trial proceedings and decisions…');
    const { files } = await writePtabFiles(join(out, 'ptab'), { applications, seed });
    // The proceedings file, then the decisions file: both dated by their names.
    for (const file of files) for (const line of formatSummary(await ingestFile(db, productNamed('ptab')!, file))) log(line);
  }
  if (!(await holdsAny(db, 'office_action_documents'))) {
    log('Loading the office-action texts, rejections and citations…');
    const { files } = await writeOfficeActionFiles(join(out, 'office-actions'), {
      applications,
      seed,
    });
    for (const file of files) for (const line of formatSummary(await ingestFile(db, productNamed('office-actions')!, file))) log(line);
  }
  // The worker would resolve the new names within a minute; the examples below need them now.
  const resolution = await resolveEntities(db);
  if (resolution.families !== null) log(formatResolution(resolution));
  // The worker computes statistics nightly; the demo's examples answer from its first start.
  log(formatNight(await refreshStatistics(db)));
}

/** Whether a table holds any row: the demo data is generated once. */
async function holdsAny(
  db: Database,
  table: 'applications' | 'documents' | 'maintenance_fee_patents' | 'assignments' | 'ptab_proceedings' | 'office_action_documents',
): Promise<boolean> {
  const sql = {
    office_action_documents: /* SQL */ `SELECT 1 FROM office_action_documents LIMIT 1`,
    assignments: /* SQL */ `SELECT 1 FROM assignments LIMIT 1`,
    ptab_proceedings: /* SQL */ `SELECT 1 FROM ptab_proceedings LIMIT 1`,
    applications: /* SQL */ `SELECT 1 FROM applications LIMIT 1`,
    documents: /* SQL */ `SELECT 1 FROM documents LIMIT 1`,
    maintenance_fee_patents: /* SQL */ `SELECT 1 FROM maintenance_fee_patents LIMIT 1`,
  }[table];
  return (await db.query(sql)).rowCount > 0;
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
