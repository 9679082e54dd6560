import type { Database, Queryable } from '../../db/database.js';
import { CURSOR_DATE, CURSOR_DOC_NUMBER, CursorCodec } from '../../domain/cursor.js';
import { addYears } from '../../domain/dates.js';
import { DEADLINE_KINDS } from '../../domain/docket.js';
import { AppError, invalidParameter, type ValidationIssue } from '../../domain/errors.js';
import { parseApplicationNumber, parsePatentNumber } from '../../domain/numbers.js';
import { FILE_WRAPPER_PRODUCTS, FULL_TEXT_PRODUCTS, MAINTENANCE_FEE_PRODUCT, OFFICE_ACTION_PRODUCTS } from '../../domain/products.js';
import { toEasternDate } from '../../domain/provenance.js';
import { computeQueued } from '../../facts/docket.js';
import { cursorKey } from '../cursor-key.js';
import type { EntityService } from '../entities/service.js';
import type { MonitorService } from '../monitors/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import { listOf, readEntityRef } from '../query-lists.js';
import * as sql from './deadlines.sql.js';

/** Keyset: due date, application, the deadline's key within it (`k` is the codec's own member). */
const CURSOR = new CursorCodec('deadlines', {
  d: CURSOR_DATE,
  a: CURSOR_DOC_NUMBER,
  i: { kind: 'text', pattern: /^[a-z_]{1,40}(:[A-Za-z0-9._-]{1,40}){0,3}$/ },
});

/** The products a docket reads; its provenance is the freshest of them, each row names its own. */
const DOCKET_PRODUCTS = [...FILE_WRAPPER_PRODUCTS, ...OFFICE_ACTION_PRODUCTS, MAINTENANCE_FEE_PRODUCT, FULL_TEXT_PRODUCTS.grants];

const SELECTORS = ['application_numbers', 'patent_numbers', 'entity_id', 'monitor_id'] as const;

export interface DeadlineQuery {
  application_numbers?: string;
  patent_numbers?: string;
  entity_id?: string;
  monitor_id?: string;
  from?: string;
  to?: string;
  kinds?: string;
  limit: number;
  cursor?: string;
}

interface Selection {
  matters: sql.Matters;
  notFound: string[];
  /** What the cursor is bound to: the selector and its normalized values. */
  scope: string;
}

function deadlineView(row: sql.DeadlineRow) {
  return {
    deadline_id: `${row.application_number}:${row.key}`,
    application_number: row.application_number,
    patent_number: row.patent_number,
    kind: row.kind,
    action_type: row.action_type,
    window: row.fee_window,
    due_date: row.due_date,
    last_date: row.last_date,
    opens: row.opens,
    extendable: row.extendable,
    if_missed: row.if_missed,
    basis: {
      rule: row.basis.rule,
      counts_from: row.basis.countsFrom,
      transaction: row.basis.transaction,
      note: row.basis.note,
    },
    source: { product: row.source_product, file_date: row.source_file_date },
  };
}

export type DeadlineView = ReturnType<typeof deadlineView>;

/**
 * The docket (beyond the spec): the open deadlines of a set of matters, soonest first. Reads the
 * kept rows (facts/docket.ts); applications still queued among the matters are computed first, so
 * an answer never shows deadlines older than the data.
 */
