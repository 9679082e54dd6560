import type { Database } from '../../db/database.js';
import { CURSOR_DATE, CURSOR_DOC_NUMBER, CursorCodec } from '../../domain/cursor.js';
import { personKey, printedPerson } from '../../domain/entity-keys.js';
import { AppError, invalidParameter, notFound } from '../../domain/errors.js';
import { normalizeName } from '../../domain/names.js';
import type { MaintenanceService } from '../maintenance/service.js';
import type { ProvenanceService } from '../provenance/service.js';
import * as sql from './entities.sql.js';
import { cursorKey } from '../cursor-key.js';
import { NAME_PRODUCTS } from '../../domain/products.js';

/** The products whose names entity resolution reads: the answers' provenance is the freshest of them. */
const ALIASES_IN_SEARCH = 10;
const ALIASES_IN_RECORD = 100;

const PORTFOLIO_CURSOR = new CursorCodec('entity-applications', { a: CURSOR_DOC_NUMBER });
const PATENTS_CURSOR = new CursorCodec('entity-patents', { d: CURSOR_DATE, p: CURSOR_DOC_NUMBER });

/** An entity as served (DESIGN.md D8). */
function entityView(
  row: sql.EntityRow,
  aliases: readonly string[],
  counts = row as { applications: number; patents: number; pending: number },
) {
  return {
    entity_id: row.entity_id,
    name: row.name,
    type: row.type,
    aliases: [...aliases],
    location: { city: row.city, state: row.state, country: row.country },
    family_id: row.family_id,
    counts: { applications: counts.applications, patents: counts.patents, pending: counts.pending },
  };
}

/** What an id names: one entity, or a family and its members (a family id works wherever an entity id does). */
interface Target {
  id: string;
  entityIds: string[];
  entity: sql.EntityRow | null;
  family: sql.FamilyRow | null;
  members: sql.MemberRow[];
}

/** Spec §4 "Entities and statistics": search, the entity or family record, its applications and its patents. */
export class EntityService {
  constructor(
    private readonly db: Database,
    private readonly provenance: ProvenanceService,
    private readonly maintenance: MaintenanceService,
  ) {}

  async search(input: { q: string; type?: 'assignee' | 'inventor'; limit: number }) {
    const company = normalizeName(input.q);
    const person = printedPerson(input.q);
    const personal = person ? personKey(person) : '';
    if (company === '' && personal === '')
      throw invalidParameter({ loc: ['query', 'q'], msg: 'The query has no letters or digits to match', type: 'q_format', input: input.q });
    const type = input.type ?? null;
    const prefixed = await sql.searchByPrefix(this.db, { prefixes: [company || personal, personal || company], type, limit: input.limit });
    // Similar names fill what prefix matches leave; trigrams need three characters to say anything.
    const similar =
      prefixed.length < input.limit && company.length >= 3
        ? await sql.searchBySimilarity(this.db, {
            similarTo: company,
            except: prefixed.map((hit) => hit.entity_id),
            type,
            limit: input.limit - prefixed.length,
          })
        : [];
    const hits = [...prefixed, ...similar];
    const aliases = await sql.findAliases(
      this.db,
      hits.map((hit) => hit.entity_id),
      ALIASES_IN_SEARCH,
    );
    return {
      query: input.q,
      count: hits.length,
      results: hits.map((hit) => ({
        ...entityView(hit, aliases.get(hit.entity_id) ?? []),
        match: hit.tier === 1 ? ('prefix' as const) : ('similar' as const),
      })),
      ...(await this.provenance.ofFamily(NAME_PRODUCTS)),
    };
  }

