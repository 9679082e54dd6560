import type { Queryable } from '../../db/database.js';
import { notFound } from '../../domain/errors.js';
import { BUILT_IN_FEE_CODES } from '../../domain/fee-codes.js';
import { FEE_WINDOWS } from '../../domain/maintenance.js';
import { parsePatentNumber, patentType } from '../../domain/numbers.js';
import { type Provenance, toEasternDate } from '../../domain/provenance.js';
import { MAINTENANCE_FEE_PRODUCT, productsOfFamily, PRODUCT_CATALOGUE, type Product } from '../../domain/products.js';
import { type Assessment, assessPatent } from '../../facts/assess.js';
import type { PatentFacts } from '../../facts/fuse.js';
import { type HeldPatent, readPatentFacts } from '../../facts/read.js';
import type { ProvenanceService } from '../provenance/service.js';
import { requirePatentNumber } from '../path-numbers.js';
import { ReadCache } from '../read-cache.js';
import type { RenderAnswer } from '../send-answer.js';
import { findGrantedPatents } from './maintenance.sql.js';

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

type JudgingSource = Provenance['source'];

/** The file whose date the windows are judged as of (D29): a record's `source`. */
const judgingSourceOf = (facts: PatentFacts): JudgingSource =>
  facts.feesCoveredThrough?.source ?? { product: MAINTENANCE_FEE_PRODUCT, file_date: null };

/** The patent a record or a batch row is about. */
const patentOf = (facts: PatentFacts) => ({
  patent_number: facts.patentNumber,
  application_number: facts.applicationNumber,
  patent_type: patentType(facts.patentNumber) ?? 'utility',
  grant_date: facts.grantDate,
  entity_status: facts.fee?.entity_status ?? null,
});

/** The Maintenance record (spec §2) of an assessed patent; `provenance` is that of its judging source. */
function recordOf({ facts }: HeldPatent, assessment: Assessment, provenance: Provenance) {
  const { status, expiry } = assessment;
  const sources = new Map(assessment.feeEvents.map((event) => [`${event.date} ${event.code}`, event]));
  return {
    ...patentOf(facts),
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

/** A batch's summary row: the record's members a renewal docket acts on, read from the same assessment. */
function summaryOf({ facts }: HeldPatent, assessment: Assessment) {
  const { date, possibly_shorter } = estimateOf(assessment);
  return {
    ...patentOf(facts),
    expired: assessment.expiry.expired,
    expiration_reason: assessment.expiry.expiration_reason,
    expiration_date: date,
    possibly_shorter,
    next_fee: assessment.status.next_fee,
    judged_as_of: assessment.judgedAsOf,
  };
}

export type MaintenanceRecordView = ReturnType<typeof recordOf>;
type MaintenanceSummaryView = ReturnType<typeof summaryOf>;

/** A batch entry's patent number, or null when it is not a readable string. */
function batchNumber(input: unknown): string | null {
  return typeof input === 'string' ? parsePatentNumber(input) : null;
}

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

  /** Today in the office's time zone: the end of term is judged against it. */
  private today(): string {
    return toEasternDate(this.now());
  }

  private assess({ facts, original }: HeldPatent, today = this.today()): Assessment {
    return assessPatent(facts, original, today, this.closures);
  }

  /** `source` names the judging file; `as_of` and `stale` follow its product family (a backfile row stays fresh while dailies load). */
  private provenanceOf(source: JudgingSource): Promise<Provenance> {
    return source.file_date
      ? this.provenance.ofRow({ product: source.product, fileDate: source.file_date }, familyOf(source.product))
      : this.provenance.ofFamily([MAINTENANCE_FEE_PRODUCT]);
  }

  /**
   * The expiry of each patent that is on file with a grant date (an entity's portfolio: two round
   * trips per call at most, where a record each would take one per patent), as the record gives it.
   */
  async expiries(patentNumbers: readonly string[]): Promise<Map<string, Pick<MaintenanceRecordView, 'expired' | 'expiration_estimate'>>> {
    const expiries = new Map<string, Pick<MaintenanceRecordView, 'expired' | 'expiration_estimate'>>();
    const today = this.today();
    for (const [patentNumber, held] of await readPatentFacts(this.db, patentNumbers)) {
      const assessment = this.assess(held, today);
      expiries.set(patentNumber, { expired: assessment.expiry.expired, expiration_estimate: estimateOf(assessment) });
    }
    return expiries;
  }

  async ofPatent(input: string): Promise<MaintenanceRecordView> {
    const patentNumber = requirePatentNumber(input);
    const held = (await readPatentFacts(this.db, [patentNumber])).get(patentNumber);
    if (!held) throw notFound(`No patent ${patentNumber} is on file.`);
    return recordOf(held, this.assess(held), await this.provenanceOf(judgingSourceOf(held.facts)));
  }

  /** The most rows a batch answer can hold: one per readable number (a bound that costs no query). */
  batchRowsAtMost(inputs: readonly unknown[]): number {
    return inputs.filter((input) => batchNumber(input) !== null).length;
  }

  /** The rows a batch answer will hold: one per readable number whose record answers, repeats included. */
  async batchRows(inputs: readonly unknown[]): Promise<number> {
    const numbers = inputs.flatMap((input) => batchNumber(input) ?? []);
    const granted = new Set(await findGrantedPatents(this.db, [...new Set(numbers)]));
    return numbers.filter((number) => granted.has(number)).length;
  }

  /**
   * Rows in request order, each patent read and assessed once however often it is asked for (its
   * facts in one call, 100 patents a statement). One today for the whole batch, so a batch that
   * straddles midnight does not judge its rows against two dates. `full` rows are the records the
   * single route answers; their provenance depends only on the file that judged them, so it is
   * worked out once per file, not once per patent. Unknown and unreadable entries are returned as
   * the caller wrote them, also one that is not a string at all: reported, not converted.
   */
  async batch(inputs: readonly unknown[], full: boolean) {
    const parsed = inputs.map((input) => ({ input, number: batchNumber(input) }));
    const held = await readPatentFacts(this.db, [...new Set(parsed.flatMap(({ number }) => number ?? []))]);
    const today = this.today();
    const provenanceByFile = new Map<string, Promise<Provenance>>();
    const provenanceOf = (source: JudgingSource) => {
      const file = `${source.product} ${source.file_date ?? ''}`;
      if (!provenanceByFile.has(file)) provenanceByFile.set(file, this.provenanceOf(source));
      return provenanceByFile.get(file)!;
    };
    const rows = new Map<string, MaintenanceSummaryView | MaintenanceRecordView>();
    for (const [number, patent] of held) {
      const assessment = this.assess(patent, today);
      rows.set(
        number,
        full ? recordOf(patent, assessment, await provenanceOf(judgingSourceOf(patent.facts))) : summaryOf(patent, assessment),
      );
    }
    const results: (MaintenanceSummaryView | MaintenanceRecordView)[] = [];
    const notFoundInputs: string[] = [];
    const invalid: unknown[] = [];
    for (const { input, number } of parsed) {
      const row = number ? rows.get(number) : undefined;
      if (!number) invalid.push(input);
      else if (!row) notFoundInputs.push(input as string);
      else results.push(row);
    }
    return { results, not_found: notFoundInputs, invalid, ...(await this.provenance.ofFamily([MAINTENANCE_FEE_PRODUCT])) };
  }
}

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
