import type { Queryable } from './database.js';

/** The deployment's cursor key (migration 0028): the same for every process on this database. */
export async function readCursorSecret(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ secret: string }>(/* SQL */ `SELECT secret FROM cursor_secret`);
  const secret = rows[0]?.secret;
  if (secret === undefined) throw new Error('cursor_secret has no row: the migrations were not applied');
  return secret;
}
