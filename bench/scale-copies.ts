/**
 * Multiplies a seed corpus (scale-seed.ts) in SQL: copy k of every data row, with every number
 * that names a record renumbered so that copies never collide and stay in the shapes the routes
 * accept. The seed's own rows stay as they are (copy 0).
 *
 * - Application numbers: copy k of the seed's r-th application (by number) is
 *   1,000,000 + (k − 1) × S + r, eight digits (series 01–10; the seed's are 14 and up).
 * - Patent numbers keep their prefix (D, RE, PP, …): base(prefix) + (k − 1) × P + r.
 * - Publication keys keep their year: serial 2,000,000 + (k − 1) × Q + r (the seed's are below 1 M).
 * - Reels: 200,000 + (k − 1) × R + r, frames kept; trials keep type and year, sequence
 *   20,000 + (k − 1) × T + r.
 * - Opaque ids (decision documents, events) get
 *   `-k` appended; event sequence numbers move up by k × (the seed's highest + 1).
 *
 * Entities are not copied: a copy's parties link to the seed's entities, so an entity's portfolio
 * grows with the corpus as a real company's does. Numbers inside JSON (an application's
 * continuity links, an event's detail) keep naming the seed's records.
 */
import { statfsSync } from 'node:fs';
import type { Database } from '../src/db/database.js';

type Kind = 'app' | 'patent' | 'pubkey' | 'pubnum' | 'doc' | 'reel_frame' | 'reel' | 'trial' | 'suffix' | 'event_seq';

/** The tables copied, and the columns each renumbers. */
export const COPIED: Record<string, Record<string, Kind>> = {
  applications: { application_number: 'app', patent_number: 'patent', publication_key: 'pubkey', publication_number: 'pubnum' },
  transactions: { application_number: 'app' },
  continuity: { application_number: 'app', parent_number: 'app', child_number: 'app', patent_number: 'patent' },
  application_parties: { application_number: 'app' },
  documents: { doc_number: 'doc', publication_key: 'pubkey', application_number: 'app' },
  document_search: { doc_number: 'doc', application_number: 'app' },
  document_claims: { doc_number: 'doc' },
  document_parties: { doc_number: 'doc', application_number: 'app' },
  citations: { citing_number: 'doc' },
  maintenance_fee_patents: { patent_number: 'patent', application_number: 'app' },
  maintenance_fee_events: { patent_number: 'patent' },
  assignments: { reel_frame: 'reel_frame', reel: 'reel' },
  assignment_properties: { reel_frame: 'reel_frame', application_number: 'app', patent_number: 'patent', publication_number: 'pubnum' },
  assignment_parties: { reel_frame: 'reel_frame' },
  ptab_proceedings: { trial_number: 'trial', patent_number: 'patent', application_number: 'app' },
  ptab_parties: { trial_number: 'trial' },
  ptab_decisions: { document_id: 'suffix', trial_number: 'trial' },
  entity_links: { application_number: 'app', patent_number: 'patent' },
  events: { event_id: 'suffix', application_number: 'app', patent_number: 'patent', seq: 'event_seq' },
};

/**
 * Where copies' publication serials start: above the seed's (under 413,000) and low enough that
 * 100 copies of its 83,516 publications stay within the printed number's seven digits (from
 * 2,000,000 they ran out at the 96th copy, and the documents' key stopped a 100-copy growth).
 */
const PUBLICATION_SERIAL_BASE = 1_000_000;

