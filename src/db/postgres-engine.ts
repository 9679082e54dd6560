import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyTarget, toCopyText } from './copy-text.js';
import { type Database, type Queryable, type QueryResult, PG_TYPE, parseDate, parseInt8 } from './database.js';

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => {
    if (oid === PG_TYPE.DATE) return parseDate;
    if (oid === PG_TYPE.INT8) return parseInt8;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  const copyText = async (table: string, columns: readonly string[], text: string): Promise<void> => {
    if (text.length === 0) return;
    if (!('release' in client)) throw new Error('COPY needs a transaction: call it on the transaction handle');
    await pipeline(Readable.from([text]), client.query(copyFrom(`COPY ${copyTarget(table, columns)} FROM STDIN`)));
  };
  return {
    async query<R>(sql: string, params: readonly unknown[] = [], options: { name?: string } = {}): Promise<QueryResult<R>> {
      const result = options.name
        ? await client.query({ name: options.name, text: sql, values: params as unknown[] })
        : await client.query(sql, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
    async copyFrom(table, columns, rows) {
      if (rows.length > 0) await copyText(table, columns, toCopyText(rows));
    },
    copyText,
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Pool size; the default suits a 2-core API process. */
  max?: number;
}

function poolOf(options: PostgresOptions, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: options.connectionString, max, types: typeParsers, application_name: 'patent-status' });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

function databaseOn(pool: pg.Pool, lanes: { open(): Database; close(): Promise<void> }): Database {
  return {
    engine: 'postgresql',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection lost while checked out (a server restart) is reported on the client: without a
      // listener it would end the process; with one, the statement in flight fails and the client is discarded.
      let broken: Error | undefined;
      const onLost = (error: Error) => void (broken ??= error);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackFailed: Error) => void (broken ??= rollbackFailed));
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(broken);
      }
    },
    lane: () => lanes.open(),
    async close() {
      await Promise.all([pool.end(), lanes.close()]);
    },
  };
}

export function openPostgres(options: PostgresOptions): Database {
  // The lane (Database.lane): a pool of its own for work that must not queue behind requests, opened when first asked for.
  let lane: { pool: pg.Pool; db: Database } | null = null;
  const none = { open: () => lane!.db, close: async () => undefined };
  return databaseOn(poolOf(options, options.max ?? 20), {
    open() {
      if (!lane) {
        const pool = poolOf(options, LANE_CONNECTIONS);
        lane = { pool, db: databaseOn(pool, none) };
      }
      return lane.db;
    },
    async close() {
      await lane?.pool.end();
      lane = null;
    },
  });
}

/** The lane's connections: a reservation and a write-back may run side by side. */
const LANE_CONNECTIONS = 2;
