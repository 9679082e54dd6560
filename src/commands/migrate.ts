import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';

export const USAGE = `usage: patent-status migrate
  Applies the pending database migrations (src/db/migrations, forward-only) and says which; serve,
  demo, ingest and admin apply them too before they start.`;

/** `patent-status migrate` on an open database. */
export async function runMigrate(db: Database, out: (line: string) => void = console.log): Promise<void> {
  const applied = await migrate(db);
  out(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
}
