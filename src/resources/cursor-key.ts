import { readCursorSecret } from '../db/cursor-secret.sql.js';
import type { Queryable } from '../db/database.js';
import type { CursorKey } from '../domain/cursor.js';

/** One read per database handle: the row never changes while a process runs (rotating it means restarting). */
const KEYS = new WeakMap<Queryable, Promise<CursorKey>>();

/** The key that signs and checks the cursors of the lists read through `db`. */
export function cursorKey(db: Queryable): Promise<CursorKey> {
  let key = KEYS.get(db);
  if (!key) {
    key = readCursorSecret(db).then((secret) => Buffer.from(secret, 'utf8'));
    // A failed read (the database away) is tried again by the next request, not remembered.
    key.catch(() => KEYS.delete(db));
    KEYS.set(db, key);
  }
  return key;
}
