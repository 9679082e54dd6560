/**
 * The parties of PTAB trials (petitioners and patent owners, real parties in interest), a batch
 * of trials in one transaction. They are companies almost always: keyed like an assignee (the
 * office's " et al." dropped), with no place (the trial data prints none). One printed like a
 * person (`LAST, FIRST`) is the challenged application's inventor of that name when there is one.
 * A trial is no portfolio link: nothing is relinked.
 */
import type { Database } from '../../db/database.js';
import { companyKey, isPerson, printedPerson } from '../../domain/entity-keys.js';
import { leadParty } from '../../domain/ptab.js';
import { type BatchOutcome, companyEntity, newCompanyIds, Observations } from '../../ingest/entities/batches.js';
import { findPrintedParties, setPartyEntities } from '../../ingest/entities/parties.sql.js';
import { APPLICATION_PARTIES, type PartySource, type PartyTable } from '../../ingest/entities/party-source.js';
import { matchInventor } from '../../ingest/entities/resolve-names.js';
import { resolveCompanyKeys } from '../../ingest/entities/resolve-names.js';
import * as sql from '../../ingest/entities/resolve.sql.js';
import { findTrialParties } from './parties.sql.js';

const NO_PLACE = { city: null, state: null, country: null };

/** The trials' parties: what the PTAB loader writes and entity resolution walks. */
export const TRIAL_PARTIES: PartySource = {
  phase: 'trials',
  rank: 5,
  shown: 'PTAB trials',
  table: 'ptab_parties',
  key: 'trial_number',
  resolve: (db, keys, now) => resolveTrialBatch(db, TRIAL_PARTIES, keys, now),
};

async function resolveTrialBatch(db: Database, source: PartyTable, trialNumbers: readonly string[], now: Date): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    await sql.lockResolver(tx);
    const parties = await findTrialParties(tx, trialNumbers);
    const people = parties.filter((p) => isPerson(leadParty(p.name), null));
    const inventors = await findPrintedParties(
      tx,
      APPLICATION_PARTIES,
      [...new Set(people.flatMap((p) => (p.application_number ? [p.application_number] : [])))],
      true,
    );
    const companies = await resolveCompanyKeys(
      tx,
      parties.filter((p) => !people.includes(p)).map((p) => ({ key: companyKey(leadParty(p.name)), place: '' })),
    );
    const seen = new Observations();
    const updates = parties.map((p) => {
      let entityId: string;
      if (!people.includes(p)) entityId = companyEntity(companies, seen, leadParty(p.name), NO_PLACE);
      else {
        const parts = printedPerson(leadParty(p.name));
        const inventor = parts
          ? matchInventor(
              parts,
              inventors.filter((i) => i.application_number === p.application_number),
            )
          : null;
        entityId = inventor?.entity_id ?? '';
      }
      return { key: p.trial_number, role: p.role, seq: p.seq, entity_id: entityId };
    });
    await seen.write(tx, now);
    await setPartyEntities(tx, source, updates);
    return { applications: 0, newCompanies: newCompanyIds(companies), edgesAdded: 0 };
  });
}
