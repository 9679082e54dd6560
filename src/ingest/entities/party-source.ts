/**
 * What a product module declares for entity resolution: the tables its loader writes printed
 * parties into, and how one batch of their keys is resolved (batches.ts holds the shared ways).
 */
import type { Database } from '../../db/database.js';

export interface BatchOutcome {
  /** Applications relinked. */
  applications: number;
  /** Company entities founded by a new spelling (each gets the near-identical-name check). */
  newCompanies: string[];
  /** Family edges the batch's MERGER and CHANGE OF NAME recordations added. */
  edgesAdded: number;
}

export interface PartyTable {
  table: string;
  /** The column its rows belong to: an application, a document, a recordation, a trial. */
  key: string;
}

/** One product's parties as entity resolution walks them, in the order the modules list them. */
export interface PartySource extends PartyTable {
  /** Its name in progress lines and in the summary's counts: `applications`, `trials`. */
  phase: string;
  /** What one key is, in the summary line: `applications`, `PTAB trials`. */
  shown: string;
  /**
   * When it is walked, lowest first: the file wrapper's applications (1) give people their shown
   * name and place, then grants and publications (2), recordations (3), the file wrapper's
   * copies of recordations (4), trials (5).
   */
  rank: number;
  /** Keys per transaction, as a share of the run's batch size (a recordation carries many parties). */
  batchShare?: number;
  /** Resolves the parties of some keys in one transaction (batches.ts has the shared strategies). */
  resolve(db: Database, keys: readonly string[], now: Date): Promise<BatchOutcome>;
}

/**
 * The file wrapper's applicants and inventors: the one table every other source's people are
 * matched against (an assignor or a PTAB party is the covered application's inventor of that name).
 */
export const APPLICATION_PARTIES: PartyTable = { table: 'application_parties', key: 'application_number' };
