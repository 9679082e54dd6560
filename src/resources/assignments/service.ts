import type { Queryable } from '../../db/database.js';
import type { ConveyanceType } from '../../domain/conveyance.js';
import { CURSOR_DATE, CursorCodec } from '../../domain/cursor.js';
import { invalidParameter, notFound } from '../../domain/errors.js';
import { normalizeName } from '../../domain/names.js';
import { currentOwner } from '../../domain/ownership.js';
import type { EntityService } from '../entities/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import { requireApplicationNumber, requirePatentNumber } from '../path-numbers.js';
import * as sql from './assignments.sql.js';

const ASSIGNMENT_PRODUCTS = ['PASDL', 'PASYR'] as const;
const REEL_FRAME = { kind: 'text', pattern: /^\d{6}\/\d{4}$/ } as const;

/** Keyset (recorded date, reel/frame) of the last recordation shown, bound to the list and its query. */
const COVERING_CURSOR = new CursorCodec('assignments-covering', { d: CURSOR_DATE, r: REEL_FRAME });
const ASSIGNEE_CURSOR = new CursorCodec('assignments-assignee', { d: CURSOR_DATE, r: REEL_FRAME });

/** A recordation as served (DESIGN.md D5). */
function assignmentView(row: sql.AssignmentRow) {
  const executed = row.assignors.map((a) => a.execution_date).filter((d): d is string => d !== null);
  return {
    reel_frame: row.reel_frame,
    recorded_date: row.recorded_date,
    execution_date: executed.length > 0 ? executed.reduce((a, b) => (a > b ? a : b)) : null,
    conveyance_type: row.conveyance_type as ConveyanceType,
    conveyance_text: row.conveyance_text,
    assignors: row.assignors.map((a) => ({ name: a.name, execution_date: a.execution_date })),
    assignees: row.assignees.map((a) => ({
      name: a.name,
      entity_id: a.entity_id,
      address: { ...a.address, lines: a.address.lines ?? [] },
    })),
    property_count: row.property_count,
    properties: row.properties,
  };
}

/** One page and its cursor: a row more than asked tells whether another page exists. */
function paged<C extends CursorCodec<{ d: typeof CURSOR_DATE; r: typeof REEL_FRAME }>>(
  rows: sql.AssignmentRow[],
  limit: number,
  cursor: C,
  scope: readonly (string | null)[],
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    assignments: page.map(assignmentView),
    next_cursor: rows.length > limit && last ? cursor.encode(scope, { d: last.recorded_date, r: last.reel_frame }) : null,
  };
}

/** Spec §4 "Prosecution and ownership": recordations by application, by patent and by assignee. */
export class AssignmentService {
  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly entities: EntityService,
  ) {}

  /** Recordations covering an application and the patent granted on it, with its current owner. */
  async ofApplication(input: { applicationNumber: string; limit: number; cursor?: string }) {
    const applicationNumber = requireApplicationNumber(input.applicationNumber);
    const numbers = await sql.resolveNumbers(this.db, { applicationNumber, patentNumber: null });
    if (!numbers.known) throw notFound(`No application ${applicationNumber} is on file, and no recordation names it.`);
    return this.covering(numbers, input);
  }

  async ofPatent(input: { patentNumber: string; limit: number; cursor?: string }) {
    const patentNumber = requirePatentNumber(input.patentNumber);
    const numbers = await sql.resolveNumbers(this.db, { applicationNumber: null, patentNumber });
    if (!numbers.known) throw notFound(`No patent ${patentNumber} is on file, and no recordation names it.`);
    return this.covering(numbers, input);
  }

  private async covering(numbers: sql.CoveredNumbers, input: { limit: number; cursor?: string }) {
    const scope = [numbers.application_number, numbers.patent_number];
    const after = COVERING_CURSOR.decode(input.cursor, scope);
    const [rows, chain] = await Promise.all([
      sql.findCoveringPage(this.db, { numbers, after: after ? { date: after.d, reelFrame: after.r } : null, limit: input.limit + 1 }),
      sql.findOwnershipChain(this.db, numbers),
    ]);
    const ownership = currentOwner(
      chain.map((row) => ({
        reelFrame: row.reel_frame,
        recordedDate: row.recorded_date,
        executedDate: row.executed_date,
        conveyanceType: row.conveyance_type as ConveyanceType,
        conveyanceText: row.conveyance_text,
        assignors: row.assignors,
        assignees: row.assignees,
        assignorKeys: row.assignor_keys,
        assigneeKeys: row.assignee_keys,
        assigneeEntityIds: row.assignee_entity_ids,
      })),
    );
    return {
      application_number: numbers.application_number,
      patent_number: numbers.patent_number,
      current_owner: ownership.owner,
      current_owner_reason: ownership.reason,
      security_interests: ownership.security_interests,
      ...paged(rows, input.limit, COVERING_CURSOR, scope),
      ...(await this.provenance.ofFamily(ASSIGNMENT_PRODUCTS)),
    };
  }

  /** Recordations an assignee received, newest first: by entity or family id, or by a prefix of the normalised name. */
  async byAssignee(input: { assignee: string; recorded_after?: string; limit: number; cursor?: string }) {
    const assignee = input.assignee.trim();
    const who: sql.AssigneeMatch = /^(ent|fam)_/.test(assignee)
      ? { entityIds: await this.entities.idsOf(assignee) }
      : { prefix: normalizeName(assignee) };
    if ('prefix' in who && who.prefix === '')
      throw invalidParameter({
        loc: ['query', 'assignee'],
        msg: 'The name has no letters or digits to match',
        type: 'assignee_format',
        input: input.assignee,
      });
    const scope = ['prefix' in who ? who.prefix : assignee, input.recorded_after ?? null];
    const after = ASSIGNEE_CURSOR.decode(input.cursor, scope);
    const rows = await sql.findByAssignee(this.db, {
      who,
      recordedAfter: input.recorded_after ?? null,
      after: after ? { date: after.d, reelFrame: after.r } : null,
      limit: input.limit + 1,
    });
    return { assignee, ...paged(rows, input.limit, ASSIGNEE_CURSOR, scope), ...(await this.provenance.ofFamily(ASSIGNMENT_PRODUCTS)) };
  }
}
