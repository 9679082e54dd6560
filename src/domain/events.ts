/**
 * The event catalogue (interface-spec §6, DESIGN.md D17): every event type a monitor can select,
 * the shape of each type's `detail`, and the id that makes detection idempotent. Products
 * detect events (a load's diff, or a scheduled job for fee windows and deadlines) and build
 * them only through `buildEvent`, so a `detail` always has its type's shape. Pure; no I/O.
 */
import { createHash } from 'node:crypto';

export const EVENT_TYPES = [
  'office_action',
  'allowance',
  'abandonment',
  'rce',
  'appeal',
  'issue_fee_paid',
  'grant',
  'publication',
  'response_filed',
  'interview',
  'terminal_disclaimer',
  'pta',
  'status_change',
  'assignment',
  'ptab_petition',
  'ptab_decision',
  'maintenance_due',
  'maintenance_lapse',
  'continuation_filed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event that is an office transaction: its code and text, verbatim. */
export interface TransactionDetail {
  code: string;
  description: string;
}

export interface StatusRef {
  code: number | null;
  description: string | null;
}

export interface StatusChangeDetail {
  from: StatusRef;
  to: StatusRef;
}

export interface AssignmentDetail {
  /** `012345/0678`. */
  reel_frame: string;
  conveyance_type: string;
  /** Assignee names as recorded. */
  assignees: string[];
}

export interface PtabDetail {
  trial_number: string;
  /** Petition: the proceeding type; decision: the decision kind (institution_granted, …). */
  kind: string;
  outcome: string | null;
}

export interface MaintenanceDetail {
  window: '3.5y' | '7.5y' | '11.5y';
  due: string;
  surcharge_until: string;
}

export interface ContinuationDetail {
  child_application_number: string;
  /** Office code: CON, DIV, CIP, CPA, … */
  relationship: string | null;
}

/** Grant and publication events name the document that appeared. */
export interface GrantDetail {
  patent_number: string;
}

export interface PublicationDetail {
  publication_number: string;
}

/** The `detail` of every event type (D17). */
export interface EventDetails {
  office_action: TransactionDetail;
  allowance: TransactionDetail;
  abandonment: TransactionDetail;
  rce: TransactionDetail;
  appeal: TransactionDetail;
  issue_fee_paid: TransactionDetail;
  response_filed: TransactionDetail;
  interview: TransactionDetail;
  terminal_disclaimer: TransactionDetail;
  pta: TransactionDetail;
  grant: GrantDetail;
  publication: PublicationDetail;
  status_change: StatusChangeDetail;
  assignment: AssignmentDetail;
  ptab_petition: PtabDetail;
  ptab_decision: PtabDetail;
  maintenance_due: MaintenanceDetail;
  maintenance_lapse: MaintenanceDetail;
  continuation_filed: ContinuationDetail;
}

/** The member names of each type's `detail`, for documents and checks (agents.md, monitors). */
export const EVENT_DETAIL_FIELDS: { readonly [T in EventType]: readonly (keyof EventDetails[T])[] } = {
  office_action: ['code', 'description'],
  allowance: ['code', 'description'],
  abandonment: ['code', 'description'],
  rce: ['code', 'description'],
  appeal: ['code', 'description'],
  issue_fee_paid: ['code', 'description'],
  response_filed: ['code', 'description'],
  interview: ['code', 'description'],
  terminal_disclaimer: ['code', 'description'],
  pta: ['code', 'description'],
  grant: ['patent_number'],
  publication: ['publication_number'],
  status_change: ['from', 'to'],
  assignment: ['reel_frame', 'conveyance_type', 'assignees'],
  ptab_petition: ['trial_number', 'kind', 'outcome'],
  ptab_decision: ['trial_number', 'kind', 'outcome'],
  maintenance_due: ['window', 'due', 'surcharge_until'],
  maintenance_lapse: ['window', 'due', 'surcharge_until'],
  continuation_filed: ['child_application_number', 'relationship'],
};

/** The types whose detail is the transaction that carries them. */
export type TransactionEventType = {
  [T in EventType]: EventDetails[T] extends TransactionDetail ? T : never;
}[EventType];

export function isTransactionEventType(type: EventType): type is TransactionEventType {
  const fields = EVENT_DETAIL_FIELDS[type] as readonly string[];
  return fields.length === 2 && fields[0] === 'code' && fields[1] === 'description';
}

/** What an event is about; at least one member names the target of its id. */
export interface EventTarget {
  applicationNumber: string | null;
  patentNumber?: string | null;
  entityId?: string | null;
}

export interface DetectedEvent<T extends EventType = EventType> {
  eventId: string;
  eventType: T;
  /** When it happened (a transaction's date, a window's due date); null when the source gives none. */
  occurredOn: string | null;
  applicationNumber: string | null;
  patentNumber: string | null;
  entityId: string | null;
  detail: EventDetails[T];
}

/** D17: `evt_` + a hash of (type, target, date, discriminator), so a re-ingest cannot duplicate an event. */
export function eventId(type: string, target: string, date: string | null, discriminator: string): string {
  return `evt_${createHash('sha256')
    .update(`${type}\u0000${target}\u0000${date ?? ''}\u0000${discriminator}`)
    .digest('hex')
    .slice(0, 24)}`;
}

/**
 * One event with its id. `discriminator` tells apart two events of one type, target and date
 * (a second transaction of one code that day, two trials filed the same day); the target of the
 * id is the application, else the patent, else the entity.
 */
export function buildEvent<T extends EventType>(
  type: T,
  target: EventTarget,
  occurredOn: string | null,
  discriminator: string,
  detail: EventDetails[T],
): DetectedEvent<T> {
  const key = target.applicationNumber ?? target.patentNumber ?? target.entityId;
  if (!key) throw new Error(`an event needs a target: ${type} has no application, patent or entity`);
  return {
    eventId: eventId(type, key, occurredOn, discriminator),
    eventType: type,
    occurredOn,
    applicationNumber: target.applicationNumber,
    patentNumber: target.patentNumber ?? null,
    entityId: target.entityId ?? null,
    detail,
  };
}

/** Detail builders: the one place each D17 shape is written. */
export const eventDetail = {
  transaction: (t: { code: string; description: string }): TransactionDetail => ({ code: t.code, description: t.description }),
  statusChange: (from: StatusRef, to: StatusRef): StatusChangeDetail => ({
    from: { code: from.code, description: from.description },
    to: { code: to.code, description: to.description },
  }),
  assignment: (a: { reelFrame: string; conveyanceType: string; assignees: readonly string[] }): AssignmentDetail => ({
    reel_frame: a.reelFrame,
    conveyance_type: a.conveyanceType,
    assignees: [...a.assignees],
  }),
  ptab: (p: { trialNumber: string; kind: string; outcome: string | null }): PtabDetail => ({
    trial_number: p.trialNumber,
    kind: p.kind,
    outcome: p.outcome,
  }),
  maintenance: (m: { window: MaintenanceDetail['window']; due: string; surchargeUntil: string }): MaintenanceDetail => ({
    window: m.window,
    due: m.due,
    surcharge_until: m.surchargeUntil,
  }),
  continuation: (c: { childApplicationNumber: string; relationship: string | null }): ContinuationDetail => ({
    child_application_number: c.childApplicationNumber,
    relationship: c.relationship,
  }),
  grant: (patentNumber: string): GrantDetail => ({ patent_number: patentNumber }),
  publication: (publicationNumber: string): PublicationDetail => ({ publication_number: publicationNumber }),
};
