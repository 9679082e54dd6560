import type { Queryable } from './database.js';

/** Every stored fee event of the given patents, oldest first, by patent. */
export async function listFeeEventsOf(
  db: Queryable,
  patentNumbers: readonly string[],
): Promise<Map<string, { code: string; date: string }[]>> {
  const { rows } = await db.query<{ patent_number: string; event_code: string; event_date: string }>(
    /* SQL */ `SELECT patent_number, event_code, event_date FROM maintenance_fee_events
               WHERE patent_number = ANY($1::text[]) ORDER BY patent_number, event_date, event_code`,
    [patentNumbers],
  );
  const byPatent = new Map<string, { code: string; date: string }[]>();
  for (const row of rows) {
    const list = byPatent.get(row.patent_number) ?? [];
    list.push({ code: row.event_code, date: row.event_date });
    byPatent.set(row.patent_number, list);
  }
  return byPatent;
}