  async record(id: string) {
    const target = await this.target(id);
    if (target.family) {
      const members = target.members;
      const aliases = await sql.findAliases(this.db, target.entityIds, ALIASES_IN_RECORD);
      const lead = members.find((m) => m.name === target.family!.name) ?? members[0]!;
      const counts = await sql.countFamily(this.db, target.entityIds);
      return {
        ...entityView(
          { ...lead, entity_id: target.family.family_id, name: target.family.name, family_id: target.family.family_id },
          [...new Set(members.flatMap((m) => aliases.get(m.entity_id) ?? []))].sort().slice(0, ALIASES_IN_RECORD),
          counts,
        ),
        members: members.map((m) => ({
          entity_id: m.entity_id,
          name: m.name,
          counts: { applications: m.applications, patents: m.patents, pending: m.pending },
          basis: m.basis,
          confidence: m.confidence,
        })),
        ...(await this.provenance.ofFamily(NAME_PRODUCTS)),
      };
    }
    const aliases = await sql.findAliases(this.db, [target.id], ALIASES_IN_RECORD);
    return { ...entityView(target.entity!, aliases.get(target.id) ?? []), ...(await this.provenance.ofFamily(NAME_PRODUCTS)) };
  }

  async applications(input: { id: string; status?: string; limit: number; cursor?: string }) {
    const target = await this.target(input.id);
    const scope = [target.id, input.status ?? null];
    const key = await cursorKey(this.db);
    const after = PORTFOLIO_CURSOR.decode(key, input.cursor, scope);
    const rows = await sql.findPortfolioPage(this.db, {
      entityIds: target.entityIds,
      category: input.status ?? null,
      before: after?.a ?? null,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      entity_id: target.id,
      applications: page.map((row) => ({
        application_number: row.application_number,
        title: row.title,
        filing_date: row.filing_date,
        status: {
          code: row.status_code,
          description: row.status_description,
          category: row.category,
          bucket: row.bucket,
          date: row.status_date,
        },
        patent_number: row.patent_number,
        role: row.role,
        confidence: row.confidence,
      })),
      next_cursor: rows.length > input.limit && last ? PORTFOLIO_CURSOR.encode(key, scope, { a: last.application_number }) : null,
      ...(await this.provenance.ofFamily(NAME_PRODUCTS)),
    };
  }

  async patents(input: { id: string; limit: number; cursor?: string }) {
    const target = await this.target(input.id);
    const scope = [target.id];
    const key = await cursorKey(this.db);
    const after = PATENTS_CURSOR.decode(key, input.cursor, scope);
    const rows = await sql.findPatentPage(this.db, {
      entityIds: target.entityIds,
      after: after ? { grantDate: after.d, patentNumber: after.p } : null,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    // A patent known only from a recordation (no grant date on file) has no expiry.
    const expiries = await this.maintenance.expiries(page.map((row) => row.patent_number));
    return {
      entity_id: target.id,
      patents: page.map((row) => ({
        patent_number: row.patent_number,
        application_number: row.application_number,
        title: row.title,
        grant_date: row.grant_date,
        role: row.role,
        confidence: row.confidence,
        expired: expiries.get(row.patent_number)?.expired ?? null,
        expiration_estimate: expiries.get(row.patent_number)?.expiration_estimate ?? null,
      })),
      next_cursor:
        rows.length > input.limit && last
          ? PATENTS_CURSOR.encode(key, scope, { d: last.grant_date ?? '0001-01-01', p: last.patent_number })
          : null,
      ...(await this.provenance.ofFamily(NAME_PRODUCTS)),
    };
  }

  private async target(id: string): Promise<Target> {
    if (id.startsWith('fam_')) {
      const family = await sql.findFamily(this.db, id);
      const members = family ? await sql.findMembers(this.db, id) : [];
      if (family && members.length > 0) return { id, entityIds: members.map((m) => m.entity_id), entity: null, family, members };
    } else if (id.startsWith('ent_')) {
      const entity = await sql.findEntity(this.db, id);
      if (entity) return { id, entityIds: [id], entity, family: null, members: [] };
    }
    throw notFound(`No entity ${id} is on file.`);
  }

  /** The entity ids an entity or family id stands for (404 when neither is on file): other resources filter by them. */
  async idsOf(id: string): Promise<string[]> {
    return (await this.target(id)).entityIds;
  }

  /** Whether an entity or family id is on file (a monitor may target it). */
  async exists(id: string): Promise<boolean> {
    try {
      await this.target(id);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return false;
      throw error;
    }
  }
}
