import type { Queryable } from '../../db/database.js';
import { notFound } from '../../domain/errors.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { FEE_WINDOWS } from '../../domain/maintenance.js';
import { patentType } from '../../domain/numbers.js';
import { toEasternDate } from '../../domain/provenance.js';
import { MAINTENANCE_FEE_PRODUCT, productsOfFamily, PRODUCT_CATALOGUE, type Product } from '../../domain/products.js';
import { type Assessment, assessPatent } from '../../facts/assess.js';
import type { PatentFacts } from '../../facts/fuse.js';
import { type HeldPatent, readPatentFacts } from '../../facts/read.js';
import type { ProvenanceService } from '../provenance/service.js';
import { requirePatentNumber } from '../path-numbers.js';
import { ReadCache } from '../read-cache.js';
import type { RenderAnswer } from '../send-answer.js';

/** The record's expiration_estimate (D26): always an estimate, with how it was reached. */
const estimateOf = ({ estimate, expiry }: Assessment) => ({
  date: estimate.date,
  estimate: true as const,
  possibly_shorter: estimate.possiblyShorter,
  calculation: expiry.calculation,
});

/** The products whose file date judges a patent's fee windows: the fee product, else a file-wrapper product or the grants. */
const familyOf = (product: string): readonly Product[] =>
  product in PRODUCT_CATALOGUE ? productsOfFamily(PRODUCT_CATALOGUE[product as Product].family) : [MAINTENANCE_FEE_PRODUCT];

/** The Maintenance record (spec §2) with the expiry calculation (D26), from every product that prints the facts (D29). */
export class MaintenanceService {
  private readonly answers: ReadCache<string>;

  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly closures: ReadonlySet<string> = new Set(),
    private readonly now: () => Date = () => new Date(),
  ) {
    this.answers = new ReadCache(() => provenance.answerVersion());
  }

  /** The finished answer, rendered once per patent until the data or its staleness changes. */
  answer(input: string, render: RenderAnswer<MaintenanceRecordView>): Promise<string> {
    const patentNumber = requirePatentNumber(input);
    return this.answers.get(patentNumber, async () => render(await this.ofPatent(patentNumber)));
  }

  private assess({ facts, original }: HeldPatent): Assessment {
    return assessPatent(facts, original, toEasternDate(this.now()), this.closures);
  }

  /**
   * The expiry of each patent that is on file with a grant date (an entity's portfolio: two round
   * trips per call at most, where a record each would take one per patent), as the record gives it.
   */
  async expiries(patentNumbers: readonly string[]): Promise<Map<string, Pick<MaintenanceRecordView, 'expired' | 'expiration_estimate'>>> {
    const expiries = new Map<string, Pick<MaintenanceRecordView, 'expired' | 'expiration_estimate'>>();
    for (const [patentNumber, held] of await readPatentFacts(this.db, patentNumbers)) {
      const assessment = this.assess(held);
      expiries.set(patentNumber, { expired: assessment.expiry.expired, expiration_estimate: estimateOf(assessment) });
    }
    return expiries;
  }

  async ofPatent(input: string) {
    const patentNumber = requirePatentNumber(input);
    const held = (await readPatentFacts(this.db, [patentNumber])).get(patentNumber);
    if (!held) throw notFound(`No patent ${patentNumber} is on file.`);
    const { facts } = held;
    const assessment = this.assess(held);
    const { status, expiry } = assessment;
    const judgedBy = facts.feesCoveredThrough?.source ?? { product: MAINTENANCE_FEE_PRODUCT, file_date: null };
    const provenance = judgedBy.file_date
      ? await this.provenance.ofRow({ product: judgedBy.product, fileDate: judgedBy.file_date }, familyOf(judgedBy.product))
      : await this.provenance.ofFamily([MAINTENANCE_FEE_PRODUCT]);
    const sources = new Map(assessment.feeEvents.map((event) => [`${event.date} ${event.code}`, event]));
    return {
      patent_number: patentNumber,
      application_number: facts.applicationNumber,
      patent_type: patentType(patentNumber) ?? 'utility',
      grant_date: facts.grantDate,
      entity_status: facts.fee?.entity_status ?? null,
      // Classified once, by the rules (status.events, oldest first); the description is the office's.
      events: status.events.map((event) => {
        const fact = sources.get(`${event.date} ${event.code}`);
        return {
          code: event.code,
          description: fact?.description ?? BUILT_IN_FEE_CODES.get(event.code) ?? null,
          date: event.date,
          kind: event.kind ?? 'other',
          window: event.stage ? FEE_WINDOWS[event.stage - 1]! : null,
          source: fact?.source ?? { product: MAINTENANCE_FEE_PRODUCT, file_date: null },
        };
      }),
      windows: status.windows,
      deadlines: status.deadlines,
      next_fee: status.next_fee,
      judged_as_of: assessment.judgedAsOf,
      expired: expiry.expired,
      expiration_reason: expiry.expiration_reason,
      expiration_estimate: estimateOf(assessment),
      note: noteOn(facts, assessment, provenance.stale),
      ...provenance,
    };
  }
}

export type MaintenanceRecordView = Awaited<ReturnType<MaintenanceService['ofPatent']>>;

/** What the answer rests on when it is less than a complete, current fee record; null when nothing needs saying. */
function noteOn(facts: PatentFacts, { status, judgedAsOf, scheduleNote }: Assessment, stale: boolean): string | null {
  const notes: string[] = [];
  if (scheduleNote) notes.push(scheduleNote);
  if (status.owesFees && status.events.length === 0) {
    notes.push(`No maintenance fee events are on file for patent ${facts.patentNumber}: its windows are computed from its grant date.`);
  }
  if (status.inferredPaid.length > 0) {
    notes.push(
      `Counted as paid without a payment on file: ${status.inferredPaid.join(', ')} ` +
        '(a later fee was paid, or the lapse was reinstated, which the office accepts only when every earlier fee is paid).',
    );
  }
  if (status.mootAfterTerm.length > 0) {
    notes.push(`No fee is owed after the end of term: ${status.mootAfterTerm.join(', ')} n/a.`);
  }
  if (status.owesFees && stale) {
    notes.push(
      `The fee windows are judged as of ${judgedAsOf}, the newest date the fee data covers, older than its cadence: ` +
        'a payment or lapse after it is not in the data.',
    );
  }
  return notes.length > 0 ? notes.join(' ') : null;
}
