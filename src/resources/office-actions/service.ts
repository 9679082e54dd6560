import type { Queryable } from '../../db/database.js';
import { CURSOR_DATE, CURSOR_INT4, CursorCodec } from '../../domain/cursor.js';
import { notFound } from '../../domain/errors.js';
import { actionDeadlines, type ActionDeadline } from '../../domain/action-deadlines.js';
import { listOfficeActions, type ListedAction } from '../../domain/office-action-list.js';
import { FILE_WRAPPER_PRODUCTS, OFFICE_ACTION_PRODUCTS } from '../../domain/products.js';
import { rejectionsOf, statutesOf } from '../../domain/rejections.js';
import type { ReplyDeadline } from '../../domain/reply-periods.js';
import { requireApplicationNumber } from '../path-numbers.js';
import { ReadCache } from '../read-cache.js';
import type { ProvenanceService } from '../provenance/service.js';
import * as sql from './office-actions.sql.js';
import { cursorKey } from '../cursor-key.js';

/** Keyset (mail date, place in the application's list oldest first) of the last action shown. */
const CURSOR = new CursorCodec('office-actions', { d: CURSOR_DATE, s: CURSOR_INT4 });

type Listed = ListedAction<sql.DocumentRow>;

function basisOf(deadline: ReplyDeadline, listed: readonly Listed[]) {
  if (deadline.rule === null || deadline.countsFrom === null) return null;
  const from = listed[deadline.countsFrom]!;
  return { rule: deadline.rule, counts_from: from.mailedDate, transaction: from.transaction, note: deadline.note };
}

function actionView(
  action: Listed,
  deadline: ActionDeadline,
  listed: readonly Listed[],
  sources: sql.OfficeActionSources,
  withText: boolean,
) {
  const document = action.document;
  const rows = document ? sources.rejections.filter((r) => r.document_id === document.documentId) : [];
  const facts = rows.map((r) => ({
    legalSection: r.legal_section,
    paragraph: r.paragraph,
    actionCategory: r.action_category,
    claims: r.claims,
    flaggedStatutes: r.flagged_statutes,
  }));
  const cited = document
    ? sources.citations
        .filter((c) => c.document_id === document.documentId)
        .map((c) => ({ legalSection: c.legal_section, actionCategory: c.action_category, reference: c.reference }))
    : [];
  return {
    mailed_date: action.mailedDate,
    type: action.type,
    document_code: document?.documentCode ?? null,
    document_id: document?.documentId ?? null,
    response_due_estimate: deadline.responseDueEstimate,
    response_due_max: deadline.responseDueMax,
    response_period_months: deadline.responsePeriodMonths,
    response_extendable: deadline.responseExtendable,
    restarts_period: deadline.restartsPeriod,
    basis: basisOf(deadline, listed),
    withdrawn: deadline.withdrawn,
    statutes: statutesOf(facts),
    rejections: rejectionsOf(facts, cited),
    sections: (document?.sections ?? []).map((section, i) =>
      withText ? { ...section, text: document?.sectionTexts?.[i] ?? '' } : section,
    ),
    text_available: document?.hasText ?? false,
    text_chars: document?.textChars ?? null,
    section_chars: document?.sectionChars ?? null,
    ...(withText ? { body_text: document?.bodyText ?? null } : {}),
  };
}

interface ListInput {
  applicationNumber: string;
  includeText: boolean;
  limit: number;
  cursor?: string;
}

type OfficeActionPage = Awaited<ReturnType<OfficeActionService['build']>>;

/** The office actions of one application with their deadlines, newest first (spec §4 "Prosecution", D4, D27). */
export class OfficeActionService {
  /** Pages without texts, until an ingest or a staleness change (answerVersion); with texts they are too large to keep. */
  private readonly pages: ReadCache<OfficeActionPage>;

  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly closures: ReadonlySet<string>,
  ) {
    this.pages = new ReadCache(() => provenance.answerVersion(), 20_000);
  }

  list(input: ListInput): Promise<OfficeActionPage> {
    const applicationNumber = requireApplicationNumber(input.applicationNumber);
    if (input.includeText) return this.build(applicationNumber, input);
    return this.pages.get(`${applicationNumber} ${input.limit} ${input.cursor ?? ''}`, () => this.build(applicationNumber, input));
  }

  private async build(applicationNumber: string, input: ListInput) {
    const scope = [applicationNumber];
    const key = await cursorKey(this.db);
    const after = CURSOR.decode(key, input.cursor, scope);
    const sources = await sql.findOfficeActionSources(this.db, applicationNumber, input.includeText);
    if (sources.held === null && sources.documents.length === 0)
      throw notFound(`No application ${applicationNumber} is on file, and no office action names it.`);
    const listed: Listed[] = listOfficeActions(sources.transactions, sources.documents);
    const deadlines = actionDeadlines(listed, sources.transactions, this.closures);
    // Newest first; the place in the oldest-first list breaks ties of a day.
    const order = listed.map((_, place) => place).reverse();
    const start =
      after === null
        ? 0
        : order.findIndex((place) => listed[place]!.mailedDate < after.d || (listed[place]!.mailedDate === after.d && place < after.s));
    const remaining = start < 0 ? [] : order.slice(start);
    const page = remaining.slice(0, input.limit);
    const last = page.at(-1);
    return {
      application_number: applicationNumber,
      office_actions: page.map((place) => actionView(listed[place]!, deadlines[place]!, listed, sources, input.includeText)),
      next_cursor:
        remaining.length > input.limit && last !== undefined ? CURSOR.encode(key, scope, { d: listed[last]!.mailedDate, s: last }) : null,
      ...(sources.held
        ? await this.provenance.ofRow({ product: sources.held.product, fileDate: sources.held.file_date }, FILE_WRAPPER_PRODUCTS)
        : await this.provenance.ofFamily(OFFICE_ACTION_PRODUCTS)),
    };
  }
}
