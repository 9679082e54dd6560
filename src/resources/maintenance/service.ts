import type { Queryable } from '../../db/database.js';
import { notFound } from '../../domain/errors.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { FEE_WINDOWS, maintenanceStatus, type PatentKind, patentKindOf } from '../../domain/maintenance.js';
import { patentType } from '../../domain/numbers.js';
import { type ChainLink, patentTerm, type TermResult } from '../../domain/patent-term.js';
import { toEasternDate } from '../../domain/provenance.js';
import type { ProvenanceService } from '../provenance/service.js';
import { requirePatentNumber } from '../path-numbers.js';
import * as sql from './maintenance.sql.js';
import { ReadCache } from '../read-cache.js';
import type { RenderAnswer } from '../send-answer.js';

const FEE_PRODUCT = ['PTMNFEE2'] as const;
/** The office's continuity code for "is a reissue of" (DOMAIN-RULES §3.2). */
const REISSUE_OF = 'REI';

/** A link of the continuity chain, with the patent the ancestor became (a reissue's original). */
type AncestorLink = ChainLink & { patentNumber: string | null };

/** What is known of a granted patent, from whichever product knows it. */
interface GrantFacts {
  patentNumber: string;
  applicationNumber: string | null;
  filingDate: string | null;
  grantDate: string;
  application: sql.GrantedApplicationRow | null;
  fee: sql.FeePatentRow | null;
  events: sql.MaintenanceFacts['events'];
  ancestors: AncestorLink[];
  disclaimer: { code: string; date: string } | null;
}

/** The end of term (D26) from what the products say of the patent. */
function patentTermOf(
  facts: GrantFacts,
  kind: PatentKind,
  lapse: { effective: string; recorded?: string | null } | null,
  original: { patentNumber: string; term: TermResult } | null,
  today: string,
): TermResult {
  const application = facts.application;
  return patentTerm({
    kind,
    applicationNumber: facts.applicationNumber ?? facts.patentNumber,
    filingDate: facts.filingDate ?? facts.grantDate,
    grantDate: facts.grantDate,
    ancestors: facts.ancestors,
    pta: application?.pta_parts ?? (application?.pta_days != null ? { total: application.pta_days } : null),
    terminalDisclaimer: facts.disclaimer,
    lapse,
    original,
    today,
  });
}

/** The record's expiration_estimate (D26): always an estimate, with how it was reached. */
const estimateOf = (term: TermResult) => ({
  date: term.date,
  estimate: true as const,
  possibly_shorter: term.possiblyShorter,
  calculation: term.calculation,
});

