import type { Queryable } from '../../db/database.js';
import { parseAnyApplicationNumber } from '../../domain/numbers.js';
import { statusCategory } from '../../domain/status-codes.js';
import { notFound } from '../../domain/errors.js';
import { listOfficeActions } from '../../domain/office-action-list.js';
import type { ProvenanceService } from '../provenance/service.js';
import { requireApplicationNumber, requirePatentNumber, requirePublicationNumber } from '../path-numbers.js';
import { CoalescedLookup } from '../coalesced-lookup.js';
import { ReadCache } from '../read-cache.js';
import type { RenderAnswer } from '../send-answer.js';
import * as sql from './applications.sql.js';
import { FILE_WRAPPER_PRODUCTS } from '../../domain/products.js';

function statusBlock(code: number | null, description: string | null) {
  return { code, description, category: statusCategory(code, description) };
}

/** D2: a continuity item describes the other application of the link. */
function linkItem(link: sql.ContinuityRow, applicationNumber: string) {
  return {
    application_number: applicationNumber,
    relationship: link.relationship,
    relationship_description: link.relationship_description,
    filing_date: link.filing_date,
    patent_number: link.patent_number,
    status: statusBlock(link.status_code, link.status_description),
  };
}

export type LookupKind = 'application' | 'patent' | 'publication';
export type Application = Awaited<ReturnType<typeof applicationView>>;

interface Lookup {
  /** One key per stored number, however the caller formatted it. */
  key: string;
  find: () => Promise<sql.ApplicationRow | null>;
  missing: string;
}

/** The Application object of one stored row (spec §2, DESIGN.md D2/D3). */
async function applicationView(row: sql.ApplicationRow, provenance: ProvenanceService) {
  const parents = row.links.filter((link) => link.direction === 'parent');
  const children = row.links.filter((link) => link.direction === 'child');
  return {
    application_number: row.application_number,
    status: { ...statusBlock(row.status_code, row.status_description), date: row.status_date },
    patent_number: row.patent_number,
    grant_date: row.grant_date,
    publication_number: row.publication_number,
    publication_date: row.publication_date,
    title: row.title,
    application_type: row.application_type,
    filing_date: row.filing_date,
    effective_filing_date: row.effective_filing_date,
    applicant_name: row.applicant_name,
    applicant_entity_id: row.applicant_entity_id,
    examiner_name: row.examiner_name,
    art_unit: row.art_unit,
    entity_status: currentEntityStatus(row),
    cpc: row.cpc,
    pta_days: row.pta_days,
    continuity: {
      parents: parents.map((link) => ({ ...linkItem(link, link.parent_number), child_application_number: link.child_number })),
      children: children.map((link) => ({ ...linkItem(link, link.child_number), parent_application_number: link.parent_number })),
    },
    counts: {
      transactions: row.transaction_count,
      office_actions: listOfficeActions(row.oa_mailings ?? [], row.oa_documents ?? []).length,
      assignments: row.assignment_count,
      ptab_proceedings: row.ptab_proceeding_count,
      parents: parents.length,
      children: children.length,
    },
    ...(await provenance.ofRow({ product: row.source_product, fileDate: row.source_file_date }, FILE_WRAPPER_PRODUCTS)),
  };
}

