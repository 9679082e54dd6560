/** One parameter or argument of a JSON Schema object, as a sentence of the discovery documents. */
export interface FieldSchema {
  description?: string;
  type?: string | string[];
  anyOf?: FieldSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  default?: unknown;
  enum?: unknown[];
}

export interface JsonSchemaObject {
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

/** A nullable field is `type: [T, 'null']` or `anyOf [T, null]`: describe T and say it may be null. */
function unwrapNullable(schema: FieldSchema): { schema: FieldSchema; nullable: boolean } {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    return { schema: { ...schema, type: types.join(' or ') }, nullable: types.length < schema.type.length };
  }
  const branches = schema.anyOf ?? [];
  const value = branches.filter((branch) => branch.type !== 'null');
  if (value.length !== 1 || branches.length !== 2) return { schema, nullable: false };
  return { schema: { ...value[0], description: schema.description ?? value[0]!.description }, nullable: true };
}

export function describeField(name: string, field: FieldSchema, required: boolean): string {
  const facts: string[] = [];
  const { schema, nullable } = unwrapNullable(field);
  const type = schema.type?.toString() ?? schema.anyOf?.map((branch) => branch.type ?? 'value').join(' or ');
  if (type) facts.push(`${schema.format ? `${type}, ${schema.format}` : type}${nullable ? ' or null' : ''}`);
  if (schema.enum) facts.push(`one of ${schema.enum.join(', ')}`);
  if (schema.minimum !== undefined) facts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) facts.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) facts.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`);
  if (schema.maxLength !== undefined) facts.push(`at most ${schema.maxLength} characters`);
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`);
  facts.push(required ? 'required' : 'optional');
  return `\`${name}\` (${facts.join('; ')})${schema.description ? `: ${schema.description}` : ''}`;
}
