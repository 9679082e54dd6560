/**
 * How well entity resolution matched the generator's truth. Over the companies'
 * printed names, B-cubed precision and recall of the name → entity links: a name's precision is
 * the share of the names filed with it that belong to its company, its recall the share of its
 * company's names filed with it; both averaged over names. Families are scored by pairs: of the
 * entity pairs put in one family, the share that truly are one company or one family (precision),
 * and of the truth families' company pairs, the share put in one family (recall). Pure.
 */
import type { AssignmentTruth } from '../assignments/truth.js';

export interface ResolvedName {
  name: string;
  entityId: string;
  familyId: string | null;
}

export interface ResolutionScore {
  names: number;
  /** Names the resolution never filed (absent from the resolved list). */
  unresolved: number;
  precision: number;
  recall: number;
  familyPairs: number;
  familyPrecision: number | null;
  familyRecall: number | null;
}

export function scoreResolution(truth: Pick<AssignmentTruth, 'names' | 'families'>, resolved: readonly ResolvedName[]): ResolutionScore {
  const companyOf = new Map<string, string>();
  for (const entry of truth.names) if (entry.id.startsWith('company:')) companyOf.set(entry.name, entry.id);
  const byName = new Map<string, ResolvedName>();
  for (const r of resolved) if (companyOf.has(r.name) && !byName.has(r.name)) byName.set(r.name, r);

  const names = [...byName.keys()];
  const inEntity = group(names, (n) => byName.get(n)!.entityId);
  const inCompany = group(names, (n) => companyOf.get(n)!);
  let precision = 0;
  let recall = 0;
  for (const n of names) {
    const entity = inEntity.get(byName.get(n)!.entityId)!;
    const company = inCompany.get(companyOf.get(n)!)!;
    const both = entity.filter((m) => companyOf.get(m) === companyOf.get(n)).length;
    precision += both / entity.length;
    recall += both / company.length;
  }

  // Families: each entity stands for the company most of its names belong to.
  const familyOfCompany = new Map<string, number>();
  truth.families.forEach((family, i) => family.forEach((id) => familyOfCompany.set(id, i)));
  const companyOfEntity = new Map<string, string>();
  for (const [entityId, members] of inEntity) companyOfEntity.set(entityId, majority(members.map((m) => companyOf.get(m)!)));
  const oneCompany = (a: string, b: string) => a === b || (familyOfCompany.has(a) && familyOfCompany.get(a) === familyOfCompany.get(b));
  const families = group(
    [...companyOfEntity.keys()].filter((e) => familyIdOf(byName, e) !== null),
    (e) => familyIdOf(byName, e)!,
  );
  let pairs = 0;
  let right = 0;
  for (const members of families.values())
    for (let i = 0; i < members.length; i++)
      for (let j = i + 1; j < members.length; j++) {
        pairs += 1;
        if (oneCompany(companyOfEntity.get(members[i]!)!, companyOfEntity.get(members[j]!)!)) right += 1;
      }
  const familyOfResolvedCompany = new Map<string, Set<string>>();
  for (const [entityId, company] of companyOfEntity) {
    const family = familyIdOf(byName, entityId) ?? entityId;
    familyOfResolvedCompany.set(company, (familyOfResolvedCompany.get(company) ?? new Set()).add(family));
  }
  let truthPairs = 0;
  let found = 0;
  for (const family of truth.families) {
    const present = family.filter((id) => familyOfResolvedCompany.has(id));
    for (let i = 0; i < present.length; i++)
      for (let j = i + 1; j < present.length; j++) {
        truthPairs += 1;
        const a = familyOfResolvedCompany.get(present[i]!)!;
        if ([...familyOfResolvedCompany.get(present[j]!)!].some((f) => a.has(f))) found += 1;
      }
  }

  return {
    names: names.length,
    unresolved: companyOf.size - names.length,
    precision: names.length === 0 ? 1 : precision / names.length,
    recall: names.length === 0 ? 1 : recall / names.length,
    familyPairs: pairs,
    familyPrecision: pairs === 0 ? null : right / pairs,
    familyRecall: truthPairs === 0 ? null : found / truthPairs,
  };
}

function familyIdOf(byName: Map<string, ResolvedName>, entityId: string): string | null {
  for (const r of byName.values()) if (r.entityId === entityId) return r.familyId;
  return null;
}

function group<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

function majority(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}
