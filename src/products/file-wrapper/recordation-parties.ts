/**
 * The parties of the file wrapper's copies of recordations (each application's `assignmentBag`),
 * a batch of applications in one transaction: resolved as the assignment files' parties are, a
 * person signing matched to the application's own inventors; then the applications are relinked
 * (links.sql.ts counts a bag's assignee where the assignment files do not cover the application by
 * that recordation). A bag's merger or change of name joins no family: family edges rest on the
 * assignment files' recordations, and one whose recordation they no longer hold is removed.
 */
import type { Database } from '../../db/database.js';
import { type BatchOutcome, newCompanyIds, Observations, recordedCompanies, recordedPartyEntity } from '../../ingest/entities/batches.js';
import { findPrintedParties, setPartyEntities } from '../../ingest/entities/parties.sql.js';
import { APPLICATION_PARTIES, type PartySource, type PartyTable } from '../../ingest/entities/party-source.js';
import { relink } from '../../ingest/entities/relink.js';
import * as sql from '../../ingest/entities/resolve.sql.js';
import { findBagParties } from './recordation-parties.sql.js';

/** The parties of the applications' assignment bags, after the applications' own (their inventors sign). */
export const BAG_PARTIES: PartySource = {
  phase: 'bags',
  rank: 4,
  shown: 'file wrapper assignment bags',
  table: 'file_wrapper_recordation_parties',
  key: 'application_number',
  resolve: (db, keys, now) => resolveBagBatch(db, BAG_PARTIES, keys, now),
};

async function resolveBagBatch(db: Database, source: PartyTable, applicationNumbers: readonly string[], now: Date): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await sql.lockResolver(tx);
    const parties = await findBagParties(tx, applicationNumbers);
    const inventors = await findPrintedParties(tx, APPLICATION_PARTIES, applicationNumbers, true);
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
    await setPartyEntities(tx, source, updates);
    await relink(tx, applicationNumbers, now);
    return { applications: applicationNumbers.length, newCompanies: newCompanyIds(companies), edgesAdded: 0 };
  });
}
