import type { Queryable } from '../../db/database.js';

/**
 * The patents some product gives a grant date: the ones whose maintenance record answers (the
 * rule of `fusePatentFacts` in facts/fuse.ts: the file wrapper's grant date, the grant's or the
 * fee file's, which always has one). Three index probes a patent, so a batch's exact cost is
 * known before any patent's evidence is read (DESIGN D23).
 */
export async function findGrantedPatents(db: Queryable, patentNumbers: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ patent_number: string }>(
    /* SQL */ `SELECT w.patent_number FROM unnest($1::text[]) AS w(patent_number)
               WHERE EXISTS (SELECT 1 FROM maintenance_fee_patents f WHERE f.patent_number = w.patent_number)
                  OR EXISTS (SELECT 1 FROM documents g WHERE g.doc_number = w.patent_number AND g.doc_type = 'grant')
                  OR EXISTS (SELECT 1 FROM applications a WHERE a.patent_number = w.patent_number AND a.grant_date IS NOT NULL)`,
    [patentNumbers],
  );
  return rows.map((row) => row.patent_number);
}
