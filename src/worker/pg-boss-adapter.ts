import type PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database.js';

/**
 * pg-boss's `db` adapter over our executor (STYLE.md #6): the same code path on both engines,
 * and an enqueue through a transaction's handle commits or rolls back with that transaction.
 *
 * pg-boss sends two kinds of text: single parameterized statements, and scripts wrapped in
 * `BEGIN; … COMMIT;` (its migrations and maintenance, run under an advisory lock). A script
 * that fails midway would leave its connection inside an aborted transaction, and on PGlite
 * that connection is the only one: every later query would fail. So a script's body runs in a
 * transaction of ours, which rolls back cleanly on either engine (inside a caller's
 * transaction, as part of it). None of the scripts returns rows that pg-boss reads.
 */
export function pgBossAdapter(executor: Queryable | Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const script = SCRIPT.exec(text);
      if (!script) return executor.query(text, values);
      const body = script[1]!;
      if ('transaction' in executor) await executor.transaction((tx) => tx.exec(body));
      else await executor.exec(body);
      return { rows: [] };
    },
  };
}

/** pg-boss's `locked()` scripts: `BEGIN; <statements>; COMMIT;`. */
const SCRIPT = /^\s*BEGIN\s*;([\s\S]*?)\bCOMMIT\s*;?\s*$/i;
