import { buildEvent, type DetectedEvent, eventDetail, isTransactionEventType } from '../../domain/events.js';
import { transactionEventType } from '../../domain/transaction-codes.js';
import type { FileWrapperRecord, Transaction } from './record.js';

/** What the database held for an application before this load (only what events are derived from). */
export interface StoredApplication {
  statusCode: number | null;
  statusDescription: string | null;
  patentNumber: string | null;
  publicationNumber: string | null;
  transactions: Transaction[];
  /** Direct children (links whose parent is this application). */
  childNumbers: Set<string>;
  /** The reel/frames of its stored bag; null when no bag of it was ever stored (held before bags were kept). */
  reelFrames: Set<string> | null;
}

/**
 * `grant` and `publication` come from the document facts (a patent or publication number
 * appearing), not from the transaction that announces them, so one grant is one event.
 */
const FROM_DOCUMENT_FACTS = new Set(['grant', 'publication']);

const key = (t: Transaction) => `${t.date}\u0000${t.code}\u0000${t.description}`;

/** Transactions of `next` that `previous` lacks, counting same-day duplicates one by one. */
export function newTransactions(previous: Transaction[], next: Transaction[]): { transaction: Transaction; occurrence: number }[] {
  const seen = new Map<string, number>();
  for (const t of previous) seen.set(key(t), (seen.get(key(t)) ?? 0) + 1);
  const occurrences = new Map<string, number>();
  const added: { transaction: Transaction; occurrence: number }[] = [];
  for (const t of next) {
    const k = key(t);
    const occurrence = (occurrences.get(k) ?? 0) + 1;
    occurrences.set(k, occurrence);
    if (occurrence > (seen.get(k) ?? 0)) added.push({ transaction: t, occurrence });
  }
  return added;
}

/**
 * Events of one application between what was stored and what arrived (spec §6, DESIGN.md D17).
 * An application seen for the first time yields only its publication: the file wrapper carries
 * published applications, and their earlier history was never observed as it happened. So does
 * the first bag stored for an application: its recordations are history too.
 */
export function detectEvents(record: FileWrapperRecord, before: StoredApplication | null): DetectedEvent[] {
  const meta = record.metadata;
  const target = { applicationNumber: record.applicationNumber, patentNumber: meta?.patentNumber ?? before?.patentNumber ?? null };
  const events: DetectedEvent[] = [];

  if (meta?.publicationNumber && !before?.publicationNumber) {
    events.push(
      buildEvent('publication', target, meta.publicationDate, meta.publicationNumber, eventDetail.publication(meta.publicationNumber)),
    );
  }
  if (!before) return events;

  if (meta?.patentNumber && !before.patentNumber) {
    events.push(buildEvent('grant', target, meta.grantDate, meta.patentNumber, eventDetail.grant(meta.patentNumber)));
  }
  if (meta && meta.statusCode !== before.statusCode) {
    events.push(
      buildEvent(
        'status_change',
        target,
        meta.statusDate,
        `${before.statusCode ?? ''}>${meta.statusCode ?? ''}`,
        eventDetail.statusChange(
          { code: before.statusCode, description: before.statusDescription },
          { code: meta.statusCode, description: meta.statusDescription },
        ),
      ),
    );
  }
  // One office act is one event: two records of one interview on one day (EXAT, EXIA) yield one.
  const actsSeen = new Set<string>();
  for (const { transaction, occurrence } of newTransactions(before.transactions, record.transactions ?? before.transactions)) {
    const type = transactionEventType(transaction.code);
    if (!type || FROM_DOCUMENT_FACTS.has(type) || actsSeen.has(`${type}|${transaction.date}`)) continue;
    actsSeen.add(`${type}|${transaction.date}`);
    const discriminator = `${transaction.code}#${occurrence}`;
    if (isTransactionEventType(type)) {
      events.push(buildEvent(type, target, transaction.date, discriminator, eventDetail.transaction(transaction)));
    } else if (type === 'continuation_filed') {
      // ACPA: a continued prosecution application (designs) keeps the application's own number.
      events.push(
        buildEvent(
          type,
          target,
          transaction.date,
          discriminator,
          eventDetail.continuation({ childApplicationNumber: record.applicationNumber, relationship: 'CPA' }),
        ),
      );
    }
  }
  // Built as the assignment loader builds it (application, recorded date, reel/frame): a recordation read first from
  // either product is one event, and the other product's copy of it later finds the id taken.
  const storedBag = before.reelFrames;
  for (const r of record.recordations ?? []) {
    if (storedBag === null || storedBag.has(r.reelFrame)) continue;
    const assignees = r.assignees.map((a) => a.name);
    events.push(
      buildEvent(
        'assignment',
        target,
        r.recordedDate,
        r.reelFrame,
        eventDetail.assignment({ reelFrame: r.reelFrame, conveyanceType: r.conveyanceType, assignees }),
      ),
    );
  }
  for (const link of record.children ?? []) {
    if (link.parentNumber !== record.applicationNumber || before.childNumbers.has(link.childNumber)) continue;
    events.push(
      buildEvent(
        'continuation_filed',
        target,
        link.filingDate,
        link.childNumber,
        eventDetail.continuation({ childApplicationNumber: link.childNumber, relationship: link.relationship }),
      ),
    );
  }
  return events;
}
