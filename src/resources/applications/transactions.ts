import type { Queryable } from '../../db/database.js';
import { CURSOR_DATE, CURSOR_INT4, CursorCodec } from '../../domain/cursor.js';
import { notFound } from '../../domain/errors.js';
import type { ProvenanceService } from '../provenance/service.js';
import * as sql from './applications.sql.js';
import { requireApplicationNumber } from '../path-numbers.js';
import { FILE_WRAPPER_PRODUCTS } from '../../domain/products.js';
import { cursorKey } from '../cursor-key.js';

/** Keyset (date, seq) of the last row shown; bound to the application and `since`. */
const CURSOR = new CursorCodec('transactions', { d: CURSOR_DATE, s: CURSOR_INT4 });

/** The prosecution timeline of one application, newest first (spec §4 "Prosecution"). */
export class TransactionService {
  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
  ) {}

  async page(input: { applicationNumber: string; since?: string; limit: number; cursor?: string }) {
    const applicationNumber = requireApplicationNumber(input.applicationNumber);
    const scope = [applicationNumber, input.since ?? null];
    const key = await cursorKey(this.db);
    const after = CURSOR.decode(key, input.cursor, scope);
    const source = await sql.applicationExists(this.db, applicationNumber);
    if (!source) throw notFound(`No application ${applicationNumber} is on file.`);
    // One row more than asked tells whether another page exists without a count query.
    const rows = await sql.findTransactionsPage(this.db, {
      applicationNumber,
      since: input.since ?? null,
      after: after ? { date: after.d, seq: after.s } : null,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      application_number: applicationNumber,
      transactions: page.map(({ date, code, description, event_type }) => ({ date, code, description, event_type })),
      next_cursor: rows.length > input.limit && last ? CURSOR.encode(key, scope, { d: last.date, s: last.seq }) : null,
      ...(await this.provenance.ofRow({ product: source.source_product, fileDate: source.source_file_date }, FILE_WRAPPER_PRODUCTS)),
    };
  }
}