/** The maps from a seed number to its rank, built once from the seed's rows. */
const MAPS = /* SQL */ `
CREATE SCHEMA IF NOT EXISTS scale;
CREATE TABLE scale.apps AS
  SELECT application_number AS seed, (row_number() OVER (ORDER BY application_number) - 1)::int AS rank FROM applications;
CREATE TABLE scale.patents AS
  SELECT seed, substring(seed FROM '^[A-Z]*') AS prefix,
         CASE substring(seed FROM '^[A-Z]*') WHEN '' THEN 13000000 WHEN 'D' THEN 2000000 WHEN 'RE' THEN 60000 WHEN 'PP' THEN 40000 ELSE 200000 END AS base,
         (row_number() OVER (ORDER BY seed) - 1)::int AS rank
  FROM (SELECT patent_number AS seed FROM applications WHERE patent_number IS NOT NULL
        UNION SELECT doc_number FROM documents WHERE doc_type = 'grant'
        UNION SELECT patent_number FROM maintenance_fee_patents
        UNION SELECT patent_number FROM ptab_proceedings WHERE patent_number IS NOT NULL) s;
CREATE TABLE scale.pubs AS
  SELECT seed, (row_number() OVER (ORDER BY seed) - 1)::int AS rank
  FROM (SELECT publication_key AS seed FROM applications WHERE publication_key IS NOT NULL
        UNION SELECT publication_key FROM documents WHERE publication_key IS NOT NULL) s;
CREATE TABLE scale.reels AS
  SELECT reel AS seed, (row_number() OVER (ORDER BY reel) - 1)::int AS rank FROM (SELECT DISTINCT reel FROM assignments) s;
CREATE TABLE scale.trials AS
  SELECT trial_number AS seed, (row_number() OVER (ORDER BY trial_number) - 1)::int AS rank FROM ptab_proceedings;
ALTER TABLE scale.apps ADD PRIMARY KEY (seed);
ALTER TABLE scale.patents ADD PRIMARY KEY (seed);
ALTER TABLE scale.pubs ADD PRIMARY KEY (seed);
ALTER TABLE scale.reels ADD PRIMARY KEY (seed);
ALTER TABLE scale.trials ADD PRIMARY KEY (seed);
CREATE TABLE scale.sizes AS
  SELECT (SELECT count(*) FROM scale.apps)::int AS apps, (SELECT count(*) FROM scale.patents)::int AS patents,
         (SELECT count(*) FROM scale.pubs)::int AS pubs, (SELECT count(*) FROM scale.reels)::int AS reels,
         (SELECT count(*) FROM scale.trials)::int AS trials, (SELECT coalesce(max(seq), 0) + 1 FROM events)::bigint AS event_seqs;
CREATE TABLE scale.progress (table_name text PRIMARY KEY, copies int NOT NULL);
`;

/**
 * A feed as a year of nightly loads leaves it, filled set-based: one event per application,
 * detected over the year before the corpus's date, in the mix a load detects (office actions and
 * status changes most, one in 40 a grant). The seed's ingests detected only their assignments and
 * decisions: a first file of a product records no events.
 */
const FILL_EVENTS = /* SQL */ `
  INSERT INTO events (event_id, event_type, occurred_on, detected_at, application_number, patent_number, entity_id, detail)
  SELECT 'evt_scale_' || md5(a.application_number), t.type, DATE '2025-11-20' + d.day, TIMESTAMPTZ '2025-11-21 06:00Z' + d.day * interval '1 day',
         a.application_number, CASE WHEN t.type = 'grant' THEN a.patent_number END, NULL, jsonb_build_object('code', 'X', 'description', 'scale')
  FROM applications a
  CROSS JOIN LATERAL (SELECT (hashtext(a.application_number) % 365 + 365) % 365 AS day, (hashtext(a.application_number || 't') % 40 + 40) % 40 AS pick) d
  CROSS JOIN LATERAL (SELECT CASE WHEN d.pick = 0 AND a.patent_number IS NOT NULL THEN 'grant'
                                  ELSE ($1::text[])[1 + d.pick % 8] END AS type) t
  ORDER BY d.day, a.application_number`;

export async function fillSeedEvents(db: Database): Promise<void> {
  const common = ['office_action', 'status_change', 'response_filed', 'allowance', 'publication', 'assignment', 'interview', 'rce'];
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE event_id LIKE 'evt_scale_%'`);
  if (rows[0]!.n === 0) await db.query(FILL_EVENTS, [common]);
}

/** Snapshots the seed's rows (copies are made from these, never from rows already copied) and builds the maps. */
export async function prepareCopies(db: Database): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'scale'`);
  if (rows[0]!.n > 0) return;
  for (const statement of MAPS.split(';\n').filter((text) => text.trim() !== '')) await db.query(statement);
  for (const table of TWIN_TABLES) await db.query(`CREATE TABLE scale.seed_${table} AS TABLE ${table}`);
}

/** Where a copy's number comes from: the statement's $1 (one copy), or a series joined in (every copy at once). */
interface CopyNumbers {
  k: string;
  copies: string;
}
const ONE_COPY: CopyNumbers = { k: '$1::int', copies: '' };
const EVERY_COPY: CopyNumbers = { k: 'k.k', copies: 'CROSS JOIN generate_series(1, $1::int - 1) AS k(k)' };

