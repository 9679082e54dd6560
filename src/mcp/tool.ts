import type { Static, TObject, TSchema } from 'typebox';
import type { Charge } from '../billing/charges.js';
import type { Usage } from '../billing/usage-journal.js';
import { AppError, type ValidationIssue } from '../domain/errors.js';
import type { RenderAnswer } from '../resources/send-answer.js';

/** What a tool call knows of its caller: the org (monitors are the org's own) and the open charge (lists size to it). */
export interface ToolCall {
  orgId: string;
  charge: Charge;
}

/**
 * A tool's answer: the REST twin's view and the response schema that renders it, or, for a
 * service that keeps finished answers (lookups, maintenance), the rendering itself: either way
 * the text is byte for byte the REST body.
 */
export type ToolAnswer =
  { schema: TSchema; view: unknown } | { schema: TSchema; rendered: (render: RenderAnswer<unknown>) => Promise<string> };

/**
 * One MCP tool (DESIGN.md D18): the REST twin's parameters as arguments, its service as the
 * work, its response as the result, its price as the cost. Nothing here reads SQL or calls a route.
 */
export interface McpTool<Input extends TObject = TObject> {
  name: string;
  title: string;
  /** Written for a model: what it answers, when to use it, what the arguments mean, what it costs. */
  description: string;
  /** The cost in words, as the REST twin's `cost` (the discovery documents print it). */
  cost: string;
  /** The REST operations it mirrors, e.g. `GET /v1/applications/{application_number}`. */
  restTwins: string[];
  input: Input;
  /**
   * The REST twin's 200 response schema (a union when twins answer differently): `tools/list`
   * declares it as the tool's outputSchema, and every answer's `schema` is it or one of its members.
   */
  output: TSchema;
  /** The usage-journal entry of this tool (channel `mcp`), made once. */
  usage: Usage;
  run(args: Static<Input>, call: ToolCall): Promise<ToolAnswer>;
}

type ToolDefinition<Input extends TObject> = Omit<McpTool<Input>, 'usage'>;

export function defineTool<Input extends TObject>(definition: ToolDefinition<Input>): McpTool {
  return { ...definition, usage: { channel: 'mcp', what: definition.name } };
}

/**
 * The JSON Schema a client sees and the arguments are checked against: the tool's TypeBox object
 * as plain JSON, where a member with a default need not be sent (as OpenAPI says of REST's).
 */
export function advertisedInput(input: TObject): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(input)) as { properties: Record<string, { default?: unknown }>; required?: string[] };
  const required = (plain.required ?? []).filter((name) => plain.properties[name]?.default === undefined);
  return { ...plain, type: 'object', required, additionalProperties: false };
}

/** The one argument of `names` the caller gave; a 422 (REST's body) when none or several were given. */
export function exactlyOne<Name extends string>(args: Partial<Record<Name, unknown>>, names: readonly Name[]): Name {
  const given = names.filter((name) => args[name] !== undefined);
  if (given.length === 1) return given[0]!;
  const issue: ValidationIssue = {
    loc: ['body', ...(given.length > 1 ? given.slice(1) : [])],
    msg: `Give exactly one of ${names.join(', ')}${given.length > 1 ? ` (given: ${given.join(', ')})` : ''}`,
    type: given.length > 1 ? 'too_many_alternatives' : 'missing',
    input: Object.fromEntries(given.map((name) => [name, args[name]])),
  };
  throw new AppError('validation_error', undefined, [issue]);
}
