import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify';
import { AppError, invalidParameter } from '../../domain/errors.js';
import { findUnsafeNumber } from '../../domain/input-numbers.js';
import { advertisedInput, type McpTool } from '../../mcp/tool.js';
import { strictDateFormat } from '../formats.js';
import { toValidationIssues } from '../validation-detail.js';

/**
 * Tool arguments arrive as JSON, typed: unlike a query string they are never coerced, so a number
 * where the schema says string is a 422 (REST's body, as an error result), not a string made of
 * it. Defaults are filled in; every problem is listed; an argument the tool does not take is refused
 * (`verbose`: the 422 names the arguments the tool does take).
 */
const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false, verbose: true });
ajvFormats.default(ajv);
// After ajv-formats, whose `date` takes year 0000: the same dates as REST's parameters.
strictDateFormat(ajv);

/** Each tool's advertised schema and its validator, made once per tool. */
const COMPILED = new WeakMap<McpTool, { schema: Record<string, unknown>; validate: ValidateFunction }>();

function compiled(tool: McpTool) {
  let entry = COMPILED.get(tool);
  if (!entry) {
    const schema = advertisedInput(tool.input);
    entry = { schema, validate: ajv.compile(schema) };
    COMPILED.set(tool, entry);
  }
  return entry;
}

/** The JSON Schema of a tool's arguments as `tools/list`, `/agents.md` and `/openapi.json` show it. */
export function argumentSchema(tool: McpTool): Record<string, unknown> {
  return compiled(tool).schema;
}

/** The arguments, defaults filled in place, or the 422 REST would answer for them. */
export function checkedArguments(tool: McpTool, args: Record<string, unknown>): Record<string, unknown> {
  const { validate } = compiled(tool);
  if (!validate(args)) {
    const errors = (validate.errors ?? []) as unknown as FastifySchemaValidationError[];
    throw new AppError('validation_error', undefined, toValidationIssues(errors, 'body', args));
  }
  // JSON.parse reads 1e309 as Infinity, which passes `integer` and `maximum`: refused as REST refuses it.
  const unsafe = findUnsafeNumber(args, ['body']);
  if (unsafe) throw invalidParameter(unsafe);
  return args;
}
