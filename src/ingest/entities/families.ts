/**
 * Families: the entities of one company, grouped where the data says so. A MERGER or CHANGE OF
 * NAME recordation joins its company assignors to its assignees; two company names at the same
 * city and country that differ by one keying error are joined too. Each member's `basis` and
 * `confidence` are those of its strongest edge. A family keeps the id it had when members join
 * or leave (the id most of its members already carry), else takes one from its first member.
 */
import type { Database } from '../../db/database.js';
import { connectedGroups } from '../../domain/connected-groups.js';
import { familyIdOf, nearIdentical } from '../../domain/entity-keys.js';
import * as sql from './families.sql.js';
import { lockResolver } from './resolve.sql.js';

export const EDGE_CONFIDENCE = { merger: 0.95, change_of_name: 0.98, near_identical_name: 0.85 } as const;

/** Near-identical names at the same place among the given companies and every other company; returns the edges added. */
export async function addNearIdenticalEdges(db: Database, companyIds: readonly string[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < companyIds.length; i += 500) {
    const candidates = await sql.findSimilarAtSamePlace(db, companyIds.slice(i, i + 500));
    const edges = candidates
      .filter((c) => nearIdentical(c.key, c.other_key))
      .map((c) => {
        const [from, to] = c.entity_id < c.other_id ? [c.entity_id, c.other_id] : [c.other_id, c.entity_id];
        return {
          entity_from: from,
          entity_to: to,
          basis: 'near_identical_name' as const,
          confidence: EDGE_CONFIDENCE.near_identical_name,
          evidence: `${c.name} ~ ${c.other_name}`,
          recorded_date: null,
        };
      });
    if (edges.length > 0) added += await db.transaction(async (tx) => sql.insertEdges(tx, edges));
  }
  return added;
}

/** Recomputes every family from the edges (they are few: one per merger, rename or keying error). */
export async function rebuildFamilies(db: Database, now: Date): Promise<{ families: number; members: number }> {
  return db.transaction(async (tx) => {
    await lockResolver(tx);
    const edges = await sql.findAllEdges(tx);
    const groups = connectedGroups(edges.map((edge) => [edge.entity_from, edge.entity_to] as const));
    const everyMember = groups.flat();
    const facts = new Map((await sql.findMemberFacts(tx, everyMember)).map((row) => [row.entity_id, row]));
    const strongest = new Map<string, sql.EdgeRow>();
    for (const edge of edges)
      for (const member of [edge.entity_from, edge.entity_to]) {
        const known = strongest.get(member);
        if (!known || edge.confidence > known.confidence) strongest.set(member, edge);
      }

    const families: { family_id: string; name: string }[] = [];
    const members: sql.MemberRow[] = [];
    const taken = new Set<string>();
    for (const group of groups) {
      if (group.length < 2) continue;
      const familyId = keptId(group, facts, taken) ?? familyIdOf(group[0]!);
      taken.add(familyId);
      families.push({ family_id: familyId, name: familyName(group, edges, facts) });
      for (const member of group) {
        const edge = strongest.get(member)!;
        members.push({ entity_id: member, family_id: familyId, basis: edge.basis, confidence: edge.confidence });
      }
    }
    await sql.replaceFamilies(tx, families, members, now);
    return { families: families.length, members: members.length };
  });
}

/** The family id most members already carry (so ids outlive a member joining or leaving). */
function keptId(group: readonly string[], facts: Map<string, { family_id: string | null }>, taken: Set<string>): string | null {
  const votes = new Map<string, number>();
  for (const member of group) {
    const id = facts.get(member)?.family_id;
    if (id && !taken.has(id)) votes.set(id, (votes.get(id) ?? 0) + 1);
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

/** The name the company goes by now: the survivor of its latest merger or rename, else its largest member. */
function familyName(
  group: readonly string[],
  edges: readonly sql.EdgeRow[],
  facts: Map<string, { name: string; applications: number }>,
): string {
  const inGroup = new Set(group);
  const latest = edges
    .filter((e) => e.basis !== 'near_identical_name' && inGroup.has(e.entity_to) && e.recorded_date !== null)
    .sort((a, b) => (a.recorded_date! < b.recorded_date! ? 1 : a.recorded_date! > b.recorded_date! ? -1 : 0))[0];
  const chosen = latest?.entity_to ?? [...group].sort((a, b) => (facts.get(b)?.applications ?? 0) - (facts.get(a)?.applications ?? 0))[0]!;
  return facts.get(chosen)?.name ?? chosen;
}