/** The Maintenance record (spec §2) with the expiry calculation (D26). */
export class MaintenanceService {
  private readonly answers: ReadCache<string>;

  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.answers = new ReadCache(() => provenance.answerVersion());
  }

  /** The finished answer, rendered once per patent until the data or its staleness changes. */
  answer(input: string, render: RenderAnswer<MaintenanceRecordView>): Promise<string> {
    const patentNumber = requirePatentNumber(input);
    return this.answers.get(patentNumber, async () => render(await this.ofPatent(patentNumber)));
  }

  /** What is known of each granted patent (one round trip); patents without a grant date on file are left out. */
  private async grantFacts(patentNumbers: readonly string[]): Promise<Map<string, GrantFacts>> {
    const known = new Map<string, GrantFacts>();
    for (const [patentNumber, found] of await sql.findMaintenanceFacts(this.db, patentNumbers)) {
      const { fee, application } = found;
      const document = fee === null && application?.grant_date == null ? found.document : null;
      const grantDate = application?.grant_date ?? fee?.grant_date ?? document?.date ?? null;
      if (grantDate === null) continue;
      known.set(patentNumber, {
        patentNumber,
        applicationNumber: application?.application_number ?? fee?.application_number ?? document?.application_number ?? null,
        filingDate: application?.filing_date ?? fee?.filing_date ?? document?.filing_date ?? null,
        grantDate,
        application,
        fee,
        events: found.events,
        ancestors: found.ancestors.map((row) => ({
          applicationNumber: row.parent_number,
          filingDate: row.filing_date,
          relationship: row.relationship ?? '',
          parentOf: row.child_number,
          patentNumber: row.patent_number,
        })),
        disclaimer: found.disclaimer,
      });
    }
    return known;
  }

  /** A reissue's term is its original's (35 U.S.C. 251): the patent of its REI parent, computed the same way. */
  private async originalOf(ancestors: readonly AncestorLink[], today: string) {
    const link = ancestors.find((a) => a.relationship === REISSUE_OF && a.patentNumber !== null);
    if (!link?.patentNumber) return null;
    const facts = (await this.grantFacts([link.patentNumber])).get(link.patentNumber);
    if (!facts || facts.filingDate === null) return null;
    return { patentNumber: link.patentNumber, grantDate: facts.grantDate, term: patentTermOf(facts, 'utility', null, null, today) };
  }

  /** The fee status and the term the rules give one patent's facts. */
  private async assess(facts: GrantFacts, today: string) {
    const kind = patentKindOf(facts.patentNumber);
    const original = kind === 'reissue' ? await this.originalOf(facts.ancestors, today) : null;
    const status = maintenanceStatus({
      kind,
      // Fees of a reissue follow its original's schedule; without the original, the file's own grant date.
      scheduleGrantDate: original?.grantDate ?? facts.grantDate,
      feeFilingDate: facts.filingDate,
      events: facts.events,
      today,
    });
    // A grace period that ended unpaid is a lapse by law, before the office records EXP. weeks later.
    const term = patentTermOf(facts, kind, status.lapse ?? status.unrecordedLapse, original, today);
    return { status, term };
  }

  /**
   * The expiry of each patent that is on file with a grant date (an entity's portfolio: one
   * round trip per call, where a record each would take one per patent), as the record gives it.
   */
  async expiries(patentNumbers: readonly string[]): Promise<Map<string, Pick<MaintenanceRecordView, 'expired' | 'expiration_estimate'>>> {
    const today = toEasternDate(this.now());
    const expiries = new Map<string, Pick<MaintenanceRecordView, 'expired' | 'expiration_estimate'>>();
    for (const [patentNumber, facts] of await this.grantFacts(patentNumbers)) {
      const { term } = await this.assess(facts, today);
      expiries.set(patentNumber, { expired: term.expired, expiration_estimate: estimateOf(term) });
    }
    return expiries;
  }

  async ofPatent(input: string) {
    const patentNumber = requirePatentNumber(input);
    const facts = (await this.grantFacts([patentNumber])).get(patentNumber);
    if (!facts) throw notFound(`No patent ${patentNumber} is on file.`);
    const today = toEasternDate(this.now());
    const type = patentType(patentNumber) ?? 'utility';
    const stored = facts.events;
    const descriptions = new Map(stored.map((event) => [`${event.date} ${event.code}`, event.description]));
    const { status, term } = await this.assess(facts, today);
    const provenance = facts.fee
      ? await this.provenance.ofRow({ product: 'PTMNFEE2', fileDate: facts.fee.source_file_date }, FEE_PRODUCT)
      : await this.provenance.ofFamily(FEE_PRODUCT);
    return {
      patent_number: patentNumber,
      application_number: facts.applicationNumber,
      patent_type: type,
      grant_date: facts.grantDate,
      entity_status: facts.fee?.entity_status ?? null,
      // Classified once, by the rules (status.events, oldest first); the description is the office's.
      events: status.events.map((event) => ({
        code: event.code,
        description: descriptions.get(`${event.date} ${event.code}`) ?? BUILT_IN_FEE_CODES.get(event.code) ?? null,
        date: event.date,
        kind: event.kind ?? 'other',
        window: event.stage ? FEE_WINDOWS[event.stage - 1]! : null,
      })),
      windows: status.windows,
      deadlines: status.deadlines,
      next_fee: status.next_fee,
      expired: term.expired,
      expiration_reason: term.expiration_reason,
      expiration_estimate: estimateOf(term),
      note: noteOn(patentNumber, stored.length, status),
      ...provenance,
    };
  }
}

export type MaintenanceRecordView = Awaited<ReturnType<MaintenanceService['ofPatent']>>;

/** What the answer rests on when it is less than a complete fee record. */
function noteOn(patentNumber: string, events: number, status: ReturnType<typeof maintenanceStatus>): string | null {
  if (!status.owesFees) return null;
  if (events === 0)
    return `No maintenance fee events are on file for patent ${patentNumber}: its windows are computed from its grant date.`;
  if (status.inferredPaid.length > 0) {
    return (
      `Counted as paid without a payment on file: ${status.inferredPaid.join(', ')} ` +
      '(a later fee was paid, or the lapse was reinstated, which the office accepts only when every earlier fee is paid).'
    );
  }
  return null;
}
