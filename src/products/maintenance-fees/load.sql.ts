/**
 * The set-based half of a maintenance-fee load, inside the caller's one transaction (a crash
 * leaves the previous week's data as it was). First one row per patent is staged (its digest:
 * digest.ts) and compared with what is stored; then only the lines of the patents that changed
 * are staged and applied. So a reload of the cumulative file costs about what its new lines cost.
 */
import { copyLines, copyTableOf, defineCopyColumns, joinCopyTable } from '../../db/copy-rows.js';
import type { Queryable } from '../../db/database.js';
import type { LineDigest } from './digest.js';
import type { FeeLine } from './parse-line.js';

/** A patent's facts as its first line gives them, and its digest. */
interface PatentRow {
  patent_number: string;
  application_number: string;
  entity_status: string | null;
  filing_date: string;
  grant_date: string;
  line_count: number;
  digest_a: number;
  digest_b: number;
}

const PATENT = defineCopyColumns<PatentRow>()([
  'patent_number',
  'application_number',
  'entity_status',
  'filing_date',
  'grant_date',
  'line_count',
  'digest_a',
  'digest_b',
]);
const LINE = defineCopyColumns<{ patent_number: string; event_date: string; event_code: string }>()([
  'patent_number',
  'event_date',
  'event_code',
]);

const PATENT_STAGING = copyTableOf('fee_patent_staging', PATENT);
const LINE_STAGING = copyTableOf('fee_line_staging', LINE);

export async function createStaging(tx: Queryable): Promise<void> {
  await tx.exec(/* SQL */ `
    CREATE TEMP TABLE fee_patent_staging (
      patent_number text NOT NULL, application_number text NOT NULL, entity_status text, filing_date date NOT NULL,
      grant_date date NOT NULL, line_count integer NOT NULL, digest_a bigint NOT NULL, digest_b bigint NOT NULL
    ) ON COMMIT DROP;
    CREATE TEMP TABLE fee_line_staging (patent_number text NOT NULL, event_date date NOT NULL, event_code text NOT NULL) ON COMMIT DROP`);
}

export const stagePatents = (tx: Queryable, text: string) => copyLines(tx, PATENT_STAGING, text);
export const stageLines = (tx: Queryable, text: string) => copyLines(tx, LINE_STAGING, text);

const patentRow = (first: FeeLine, digest: LineDigest): PatentRow => ({
  patent_number: first.patentNumber,
  application_number: first.applicationNumber,
  entity_status: first.entityStatus,
  filing_date: first.filingDate,
  grant_date: first.grantDate,
  line_count: digest.lines,
  digest_a: digest.a,
  digest_b: digest.b,
});
const lineRow = (line: FeeLine) => ({ patent_number: line.patentNumber, event_date: line.eventDate, event_code: line.code });

export const stagedPatentText = (first: FeeLine, digest: LineDigest) => PATENT_STAGING.line(patentRow(first, digest));
export const stagedLineText = (line: FeeLine) => LINE_STAGING.line(lineRow(line));

/** The file a load writes from: its product and date, and the moment of the load. */
export interface PatentFile {
  product: string;
  fileDate: string;
  now: Date;
}

const PATENTS = joinCopyTable(
  'maintenance_fee_patents',
  PATENT,
  defineCopyColumns<{
    entity_status_since: string | null;
    source_product: string;
    source_file_date: string;
    first_seen_at: string;
    updated_at: string;
  }>()(['entity_status_since', 'source_product', 'source_file_date', 'first_seen_at', 'updated_at']),
);
const EVENTS = joinCopyTable('maintenance_fee_events', LINE, defineCopyColumns<{ source_file_date: string }>()(['source_file_date']));

/** Rows of the tables themselves, first seen in `file`: a status is seen from its date. */
export function tableRowTexts(file: PatentFile) {
  const seenAt = file.now.toISOString();
  const source = (since: string | null) =>
    PATENTS.tail.fields({
      entity_status_since: since,
      source_product: file.product,
      source_file_date: file.fileDate,
      first_seen_at: seenAt,
      updated_at: seenAt,
    });
  const [statusSeen, noStatus] = [source(file.fileDate), source(null)];
  const eventSource = EVENTS.tail.fields({ source_file_date: file.fileDate });
  return {
    patent: (first: FeeLine, digest: LineDigest) =>
      PATENTS.joined(PATENT.fields(patentRow(first, digest)), first.entityStatus === null ? noStatus : statusSeen),
    line: (line: FeeLine) => EVENTS.joined(LINE.fields(lineRow(line)), eventSource),
  };
}

