import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccount, ensureDemoCorpus } from '../src/commands/demo.js';
import { OPERATION_EXAMPLES } from '../src/http/discovery/operation-examples/attach.js';
import { abridgingProblems } from './helpers/abridged.js';
import { createTestApp, type TestContext } from './helpers/app.js';

/**
 * Every operation of /openapi.json carries examples (parameters, body, success answer, each error
 * code), each valid against its schema; and each example request, sent to an app holding the demo
 * corpus, gets the documented answer (abridged as operation-example.ts says).
 */
interface Media {
  schema: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: object; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
interface Found {
  path: string;
  method: string;
  operation: Operation;
}

const operationsOf = (doc: Document): Found[] =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

/** Every example of the (dereferenced) document with where it is and the schema it must satisfy. */
function examplesOf(doc: Document): { where: string; schema: object; value: unknown }[] {
  return operationsOf(doc).flatMap(({ operation }) => {
    const id = operation.operationId;
    const media = (where: string, content: Record<string, Media> | undefined) =>
      Object.values(content ?? {}).flatMap((m) => [
        ...(m.example === undefined ? [] : [{ where, schema: m.schema, value: m.example }]),
        ...Object.entries(m.examples ?? {}).map(([name, example]) => ({
          where: `${where} ${name}`,
          schema: m.schema,
          value: example.value,
        })),
      ]);
    return [
      ...(operation.parameters ?? []).flatMap((p) =>
        p.example === undefined ? [] : [{ where: `${id} ${p.name}`, schema: p.schema, value: p.example }],
      ),
      ...media(`${id} body`, operation.requestBody?.content),
      ...Object.entries(operation.responses).flatMap(([status, response]) => media(`${id} ${status}`, response.content)),
    ];
  });
}

/** OpenAPI 3.0 schemas as Ajv reads them: `nullable` is Ajv's own keyword, `example` and the like are ignored. */
function validatorOf(): (schema: object, value: unknown) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajvFormats.default(ajv);
  const compiled = new Map<object, ValidateFunction>();
  return (schema, value) => {
    const validate = compiled.get(schema) ?? ajv.compile(schema);
    compiled.set(schema, validate);
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
}

let ctx: TestContext;
let doc: Document;
let dereferenced: Document;
beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://patents.example.org' } });
  doc = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  dereferenced = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Document;
});
afterAll(async () => ctx?.close());

describe('the examples of /openapi.json', () => {
  it('cover every operation: required parameters, bodies, answers with a body, and every error code', () => {
    expect(Object.keys(OPERATION_EXAMPLES).sort()).toEqual(
      operationsOf(doc)
        .map(({ operation }) => operation.operationId)
        .sort(),
    );
    const lacking: string[] = [];
    for (const { operation } of operationsOf(dereferenced)) {
      const id = operation.operationId;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required && parameter.example === undefined) lacking.push(`${id} parameter ${parameter.name}`);
      }
      const named = Object.keys(OPERATION_EXAMPLES[id]?.parameters ?? {});
      const stray = named.filter((name) => !(operation.parameters ?? []).some((parameter) => parameter.name === name));
      if (stray.length > 0) lacking.push(`${id} has no parameter ${stray.join(', ')}`);
      for (const media of Object.values(operation.requestBody?.content ?? {})) if (media.example === undefined) lacking.push(`${id} body`);
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.example === undefined && media.examples === undefined) lacking.push(`${id} ${status}`);
        }
      }
    }
    expect(lacking).toEqual([]);
    // The 404 of an application shows the catalogue's not_found body.
    const notFound = doc.paths['/v1/applications/{application_number}']!.get!.responses['404']!.content!['application/json']!;
    expect(notFound.examples).toEqual({ not_found: { $ref: '#/components/examples/not_found' } });
  });

  it('each validate against their schema', () => {
    const validate = validatorOf();
    const examples = examplesOf(dereferenced);
    expect(examples.length).toBeGreaterThan(250);
    const invalid = examples.flatMap(({ where, schema, value }) => validate(schema, value).map((problem) => `${where}: ${problem}`));
    expect(invalid).toEqual([]);
  });

  it('an example that breaks its schema is caught', () => {
    const broken = structuredClone(dereferenced);
    const application = broken.paths['/v1/applications/{application_number}']!.get!;
    (application.responses['200']!.content!['application/json']!.example as Record<string, unknown>).filing_date = 20230427;
    const transactions = broken.paths['/v1/applications/{application_number}/transactions']!.get!;
    transactions.parameters!.find((parameter) => parameter.name === 'limit')!.example = 5000;
    const validate = validatorOf();
    const invalid = examplesOf(broken).filter(({ schema, value }) => validate(schema, value).length > 0);
    expect(invalid.map(({ where }) => where)).toEqual(['getApplication 200', 'listTransactions limit']);
  });
});

describe('the examples, asked of the demo corpus', () => {
  let dir: string;
  let key: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pss-examples-'));
    await ensureDemoCorpus(ctx.db, dir, () => {});
    ({ apiKey: key } = await ensureDemoAccount(ctx.db));
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answer as documented, abridged', async () => {
    const minted = new Map<unknown, unknown>();
    // What creates comes before what lists or deletes it; the deletes last.
    const order = ['post', 'get', 'delete'];
    const operations = operationsOf(doc).sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
    const problems: string[] = [];
    for (const { path, method, operation } of operations) {
      const example = OPERATION_EXAMPLES[operation.operationId]!;
      if (example.notLive) continue;
      const value = (name: string) => {
        const shown = example.parameters?.[name];
        const live = minted.get(shown);
        return String(typeof live === 'string' ? live : shown);
      };
      const inPart = (part: string) =>
        (operation.parameters ?? []).filter((p) => p.in === part && example.parameters?.[p.name] !== undefined);
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
      const query = new URLSearchParams(inPart('query').map((p): [string, string] => [p.name, value(p.name)])).toString();
      const answer = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url: query ? `${url}?${query}` : url,
        headers: { 'x-api-key': key, ...Object.fromEntries(inPart('header').map((p) => [p.name, value(p.name)])) },
        ...(example.body === undefined ? {} : { payload: example.body as object }),
      });
      const where = `${operation.operationId} (${method.toUpperCase()} ${url})`;
      if (answer.statusCode !== example.status) {
        problems.push(`${where}: answered ${answer.statusCode}, documented ${example.status}: ${answer.body.slice(0, 300)}`);
        continue;
      }
      const json = /json/.test(String(answer.headers['content-type']));
      const live = example.status === 204 ? undefined : json ? answer.json() : answer.body;
      const options = { minted, ...(example.someMembers ? { someMembers: true } : {}) };
      problems.push(...abridgingProblems(example.response, live, options).map((problem) => `${where} ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it('leaves out only the payment routes, which the demo does not offer', () => {
    const notLive = Object.entries(OPERATION_EXAMPLES).filter(([, example]) => example.notLive);
    expect(notLive.map(([id]) => id).sort()).toEqual(['createCheckoutLink', 'receiveStripeEvent']);
  });
});
