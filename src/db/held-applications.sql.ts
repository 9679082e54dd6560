/**
 * Which of the applications a product's records name are held, by application number or by the
 * patent granted on one: the products that announce events on held applications (assignments,
 * PTAB) and recount their counts ask it of every batch.
 */
import type { Queryable } from './database.js';

export interface HeldProperty {
  application_number: string;
  patent_number: string | null;
}

export async function findHeldApplications(
  tx: Queryable,
  applicationNumbers: readonly string[],
  patentNumbers: readonly string[],
): Promise<HeldProperty[]> {
  const { rows } = await tx.query<HeldProperty>(
    /* SQL */ `SELECT application_number, patent_number FROM applications
               WHERE application_number = ANY($1::text[]) OR patent_number = ANY($2::text[])`,
    [applicationNumbers, patentNumbers],
  );
  return rows;
}
