import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/domain/settings.js';
import { capabilities } from '../src/http/discovery/agent-guide.js';
import type { RouteEntry } from '../src/http/discovery/route-registry.js';
import { createTestApp, type TestContext } from './helpers/app.js';

/**
 * The documents a user reads name only what is served: every route README.md and docs/errors.md
 * mention is in the running service's OpenAPI document.
 */
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
/** `{n}` and `{application_number}` are the same path parameter. */
const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/$/, '');

/** "`GET /v1/x/{n}`", "`/v1/search`", "`POST /keys`" … in a Markdown text: method (if any) and path. */
function namedRoutes(markdown: string): { method: string | null; path: string }[] {
  return [...markdown.matchAll(/`(?:(GET|POST|PUT|PATCH|DELETE) )?(\/(?:v1|agent|keys|health|mcp|openapi|agents|\.well-known)[^`\s?]*)/g)]
    .map((m) => ({ method: m[1] ?? null, path: m[2]! }))
    .filter(({ path }) => path !== '/v1' && !path.includes('...'));
}

let ctx: TestContext;
let served: { method: string; path: string }[];
beforeAll(async () => {
  ctx = await createTestApp();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  served = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ method: method.toUpperCase(), path: shape(path) })),
  );
});
afterAll(async () => ctx?.close());

describe.each(['README.md', 'docs/errors.md'])('%s', (file) => {
  it('names only routes the service serves', () => {
    const named = namedRoutes(read(file));
    expect(named.length).toBeGreaterThan(3);
    const missing = named.filter(
      ({ method, path }) => !served.some((route) => route.path === shape(path) && (method === null || route.method === method)),
    );
    expect(missing).toEqual([]);
  });
});

describe("README's Configuration", () => {
  it('names every setting loadConfig reads (src/domain/settings.ts), and no other', () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('### Configuration'), readme.indexOf('### Embedded engine'));
    // The first cell of each row names one or several settings, e.g. `SMTP_HOST`, `SMTP_PORT` (587) …
    const named = [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(30);
    expect([...new Set(named)].sort()).toEqual(SETTINGS.map((setting) => setting.name).sort());
  });
});

describe('capabilities', () => {
  const entry = (tags: string[]) => ({ tags }) as RouteEntry;

  it('names the areas of the routes present, in a fixed order, and nothing for accounts and meta', () => {
    expect(capabilities([entry(['search']), entry(['account']), entry(['applications']), entry(['meta'])])).toBe(
      'status by application, patent or publication number, singly or in batches, keyword and classification search',
    );
    expect(capabilities([entry(['account'])])).toBe('');
  });

  it('names a tag it has no sentence for as it is, so a new area is never left out', () => {
    expect(capabilities([entry(['claims']), entry(['trademarks']), entry(['examiners'])])).toBe(
      'claims, abstracts and CPC classification, examiners, trademarks',
    );
  });
});
