import type { Queryable } from '../../db/database.js';
import { CURSOR_DATE, CURSOR_DOC_NUMBER, CursorCodec } from '../../domain/cursor.js';
import { notFound } from '../../domain/errors.js';
import { requirePatentNumber } from '../path-numbers.js';
import type { CoverageService } from '../coverage/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import type { Static } from 'typebox';
import type { Provenance } from '../../domain/provenance.js';
import * as sql from './citations.sql.js';
import type { CitationsResponse } from './schemas.js';
import { FULL_TEXT_PRODUCTS } from '../../domain/products.js';
import { cursorKey } from '../cursor-key.js';

type CitationsBody = Static<typeof CitationsResponse>;
type BackwardItem = NonNullable<CitationsBody['backward']>['patents']['items'][number];

export type Direction = 'both' | 'backward' | 'forward';

/** Keyset (grant date, number) of the last forward citation shown; bound to the cited patent. */
const FORWARD_CURSOR = new CursorCodec('forward-citations', { d: CURSOR_DATE, n: CURSOR_DOC_NUMBER });

const GROUPS = ['patents', 'publications', 'foreign', 'npl'] as const;

/** DESIGN.md D7 item shapes; `category_detail` only on `other`; an unreadable reference is `{raw, defect}`. */
function item(row: sql.CitationRow): BackwardItem {
  const category: Pick<BackwardItem, 'category' | 'category_detail'> = {
    category: row.category,
    ...(row.category === 'other' ? { category_detail: row.category_detail } : {}),
  };
  switch (row.cited_group) {
    case 'patents':
      return { number: row.cited_number, kind: row.kind, name: row.name, date: row.cited_date, ...category };
    case 'publications':
      return { number: row.cited_number, name: row.name, date: row.cited_date, ...category };
    case 'foreign':
      return { country: row.country, number: row.cited_number, kind: row.kind, date: row.cited_date, ...category };
    case 'npl':
      return { text: row.npl_text, ...category };
    case 'defect':
      return { raw: row.raw, defect: row.defect, ...category };
  }
}

/** Groups with their tallies; an unreadable reference sits with the US patents, where the office printed it. */
function backwardGroups(rows: sql.CitationRow[]) {
  const groups = Object.fromEntries(
    GROUPS.map((group) => {
      const members = rows.filter((row) => row.cited_group === group || (group === 'patents' && row.cited_group === 'defect'));
      return [
        group,
        {
          count: members.length,
          examiner_count: members.filter((row) => row.category === 'examiner').length,
          applicant_count: members.filter((row) => row.category === 'applicant').length,
          items: members.map(item),
        },
      ];
    }),
  );
  return groups as Record<
    (typeof GROUPS)[number],
    { count: number; examiner_count: number; applicant_count: number; items: BackwardItem[] }
  >;
}

/** Citations of a patent both ways (spec §2 "Citations of a patent"). */
export class CitationService {
  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly coverage: CoverageService,
  ) {}

  /**
   * The rows an answer holds however short it is cut (D23): the whole backward list, plus the
   * first forward citation when the forward list is asked for and not empty.
   */
  async uncuttableRows(input: string, direction: Direction): Promise<number> {
    const counted = await sql.countCitations(this.db, requirePatentNumber(input));
    return (direction === 'forward' ? 0 : counted.backward) + (direction !== 'backward' && counted.forward ? 1 : 0);
  }

  /**
   * `maxRows` is what the caller can pay for (D15): the backward list is whole, the forward page
   * takes what is left of it. Returns the body and how many citation rows it holds.
   */
  async of(input: { patentNumber: string; direction: Direction; limit: number; cursor?: string; maxRows: number }) {
    const patentNumber = requirePatentNumber(input.patentNumber);
    const key = await cursorKey(this.db);
    const after = FORWARD_CURSOR.decode(key, input.cursor, [patentNumber]);
    const { grant, citations } = await sql.findBackward(this.db, patentNumber);
    if (!grant && !(await sql.patentIsKnown(this.db, patentNumber))) {
      throw notFound(`No patent ${patentNumber} is on file.`, await this.coverage.describe(FULL_TEXT_PRODUCTS.grants));
    }
    let rows = 0;
    const body: Omit<CitationsBody, keyof Provenance> = { patent_number: patentNumber };
    if (input.direction !== 'forward') {
      if (grant) {
        body.backward = backwardGroups(citations);
        rows += citations.length;
      } else {
        body.backward = null;
        body.detail = `The grant file of patent ${patentNumber} is not loaded. ${await this.coverage.describe(FULL_TEXT_PRODUCTS.grants)}`;
      }
    }
    if (input.direction !== 'backward') {
      const limit = Math.max(1, Math.min(input.limit, input.maxRows - rows));
      const page = await sql.findForwardPage(this.db, {
        patentNumber,
        after: after ? { date: after.d, number: after.n } : null,
        limit: limit + 1,
      });
      const shown = page.slice(0, limit);
      const last = shown.at(-1);
      body.forward = {
        count: await sql.countForward(this.db, patentNumber),
        patents: shown.map((row) => ({ ...row, categories: row.categories as BackwardItem['category'][] })),
        next_cursor:
          page.length > limit && last ? FORWARD_CURSOR.encode(key, [patentNumber], { d: last.grant_date, n: last.patent_number }) : null,
      };
      rows += shown.length;
    }
    const provenance = grant
      ? await this.provenance.ofRow({ product: grant.source_product, fileDate: grant.source_file_date }, [FULL_TEXT_PRODUCTS.grants])
      : await this.provenance.of(FULL_TEXT_PRODUCTS.grants);
    return { body: { ...body, ...provenance }, rows };
  }
}