/** Reads applications and maps rows to the Application object. */
export class ApplicationService {
  private readonly rows: ReadCache<sql.ApplicationRow | null>;
  private readonly answers: ReadCache<string>;
  private readonly byNumber: CoalescedLookup<sql.ApplicationRow>;

  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
  ) {
    this.rows = new ReadCache(() => provenance.dataVersion());
    this.answers = new ReadCache(() => provenance.answerVersion());
    this.byNumber = new CoalescedLookup((numbers) => sql.findApplicationsByNumber(this.db, numbers));
  }

  /** Where a lookup by one kind of number reads its row, and what it says when none is on file. */
  private lookup(kind: LookupKind, input: string): Lookup {
    if (kind === 'application') {
      const number = requireApplicationNumber(input);
      return {
        key: `a:${number}`,
        find: () => this.byNumber.get(number),
        missing: `No application ${number} is on file.`,
      };
    }
    if (kind === 'patent') {
      const number = requirePatentNumber(input);
      return { key: `p:${number}`, find: () => sql.findApplicationByPatent(this.db, number), missing: `No patent ${number} is on file.` };
    }
    const number = requirePublicationNumber(input);
    return {
      key: `u:${number.bareKey}:${number.printed ?? ''}`,
      find: () => sql.findApplicationByPublication(this.db, number.bareKey, number.printed),
      missing: `No publication ${number.printed ?? `${number.year}/${number.serial}`} is on file.`,
    };
  }

  private async application(lookup: Lookup) {
    const row = await this.rows.get(lookup.key, lookup.find);
    if (!row) throw notFound(lookup.missing);
    return applicationView(row, this.provenance);
  }

  /**
   * The finished answer, rendered once per number until the data or its staleness changes: a
   * repeated lookup neither rebuilds nor re-serializes the Application.
   */
  answer(kind: LookupKind, input: string, render: RenderAnswer<Application>): Promise<string> {
    const lookup = this.lookup(kind, input);
    return this.answers.get(lookup.key, async () => render(await this.application(lookup)));
  }

  /** The most rows a batch answer can hold: one per readable number (a bound that costs no query). */
  batchRowsAtMost(inputs: readonly unknown[]): number {
    return inputs.filter((input) => batchNumber(input) !== null).length;
  }

  /** The rows a batch answer will hold: one per readable number on file, repeats included. */
  async batchRows(inputs: readonly unknown[]): Promise<number> {
    const numbers = inputs.flatMap((input) => batchNumber(input) ?? []);
    const held = new Set(await sql.findHeldNumbers(this.db, [...new Set(numbers)]));
    return numbers.filter((number) => held.has(number)).length;
  }

  /**
   * Rows in request order; unknown and unreadable numbers returned as the caller wrote them, also
   * an entry that is not a string at all (`null`, `17248024` as a JSON number): it is reported, not converted.
   */
  async batchStatus(inputs: readonly unknown[]) {
    const parsed = inputs.map((input) => ({ input, number: batchNumber(input) }));
    const wanted = [...new Set(parsed.flatMap((p) => (p.number ? [p.number] : [])))];
    const found = new Map((await sql.findStatuses(this.db, wanted)).map((row) => [row.application_number, row]));
    const results = [];
    const notFoundInputs: string[] = [];
    const invalid: unknown[] = [];
    for (const { input, number } of parsed) {
      const row = number ? found.get(number) : undefined;
      if (!number) invalid.push(input);
      else if (!row) notFoundInputs.push(input as string);
      else {
        results.push({
          application_number: row.application_number,
          status: { ...statusBlock(row.status_code, row.status_description), date: row.status_date },
          patent_number: row.patent_number,
          publication_number: row.publication_number,
          applicant_name: row.applicant_name,
        });
      }
    }
    return { results, not_found: notFoundInputs, invalid, ...(await this.provenance.ofFamily(FILE_WRAPPER_PRODUCTS)) };
  }
}

/**
 * The fee file's status when it was first seen in a file newer than the one the file wrapper
 * row came from (ARCHITECTURE.md): owners change status when paying fees, long after prosecution.
 */
function currentEntityStatus(row: sql.ApplicationRow): sql.ApplicationRow['entity_status'] {
  if (row.fee_entity_status !== null && row.fee_entity_status_since !== null && row.fee_entity_status_since > row.source_file_date) {
    return row.fee_entity_status;
  }
  return row.entity_status;
}

/** A batch entry's application number (PCT included), or null when it is not a readable string. */
function batchNumber(input: unknown): string | null {
  return typeof input === 'string' ? parseAnyApplicationNumber(input) : null;
}
