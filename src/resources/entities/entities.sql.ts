/** What the entity endpoints read (migration 0011): entities, families, aliases and portfolio links. */
import type { Database, Queryable } from '../../db/database.js';
import type { StatusCategory } from '../../domain/status-categories.js';
import type { StatusBucket } from '../../domain/status-codes.js';

export interface EntityRow {
  entity_id: string;
  name: string;
  type: 'assignee' | 'inventor';
  city: string | null;
  state: string | null;
  country: string | null;
  family_id: string | null;
  applications: number;
  patents: number;
  pending: number;
}

const ENTITY_COLUMNS = /* SQL */ `entity_id, name, type, city, state, country, family_id, applications, patents, pending`;

export interface SearchHit extends EntityRow {
  /** 1: the name starts with the query; 2: a similar name (trigram). */
  tier: number;
  score: number;
}

/** A prefix as the range of keys starting with it (an index range on text_pattern_ops; the planner took the trigram index for LIKE). */
const rangeOf = (prefix: string): [string, string] => [
  prefix,
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1),
];

/** Names starting with either prefix (the query as a company and as a person's `LAST FIRST`), largest portfolios first. */
export async function searchByPrefix(
  db: Queryable,
  input: { prefixes: readonly [string, string]; type: string | null; limit: number },
): Promise<SearchHit[]> {
  const [[from1, to1], [from2, to2]] = [rangeOf(input.prefixes[0]), rangeOf(input.prefixes[1])];
  const { rows } = await db.query<SearchHit>(
    /* SQL */ `WITH matches AS (
                 SELECT entity_id, applications FROM entities WHERE search_key ~>=~ $1 AND search_key ~<~ $2 AND ($5::text IS NULL OR type = $5)
                 UNION
                 SELECT entity_id, applications FROM entities WHERE search_key ~>=~ $3 AND search_key ~<~ $4 AND ($5::text IS NULL OR type = $5)),
               top AS (SELECT entity_id FROM matches ORDER BY applications DESC, entity_id LIMIT $6)
               SELECT ${ENTITY_COLUMNS}, 1 AS tier, 1::real AS score FROM top JOIN entities USING (entity_id)
               ORDER BY applications DESC, entity_id`,
    [from1, to1, from2, to2, input.type, input.limit],
  );
  return rows;
}

/** How alike a name must be to be offered (pg_trgm's default of 0.3 let "SMITH JOHN" rank 25,000 names; 0.4 still 3,447 for "WILLIAMS AHMED", 0.5 477). */
const SIMILARITY_THRESHOLD = '0.5';

