import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProgram, type OpenApiDocument } from './helpers/client-program.js';
import { createTestApp, type TestContext } from './helpers/app.js';

/**
 * The document the app serves is accepted by real tools: Redocly's recommended lint and Spectral's
 * OpenAPI rules (the same commands CI runs; both also check every example against its schema) and
 * a typed client generated with openapi-typescript, used by a program that calls every operation
 * and must typecheck.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);

let ctx: TestContext;
let doc: OpenApiDocument & Record<string, unknown>;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://patents.example.org' } });
  doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  // Inside node_modules/.cache, so the program resolves openapi-fetch from the project.
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  dir = await mkdtemp(join(ROOT, 'node_modules/.cache/openapi-client-'));
});
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

describe('Redocly lint with the recommended rules', () => {
  it('finds no error and no warning', async () => {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await run(process.execPath, [cli, 'lint', file, '--format=json', `--config=${join(ROOT, 'redocly.yaml')}`], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

/** What Spectral finds in `document` with the project's ruleset: errors and warnings, as "code path". */
async function spectralFindings(document: unknown, name: string): Promise<string[]> {
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(document));
  const cli = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
  const report = join(dir, `${name}-report.json`);
  // Exit code 1 when it finds errors: the report says what they are.
  await run(process.execPath, [
    cli,
    'lint',
    file,
    '--format=json',
    `--output=${report}`,
    `--ruleset=${join(ROOT, '.spectral.yaml')}`,
  ]).catch(() => undefined);
  // Severity 0 is an error, 1 a warning; information and hints (2, 3) are not findings.
  return (JSON.parse(await readFile(report, 'utf8')) as { code: string; severity: number; path: string[] }[])
    .filter((result) => result.severity <= 1)
    .map((result) => `${result.code} ${result.path.join('.')}`);
}

describe('Spectral lint with its OpenAPI rules (.spectral.yaml)', () => {
  it('finds no error and no warning', async () => {
    expect(await spectralFindings(doc, 'spectral')).toEqual([]);
  });

  it('finds an example that breaks its schema and an operation without a description', async () => {
    const broken = structuredClone(doc) as unknown as {
      paths: Record<
        string,
        Record<string, { description?: string; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
      >;
    };
    const application = broken.paths['/v1/applications/{application_number}']!.get!;
    delete application.description;
    (application.responses['200']!.content!['application/json']!.example as Record<string, unknown>).pta_days = 'many';
    expect((await spectralFindings(broken, 'spectral-broken')).sort()).toEqual([
      'oas3-valid-media-example paths./v1/applications/{application_number}.get.responses.200.content.application/json.example.pta_days',
      'operation-description paths./v1/applications/{application_number}.get',
    ]);
  });
});

describe('the document', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

  it('takes its server from PUBLIC_BASE_URL', () => {
    expect(doc.servers).toEqual([{ url: 'https://patents.example.org' }]);
  });

  it('names the shared shapes in components/schemas and refers to them', () => {
    const schemas = Object.keys(doc.components?.schemas ?? {});
    expect(schemas).toEqual(expect.arrayContaining(['Error', 'ValidationError', 'PaymentRequired', 'Provenance', 'Application']));
    const response = (path: string, status: string) =>
      (doc.paths[path]!.get!.responses[status] as { content: { 'application/json': { schema: unknown } } }).content['application/json']
        .schema;
    expect(response('/v1/applications/{application_number}', '200')).toEqual({ $ref: '#/components/schemas/Application' });
    expect(response('/v1/patents/{patent_number}', '200')).toEqual({ $ref: '#/components/schemas/Application' });
    expect(response('/v1/applications/{application_number}', '422')).toEqual({ $ref: '#/components/schemas/ValidationError' });
    expect(response('/v1/applications/{application_number}', '402')).toEqual({ $ref: '#/components/schemas/PaymentRequired' });
    expect(response('/v1/applications/{application_number}', '404')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.components!.schemas!.Application!.allOf).toContainEqual({ $ref: '#/components/schemas/Provenance' });
  });

  it('gives every operation a unique operationId, tags and its security; public ones security []', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, operation } of operations()) {
      const { tags, security } = operation as unknown as { tags?: string[]; security?: unknown[] };
      expect(tags?.length, path).toBeGreaterThan(0);
      expect(security, path).toEqual(
        path.startsWith('/v1/') || ['/keys', '/keys/{key_id}', '/agent/me', '/agent/checkout-link', '/mcp'].includes(path)
          ? [{ ApiKeyHeader: [] }, { BearerAuth: [] }]
          : [],
      );
    }
  });

  it('does not mark parameters with a default as required', () => {
    for (const { path, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        const withDefault = (parameter.schema as { default?: unknown } | undefined)?.default !== undefined;
        if (withDefault) expect(parameter.required, `${path} ${parameter.name}`).toBe(false);
      }
    }
    const limit = doc.paths['/v1/search']!.get!.parameters!.find((p) => p.name === 'limit');
    expect(limit).toMatchObject({ required: false, schema: { default: 100 } });
  });

  it('documents X-Request-Id and X-Credits-Charged on every response and X-Credits-Remaining on charged ones', () => {
    for (const { path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = (response as { headers?: Record<string, unknown> }).headers ?? {};
        expect(headers['X-Credits-Charged'], `${path} ${status}`).toEqual({ $ref: '#/components/headers/X-Credits-Charged' });
        expect(headers['X-Request-Id'], `${path} ${status}`).toEqual({ $ref: '#/components/headers/X-Request-Id' });
        // The MCP endpoint charges a tools/call (200) as its REST twin; a calendar's feeds are managed free, like keys.
        const charged =
          (path.startsWith('/v1/') && !path.startsWith('/v1/calendars') && status.startsWith('2')) || (path === '/mcp' && status === '200');
        expect('X-Credits-Remaining' in headers, `${path} ${status}`).toBe(charged);
      }
    }
  });
});

