import type { Queryable } from '../../db/database.js';
import { latestPublicationKind } from '../../domain/numbers.js';
import { notFound } from '../../domain/errors.js';
import type { CoverageService } from '../coverage/service.js';
import { requirePatentNumber, requirePublicationNumber } from '../path-numbers.js';
import type { ProvenanceService } from '../provenance/service.js';
import * as sql from './claims.sql.js';
import { FULL_TEXT_PRODUCTS } from '../../domain/products.js';

/** Claims documents of grants and publications as printed (spec §2 "Claims document"). */
export class ClaimsService {
  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly coverage: CoverageService,
  ) {}

  private async view(row: sql.DocumentRow) {
    const live = row.claims.filter((claim) => !claim.canceled);
    return {
      doc_number: row.doc_number,
      doc_type: row.doc_type,
      kind: row.kind,
      application_number: row.application_number,
      date: row.date,
      title: row.title,
      abstract: row.abstract,
      cpc: row.cpc,
      claim_count: row.claims.length,
      independent_claims: live.filter((claim) => claim.dependent_on.length === 0).map((claim) => claim.number),
      canceled_claims: row.claims.filter((claim) => claim.canceled).map((claim) => claim.number),
      claims: row.claims,
      ...(await this.provenance.ofRow({ product: row.source_product, fileDate: row.source_file_date }, [row.source_product])),
    };
  }

  async ofPatent(input: string) {
    const number = requirePatentNumber(input);
    const row = await sql.findGrant(this.db, number);
    if (!row) throw notFound(`No grant full text for patent ${number} is loaded.`, await this.coverage.describe(FULL_TEXT_PRODUCTS.grants));
    return this.view(row);
  }

  /** Printed numbers name one kind; a bare number gives the latest kind loaded (A9 > A2 > A1). */
  async ofPublication(input: string) {
    const number = requirePublicationNumber(input);
    const rows = await sql.findPublications(this.db, number.bareKey);
    const kind = number.kind ?? latestPublicationKind(rows.map((row) => row.kind));
    const row = rows.find((candidate) => candidate.kind === kind);
    if (!row) {
      const shown = number.printed ?? `${number.year}/${number.serial}`;
      throw notFound(`No publication full text for ${shown} is loaded.`, await this.coverage.describe(FULL_TEXT_PRODUCTS.publications));
    }
    return this.view(row);
  }
}
