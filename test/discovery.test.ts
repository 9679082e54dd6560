import SwaggerParser from '@apidevtools/swagger-parser';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { readFileSync } from 'node:fs';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../src/domain/errors.js';
import type { App } from '../src/http/app.js';
import { upsertProductState } from '../src/db/product-state.sql.js';
import { createTestApp, fundedKey, signUp, type TestContext } from './helpers/app.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const ENGINE = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const PROBE_SUMMARY = 'Probe one application (test route)';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A small data route, as the real `/v1` resources register theirs. */
function probeRoute(app: App): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/v1/probe/:application_number',
    {
      config: { cost: '1 unit' },
      schema: {
        summary: PROBE_SUMMARY,
        params: Type.Object({ application_number: Type.String({ pattern: '^[0-9]{8}$', description: 'Eight digits' }) }),
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) }),
        response: { 200: Type.Object({ application_number: Type.String(), limit: Type.Integer() }) },
      },
    },
    async (request) => ({ application_number: request.params.application_number, limit: request.query.limit ?? 100 }),
  );
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
}
interface OpenApiDoc {
  openapi: string;
  info: { version: string; title: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** "`METHOD /path`" for every operation of the OpenAPI document, paths in Fastify's `:param` form. */
function documentedRoutes(doc: OpenApiDoc): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => HTTP_METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** The routes a Markdown document lists as endpoint bullets ("- `GET /path`: …"). */
function listedRoutes(markdown: string): string[] {
  return [...markdown.matchAll(/^- `([A-Z]+ \/[^`]*)`:/gm)].map((match) => match[1]!);
}

let ctx: TestContext;
let doc: OpenApiDoc;
beforeAll(async () => {
  ctx = await createTestApp({ routes: probeRoute });
  doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDoc>();
});
afterAll(async () => ctx?.close());

describe('GET /health', () => {
  it('answers without a key: status, version, engine, no products yet, time', async () => {
    const before = Date.now();
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.headers['x-credits-remaining']).toBeUndefined();
    const body = response.json<{ status: string; version: string; engine: string; products: unknown[]; time: string }>();
    expect(body).toStrictEqual({
      status: 'ok',
      ready: true,
      version: PACKAGE_VERSION,
      engine: ENGINE,
      database: { reachable: true, latency_ms: expect.any(Number) },
      replica: null,
      products: [],
      time: expect.any(String),
    });
    expect(body.version).toBe('0.1.0');
    expect(body.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const time = Date.parse(body.time);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
  });

  describe('with loaded products', () => {
    const DAY = 86_400_000;
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    const eastern = (instant: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
    let fresh: TestContext;
    beforeAll(async () => {
      // A fresh app: the provenance cache (5 s) of the other one already holds "no products".
      fresh = await createTestApp();
      // A daily product's file ten days old has missed at least six business days: stale.
      await upsertProductState(fresh.db, {
        product: 'PTFWPRD',
        fileDate: eastern(new Date(Date.now() - 10 * DAY)),
        fileName: 'ptfwprd-daily.zip',
        ingestedAt: threeDaysAgo,
      });
      // The weekly maintenance-fee product may be a week plus a day old before it is stale: three days is fresh.
      await upsertProductState(fresh.db, {
        product: 'PTMNFEE2',
        fileDate: eastern(threeDaysAgo),
        fileName: 'MaintFeeEvents.zip',
        ingestedAt: threeDaysAgo,
      });
    });
    afterAll(async () => fresh?.close());

    it('lists each product with file_date, as_of (Eastern date of the ingest) and stale', async () => {
      const response = await fresh.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-credits-charged']).toBe('0');
      expect(response.json().products).toStrictEqual([
        {
          product: 'PTFWPRD',
          file_date: eastern(new Date(Date.now() - 10 * DAY)),
          as_of: eastern(threeDaysAgo),
          stale: true,
          last_sync_at: null,
          watermark: null,
        },
        {
          product: 'PTMNFEE2',
          file_date: eastern(threeDaysAgo),
          as_of: eastern(threeDaysAgo),
          stale: false,
          last_sync_at: null,
          watermark: null,
        },
      ]);
      expect(response.json().engine).toBe(ENGINE);
    });
  });
});

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.0.3 document of version 0.1.0', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-credits-charged']).toBe('0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toMatchObject({ openapi: '3.0.3' });
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc.servers).toEqual([{ url: 'https://patents.example.test' }]);
  });

  it('describes exactly the registered routes', () => {
    const operations = Object.fromEntries(
      Object.entries(doc.paths).map(([path, item]) => [path, Object.keys(item).filter((key) => HTTP_METHODS.includes(key))]),
    );
    expect(operations).toEqual({
      '/agent/signup': ['post'],
      '/keys': ['post', 'get'],
      '/keys/{key_id}': ['delete'],
      '/agent/me': ['get'],
      '/agent/checkout-link': ['post'],
      '/checkout/return': ['get'],
      '/webhooks/stripe': ['post'],
      '/mcp': ['post'],
      '/health': ['get'],
      '/health/ready': ['get'],
      '/metrics': ['get'],
      '/openapi.json': ['get'],
      '/agents.md': ['get'],
      '/.well-known/skills/default/skill.md': ['get'],
      '/v1/applications/{application_number}': ['get'],
      '/v1/patents/{patent_number}': ['get'],
      '/v1/publications/{publication_number}': ['get'],
      '/v1/applications/status': ['post'],
      '/v1/applications/{application_number}/transactions': ['get'],
      '/v1/applications/{application_number}/office-actions': ['get'],
      '/v1/events': ['get'],
      '/v1/monitors': ['post', 'get'],
      '/v1/monitors/{monitor_id}': ['delete'],
      '/v1/monitors/{monitor_id}/events': ['get'],
      '/v1/entities/{entity_id}/stats': ['get'],
      '/v1/examiners/{examiner_name}/stats': ['get'],
      '/v1/art-units/{art_unit}/stats': ['get'],
      '/v1/patents/{patent_number}/claims': ['get'],
      '/v1/publications/{publication_number}/claims': ['get'],
      '/v1/patents/{patent_number}/maintenance': ['get'],
      '/v1/patents/maintenance': ['post'],
      '/v1/deadlines': ['get'],
      '/v1/calendars': ['post', 'get'],
      '/v1/calendars/{calendar_id}': ['delete'],
      '/calendars/{token}.ics': ['get'],
      '/v1/applications/{application_number}/assignments': ['get'],
      '/v1/patents/{patent_number}/assignments': ['get'],
      '/v1/assignments': ['get'],
      '/v1/entities/search': ['get'],
      '/v1/entities/{entity_id}': ['get'],
      '/v1/entities/{entity_id}/applications': ['get'],
      '/v1/entities/{entity_id}/patents': ['get'],
      '/v1/patents/{patent_number}/ptab': ['get'],
      '/v1/ptab/{trial_number}': ['get'],
      '/v1/ptab': ['get'],
      '/v1/patents/{patent_number}/citations': ['get'],
      '/v1/search': ['get'],
      '/v1/probe/{application_number}': ['get'],
    });
  });

  it('documents a data route: parameters, both key schemes and its error responses', () => {
    const probe = doc.paths['/v1/probe/{application_number}']?.get;
    expect(probe).toBeDefined();
    const parameters = probe!.parameters ?? [];
    expect(parameters).toHaveLength(2);
    expect(parameters.find((p) => p.in === 'path')).toMatchObject({
      name: 'application_number',
      required: true,
      schema: { type: 'string', pattern: '^[0-9]{8}$' },
    });
    expect(parameters.find((p) => p.in === 'query')).toMatchObject({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    });
    expect(probe!.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
    // 400 (an unreadable URL), 414 (an over-long path parameter) and 422 can happen on any such route.
    expect(Object.keys(probe!.responses).sort()).toEqual(['200', '400', '401', '402', '414', '422', '500']);
  });

  it('documents the errors particular to each account route', () => {
    const statuses = (path: string, method: 'get' | 'post') => Object.keys(doc.paths[path]![method]!.responses).sort();
    expect(statuses('/agent/signup', 'post')).toEqual(['201', '400', '409', '413', '415', '422', '500']);
    expect(statuses('/keys', 'post')).toEqual(['201', '400', '401', '409', '413', '415', '422', '500']);
    expect(statuses('/agent/checkout-link', 'post')).toEqual(['200', '400', '401', '413', '415', '422', '500', '502', '503']);
    const checkout400 = doc.paths['/agent/checkout-link']!.post!.responses['400'] as { description: string };
    expect(checkout400.description).toContain('amount_below_minimum');
    expect(checkout400.description).toContain('invalid_json');
  });

  it('documents the free meta routes with a success response and the errors every request can give', () => {
    expect(Object.keys(doc.paths['/openapi.json']!.get!.responses).sort()).toEqual(['200', '400', '422', '500']);
  });

  it('documents the public signup without security, with 201 and 422', () => {
    const signup = doc.paths['/agent/signup']?.post;
    expect(signup).toBeDefined();
    expect(signup!.security).toEqual([]);
    expect(signup!.requestBody).toBeDefined();
    expect(Object.keys(signup!.responses)).toEqual(expect.arrayContaining(['201', '422']));
    expect(signup!.responses).not.toHaveProperty('401');
    expect(signup!.responses).not.toHaveProperty('402');
    // An account route needs a key but no credit.
    const me = doc.paths['/agent/me']?.get;
    expect(me!.security).toEqual([{ ApiKeyHeader: [] }, { BearerAuth: [] }]);
    expect(me!.responses).toHaveProperty('401');
    expect(me!.responses).not.toHaveProperty('402');
  });
});

describe('GET /agents.md', () => {
  let guide: string;
  beforeAll(async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/agents.md' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.headers['x-credits-charged']).toBe('0');
    guide = response.body;
  });

  it('lists exactly the routes of the OpenAPI document', () => {
    const expected = documentedRoutes(doc);
    expect(expected).toHaveLength(51);
    for (const route of expected) expect(guide).toContain(`\`${route}\``);
    expect(listedRoutes(guide).sort()).toEqual([...expected].sort());
  });

  it('describes a nullable field by its value type and limits', () => {
    const line = guide.split('\n').find((l) => l.includes('`agent_name`'));
    expect(line).toContain('`agent_name` (string or null; at most 200 characters; optional)');
  });

  it('gives the data route its cost, access and parameters', () => {
    const line = guide.split('\n').find((l) => l.startsWith('- `GET /v1/probe/:application_number`'));
    expect(line).toBe(`- \`GET /v1/probe/:application_number\`: ${PROBE_SUMMARY} (key of a funded org; cost: 1 unit)`);
    expect(guide).toContain('  - query: `limit` (integer; ≥ 1; ≤ 1000; default 100; optional)');
    expect(guide).toContain('  - path: `application_number` (string; required): Eight digits');
  });

  it('explains keys, funding and the 402', () => {
    expect(guide).toContain('X-API-KEY: <key>');
    expect(guide).toContain('Authorization: Bearer <key>');
    expect(guide).toContain('POST https://patents.example.test/agent/checkout-link');
    expect(guide).toContain('{"amount_usd": 20}');
    expect(guide).toContain('402 `payment_required`');
    expect(guide).toContain('["query", "limit"]');
  });

  it('lists every error code of the catalogue with its status', () => {
    for (const [code, { status }] of Object.entries(ERROR_CATALOGUE)) expect(guide).toContain(`| ${status} | \`${code}\` |`);
  });
});

