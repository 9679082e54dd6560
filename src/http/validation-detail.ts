import type { FastifySchemaValidationError } from 'fastify';
import { boundedEcho } from '../domain/echo.js';
import type { ValidationIssue } from '../domain/errors.js';

const LOCATION: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** The member names the object takes, from the schema the app's Ajv reports with each error (`verbose`). */
function takenNames(error: FastifySchemaValidationError): string[] | null {
  const parent = (error as { parentSchema?: { properties?: Record<string, unknown> } }).parentSchema;
  return parent?.properties ? Object.keys(parent.properties) : null;
}

/**
 * A query parameter or body member the route does not take (known-parameters.ts): named, with
 * the names that are taken, so a typo (`limt`) is fixed from the message alone.
 */
function unknownName(error: FastifySchemaValidationError, location: string): Pick<ValidationIssue, 'msg' | 'type' | 'ctx'> {
  const name = boundedEcho(String(error.params.additionalProperty)) as string;
  const taken = takenNames(error);
  const what = location === 'query' ? 'parameter' : 'member';
  const msg =
    taken === null
      ? `Unknown ${what}: ${name}`
      : taken.length === 0
        ? `Unknown ${what}: ${name}; ${location === 'query' ? 'this route takes no query parameters' : 'this object takes no members'}`
        : `Unknown ${what}: ${name}; allowed: ${taken.join(', ')}`;
  return { type: 'extra_forbidden', msg, ...(taken === null ? {} : { ctx: { expected: taken } }) };
}

/** Ajv keyword → stable `type` and a readable message; `ctx` carries the limit that failed. */
function describe(error: FastifySchemaValidationError, location: string): Pick<ValidationIssue, 'msg' | 'type' | 'ctx'> {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return { type: 'missing', msg: 'Field required' };
    case 'type':
      return { type: `${String(params.type)}_type`, msg: `Input should be of type ${String(params.type)}`, ctx: { expected: params.type } };
    case 'minimum':
      return {
        type: 'greater_than_equal',
        msg: `Input should be greater than or equal to ${String(params.limit)}`,
        ctx: { ge: params.limit },
      };
    case 'exclusiveMinimum':
      return { type: 'greater_than', msg: `Input should be greater than ${String(params.limit)}`, ctx: { gt: params.limit } };
    case 'maximum':
      return { type: 'less_than_equal', msg: `Input should be less than or equal to ${String(params.limit)}`, ctx: { le: params.limit } };
    case 'exclusiveMaximum':
      return { type: 'less_than', msg: `Input should be less than ${String(params.limit)}`, ctx: { lt: params.limit } };
    case 'minLength':
      return {
        type: 'string_too_short',
        msg: `String should have at least ${String(params.limit)} characters`,
        ctx: { min_length: params.limit },
      };
    case 'maxLength':
      return {
        type: 'string_too_long',
        msg: `String should have at most ${String(params.limit)} characters`,
        ctx: { max_length: params.limit },
      };
    case 'minItems':
      return { type: 'too_short', msg: `List should have at least ${String(params.limit)} items`, ctx: { min_length: params.limit } };
    case 'maxItems':
      return { type: 'too_long', msg: `List should have at most ${String(params.limit)} items`, ctx: { max_length: params.limit } };
    case 'pattern':
      return {
        type: 'string_pattern_mismatch',
        msg: `String should match pattern '${String(params.pattern)}'`,
        ctx: { pattern: params.pattern },
      };
    case 'format':
      return {
        type: `${String(params.format)}_format`,
        msg: `Input should be a valid ${String(params.format)}`,
        ctx: { format: params.format },
      };
    case 'enum':
      return {
        type: 'enum',
        msg: `Input should be one of ${JSON.stringify(params.allowedValues)}`,
        ctx: { expected: params.allowedValues },
      };
    case 'const':
      return {
        type: 'literal_error',
        msg: `Input should be ${JSON.stringify(params.allowedValue)}`,
        ctx: { expected: params.allowedValue },
      };
    case 'additionalProperties':
      return unknownName(error, location);
    case 'anyOf':
    case 'oneOf':
      return { type: 'union', msg: 'Input does not match any allowed form' };
    default:
      return { type: error.keyword, msg: error.message ?? 'Input is invalid' };
  }
}

function pathSegments(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function isUnionNoise(error: FastifySchemaValidationError): boolean {
  const nullType = error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null';
  return nullType || error.keyword === 'anyOf' || error.keyword === 'oneOf';
}

/**
 * A nullable field (`anyOf [T, null]`) that fails reports three errors under allErrors: why it
 * is not a T, "not null", and "no branch matched". Only the first tells the caller anything.
 */
function dropUnionNoise(errors: FastifySchemaValidationError[]): FastifySchemaValidationError[] {
  const explained = new Set(errors.filter((e) => !isUnionNoise(e)).map((e) => e.instancePath));
  return errors.filter((e) => !(isUnionNoise(e) && explained.has(e.instancePath)));
}

/** Ajv errors of one request part → the `detail` list of a 422. */
export function toValidationIssues(errors: FastifySchemaValidationError[], context: string, data: unknown): ValidationIssue[] {
  const location = LOCATION[context] ?? context;
  const issues = dropUnionNoise(errors).map((error): ValidationIssue => {
    const params = error.params;
    const path = pathSegments(error.instancePath);
    const field =
      error.keyword === 'required'
        ? params.missingProperty
        : error.keyword === 'additionalProperties'
          ? params.additionalProperty
          : undefined;
    const loc = typeof field === 'string' ? [...path, field] : path;
    const { msg, type, ctx } = describe(error, location);
    // A missing field has no value of its own: report the object it is missing from.
    const given = error.keyword === 'required' ? (valueAt(data, path) ?? null) : (valueAt(data, loc) ?? null);
    // JSON has no Infinity (a body's 1e309 parses as it): named in words, as the finite-number check names it, not as null.
    const input = typeof given === 'number' && !Number.isFinite(given) ? String(given) : given;
    return { loc: [location, ...loc], msg, type, input, ...(ctx ? { ctx } : {}) };
  });
  // One line per location and type is enough.
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${JSON.stringify(issue.loc)}|${issue.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
