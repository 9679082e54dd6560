import { Type, type TSchema } from 'typebox';

/** The error body every non-2xx response carries (spec §7; D13 adds checkout hints to 402). */
export const ErrorBodySchema = Type.Object(
  {
    error: Type.String({ description: 'Stable error code, e.g. invalid_api_key' }),
    message: Type.String(),
    detail: Type.Optional(Type.Unknown({ description: 'For 422: a list of {loc, msg, type, input, ctx}; otherwise code-specific' })),
  },
  { additionalProperties: true },
);

export const ProvenanceProperties = {
  source: Type.Object({
    product: Type.String({ description: 'Bulk product the data came from, e.g. PTFWPRD' }),
    file_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  }),
  as_of: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'Date the service last ingested that product' }),
  stale: Type.Boolean({ description: 'True when the copy is older than the product cadence allows' }),
};

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
