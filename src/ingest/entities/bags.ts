/**
 * The parties of the file wrapper's copies of recordations (each application's `assignmentBag`),
 * a batch of applications in one transaction: resolved as the assignment files' parties are, a
 * person signing matched to the application's own inventors; then the applications are relinked
 * (links.sql.ts counts a bag's assignee where the assignment files do not cover the application by
 * that recordation). A bag's merger or change of name joins no family: family edges rest on the
 * assignment files' recordations, and one whose recordation they no longer hold is removed.
 */
import type { Database } from '../../db/database.js';
import { type BatchOutcome, newCompanyIds, Observations, recordedCompanies, recordedPartyEntity } from './batches.js';
import { findPrintedParties, setPartyEntities } from './parties.sql.js';
import { relink } from './relink.js';
import * as sql from './resolve.sql.js';

export async function resolveBagBatch(db: Database, applicationNumbers: readonly string[], now: Date): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await sql.lockResolver(tx);
    const parties = await sql.findBagParties(tx, applicationNumbers);
    const inventors = await findPrintedParties(tx, 'applications', applicationNumbers, true);
    const companies = await recordedCompanies(tx, parties);
    const seen = new Observations();
    const updates = parties.map((p) => ({
      key: p.application_number,
      role: p.role,
      seq: p.seq,
      entity_id: recordedPartyEntity(
        p,
        inventors.filter((i) => i.key === p.application_number),
        companies,
        seen,
      ).entityId,
    }));
    await seen.write(tx, now);
    await setPartyEntities(tx, 'bags', updates);
    await relink(tx, applicationNumbers, now);
    return { applications: applicationNumbers.length, newCompanies: newCompanyIds(companies), edgesAdded: 0 };
  });
}
