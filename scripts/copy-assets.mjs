// After tsc: what dist/ needs besides the compiled .ts, and nothing it no longer should.
// Migrations are plain .sql files read at run time; tsc copies only .ts output, so copy them.
// tsc never deletes: the output of a renamed or removed source (or of a test) would stay in
// dist/ and ship in the npm package and the image, so it is removed here.
import { chmodSync, cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

for (const file of readdirSync('dist', { recursive: true })) {
  const match = /^(.*)\.js(\.map)?$/.exec(file);
  if (match && (match[1].endsWith('.test') || !existsSync(join('src', `${match[1]}.ts`)))) rmSync(join('dist', file));
}
rmSync('dist/db/migrations', { recursive: true, force: true });
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
chmodSync('dist/cli.js', 0o755);
