import fc from 'fast-check';
import { cursorMembers, rewrittenCursor } from './cursors.js';

/**
 * Invalid and edge-case requests for one OpenAPI operation, built from what the document says
 * about it (parameters, body schema, security), so a route added later is fuzzed with no change
 * here. Values mix what the corpus holds (so some requests succeed and are charged) with text no
 * schema expects: NUL, unpaired surrogates, bad percent-encoding, huge and deep values, forged
 * cursors.
 */
export interface FuzzSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: FuzzSchema;
  properties?: Record<string, FuzzSchema>;
  required?: string[];
  allOf?: FuzzSchema[];
  anyOf?: FuzzSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}
export interface FuzzOperation {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema?: FuzzSchema }[];
  body: FuzzSchema | null;
}
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}
export interface FuzzContext {
  key: string;
  /** Cursors the service issued (for other queries): a cursor parameter gets them, forged or not. */
  cursors: string[];
  schemas: Record<string, FuzzSchema>;
}

/** Values the corpus holds, by parameter name: with these some requests get past validation. */
const KNOWN: Record<string, string[]> = {
  application_number: ['17248024', '18400004', '17/248,024', '18 400 005', '99999999'],
  application_numbers: ['17248024', '18400004', '16695054', '17/248,024', '99999999', 'x'],
  patent_number: ['11000001', '11646472', 'D701016', '11,000,002', '9999999'],
  publication_number: ['US20210000042A1', '2021/0000042', 'US20210210819A1', '2021/0210819', 'US20990000001A1'],
  owner_email: ['fuzz-owner@example.com', 'someone@example.org'],
  amount_usd: ['20', '100', '19'],
  q: ['clip', 'clip battery', '"clip battery" -lid', 'or'],
  cpc: ['H01M', 'H01M50/46', 'H01M 50/', 'F16B 2/20'],
  since: ['2022-01-01', '2023-01-20'],
};

/** Characters that broke something once, or could: NUL, lone surrogates, separators, escapes. */
const NASTY = ['\u0000', '\ud800', '\udfff', '😀', '%', '/', '?', '#', '&', '=', ' ', ',', '\n', '\\', '"', "'", 'é', '..', '\u200b', '<'];

const nastyText = fc
  .array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'binary', maxLength: 3 }), fc.string({ maxLength: 6 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const longText = fc.integer({ min: 150, max: 400 }).map((length) => 'x'.repeat(length));
/** Digits of other scripts, which NFKC (or a careless parser) reads as 0-9: fullwidth, mathematical bold, Arabic-Indic. */
const FOREIGN_DIGITS = [0xff10, 0x1d7ce, 0x0660];
const foreignDigits = (text: string, zero: number) => text.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));
/** A number the corpus holds, in another script's digits. */
const inForeignDigits = (known: string[]) =>
  fc.tuple(fc.constantFrom(...known), fc.constantFrom(...FOREIGN_DIGITS)).map(([value, zero]) => foreignDigits(value, zero));
const NUMBER_TEXT = [
  ...['0', '-1', '1.5', '1e308', '-1e308', 'NaN', 'Infinity', '', '99999999999999999999', '1001', '0x10', ' 7', 'true'],
  // Huge and tiny exponents: 1e309 is Infinity once read, 1e-400 is 0, -0 is no positive number.
  ...['1e309', '-1e309', '1E400', '1e-400', '-0', '9007199254740993', '1e2', '0b11', '0o7'],
  ...FOREIGN_DIGITS.map((zero) => foreignDigits('10', zero)),
];
/** Runs of the operators websearch_to_tsquery stacks (a NOT per word-starting dash), past what its parser holds. */
const operatorRuns = fc
  .tuple(
    fc.constantFrom('-', '- ', '-"', '-(', '-!', '-|', '-&', '-<', '-\t', '"-'),
    fc.integer({ min: 17, max: 250 }),
    fc.constantFrom('', 'clip'),
  )
  .map(([unit, times, word]) => `${unit.repeat(times)}${word}`.slice(0, 500));
const DATE_TEXT = [
  '2023-02-30',
  '0000-01-01',
  '9999-12-31',
  '1900-02-29',
  '2024-02-29',
  'yesterday',
  '',
  '2023-1-1',
  '2023-01-01T00:00:00Z',
];

