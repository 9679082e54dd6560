/**
 * Writes a TypeScript program that calls every operation of an OpenAPI document through a client
 * typed by openapi-typescript (openapi-fetch), with type-level checks that fail to compile when an
 * operation is not properly described: no operationId, an untyped success body (a 204: any body),
 * untyped errors, or no credit header.
 */
interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, unknown>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A value of the schema's type with every required member: enough for the compiler to accept. */
function example(schema: Schema | undefined, doc: OpenApiDocument, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.$ref) return example(doc.components?.schemas?.[schema.$ref.split('/').at(-1)!], doc, depth + 1);
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => example(part, doc, depth + 1)));
  if (schema.anyOf) return example(schema.anyOf[0], doc, depth + 1);
  switch (schema.type) {
    case 'string':
      return 'x';
    case 'integer':
    case 'number':
      return 20;
    case 'boolean':
      return true;
    case 'array':
      return [example(schema.items, doc, depth + 1)];
    default: {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, member]) => [name, example(member, doc, depth + 1)]));
    }
  }
}

function callOf(path: string, method: string, operation: Operation, doc: OpenApiDocument, index: number): string {
  const id = operation.operationId;
  const params: Record<string, Record<string, unknown>> = {};
  for (const parameter of operation.parameters ?? []) {
    if (!parameter.required || parameter.in === 'header') continue;
    (params[parameter.in] ??= {})[parameter.name] = example(parameter.schema, doc);
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const init = JSON.stringify({ params, ...(body ? { body: example(body, doc) } : {}) });
  const success = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status)) ?? '200';
  const op = `operations[${JSON.stringify(id)}]`;
  return `
/** ${method.toUpperCase()} ${path} */
export async function call${index}() {
  const { data, error } = await client.${method.toUpperCase()}(${JSON.stringify(path)}, ${init});
  const described: ${success === '204' ? '[Exclude<typeof data, undefined>] extends [never] ? true : false' : 'Known<typeof data>'} = true;
  const errors: Known<typeof error> = true;
  const charged: Known<${op}['responses'][${success}]['headers']['X-Credits-Charged']> = true;
  return [described, errors, charged, data, error] as const;
}`;
}

/** The program; `api` is the module openapi-typescript wrote. */
export function clientProgram(doc: OpenApiDocument, api: string): string {
  const calls: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) calls.push(callOf(path, method, operation, doc, calls.length));
    }
  }
  return `import createClient from 'openapi-fetch';
import type { components, operations, paths } from ${JSON.stringify(api)};

const client = createClient<paths>({ baseUrl: 'https://patents.example.test', headers: { 'X-API-KEY': 'pss_example' } });

/** true only for a real type: not unknown, any or never (after removing undefined). */
type Known<T> = unknown extends T ? false : [Exclude<T, undefined>] extends [never] ? false : true;

// Shared shapes are named, and carry their members (Provenance through allOf).
type Application = components['schemas']['Application'];
export const application = (a: Application): [string, boolean, string | null, 'pending' | 'allowed' | 'granted' | 'abandoned' | 'expired' | 'provisional' | 'pct' | 'other'] =>
  [a.application_number, a.stale, a.source.file_date, a.status.category];
export const issue = (e: components['schemas']['ValidationError']): [(string | number)[], Record<string, unknown>, string] =>
  [e.detail[0]!.loc, e.detail[0]!.ctx, e.detail[0]!.type];
export const payment = (e: components['schemas']['PaymentRequired']): [string, number] => [e.checkout.path, e.minimum_usd];
${calls.join('\n')}
`;
}