/** Names alike by trigram, most alike first, leaving out the ones already found by prefix. */
export async function searchBySimilarity(
  db: Database,
  input: { similarTo: string; except: readonly string[]; type: string | null; limit: number },
): Promise<SearchHit[]> {
  return db.transaction(async (tx) => {
    await tx.query(/* SQL */ `SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [SIMILARITY_THRESHOLD]);
    const { rows } = await tx.query<SearchHit>(
      /* SQL */ `SELECT ${ENTITY_COLUMNS}, 2 AS tier, similarity(search_key, $1) AS score FROM entities
                 WHERE search_key % $1 AND NOT (entity_id = ANY($2::text[])) AND ($3::text IS NULL OR type = $3)
                 ORDER BY score DESC, applications DESC, entity_id LIMIT $4`,
      [input.similarTo, input.except, input.type, input.limit],
    );
    return rows;
  });
}

export async function findEntity(db: Queryable, entityId: string): Promise<EntityRow | null> {
  const { rows } = await db.query<EntityRow>(/* SQL */ `SELECT ${ENTITY_COLUMNS} FROM entities WHERE entity_id = $1`, [entityId]);
  return rows[0] ?? null;
}

/** Up to `perEntity` spellings of each entity, in name order. */
export async function findAliases(db: Queryable, entityIds: readonly string[], perEntity: number): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ entity_id: string; aliases: string[] }>(
    /* SQL */ `SELECT entity_id, (array_agg(alias ORDER BY alias))[1:$2] AS aliases
               FROM entity_aliases WHERE entity_id = ANY($1::text[]) GROUP BY entity_id`,
    [entityIds, perEntity],
  );
  return new Map(rows.map((row) => [row.entity_id, row.aliases]));
}

export interface FamilyRow {
  family_id: string;
  name: string;
}

export async function findFamily(db: Queryable, familyId: string): Promise<FamilyRow | null> {
  const { rows } = await db.query<FamilyRow>(/* SQL */ `SELECT family_id, name FROM families WHERE family_id = $1`, [familyId]);
  return rows[0] ?? null;
}

export interface MemberRow extends EntityRow {
  basis: 'merger' | 'change_of_name' | 'near_identical_name';
  confidence: number;
}

export async function findMembers(db: Queryable, familyId: string): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    /* SQL */ `SELECT e.entity_id, e.name, e.type, e.city, e.state, e.country, e.family_id, e.applications, e.patents, e.pending,
                      m.basis, m.confidence
               FROM family_members m JOIN entities e USING (entity_id)
               WHERE m.family_id = $1 ORDER BY e.applications DESC, e.entity_id`,
    [familyId],
  );
  return rows;
}

/** A family's counts: distinct applications over its members (one application may link to two of them). */
export async function countFamily(db: Queryable, memberIds: readonly string[]) {
  const { rows } = await db.query<{ applications: number; patents: number; pending: number }>(
    /* SQL */ `SELECT count(*)::int AS applications, count(patent_number)::int AS patents,
                      (count(*) FILTER (WHERE bucket = 'pending'))::int AS pending
               FROM (SELECT DISTINCT ON (application_number) application_number, patent_number, bucket
                     FROM entity_links WHERE entity_id = ANY($1::text[])) AS distinct_links`,
    [memberIds],
  );
  return rows[0]!;
}

export interface PortfolioRow {
  application_number: string;
  role: 'applicant' | 'assignee' | 'inventor';
  confidence: number;
  patent_number: string | null;
  category: StatusCategory | null;
  bucket: StatusBucket | null;
  status_code: number | null;
  status_description: string | null;
  status_date: string | null;
  title: string | null;
  filing_date: string | null;
}

/** One row per application, its strongest link among the entities (one, or a family's members); newest serial first. */
export async function findPortfolioPage(
  db: Queryable,
  input: { entityIds: readonly string[]; category: string | null; before: string | null; limit: number },
): Promise<PortfolioRow[]> {
  const { rows } = await db.query<PortfolioRow>(
    // Each member's newest links by its own primary key (`entity_id = ANY` took a parallel scan of the application index), then merged.
    /* SQL */ `WITH links AS (
                 SELECT DISTINCT ON (l.application_number) l.application_number, l.role, l.confidence, l.patent_number, l.category, l.bucket
                 FROM unnest($1::text[]) AS member (entity_id)
                 CROSS JOIN LATERAL (
                   SELECT x.application_number, x.role, x.confidence, x.patent_number, x.category, x.bucket FROM entity_links x
                   WHERE x.entity_id = member.entity_id AND ($2::text IS NULL OR x.category = $2)
                     AND ($3::text IS NULL OR x.application_number < $3)
                   ORDER BY x.application_number DESC LIMIT $4) l
                 ORDER BY l.application_number DESC, CASE l.role WHEN 'applicant' THEN 0 WHEN 'assignee' THEN 1 ELSE 2 END, l.confidence DESC
                 LIMIT $4)
               SELECT links.*, a.status_code, a.status_description, a.status_date, a.title, a.filing_date
               FROM links LEFT JOIN applications a USING (application_number)
               ORDER BY links.application_number DESC`,
    [input.entityIds, input.category, input.before, input.limit],
  );
  return rows;
}

export interface PatentLinkRow {
  application_number: string;
  patent_number: string;
  grant_date: string | null;
  role: 'applicant' | 'assignee' | 'inventor';
  confidence: number;
  title: string | null;
}

/** Granted patents, newest grant first (then number), after the keyset. */
export async function findPatentPage(
  db: Queryable,
  input: { entityIds: readonly string[]; after: { grantDate: string; patentNumber: string } | null; limit: number },
): Promise<PatentLinkRow[]> {
  const { rows } = await db.query<PatentLinkRow>(
    // Each member's newest by its own index (entity_links_patents), then merged, as the portfolio page does.
    /* SQL */ `WITH links AS (
                 SELECT DISTINCT ON (COALESCE(l.grant_date, DATE '0001-01-01'), l.patent_number)
                        l.application_number, l.patent_number, l.grant_date, l.role, l.confidence
                 FROM unnest($1::text[]) AS member (entity_id)
                 CROSS JOIN LATERAL (
                   SELECT x.application_number, x.patent_number, x.grant_date, x.role, x.confidence FROM entity_links x
                   WHERE x.entity_id = member.entity_id AND x.patent_number IS NOT NULL
                     AND ($2::date IS NULL OR (COALESCE(x.grant_date, DATE '0001-01-01'), x.patent_number) < ($2::date, $3::text))
                   ORDER BY COALESCE(x.grant_date, DATE '0001-01-01') DESC, x.patent_number DESC LIMIT $4) l
                 ORDER BY COALESCE(l.grant_date, DATE '0001-01-01') DESC, l.patent_number DESC,
                          CASE l.role WHEN 'applicant' THEN 0 WHEN 'assignee' THEN 1 ELSE 2 END
                 LIMIT $4)
               SELECT links.*, a.title FROM links LEFT JOIN applications a USING (application_number)
               ORDER BY COALESCE(links.grant_date, DATE '0001-01-01') DESC, links.patent_number DESC`,
    [input.entityIds, input.after?.grantDate ?? null, input.after?.patentNumber ?? null, input.limit],
  );
  return rows;
}
