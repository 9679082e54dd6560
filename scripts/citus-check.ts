/**
 * Checks the table classification of docs/scaling-citus.md against the schema the migrations
 * produce. Citus was not available where the note was written, so this is the part of the design
 * a machine can hold it to: it migrates a fresh database on the PostgreSQL server (as
 * scripts/schema-dump.ts does), reads the catalog, and for every table compares what the note
 * says (distributed by a column in a co-location group, reference, or left on the coordinator)
 * with Citus's rules for that placement:
 *
 * - distributed: the distribution column exists, is NOT NULL, has the type of its group's other
 *   tables, is in every primary key, unique constraint and unique index, and no column draws from a
 *   sequence (a sharded table has no global order); a foreign key from it goes to a reference
 *   table or to a table of its group through the distribution column; none comes from a
 *   reference or coordinator table;
 * - reference: its foreign keys go to reference tables only;
 * - coordinator: no foreign key goes to a distributed table.
 *
 * Whatever breaks a rule must be named in the note's "must change" column, and whatever that
 * column names must still break one (a change made, or the note gone stale, shows). Every table of
 * the schema must be in the note and every table of the note in the schema. It also lists, per
 * table, its application_number column, whether each unique constraint includes that column, and
 * its foreign keys. Exit code 1 when the note and the catalog disagree.
 *
 *   npx tsx scripts/citus-check.ts            # DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Queryable } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres-engine.js';
import { databaseUrlFor } from '../test/helpers/postgres-urls.js';

const NOTE_FILE = join(import.meta.dirname, '../docs/scaling-citus.md');
const START_MARK = '<!-- citus-classification:start -->';
const END_MARK = '<!-- citus-classification:end -->';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Placement =
  | { kind: 'distributed'; column: string; group: string; mustChange: string[] }
  | { kind: 'reference'; mustChange: string[] }
  | { kind: 'coordinator'; mustChange: string[] };

interface Column {
  table: string;
  column: string;
  nullable: boolean;
  type: string;
  sequence: boolean;
}

interface UniqueKey {
  table: string;
  name: string;
  columns: string[];
  expressions: boolean;
}

interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
}

interface Catalog {
  tables: string[];
  columns: Map<string, Map<string, Column>>;
  unique: Map<string, UniqueKey[]>;
  foreignKeys: ForeignKey[];
}

/** The marked table of the note: `| table | placement | column | group | must change | why |`. */
function readClassification(markdown: string): Map<string, Placement> {
  const start = markdown.indexOf(START_MARK);
  const end = markdown.indexOf(END_MARK);
  if (start < 0 || end < start) throw new Error(`docs/scaling-citus.md has no ${START_MARK} … ${END_MARK} section`);
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim().replace(/`/g, ''));
  const names = (cell: string) =>
    cell === '—' || cell === '-' || cell === ''
      ? []
      : cell
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  const rows = markdown
    .slice(start + START_MARK.length, end)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map(cells)
    .filter((row) => row[0] !== 'table' && !/^:?-+:?$/.test(row[0] ?? ''));
  const placements = new Map<string, Placement>();
  for (const [table, kind, column, group, change] of rows) {
    if (!table || !kind) throw new Error(`classification row without a table or placement: ${JSON.stringify([table, kind])}`);
    if (placements.has(table)) throw new Error(`${table} is classified twice`);
    const mustChange = names(change ?? '');
    if (kind === 'distributed') {
      if (!column || column === '—' || !group || group === '—') throw new Error(`${table}: a distributed table needs its column and group`);
      placements.set(table, { kind, column, group, mustChange });
    } else if (kind === 'reference' || kind === 'coordinator') placements.set(table, { kind, mustChange });
    else throw new Error(`${table}: unknown placement "${kind}" (distributed, reference or coordinator)`);
  }
  return placements;
}

async function readCatalog(db: Queryable): Promise<Catalog> {
  const tables = await db.query<{
    table: string;
  }>(/* SQL */ `SELECT c.relname::text AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`);
  const columns =
    await db.query<Column>(/* SQL */ `SELECT table_name::text AS table, column_name::text AS column, is_nullable = 'YES' AS nullable, data_type::text AS type,
                      (is_identity = 'YES' OR coalesce(column_default, '') LIKE 'nextval(%') AS sequence
               FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`);
  // Unique indexes, whether a constraint owns them (primary key, unique) or not, and exclusion constraints.
  const unique = await db.query<UniqueKey>(/* SQL */ `SELECT t.relname::text AS table, coalesce(con.conname, i.relname)::text AS name,
                      ARRAY(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                            JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
                      x.indexprs IS NOT NULL AS expressions
               FROM pg_index x
               JOIN pg_class i ON i.oid = x.indexrelid
               JOIN pg_class t ON t.oid = x.indrelid
               JOIN pg_namespace n ON n.oid = t.relnamespace
               LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.contype IN ('p', 'u', 'x')
               WHERE n.nspname = 'public' AND (x.indisunique OR con.contype = 'x')
               ORDER BY 1, 2`);
  const foreignKeys =
    await db.query<ForeignKey>(/* SQL */ `SELECT src.relname::text AS table, con.conname::text AS name, dst.relname::text AS "references",
                      ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                            JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
                      ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
                            JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS "referencedColumns"
               FROM pg_constraint con
               JOIN pg_class src ON src.oid = con.conrelid
               JOIN pg_class dst ON dst.oid = con.confrelid
               JOIN pg_namespace n ON n.oid = src.relnamespace
               WHERE con.contype = 'f' AND n.nspname = 'public'
               ORDER BY 1, 2`);
  const byTable = <T extends { table: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.table, [...(map.get(row.table) ?? []), row]);
    return map;
  };
  return {
    tables: tables.rows.map((row) => row.table),
    columns: new Map([...byTable(columns.rows)].map(([table, list]) => [table, new Map(list.map((c) => [c.column, c]))])),
    unique: byTable(unique.rows),
    foreignKeys: foreignKeys.rows,
  };
}

/** What breaks a rule of the table's placement, each under the name the note's "must change" column uses. */
function ruleBreaks(table: string, placements: ReadonlyMap<string, Placement>, catalog: Catalog): Map<string, string> {
  const placement = placements.get(table)!;
  const breaks = new Map<string, string>();
  const columns = catalog.columns.get(table) ?? new Map<string, Column>();
  const outgoing = catalog.foreignKeys.filter((fk) => fk.table === table);
  const incoming = catalog.foreignKeys.filter((fk) => fk.references === table && fk.table !== table);
  if (placement.kind === 'distributed') {
    const { column, group } = placement;
    const distribution = columns.get(column);
    if (!distribution) breaks.set(`${column} missing`, `has no column ${column}`);
    else {
      if (distribution.nullable) breaks.set(`${column} nullable`, `${column} may be NULL (a row needs a shard)`);
      for (const [other, p] of placements) {
        if (p.kind !== 'distributed' || p.group !== group || other === table) continue;
        const otherType = catalog.columns.get(other)?.get(p.column)?.type;
        if (otherType && otherType !== distribution.type)
          breaks.set(`${column} type`, `${column} is ${distribution.type}, ${other}.${p.column} of the same group ${otherType}`);
      }
    }
    for (const key of catalog.unique.get(table) ?? [])
      if (!key.columns.includes(column))
        breaks.set(key.name, `unique (${key.columns.join(', ')}${key.expressions ? ', …' : ''}) lacks ${column}`);
    for (const c of columns.values()) if (c.sequence) breaks.set(`${c.column} sequence`, `${c.column} draws from a sequence`);
    for (const fk of outgoing) {
      const target = placements.get(fk.references);
      if (target?.kind === 'reference') continue;
      const at = fk.columns.indexOf(column);
      const colocated = target?.kind === 'distributed' && target.group === group && at >= 0 && fk.referencedColumns[at] === target.column;
      if (!colocated)
        breaks.set(fk.name, `foreign key to ${fk.references} (${target?.kind ?? 'unclassified'}) not through ${column} in one group`);
    }
    for (const fk of incoming) {
      const source = placements.get(fk.table);
      if (source?.kind !== 'distributed')
        breaks.set(fk.name, `foreign key from ${fk.table} (${source?.kind ?? 'unclassified'}) into a distributed table`);
    }
  } else if (placement.kind === 'reference') {
    for (const fk of outgoing)
      if (placements.get(fk.references)?.kind !== 'reference')
        breaks.set(
          fk.name,
          `foreign key from a reference table to ${fk.references} (${placements.get(fk.references)?.kind ?? 'unclassified'})`,
        );
  } else {
    for (const fk of outgoing)
      if (placements.get(fk.references)?.kind === 'distributed') breaks.set(fk.name, `foreign key to distributed ${fk.references}`);
  }
  return breaks;
}

const pad = (text: string, width: number) => text.padEnd(width);

function describe(placement: Placement): string {
  return placement.kind === 'distributed' ? `distributed by ${placement.column} [${placement.group}]` : placement.kind;
}

async function main(): Promise<void> {
  const placements = readClassification(readFileSync(NOTE_FILE, 'utf8'));
  const name = `pss_citus_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  let catalog: Catalog;
  try {
    const db = openPostgres({ connectionString: databaseUrlFor(serverUrl, name), max: 1 });
    try {
      await migrate(db);
      catalog = await readCatalog(db);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }

  const errors: string[] = [];
  const missing = catalog.tables.filter((table) => !placements.has(table));
  const extra = [...placements.keys()].filter((table) => !catalog.tables.includes(table));
  for (const table of missing) errors.push(`${table}: in the schema, not classified in the note`);
  for (const table of extra) errors.push(`${table}: classified in the note, not in the schema`);

  const tableWidth = Math.max(...catalog.tables.map((table) => table.length)) + 2;
  const placementWidth = Math.max(...[...placements.values()].map((p) => describe(p).length)) + 2;
  console.log(`Per table (application_number: the column; unique keys: how many of the table's unique keys include it)\n`);
  console.log(
    `${pad('table', tableWidth)}${pad('placement', placementWidth)}${pad('application_number', 20)}${pad('unique keys', 13)}foreign keys`,
  );
  const changes: string[] = [];
  const appColumn = { notNull: 0, nullable: 0, everyUnique: 0 };
  for (const table of catalog.tables) {
    const placement = placements.get(table);
    const column = catalog.columns.get(table)?.get('application_number');
    const keys = catalog.unique.get(table) ?? [];
    const withColumn = keys.filter((key) => key.columns.includes('application_number')).length;
    if (column) {
      appColumn[column.nullable ? 'nullable' : 'notNull'] += 1;
      if (keys.length > 0 && withColumn === keys.length) appColumn.everyUnique += 1;
    }
    const fks = catalog.foreignKeys
      .filter((fk) => fk.table === table)
      .map((fk) => `${fk.columns.join(', ')} → ${fk.references}`)
      .join('; ');
    console.log(
      `${pad(table, tableWidth)}${pad(placement ? describe(placement) : '(not classified)', placementWidth)}${pad(column ? (column.nullable ? 'nullable' : 'NOT NULL') : '—', 20)}${pad(
        column ? `${withColumn}/${keys.length}` : '—',
        13,
      )}${fks || '—'}`,
    );
    if (!placement) continue;
    const breaks = ruleBreaks(table, placements, catalog);
    for (const [key, why] of breaks) {
      if (placement.mustChange.includes(key)) changes.push(`${table}: ${key} — ${why}`);
      else errors.push(`${table} (${describe(placement)}): ${why}, and the note does not list \`${key}\` under "must change"`);
    }
    for (const key of placement.mustChange)
      if (!breaks.has(key))
        errors.push(`${table}: the note says \`${key}\` must change, but it breaks no rule of its placement (any more)`);
  }

  const classified = [...placements].filter(([table]) => catalog.tables.includes(table));
  const distributed = classified.filter(([, p]) => p.kind === 'distributed') as [string, Extract<Placement, { kind: 'distributed' }>][];
  const groups = new Map<string, string[]>();
  for (const [table, p] of distributed) groups.set(p.group, [...(groups.get(p.group) ?? []), table]);
  const count = (kind: Placement['kind']) => classified.filter(([, p]) => p.kind === kind).length;

  console.log(`\nSummary`);
  console.log(`- ${catalog.tables.length} tables in the migrated schema; ${placements.size} classified in docs/scaling-citus.md`);
  console.log(`- distributed: ${distributed.length} in ${groups.size} co-location groups`);
  for (const [group, tables] of groups) console.log(`    ${group} (${tables.length}): ${tables.join(', ')}`);
  console.log(`- reference: ${count('reference')}; coordinator: ${count('coordinator')}`);
  console.log(
    `- with an application_number column: ${appColumn.notNull + appColumn.nullable} (${appColumn.notNull} NOT NULL, ${appColumn.nullable} nullable); every unique key includes it in ${appColumn.everyUnique}`,
  );
  console.log(`- foreign keys: ${catalog.foreignKeys.length}`);
  console.log(`- rule breaks the note lists under "must change": ${changes.length}`);
  for (const change of changes) console.log(`    ${change}`);
  if (errors.length > 0) {
    console.log(`- the note and the catalog disagree (${errors.length}):`);
    for (const error of errors) console.log(`    ${error}`);
    process.exitCode = 1;
  } else console.log(`- the note's classification agrees with the catalog`);
}

await main();