describe('GET /.well-known/skills/default/skill.md', () => {
  it('is a skill file with YAML front matter listing the same routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/.well-known/skills/default/skill.md' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.headers['x-credits-charged']).toBe('0');
    const skill = response.body;
    expect(skill.startsWith('---\nname: patent-status\n')).toBe(true);
    expect(skill).toMatch(/^---\nname: patent-status\ndescription: [^\n]+\n---\n/);
    expect(listedRoutes(skill).sort()).toEqual(documentedRoutes(doc).sort());
    expect(skill).toContain('{"amount_usd": 20}');
  });
});

describe('errors as documented', () => {
  it('an unknown path is a 404 not_found that costs nothing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json()).toStrictEqual({
      error: 'not_found',
      message: 'No route GET /nope.',
      request_id: response.headers['x-request-id'],
    });
  });

  it('an unfunded key on the data route gets the D13 402 body', async () => {
    const { apiKey } = await signUp(ctx.app, 'discovery-unfunded@example.com');
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/probe/17248024', headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.statusCode).toBe(402);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json()).toStrictEqual({
      error: 'payment_required',
      message: ERROR_CATALOGUE.payment_required.message,
      checkout: { method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } },
      minimum_usd: 20,
      request_id: response.headers['x-request-id'],
    });
  });

  it('a bad parameter is a 422 whose detail locates it', async () => {
    const { apiKey } = await fundedKey(ctx, 'discovery-funded@example.com', 10);
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/probe/17248024?limit=5000', headers: { 'x-api-key': apiKey } });
    expect(response.statusCode).toBe(422);
    expect(response.headers['x-credits-charged']).toBe('0');
    expect(response.json()).toStrictEqual({
      error: 'validation_error',
      message: 'The request is invalid.',
      detail: [
        {
          loc: ['query', 'limit'],
          msg: 'Input should be less than or equal to 1000',
          type: 'less_than_equal',
          input: 5000,
          ctx: { le: 1000 },
        },
      ],
      request_id: response.headers['x-request-id'],
    });

    const ok = await ctx.app.inject({ method: 'GET', url: '/v1/probe/17248024?limit=5', headers: { 'x-api-key': apiKey } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toStrictEqual({ application_number: '17248024', limit: 5 });
    expect(ok.headers['x-credits-charged']).toBe('1');
    expect(ok.headers['x-credits-remaining']).toBe('9');
  });
});
