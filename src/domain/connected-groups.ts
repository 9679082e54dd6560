/**
 * The connected groups of a graph given by its edges (union–find): who belongs together when
 * A merged into B and B renamed itself C. Each group is listed in ascending order, groups by
 * their smallest member; lone members of an edge to themselves form a group of one. Pure.
 */
export function connectedGroups<T extends string | number>(edges: Iterable<readonly [T, T]>): T[][] {
  const parent = new Map<T, T>();
  const find = (x: T): T => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression: the next find of x is one step.
    parent.set(x, root);
    return root;
  };
  for (const [a, b] of edges) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const groups = new Map<T, T[]>();
  for (const x of [...parent.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const root = find(x);
    groups.set(root, [...(groups.get(root) ?? []), x]);
  }
  return [...groups.values()];
}
