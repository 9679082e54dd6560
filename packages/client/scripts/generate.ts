/**
 * Writes packages/client/src/schema.ts, the client's types, from the OpenAPI document the app
 * serves. `--check` (CI) writes nothing and fails when the file differs from what the current
 * document generates: a route, parameter or schema changed without regenerating the client.
 *
 *   npx tsx packages/client/scripts/generate.ts           # rewrite src/schema.ts
 *   npx tsx packages/client/scripts/generate.ts --check   # exit 1 on drift
 */
import { readFile, writeFile } from 'node:fs/promises';
import { SCHEMA_FILE, schemaSource, servedDocument } from './schema-source.js';

const check = process.argv.includes('--check');
const fresh = await schemaSource(await servedDocument());
if (check) {
  const committed = await readFile(SCHEMA_FILE, 'utf8').catch(() => '');
  if (committed !== fresh) {
    console.error(`${SCHEMA_FILE} differs from the served OpenAPI document: run npx tsx packages/client/scripts/generate.ts`);
    process.exit(1);
  }
  console.log(`${SCHEMA_FILE} matches the served OpenAPI document`);
} else {
  await writeFile(SCHEMA_FILE, fresh);
  console.log(`wrote ${SCHEMA_FILE}`);
}
