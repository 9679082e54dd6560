/**
 * Writes the OpenAPI document the app serves at /openapi.json to a file (CI lints it with Redocly).
 * The document needs no data: the app runs on an empty in-memory embedded database, never migrated.
 * Usage: tsx scripts/openapi.ts <out.json>
 */
import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/pglite-engine.js';
import { buildApp } from '../src/http/app.js';
import { buildServices } from '../src/services.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: tsx scripts/openapi.ts <out.json>');
  process.exit(2);
}
const db = await openPglite({ dataDir: null });
const app = await buildApp(buildServices({ config: loadConfig(), db, notifier: { send: async () => {} } }));
try {
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`/openapi.json answered ${response.statusCode}: ${response.body}`);
  await writeFile(out, `${JSON.stringify(response.json(), null, 2)}\n`);
} finally {
  await app.close();
  await db.close();
}