/** SELECT of copy `k` of `table`'s seed rows, every renumbered column computed from the maps. */
async function copySelect(db: Database, table: string, { k, copies }: CopyNumbers = ONE_COPY): Promise<string> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const kinds = COPIED[table]!;
  const joins: string[] = [];
  const expressions = rows.map(({ column_name: column }) => {
    const kind = kinds[column];
    const c = `t.${column}`;
    const m = `m_${column}`;
    switch (kind) {
      case undefined:
        return c;
      case 'app':
        joins.push(`LEFT JOIN scale.apps ${m} ON ${m}.seed = ${c}`);
        return `coalesce(lpad((1000000 + (${k} - 1) * s.apps + ${m}.rank)::text, 8, '0'), ${c})`;
      case 'patent':
        joins.push(`LEFT JOIN scale.patents ${m} ON ${m}.seed = ${c}`);
        return `coalesce(${m}.prefix || (${m}.base + (${k} - 1) * s.patents + ${m}.rank)::text, ${c})`;
      case 'pubkey':
        joins.push(`LEFT JOIN scale.pubs ${m} ON ${m}.seed = ${c}`);
        return `coalesce(left(${c}, 4) || lpad((${PUBLICATION_SERIAL_BASE} + (${k} - 1) * s.pubs + ${m}.rank)::text, 7, '0'), ${c})`;
      case 'pubnum':
        joins.push(`LEFT JOIN scale.pubs ${m} ON ${m}.seed = substr(${c}, 3, 11)`);
        return `coalesce('US' || substr(${c}, 3, 4) || lpad((${PUBLICATION_SERIAL_BASE} + (${k} - 1) * s.pubs + ${m}.rank)::text, 7, '0') || substr(${c}, 14), ${c})`;
      case 'doc':
        joins.push(`LEFT JOIN scale.pubs ${m}_u ON ${c} LIKE 'US%' AND ${m}_u.seed = substr(${c}, 3, 11)`);
        joins.push(`LEFT JOIN scale.patents ${m}_p ON ${m}_p.seed = ${c}`);
        return (
          `coalesce('US' || substr(${c}, 3, 4) || lpad((${PUBLICATION_SERIAL_BASE} + (${k} - 1) * s.pubs + ${m}_u.rank)::text, 7, '0') || substr(${c}, 14),` +
          ` ${m}_p.prefix || (${m}_p.base + (${k} - 1) * s.patents + ${m}_p.rank)::text, ${c})`
        );
      case 'reel':
        joins.push(`LEFT JOIN scale.reels ${m} ON ${m}.seed = ${c}`);
        return `200000 + (${k} - 1) * s.reels + ${m}.rank`;
      case 'reel_frame':
        joins.push(`LEFT JOIN scale.reels ${m} ON ${m}.seed = split_part(${c}, '/', 1)::int`);
        return `lpad((200000 + (${k} - 1) * s.reels + ${m}.rank)::text, 6, '0') || '/' || split_part(${c}, '/', 2)`;
      case 'trial':
        joins.push(`LEFT JOIN scale.trials ${m} ON ${m}.seed = ${c}`);
        return `coalesce(substring(${c} FROM '^[A-Z]+[0-9]{4}') || '-' || lpad((20000 + (${k} - 1) * s.trials + ${m}.rank)::text, 5, '0'), ${c})`;
      case 'suffix':
        return `${c} || '-' || ${k}`;
      case 'event_seq':
        return `${c} + ${k} * s.event_seqs`;
    }
  });
  return `SELECT ${expressions.join(', ')} FROM scale.seed_${table} t CROSS JOIN scale.sizes s ${copies} ${joins.join(' ')}`;
}

const FULL_TEXT = ['documents', 'document_search', 'document_claims', 'document_parties', 'citations'];

/**
 * What each phase multiplies, chosen by this machine's free disk (about 70 GB; bench/README.md has
 * the bytes per table): the 1 M twin every table of COPIED (office actions are not in it: their
 * texts alone would take 9 GB, so they stay at the seed), 10 M the records every application-level
 * query reads, without transactions and full text (they stay at 1 M: 10 M of them would take 150 GB).
 */
export const TWIN_TABLES = Object.keys(COPIED);
export const RECORD_TABLES = TWIN_TABLES.filter((table) => table !== 'transactions' && !FULL_TEXT.includes(table));

