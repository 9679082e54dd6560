import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md §4: imports point one way, `domain` ← `db` ← `facts` ← `billing` ← `ingest/*` (the machinery
 * every product shares), `resources/*` ← `products/*` (one module per bulk product, and the registry
 * that lists them) ← `sync/` ← the composition root ← `http`, `mcp`, `worker` (and the route files of resources)
 * ← `commands` ← `cli.ts`; no import cycle between files or between folders. Test files are
 * left out: a test may reach across layers to set up its case.
 */
const SRC = resolve(import.meta.dirname);

/** Lower number = lower layer. Folders in one layer may not import each other unless `siblings` says so. */
function layerOf(file: string): { layer: number; group: string } {
  const path = relative(SRC, file);
  const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path.replace(/\.ts$/, '');
  // metrics.ts (prom-client definitions) sits at the bottom so billing, ingest, the worker and http can all count.
  if (top === 'domain' || top === 'version' || top === 'config' || top === 'metrics') return { layer: 0, group: 'domain' };
  if (top === 'db') return { layer: 1, group: 'db' };
  // A patent's facts gathered from every product's tables: read by ingest (detectors) and resources alike.
  if (top === 'facts') return { layer: 1.5, group: 'facts' };
  if (top === 'billing') return { layer: 2, group: 'billing' };
  if (top === 'context') return { layer: 2.5, group: 'context' };
  if (top === 'resources' && /\/routes\.ts$/.test(path)) return { layer: 5, group: 'http' };
  if (top === 'ingest' || top === 'resources') return { layer: 3, group: top };
  // Data comes in by product: each module is built on the ingest machinery; the registry lists them.
  if (top === 'products') return { layer: 3.3, group: 'products' };
  if (top === 'sync') return { layer: 3.6, group: 'sync' };
  if (top === 'services') return { layer: 4, group: 'services' };
  // MCP tools sit between the services and the HTTP app that mounts `/mcp` and documents them.
  if (top === 'mcp') return { layer: 4.5, group: 'mcp' };
  if (top === 'http' || top === 'worker') return { layer: 5, group: top };
  if (top === 'commands') return { layer: 6, group: 'commands' };
  if (top === 'cli') return { layer: 7, group: 'cli' };
  throw new Error(`${path}: no layer declared for this folder (add it to architecture.test.ts and DESIGN.md §4)`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports of a file (static and dynamic), resolved to .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    found.push(resolve(dirname(file), match[1]!).replace(/\.js$/, '.ts'));
  }
  return found;
}

const files = sourceFiles(SRC);
const edges = files.map((file) => ({ file, imports: importsOf(file) }));

/** Strongly connected components with more than one member (Tarjan), as sorted name lists. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

describe('architecture (DESIGN.md §4)', () => {
  it('no import points upward or across sibling folders of one layer', () => {
    const violations: string[] = [];
    for (const { file, imports } of edges) {
      const from = layerOf(file);
      for (const target of imports) {
        const to = layerOf(target);
        const upward = to.layer > from.layer;
        const sideways = to.layer === from.layer && to.group !== from.group;
        if (upward || sideways) violations.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('no cycle between files', () => {
    const graph = new Map(edges.map(({ file, imports }) => [relative(SRC, file), new Set(imports.map((t) => relative(SRC, t)))]));
    expect(cycles(graph)).toEqual([]);
  });

  it('no cycle between sibling folders (products/full-text ↔ products/grants would be one)', () => {
    // Files directly under src/ (cli, config, services, version) are nodes of their own.
    const folderOf = (file: string): string => relative(SRC, dirname(file)) || relative(SRC, file);
    const graph = new Map<string, Set<string>>();
    for (const { file, imports } of edges) {
      const from = folderOf(file);
      const targets = graph.get(from) ?? new Set<string>();
      for (const target of imports) {
        const to = folderOf(target);
        // A folder and its own subfolders are one unit (products/registry.ts names products/<product>/module.ts, which names its own files).
        const nested = to === from || to.startsWith(`${from}/`) || from.startsWith(`${to}/`);
        if (!nested) targets.add(to);
      }
      graph.set(from, targets);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it('the check sees real imports (it would catch a violation)', () => {
    expect(layerOf(join(SRC, 'domain/numbers.ts')).layer).toBeLessThan(layerOf(join(SRC, 'http/app.ts')).layer);
    expect(edges.find((e) => e.file.endsWith('http/app.ts'))?.imports.some((t) => t.endsWith('services.ts'))).toBe(true);
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });
});
