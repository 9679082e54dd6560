/**
 * `maintenance_lapse` from a file wrapper: an `EXP.` ("Expire Patent") new among a held
 * application's transactions. The lapse is judged as the fee file's EXP. is (facts/lapse-events.ts),
 * from every product's fee events with this record's transactions in place of the stored ones, so
 * the same lapse read first here and later from the fee file (or the other way round) is one event.
 * An application seen for the first time yields none: its history was not observed as it happened.
 */
import type { Queryable } from '../../db/database.js';
import type { DetectedEvent } from '../../domain/events.js';
import { EVIDENCE_SOURCES } from '../../domain/evidence.js';
import { isFeeTransaction } from '../../facts/fee-transactions.js';
import { fuseFeeEvents } from '../../facts/fuse.js';
import { lapseEvents } from '../../facts/lapse-events.js';
import { type HeldPatent, readPatentFacts } from '../../facts/read.js';
import { newTransactions, type StoredApplication } from './detect-events.js';
import type { FileWrapperRecord } from './record.js';
import { MAINTENANCE_FEE_PRODUCT } from '../../domain/products.js';

const EXPIRED = 'EXP.';

/** A held patent whose record brings an EXP. the stored transactions lack. */
export interface LapseCandidate {
  record: FileWrapperRecord;
  patentNumber: string;
  expDates: string[];
}

export function lapseCandidates(records: readonly FileWrapperRecord[], before: ReadonlyMap<string, StoredApplication>): LapseCandidate[] {
  return records.flatMap((record) => {
    const stored = before.get(record.applicationNumber);
    const patentNumber = record.metadata?.patentNumber ?? stored?.patentNumber ?? null;
    if (!stored || !patentNumber || record.transactions === null) return [];
    const expDates = newTransactions(stored.transactions, record.transactions)
      .filter(({ transaction }) => transaction.code === EXPIRED)
      .map(({ transaction }) => transaction.date);
    return expDates.length > 0 ? [{ record, patentNumber, expDates }] : [];
  });
}

/** The stored facts of the candidates' patents (read before the batch writes). */
export async function readLapseFacts(tx: Queryable, candidates: readonly LapseCandidate[]): Promise<Map<string, HeldPatent>> {
  return candidates.length === 0
    ? new Map()
    : readPatentFacts(
        tx,
        candidates.map((c) => c.patentNumber),
      );
}

export function detectLapses(candidates: readonly LapseCandidate[], facts: ReadonlyMap<string, HeldPatent>): DetectedEvent[] {
  return candidates.flatMap(({ record, patentNumber, expDates }) => {
    const held = facts.get(patentNumber);
    if (!held) return [];
    const source = { product: EVIDENCE_SOURCES.file_wrapper, file_date: null };
    const fromRecord = (record.transactions ?? [])
      .filter((t) => isFeeTransaction(t.code))
      .map((t) => ({ code: t.code, date: t.date, description: t.description, source }));
    const fromFees = held.facts.feeEvents.filter((event) => event.source.product === MAINTENANCE_FEE_PRODUCT);
    return lapseEvents({ ...held, facts: { ...held.facts, feeEvents: fuseFeeEvents(fromFees, fromRecord) } }, expDates);
  });
}
