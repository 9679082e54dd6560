import { type Static, type TNull, type TSchema, type TUnion, Type } from 'typebox';

/** The error body every non-2xx response carries (spec §7; D13 adds checkout hints to 402). */
export const ErrorBodySchema = Type.Object(
  {
    error: Type.String({ description: 'Stable error code, e.g. invalid_api_key' }),
    message: Type.String(),
    detail: Type.Optional(Type.Unknown({ description: 'For 422: a list of {loc, msg, type, input, ctx}; otherwise code-specific' })),
  },
  { additionalProperties: true },
);

/**
 * `T` or null. A scalar becomes a type list (`type: ['string', 'null']`) rather than `anyOf`:
 * the response serializer resolves anyOf by validating each branch on every response, which cost
 * more than the whole rest of a cached lookup. Objects and unions keep anyOf.
 */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => {
  const plain = schema as unknown as { type?: unknown; enum?: unknown[] };
  if (typeof plain.type === 'string' && plain.type !== 'object' && plain.type !== 'array') {
    const nullable = { ...schema, type: [plain.type, 'null'], ...(plain.enum ? { enum: [...plain.enum, null] } : {}) };
    return Type.Unsafe<Static<T> | null>(nullable) as unknown as TUnion<[T, TNull]>;
  }
  return Type.Union([schema, Type.Null()]);
};

export const ProvenanceProperties = {
  source: Type.Object({
    product: Type.String({ description: 'Bulk product the data came from, e.g. PTFWPRD' }),
    file_date: Nullable(Type.String({ format: 'date' })),
  }),
  as_of: Nullable(Type.String({ format: 'date', description: 'Date the service last ingested that product' })),
  stale: Type.Boolean({ description: 'True when the copy is older than the product cadence allows' }),
};