/** A JSON value the schema does not expect, or a stretched one. */
export function wrongJson(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, 0, -1, 1.5, 1e308, -1e308, '', [], {}, [null], { '': null }),
    nastyText,
    longText,
    fc.jsonValue({ maxDepth: 3 }),
  );
}

function resolve(schema: FuzzSchema | undefined, context: FuzzContext): FuzzSchema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(context.schemas[schema.$ref.split('/').at(-1)!], context);
}

/** A JSON value of the schema's own type, or a near miss: out of range, the wrong type, nasty text. */
export function jsonFor(raw: FuzzSchema | undefined, context: FuzzContext, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(raw, context);
  if (!schema || depth > 3) return wrongJson();
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const known = KNOWN[name];
  let own: fc.Arbitrary<unknown>;
  if (schema.enum) own = fc.constantFrom(...schema.enum);
  else if (known && type !== 'array' && type === 'integer') own = fc.constantFrom(...known.map(Number));
  else if (known && type !== 'array') own = fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, inForeignDigits(known));
  else if (type === 'integer' || type === 'number') {
    own = fc.oneof(
      fc.integer({ min: (schema.minimum ?? 0) - 2, max: Math.min(schema.maximum ?? 1000, 1e6) + 2 }),
      fc.double({ noNaN: true }),
      // Text that type coercion reads as a number, or tries to.
      fc.constantFrom(...NUMBER_TEXT),
    );
  } else if (type === 'boolean') own = fc.boolean();
  else if (type === 'array') own = fc.array(jsonFor(schema.items, context, depth + 1, name), { maxLength: 5 });
  else if (type === 'object' || schema.properties) own = objectFor(schema, context, depth);
  else if (schema.format === 'email')
    own = fc.oneof(
      fc.emailAddress(),
      nastyText.map((text) => `${text}@example.com`),
    );
  else own = fc.oneof(fc.constantFrom('17248024', 'x', ''), nastyText, longText);
  return fc.oneof({ arbitrary: own, weight: 6 }, { arbitrary: wrongJson(), weight: 1 });
}

/** `value` one time in `every`, else undefined (fc.option's `freq` is the other way round: undefined one time in freq). */
const sometimes = <T>(value: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: every - 1 }, { arbitrary: value, weight: 1 });

function objectFor(schema: FuzzSchema, context: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  const members = Object.entries(schema.properties ?? {}).map(([name, member]) =>
    fc.option(jsonFor(member, context, depth + 1, name), { freq: 6, nil: undefined }).map((value) => [name, value] as const),
  );
  // One object in five gets a member its schema does not name: a 422 naming it, so the other four reach the handler.
  const extra = sometimes(fc.tuple(nastyText, wrongJson()), 5);
  return fc.tuple(fc.tuple(...members), extra).map(([pairs, added]) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of pairs) if (value !== undefined) object[name] = value;
    if (added) object[added[0]] = added[1];
    return object;
  });
}

/** Percent-encodes as UTF-8; a lone surrogate has no UTF-8 form (broken encodings come from urlPiece). */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ''));
}

function base64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** Issued cursors, rewritten ones (a member replaced, the signature kept or dropped), and base64 of anything. */
function cursorText(context: FuzzContext): fc.Arbitrary<string> {
  const issued = context.cursors.length > 0 ? fc.constantFrom(...context.cursors) : fc.constant(base64({ v: 3 }));
  const changes = fc.tuple(issued, fc.constantFrom('v', 'k', 'd', 's', 'n', 'r', 'x'), wrongJson());
  const rewritten = changes.map(([cursor, member, value]) => rewrittenCursor(cursor, { [member]: value }));
  const unsigned = changes.map(([cursor, member, value]) => base64({ ...cursorMembers(cursor), [member]: value }));
  return fc.oneof(issued, rewritten, unsigned, fc.jsonValue({ maxDepth: 2 }).map(base64), nastyText, fc.base64String({ maxLength: 40 }));
}

/** Text a parameter of this schema accepts (known corpus values first), so most requests get past validation. */
function validText(name: string, schema: FuzzSchema | undefined): fc.Arbitrary<string> {
  const known = KNOWN[name];
  if (known) return fc.constantFrom(...known);
  if (schema?.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema?.type === 'integer' || schema?.type === 'number') {
    return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000) }).map(String);
  }
  if (schema?.type === 'boolean') return fc.constantFrom('true', 'false');
  if (schema?.format === 'date') return fc.constantFrom('2020-01-01', '2022-06-30', '2023-01-20');
  return fc.constantFrom('clip', 'x', '1');
}