/** Generates the client of `document` and a program calling every operation; returns the compiler's complaints. */
async function typecheckClient(document: OpenApiDocument, name: string): Promise<string[]> {
  await writeFile(join(dir, `${name}-api.ts`), astToString(await openapiTS(document as never)));
  const program = clientProgram(document, `./${name}-api.js`);
  const main = join(dir, `${name}.ts`);
  await writeFile(main, program);
  expect(program.match(/export async function call\d+/g)).toHaveLength(Object.values(document.paths).flatMap(Object.keys).length);
  const compiled = ts.createProgram([main], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(compiled)
    .map((d) => `${d.file?.fileName.split('/').at(-1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated with openapi-typescript', () => {
  it('typechecks a program that calls every operation', async () => {
    expect(await typecheckClient(doc, 'client')).toEqual([]);
  });

  it('does not typecheck when an operation lacks its operationId, its success body or its credit header', async () => {
    const broken = structuredClone(doc);
    const claims = broken.paths['/v1/patents/{patent_number}/claims']!.get!;
    delete claims.operationId;
    const search = broken.paths['/v1/search']!.get! as unknown as { responses: Record<string, { content?: unknown; headers?: unknown }> };
    delete search.responses['200']!.content;
    const me = broken.paths['/agent/me']!.get! as unknown as { responses: Record<string, { headers?: unknown }> };
    delete me.responses['200']!.headers;
    const complaints = await typecheckClient(broken, 'broken');
    // No operationId: no operations[id]; no content: an untyped body; no header: an unknown one.
    expect(complaints.sort()).toEqual([
      "broken.ts: Type 'true' is not assignable to type 'false'.",
      "broken.ts: Type 'true' is not assignable to type 'false'.",
      "broken.ts: Type 'undefined' cannot be used as an index type.",
    ]);
  });
});