export class DeadlineService {
  constructor(
    /** The primary: queued applications are computed and written before the read. */
    private readonly db: Database,
    private readonly readDb: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly entities: EntityService,
    private readonly monitors: MonitorService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A query read and checked, nothing of the docket read: one selector whose numbers read and whose
   * entity or monitor exists, the window in order, kinds that exist (a calendar feed checks its
   * saved query with it).
   */
  async check(query: Omit<DeadlineQuery, 'limit' | 'cursor'>, orgId: string) {
    const selection = await this.select(query, orgId);
    const today = toEasternDate(this.now());
    const from = query.from ?? today;
    const to = query.to ?? addYears(from, 1);
    if (to < from)
      throw invalidParameter({ loc: ['query', 'to'], msg: `Must be on or after from (${from})`, type: 'date_order', input: to });
    const kinds = listOf(
      'kinds',
      query.kinds,
      (k) => ((DEADLINE_KINDS as readonly string[]).includes(k) ? k : null),
      'a deadline kind',
    ) ?? [...DEADLINE_KINDS];
    return { selection, today, from, to, kinds };
  }

  async page(query: DeadlineQuery, orgId: string) {
    const { selection, today, from, to, kinds } = await this.check(query, orgId);
    const scope = [selection.scope, from, to, JSON.stringify([...kinds].sort())];
    const key = await cursorKey(this.readDb);
    const after = CURSOR.decode(key, query.cursor, scope);
    const queued = await sql.findQueuedMatters(this.db, selection.matters);
    await computeQueued(this.db, queued, this.now());
    // Rows just written are read where they were written: a replica may not have them yet.
    const reader = queued.length > 0 ? this.db : this.readDb;
    const rows = await sql.findDeadlinePage(reader, { ...selection.matters, from, to, kinds, today, after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      deadlines: page.map(deadlineView),
      next_cursor:
        rows.length > query.limit && last ? CURSOR.encode(key, scope, { d: last.due_date, a: last.application_number, i: last.key }) : null,
      window: { from, to },
      not_found: selection.notFound,
      ...(await this.provenance.ofFamily(DOCKET_PRODUCTS)),
    };
  }

  /** The matters of exactly one selector (a 422 naming the others, or asking for one). */
  private async select(query: Omit<DeadlineQuery, 'limit' | 'cursor'>, orgId: string): Promise<Selection> {
    const given = SELECTORS.filter((name) => query[name] !== undefined);
    if (given.length !== 1) {
      const issue: ValidationIssue = {
        loc: ['query', ...(given.length > 1 ? [given[1]!] : [])],
        msg: `Give exactly one of ${SELECTORS.join(', ')}${given.length > 1 ? ` (given: ${given.join(', ')})` : ''}`,
        type: given.length > 1 ? 'too_many_alternatives' : 'missing',
        input: Object.fromEntries(given.map((name) => [name, query[name]])),
      };
      throw new AppError('validation_error', undefined, [issue]);
    }
    const selector = given[0]!;
    if (selector === 'application_numbers') {
      const numbers = listOf(selector, query.application_numbers, parseApplicationNumber, 'an application number')!;
      const held = await sql.findHeldApplications(this.readDb, numbers);
      return {
        matters: { applicationNumbers: numbers.filter((n) => held.has(n)), entityIds: [] },
        notFound: numbers.filter((n) => !held.has(n)),
        scope: JSON.stringify([selector, numbers]),
      };
    }
    if (selector === 'patent_numbers') {
      const patents = listOf(selector, query.patent_numbers, parsePatentNumber, 'a patent number')!;
      const applications = await sql.findApplicationsOfPatents(this.readDb, patents);
      return {
        matters: { applicationNumbers: [...new Set(applications.values())], entityIds: [] },
        notFound: patents.filter((p) => !applications.has(p)),
        scope: JSON.stringify([selector, patents]),
      };
    }
    if (selector === 'entity_id') {
      const id = readEntityRef(query.entity_id!.trim());
      if (id === null)
        throw invalidParameter({
          loc: ['query', selector],
          msg: 'Not an entity or family id',
          type: 'entity_id_format',
          input: query.entity_id,
        });
      return {
        matters: { applicationNumbers: [], entityIds: await this.entities.idsOf(id) },
        notFound: [],
        scope: JSON.stringify([selector, id]),
      };
    }
    const monitorId = query.monitor_id!.trim();
    const targets = await this.monitors.targetsOf(orgId, monitorId);
    const applications = await sql.findApplicationsOfPatents(this.readDb, targets.patent_numbers);
    // An entity merged away since the monitor was made watches nothing more: it is skipped, not an error.
    const entityIds = await Promise.all(targets.entity_ids.map((id) => this.entities.idsOf(id).catch(unlessNotFound)));
    return {
      matters: {
        applicationNumbers: [...new Set([...targets.application_numbers, ...applications.values()])],
        entityIds: [...new Set(entityIds.flat())],
      },
      notFound: [],
      scope: JSON.stringify([selector, monitorId]),
    };
  }
}

function unlessNotFound(error: unknown): string[] {
  if (error instanceof AppError && error.code === 'not_found') return [];
  throw error;
}