/** Text no schema of this kind expects. */
function edgeText(name: string, schema: FuzzSchema | undefined, context: FuzzContext): fc.Arbitrary<string> {
  const typed: fc.Arbitrary<string>[] = [];
  if (name === 'cursor') typed.push(cursorText(context));
  if (name === 'q') typed.push(operatorRuns);
  const known = KNOWN[name];
  if (known) typed.push(inForeignDigits(known));
  if (schema?.type === 'integer' || schema?.type === 'number')
    typed.push(fc.oneof(fc.constantFrom(...NUMBER_TEXT), fc.integer().map(String)));
  if (schema?.type === 'boolean') typed.push(fc.constantFrom('1', '0', 'yes', ''));
  if (schema?.format === 'date') typed.push(fc.constantFrom(...DATE_TEXT));
  return fc.oneof(...typed, nastyText, longText);
}

/** The text of one path or query parameter, raw (not yet encoded). */
function parameterText(name: string, schema: FuzzSchema | undefined, context: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: validText(name, schema), weight: 6 }, { arbitrary: edgeText(name, schema, context), weight: 1 });
}

/** Raw bytes for the URL: usually encoded text, sometimes broken percent-encoding. */
const urlPiece = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: text.map(encode), weight: 19 },
    { arbitrary: fc.constantFrom('%FF', '%', '%G1', '%E0%A4%A', '%C0%AF', '%ED%A0%80'), weight: 1 },
  );

function bodyText(schema: FuzzSchema, context: FuzzContext): fc.Arbitrary<{ payload: string; type: string }> {
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' });
  return fc.oneof(
    { arbitrary: jsonFor(schema, context).map(json), weight: 12 },
    {
      arbitrary: fc
        .integer({ min: 33, max: 6000 })
        .map((depth) => ({ payload: `${'['.repeat(depth)}${']'.repeat(depth)}`, type: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":}', '', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', 'nul')
        .map((payload) => ({ payload, type: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom('text/plain', 'application/xml', 'multipart/form-data', 'application/x-www-form-urlencoded')
        .map((type) => ({ payload: 'a=1', type })),
      weight: 1,
    },
    { arbitrary: fc.constant(json({ huge: 'h'.repeat(200_000) })), weight: 1 },
  );
}

/** One request for the operation: its method, a URL from its path, query, key and body. */
export function requestsFor(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => urlPiece(parameterText(p.name, p.schema, context)))).map((values) => {
    let url = operation.path;
    pathParams.forEach((p, index) => (url = url.replace(`{${p.name}}`, values[index]!)));
    return url;
  });
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          // One time in twenty the parameter comes twice (the query parser makes a list of it).
          fc
            .tuple(
              urlPiece(parameterText(p.name, p.schema, context)),
              urlPiece(parameterText(p.name, p.schema, context)),
              fc.noBias(fc.nat(19)),
            )
            .map(([first, second, dice]) => (dice === 0 ? [first, second] : [first])),
          { freq: 2, nil: undefined },
        ),
      ),
      // One request in eight adds a parameter the route does not take: a 422 naming it.
      sometimes(fc.tuple(urlPiece(nastyText), urlPiece(nastyText)), 8),
    )
    .map((values) => {
      const pairs: string[] = [];
      queryParams.forEach((p, index) => {
        for (const value of values[index] ?? []) pairs.push(`${p.name}=${value}`);
      });
      const extra = values[queryParams.length] as [string, string] | undefined;
      if (extra) pairs.push(`${extra[0]}=${extra[1]}`);
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
  const key = fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({ 'x-api-key': context.key }), weight: 8 },
    { arbitrary: fc.constant<Record<string, string>>({ authorization: `Bearer ${context.key}` }), weight: 2 },
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 1 },
    { arbitrary: nastyText.map((text) => ({ 'x-api-key': `pss_${text}` })), weight: 1 },
  );
  const body = operation.body ? fc.option(bodyText(operation.body, context), { freq: 12, nil: undefined }) : fc.constant(undefined);
  return fc.tuple(path, query, key, body).map(([url, search, headers, content]) => ({
    method: operation.method,
    url: `${url}${search}`,
    headers: content ? { ...headers, 'content-type': content.type } : headers,
    ...(content ? { payload: content.payload } : {}),
  }));
}
