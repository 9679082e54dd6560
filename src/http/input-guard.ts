import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidParameter } from '../domain/errors.js';
import { findUnsafeNumber, numberTextIssue } from '../domain/input-numbers.js';
import { findLeaf, type Location } from '../domain/json-leaves.js';

/**
 * Input no schema keyword can refuse, refused before any handler sees it:
 * - a NUL character or an unpaired surrogate in any string (path, query, body, the key headers):
 *   PostgreSQL text cannot hold a NUL (the query fails, a 500), and a lone surrogate is stored as
 *   U+FFFD, so what is read back is not what was sent;
 * - JSON nested deeper than MAX_JSON_DEPTH: our bodies nest three levels; a 5,000-deep array
 *   overflowed the validator's stack;
 * - a numeric query parameter that is not written in the digits 0-9, or too large for a JavaScript
 *   number (`1e309`): Ajv's type coercion turns `Infinity` into a number that then passes `integer`
 *   and `maximum` (found by the fuzz suite: `limit=Infinity` reached the charging SQL as a bigint);
 * - after validation, any number of the query or the body that coercion made out of range
 *   (domain/input-numbers.ts; MCP tool arguments get the same check in mcp/tool-call.ts).
 */
const MAX_JSON_DEPTH = 32;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the numbers of its body itself: /mcp, whose tool arguments are checked per
     * tool, so an out-of-range one is that tool's error result, which a model reads and corrects,
     * not an HTTP 422 its client's transport reports as a failed exchange.
     */
    checksOwnNumbers?: boolean;
  }
}

/** Headers whose values we read as strings (spec §5.1: the key). */
const KEY_HEADERS = ['x-api-key', 'authorization'] as const;

/** Either kind of bad character, tested first: one cheap scan clears the usual string. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- NUL is the character looked for
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isBadText = (leaf: string | number): boolean =>
  typeof leaf === 'string' && SUSPECT.test(leaf) && (NUL.test(leaf) || LONE_SURROGATE.test(leaf));

function badString(text: string, loc: Location): AppError {
  if (NUL.test(text)) {
    return invalidParameter({ loc, msg: 'Text must not contain the NUL character (U+0000)', type: 'string_nul', input: text, ctx: {} });
  }
  return invalidParameter({
    loc,
    msg: 'Text must be well-formed Unicode: an unpaired surrogate (U+D800 to U+DFFF) was sent',
    type: 'string_unpaired_surrogate',
    input: text,
    ctx: {},
  });
}

/** The first bad string in a parsed value (path, query, header values, body), member names included. */
function findBadString(value: unknown, loc: Location): AppError | null {
  const found = findLeaf(value, loc, isBadText, true);
  return found && badString(String(found.leaf), found.loc);
}

/** True when brackets nest deeper than `max` outside strings: one pass, no recursion. */
function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const code = json.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

function findBadRequestLine(request: FastifyRequest): AppError | null {
  const found = findBadString(request.params, ['path']) ?? findBadString(request.query, ['query']);
  if (found) return found;
  for (const name of KEY_HEADERS) {
    const value = request.headers[name];
    const header = value === undefined ? null : findBadString(value, ['header', name]);
    if (header) return header;
  }
  return null;
}

/** The first query parameter the route declares numeric whose text is no number in digits, or too large a one. */
function findNonDecimalNumber(request: FastifyRequest): AppError | null {
  const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (!schema?.properties || !query) return null;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.type !== 'integer' && property.type !== 'number') continue;
    for (const value of ([] as unknown[]).concat(query[name] ?? [])) {
      const issue = typeof value === 'string' ? numberTextIssue(value, ['query', name]) : null;
      if (issue) return invalidParameter(issue);
    }
  }
  return null;
}

/** Raw bytes (the Stripe webhook's body, verified by its signature) hold no strings or numbers to check. */
const parsedBody = (request: FastifyRequest): unknown =>
  request.body === undefined || request.body instanceof Uint8Array ? null : request.body;

export function registerInputGuard(app: FastifyInstance): void {
  // The default parser (prototype-poisoning checks included) does the parsing, after a depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        invalidParameter({
          loc: ['body'],
          msg: `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels`,
          type: 'too_deep',
          input: text,
          ctx: { max_depth: MAX_JSON_DEPTH },
        }),
        undefined,
      );
      return;
    }
    // The default parser answers through `done`; its type also admits parsers that return a promise instead.
    void parseJson(request, text, done);
  });
  // Before access control: bad text is refused like a malformed URL, before any key lookup.
  // Callback hooks: no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    const found = findBadRequestLine(request);
    if (found) done(found);
    else done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    // Walking a Buffer key by key would cost a second per MiB.
    const body = parsedBody(request);
    const found = findNonDecimalNumber(request) ?? (body === null ? null : findBadString(body, ['body']));
    if (found) done(found);
    else done();
  });
  // After validation: what coercion made of the body's strings (a JSON `"1e309"` is Infinity by then).
  app.addHook('preHandler', (request, _reply, done) => {
    const body = request.routeOptions.config.checksOwnNumbers ? null : parsedBody(request);
    const issue = findUnsafeNumber(request.query, ['query']) ?? findUnsafeNumber(body, ['body']);
    if (issue) done(invalidParameter(issue));
    else done();
  });
}
