import type { Queryable } from '../../db/database.js';
import type { ConveyanceType } from '../../domain/conveyance.js';
import { CURSOR_DATE, CursorCodec, type CursorKey } from '../../domain/cursor.js';
import { invalidParameter, notFound } from '../../domain/errors.js';
import { type EvidenceSource, unionOf } from '../../domain/evidence.js';
import { normalizeName } from '../../domain/names.js';
import { currentOwner, type Recordation } from '../../domain/ownership.js';
import type { EntityService } from '../entities/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import { requireApplicationNumber, requirePatentNumber } from '../path-numbers.js';
import * as sql from './assignments.sql.js';
import * as copies from './file-wrapper-recordations.sql.js';
import type { AssigneeMatch } from './recordation-columns.sql.js';
import { cursorKey } from '../cursor-key.js';
import { ASSIGNMENT_PRODUCTS } from '../../domain/products.js';

const REEL_FRAME = { kind: 'text', pattern: /^\d{6}\/\d{4}$/ } as const;

/** Keyset (recorded date, reel/frame) of the last recordation shown, bound to the list and its query. */
const COVERING_CURSOR = new CursorCodec('assignments-covering', { d: CURSOR_DATE, r: REEL_FRAME });
const ASSIGNEE_CURSOR = new CursorCodec('assignments-assignee', { d: CURSOR_DATE, r: REEL_FRAME });

/** The file a copy of a recordation was read from: the assignment files' (PASDL, PASYR) or a file wrapper's (PTFWPRD, PTFWPRE). */
const sourceOf = (row: { source_product: string; source_file_date: string }) => ({
  product: row.source_product,
  file_date: row.source_file_date,
});

/** Newest recorded first, as every list is served; the reel/frame orders one day's. */
function newestFirst(a: { recorded_date: string; reel_frame: string }, b: { recorded_date: string; reel_frame: string }): number {
  if (a.recorded_date !== b.recorded_date) return a.recorded_date < b.recorded_date ? 1 : -1;
  return a.reel_frame < b.reel_frame ? 1 : a.reel_frame > b.reel_frame ? -1 : 0;
}

function recordationOf(row: sql.ChainRow): Recordation {
  return {
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
  };
}

/** A recordation as served (DESIGN.md D5), naming the product its copy came from. */
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
    source: sourceOf(row),
  };
}

/** One page and its cursor; `more` when another page exists. */
function paged<C extends CursorCodec<{ d: typeof CURSOR_DATE; r: typeof REEL_FRAME }>>(
  page: sql.AssignmentRow[],
  more: boolean,
  cursor: { codec: C; key: CursorKey },
  scope: readonly (string | null)[],
) {
  const last = page.at(-1);
  return {
    assignments: page.map(assignmentView),
    next_cursor: more && last ? cursor.codec.encode(cursor.key, scope, { d: last.recorded_date, r: last.reel_frame }) : null,
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

  /**
   * Both products' recordations covering the numbers, one copy of each reel/frame (domain/evidence.ts,
   * rule `recordations`), read whole: the current owner is judged on all of them, and the page is cut
   * from the same list, so a recordation is on one page whichever product holds it.
   */
  private async covering(numbers: sql.CoveredNumbers, input: { limit: number; cursor?: string }) {
    const scope = [numbers.application_number, numbers.patent_number];
    const key = await cursorKey(this.db);
    const after = COVERING_CURSOR.decode(key, input.cursor, scope);
    const [recorded, bagged] = await Promise.all([
      sql.findOwnershipChain(this.db, numbers),
      copies.findBagChain(this.db, numbers.application_number),
    ]);
    const chain = unionOf('recordations', { assignments: recorded, file_wrapper: bagged }, (r) => r.reel_frame).sort(newestFirst);
    const ownership = currentOwner(chain.map(recordationOf));
    const owned = ownership.owner && chain.find((r) => r.reel_frame === ownership.owner!.reel_frame);
    const listed = after ? chain.filter((r) => newestFirst(r, { recorded_date: after.d, reel_frame: after.r }) > 0) : chain;
    const page = await this.served(listed.slice(0, input.limit), numbers.application_number);
    return {
      application_number: numbers.application_number,
      patent_number: numbers.patent_number,
      current_owner: ownership.owner && owned ? { ...ownership.owner, source: sourceOf(owned) } : null,
      current_owner_reason: ownership.reason,
      security_interests: ownership.security_interests,
      ...paged(page, listed.length > input.limit, { codec: COVERING_CURSOR, key }, scope),
      ...(await this.provenance.ofFamily(ASSIGNMENT_PRODUCTS)),
    };
  }

  /** The served copies of a page, in its order, each from the product the union took it from. */
  private async served(items: readonly { reel_frame: string; from: EvidenceSource }[], application: string | null) {
    const from = (source: EvidenceSource) => items.filter((i) => i.from === source).map((i) => i.reel_frame);
    const rows = await Promise.all([
      sql.findAssignments(this.db, from('assignments')),
      copies.findBagRecordations(this.db, from('file_wrapper'), application),
    ]);
    const byReelFrame = new Map(rows.flat().map((row) => [row.reel_frame, row]));
    // A recordation deleted since the list was read is left out rather than served half.
    return items.flatMap((i) => byReelFrame.get(i.reel_frame) ?? []);
  }

  /** Recordations an assignee received, newest first: by entity or family id, or by a prefix of the normalised name. */
  async byAssignee(input: { assignee: string; recorded_after?: string; limit: number; cursor?: string }) {
    const assignee = input.assignee.trim();
    const who: AssigneeMatch = /^(ent|fam)_/.test(assignee)
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
    const key = await cursorKey(this.db);
    const after = ASSIGNEE_CURSOR.decode(key, input.cursor, scope);
    const query = {
      who,
      recordedAfter: input.recorded_after ?? null,
      after: after ? { date: after.d, reelFrame: after.r } : null,
      limit: input.limit + 1,
    };
    const [recorded, bagged] = await Promise.all([sql.findByAssignee(this.db, query), copies.findBagByAssignee(this.db, query)]);
    const rows = unionOf('recordations', { assignments: recorded, file_wrapper: bagged }, (r) => r.reel_frame).sort(newestFirst);
    return {
      assignee,
      ...paged(rows.slice(0, input.limit), rows.length > input.limit, { codec: ASSIGNEE_CURSOR, key }, scope),
      ...(await this.provenance.ofFamily(ASSIGNMENT_PRODUCTS)),
    };
  }
}