/**
 * A first load of a file in patent order writes the tables by COPY, without staging: each patent
 * comes once, and its lines without repeats (passes.ts proves both as it reads).
 */
export const copyPatents = (tx: Queryable, text: string) => copyLines(tx, PATENTS, text);
export const copyEvents = (tx: Queryable, text: string) => copyLines(tx, EVENTS, text);

/** Every stored lapse (`EXP.`), with its patent's application and grant date: the news of a first load loaded in place. */
export async function listStoredLapses(tx: Queryable): Promise<NewFeeEvent[]> {
  const { rows } =
    await tx.query<NewFeeEvent>(/* SQL */ `SELECT e.patent_number, p.application_number, p.grant_date, e.event_date, e.event_code
               FROM maintenance_fee_events e JOIN maintenance_fee_patents p USING (patent_number)
               WHERE e.event_code = 'EXP.' ORDER BY e.patent_number, e.event_date`);
  return rows;
}

/**
 * The patents whose lines or facts differ from what is stored (new ones included), summed over
 * their staged parts, kept in `fee_patent_changes`. Returns how many changed and how many the file holds.
 */
export async function findChangedPatents(tx: Queryable, onePartEach: boolean): Promise<{ changed: number; patents: number }> {
  // Parts are added up only when a patent may have several (its lines apart in the file).
  const summed = onePartEach
    ? /* SQL */ `SELECT * FROM fee_patent_staging`
    : /* SQL */ `SELECT patent_number, min(application_number) AS application_number, min(entity_status) AS entity_status,
                        min(filing_date) AS filing_date, min(grant_date) AS grant_date, sum(line_count)::int AS line_count,
                        sum(digest_a)::bigint AS digest_a, sum(digest_b)::bigint AS digest_b
                 FROM fee_patent_staging GROUP BY patent_number`;
  await tx.exec(/* SQL */ `
    CREATE TEMP TABLE fee_patent_changes ON COMMIT DROP AS
    WITH summed AS (${summed})
    SELECT s.* FROM summed s LEFT JOIN maintenance_fee_patents p USING (patent_number)
    WHERE (p.line_count, p.digest_a, p.digest_b, p.application_number, p.entity_status, p.filing_date, p.grant_date)
          IS DISTINCT FROM (s.line_count, s.digest_a, s.digest_b, s.application_number, s.entity_status, s.filing_date, s.grant_date)`);
  const patents = onePartEach ? 'count(*)' : 'count(DISTINCT patent_number)';
  const { rows } = await tx.query<{ changed: number; patents: number }>(
    `SELECT (SELECT count(*) FROM fee_patent_changes)::int AS changed, (SELECT ${patents} FROM fee_patent_staging)::int AS patents`,
  );
  return rows[0]!;
}

export async function listChangedPatents(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ patent_number: string }>(`SELECT patent_number FROM fee_patent_changes`);
  return rows.map((row) => row.patent_number);
}

/** The changed patents as rows of maintenance_fee_patents ($1 product, $2 file date, $3 now); a new status is seen from $2. */
const INSERT_CHANGED_PATENTS = /* SQL */ `
    INSERT INTO maintenance_fee_patents AS p (patent_number, application_number, entity_status, entity_status_since, filing_date,
                grant_date, line_count, digest_a, digest_b, source_product, source_file_date, first_seen_at, updated_at)
    SELECT patent_number, application_number, entity_status, CASE WHEN entity_status IS NULL THEN NULL ELSE $2::date END,
           filing_date, grant_date, line_count, digest_a, digest_b, $1, $2::date, $3, $3
    FROM fee_patent_changes`;

/**
 * Writes the changed patents. `entity_status_since` moves to this file's date only when the
 * status itself changes (the file repeats the current status on every line, every week).
 */
