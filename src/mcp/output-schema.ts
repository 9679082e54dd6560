import type { TSchema } from 'typebox';
import { componentSchemas } from '../resources/schemas.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `{$ref: "Name#"}` → the named component (routes share shapes by reference; a tool's schema must stand alone). */
function inline(value: Json, components: Map<string, Json>, trail: readonly string[]): Json {
  if (Array.isArray(value)) return value.map((item) => inline(item, components, trail));
  if (value === null || typeof value !== 'object') return value;
  const ref = value.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace(/#$/, '');
    const target = components.get(name);
    if (target === undefined) throw new Error(`output schema refers to an unknown component ${ref}`);
    if (trail.includes(name)) throw new Error(`output schema component ${name} refers to itself`);
    const { $ref: _ref, ...rest } = value;
    return inline({ ...(target as Record<string, Json>), ...rest }, components, [...trail, name]);
  }
  const copy: Record<string, Json> = {};
  for (const [key, member] of Object.entries(value)) if (key !== '$id') copy[key] = inline(member, components, trail);
  return copy;
}

/**
 * A tool's `outputSchema` (MCP: the JSON Schema its structuredContent conforms to): the REST
 * twin's 200 response schema, self-contained, with the object type MCP requires at its root.
 */
export function outputSchema(output: TSchema): Record<string, unknown> {
  const components = new Map(
    componentSchemas().map((schema) => [String((schema as { $id?: string }).$id), JSON.parse(JSON.stringify(schema)) as Json]),
  );
  const plain = inline(JSON.parse(JSON.stringify(output)) as Json, components, []) as Record<string, Json>;
  return { type: 'object', ...plain };
}