/** Gives the full text's disk back before the 10 M phase (its tables hold the seed's rows again), and the snapshots 10 M needs no more. */
export async function shrinkFullTextToSeed(db: Database): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scale.progress WHERE table_name = 'documents'`);
  if (rows[0]!.n === 0) return; // done already
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${FULL_TEXT.join(', ')}`);
    for (const table of FULL_TEXT) await tx.query(`INSERT INTO ${table} SELECT * FROM scale.seed_${table}`);
    await tx.query(`DELETE FROM scale.progress WHERE table_name = ANY($1::text[])`, [FULL_TEXT]);
    for (const table of [...FULL_TEXT, 'transactions']) await tx.query(`DROP TABLE scale.seed_${table}`);
  });
}

/** Stops growing before the disk fills (the machine's disk is shared). */
function checkFreeDisk(directory: string, minimumBytes: number): void {
  const stats = statfsSync(directory);
  const free = stats.bavail * stats.bsize;
  if (free < minimumBytes) throw new Error(`only ${(free / 2 ** 30).toFixed(1)} GiB free on the database's disk: stopped growing`);
}

/**
 * Adds copies of `tables` until each holds `copies` times the seed (copy 0 is the seed itself),
 * one transaction per copy, so a stopped run resumes at the next copy.
 */
export async function growTo(
  db: Database,
  copies: number,
  tables: readonly string[],
  onCopy: (k: number, seconds: number) => void,
): Promise<void> {
  const { rows: settings } = await db.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'data_directory'`);
  const dataDirectory = settings[0]!.setting;
  const selects = new Map<string, string>();
  for (const table of tables) selects.set(table, await copySelect(db, table));
  for (;;) {
    const { rows } = await db.query<{ table_name: string; copies: number }>(`SELECT table_name, copies FROM scale.progress`);
    const done = new Map(rows.map((r) => [r.table_name, r.copies]));
    const k = Math.min(...tables.map((table) => done.get(table) ?? 0)) + 1;
    if (k >= copies) return;
    checkFreeDisk(dataDirectory, 8 * 2 ** 30);
    const started = performance.now();
    await db.transaction(async (tx) => {
      // Copies are the seed's rows renumbered: their references hold by construction.
      await tx.query(`SET LOCAL session_replication_role = replica`);
      for (const [table, select] of selects) {
        if ((done.get(table) ?? 0) >= k) continue;
        await tx.query(`INSERT INTO ${table} ${select}`, [k]);
        await tx.query(
          `INSERT INTO scale.progress (table_name, copies) VALUES ($1, $2) ON CONFLICT (table_name) DO UPDATE SET copies = $2`,
          [table, k],
        );
      }
    });
    onCopy(k, (performance.now() - started) / 1000);
  }
}

/**
 * `tables` (each with a `date` column) grown to `copies` times the seed in the order a weekly load
 * leaves them: all copies of one year's rows before the next year's, by date within it, so the
 * rows of one week lie together as a real corpus loaded week after week holds them (growTo adds
 * whole copies one after another, which scatters a week's rows over the whole table). Starts over
 * from the seed's rows; the tables that reference documents are emptied with them (TRUNCATE
 * CASCADE: a search run reads none of them).
 */
export async function growInDateOrder(
  db: Database,
  copies: number,
  tables: readonly string[],
  onYear: (year: number, seconds: number) => void,
): Promise<void> {
  const { rows } = await db.query<{ first: number; last: number }>(
    `SELECT extract(year FROM min(date))::int AS first, extract(year FROM max(date))::int AS last FROM scale.seed_${tables[0]}`,
  );
  const selects = new Map<string, string>();
  for (const table of tables) {
    // Every copy of the year at once.
    const select = await copySelect(db, table, EVERY_COPY);
    selects.set(table, `${select} WHERE t.date >= make_date($2::int, 1, 1) AND t.date < make_date($2::int + 1, 1, 1) ORDER BY t.date, k.k`);
  }
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
    for (const table of tables) await tx.query(`INSERT INTO ${table} SELECT * FROM scale.seed_${table} ORDER BY date`);
  });
  for (let year = rows[0]!.first; year <= rows[0]!.last; year++) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`);
      for (const [table, select] of selects) await tx.query(`INSERT INTO ${table} ${select}`, [copies, year]);
    });
    onYear(year, (performance.now() - started) / 1000);
  }
  await db.query(
    `INSERT INTO scale.progress (table_name, copies) SELECT unnest($1::text[]), $2 ON CONFLICT (table_name) DO UPDATE SET copies = $2`,
    [tables, copies - 1],
  );
}
