import type PgBoss from 'pg-boss';
import type { Queryable } from '../db/database.js';

/**
 * pg-boss's `db` adapter over our executor (STYLE.md #6): the same code path on both engines,
 * and an enqueue through a transaction's handle commits or rolls back with that transaction.
 *
 * pg-boss sends two kinds of text: single parameterized statements, and scripts wrapped in
 * `BEGIN; … COMMIT;` (its migrations and maintenance, run under an advisory lock). PGlite's
 * `query` prepares one statement only, so scripts go through `exec` on both engines; none of
 * them returns rows that pg-boss reads.
 */
export function pgBossAdapter(executor: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (SCRIPT.test(text)) {
        await executor.exec(text);
        return { rows: [] };
      }
      return executor.query(text, values);
    },
  };
}

const SCRIPT = /^\s*BEGIN\s*;/i;
