// Migrations are plain .sql files read at run time; tsc copies only .ts output, so copy them.
import { cpSync, chmodSync } from 'node:fs';
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
chmodSync('dist/cli.js', 0o755);