export async function upsertPatents(tx: Queryable, file: PatentFile): Promise<{ inserted: number; updated: number }> {
  const { rows } = await tx.query<{ inserted: boolean }>(
    /* SQL */ `
    ${INSERT_CHANGED_PATENTS}
    ON CONFLICT (patent_number) DO UPDATE SET
      application_number = EXCLUDED.application_number,
      entity_status = EXCLUDED.entity_status,
      entity_status_since = CASE WHEN p.entity_status IS NOT DISTINCT FROM EXCLUDED.entity_status THEN p.entity_status_since
                                 ELSE EXCLUDED.entity_status_since END,
      filing_date = EXCLUDED.filing_date, grant_date = EXCLUDED.grant_date, line_count = EXCLUDED.line_count,
      digest_a = EXCLUDED.digest_a, digest_b = EXCLUDED.digest_b,
      source_product = EXCLUDED.source_product, source_file_date = EXCLUDED.source_file_date, updated_at = EXCLUDED.updated_at
    RETURNING (xmax = 0) AS inserted`,
    [file.product, file.fileDate, file.now],
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/** A first load's patents, when none is stored: a plain INSERT of `fee_patent_changes` (one row per patent). */
export async function insertFirstPatents(tx: Queryable, file: PatentFile): Promise<void> {
  await tx.query(INSERT_CHANGED_PATENTS, [file.product, file.fileDate, file.now]);
}

export interface NewFeeEvent {
  patent_number: string;
  application_number: string;
  grant_date: string;
  event_date: string;
  event_code: string;
}

/**
 * Stores the staged events not stored yet (a line repeated in the file is stored once): how many,
 * and the new lapses (`EXP.`) with their patent's application and grant date. Events the file no
 * longer carries are kept: the office's file is cumulative, and nothing here deletes history.
 */
export async function insertNewEvents(tx: Queryable, fileDate: string): Promise<{ inserted: number; lapses: NewFeeEvent[] }> {
  const { rows } = await tx.query<{ inserted: number; lapses: NewFeeEvent[] }>(
    /* SQL */ `
    WITH added AS (
      INSERT INTO maintenance_fee_events (patent_number, event_date, event_code, source_file_date)
      SELECT patent_number, event_date, event_code, $1::date FROM fee_line_staging
      ON CONFLICT DO NOTHING
      RETURNING patent_number, event_date, event_code
    )
    SELECT (SELECT count(*) FROM added)::int AS inserted,
           COALESCE((SELECT json_agg(json_build_object('patent_number', a.patent_number, 'application_number', p.application_number,
                                                       'grant_date', p.grant_date, 'event_date', a.event_date, 'event_code', a.event_code)
                                     ORDER BY a.patent_number, a.event_date)
                     FROM added a JOIN maintenance_fee_patents p USING (patent_number) WHERE a.event_code = 'EXP.'), '[]') AS lapses`,
    [fileDate],
  );
  return rows[0]!;
}

/**
 * A first load's events, when nothing is stored: a plain INSERT, which costs about half of the
 * ON CONFLICT one per row. Under a savepoint, so that lines repeated far apart in the file (a
 * unique violation) fall back to `insertNewEvents` instead of failing the load.
 */
export async function insertFirstEvents(tx: Queryable, fileDate: string): Promise<{ inserted: number; lapses: NewFeeEvent[] } | null> {
  await tx.query('SAVEPOINT first_fee_events');
  try {
    const { rowCount } = await tx.query(
      /* SQL */ `INSERT INTO maintenance_fee_events (patent_number, event_date, event_code, source_file_date)
                 SELECT patent_number, event_date, event_code, $1::date FROM fee_line_staging`,
      [fileDate],
    );
    await tx.query('RELEASE SAVEPOINT first_fee_events');
    const { rows } =
      await tx.query<NewFeeEvent>(/* SQL */ `SELECT s.patent_number, p.application_number, p.grant_date, s.event_date, s.event_code
                 FROM fee_line_staging s JOIN maintenance_fee_patents p USING (patent_number)
                 WHERE s.event_code = 'EXP.' ORDER BY s.patent_number, s.event_date`);
    return { inserted: rowCount, lapses: rows };
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await tx.query('ROLLBACK TO SAVEPOINT first_fee_events');
    return null;
  }
}

/** True when no patent of the product is stored yet: a first load reads its file once. */
export async function holdsNoPatents(tx: Queryable): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM maintenance_fee_patents LIMIT 1`)).rowCount === 0;
}

/** The office's code descriptions as of this file: changed and new codes written, dropped ones removed. */
export async function replaceCodeTable(tx: Queryable, codes: ReadonlyMap<string, string>, fileDate: string): Promise<void> {
  const entries = [...codes];
  await tx.query(
    /* SQL */ `
    INSERT INTO maintenance_fee_codes AS c (event_code, description, source_file_date)
    SELECT code, description, $3::date FROM unnest($1::text[], $2::text[]) AS t(code, description)
    ON CONFLICT (event_code) DO UPDATE SET description = EXCLUDED.description, source_file_date = EXCLUDED.source_file_date
    WHERE c.description IS DISTINCT FROM EXCLUDED.description`,
    [entries.map(([code]) => code), entries.map(([, description]) => description), fileDate],
  );
  await tx.query(`DELETE FROM maintenance_fee_codes WHERE NOT (event_code = ANY($1::text[]))`, [entries.map(([code]) => code)]);
}
