import type { Queryable } from '../db/database.js';
import { fusePatentFacts, type PatentFacts } from './fuse.js';
import { findPatentEvidence } from './patent-evidence.sql.js';

/** A patent's facts, and for a reissue its original patent's own facts when a product holds them. */
export interface HeldPatent {
  facts: PatentFacts;
  original: PatentFacts | null;
}

/**
 * The facts of every patent that some product gives a grant date (others are left out): one
 * round trip, and a second only when reissues among them name an original patent.
 */
export async function readPatentFacts(db: Queryable, patentNumbers: readonly string[]): Promise<Map<string, HeldPatent>> {
  const fused = (rows: Awaited<ReturnType<typeof findPatentEvidence>>) =>
    new Map(
      [...rows].flatMap(([number, evidence]) => {
        const facts = fusePatentFacts(number, evidence);
        return facts ? [[number, facts] as const] : [];
      }),
    );
  const patents = fused(await findPatentEvidence(db, patentNumbers));
  const originalNumbers = [...new Set([...patents.values()].flatMap((f) => (f.original ? [f.original.patentNumber] : [])))];
  const originals = originalNumbers.length > 0 ? fused(await findPatentEvidence(db, originalNumbers)) : new Map<string, PatentFacts>();
  return new Map(
    [...patents].map(([number, facts]) => [
      number,
      { facts, original: facts.original ? (originals.get(facts.original.patentNumber) ?? null) : null },
    ]),
  );
}
