import { type Static, type TNull, type TProperties, type TSchema, type TUnion, type TUnsafe, Type } from 'typebox';

const COMPONENTS = new Map<string, TSchema>();

/**
 * Names a shared shape. OpenAPI lists it once under `components/schemas` (generated clients get a
 * named type for it) and every use is a `$ref` to it; the app registers every component with
 * Fastify (`componentSchemas()`), which resolves the references when it validates and serializes.
 */
export function component<T extends TSchema>(name: string, schema: T): TUnsafe<Static<T>> {
  if (COMPONENTS.has(name)) throw new Error(`schema component ${name} is declared twice`);
  COMPONENTS.set(name, { ...schema, $id: name });
  return Type.Unsafe<Static<T>>({ $ref: `${name}#` });
}

/** Every named shape, for `app.addSchema` before the first route is added. */
export function componentSchemas(): TSchema[] {
  return [...COMPONENTS.values()];
}

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
  stale: Type.Boolean({
    description:
      "True when the data is older than the product's cadence allows: its newest file date is more than two business days " +
      'old (daily products) or more than eight days (weekly products), or the product was never loaded',
  }),
};

/** Spec §2: every top-level object carries where its data came from and how fresh it is. */
const Provenance = component(
  'Provenance',
  Type.Object(ProvenanceProperties, { description: 'Where the data came from (source) and how fresh it is (as_of, stale)' }),
);

/** A top-level resource object: its own members plus the provenance members (allOf in OpenAPI). */
export const withProvenance = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  // Provenance last: responses keep their own members first, as before.
  Type.Intersect([Type.Object(properties), Provenance], options);

/** The request's id, as its X-Request-Id header: optional in the schema only so older answers still validate. */
const RequestId = Type.Optional(
  Type.String({
    description: "The request's id, the same as its X-Request-Id response header: quote it to the operator, whose logs carry it",
  }),
);

/** The error body every non-2xx response carries (spec §7; D13 adds checkout hints to 402). */
export const ErrorBodySchema = component(
  'Error',
  Type.Object(
    {
      error: Type.String({ description: 'Stable error code, e.g. invalid_api_key (docs/errors.md lists them)' }),
      message: Type.String({ description: 'For humans; its wording may change' }),
      detail: Type.Optional(Type.Unknown({ description: 'Code-specific, e.g. the covered dates of a 404 on claims' })),
      request_id: RequestId,
    },
    { additionalProperties: true },
  ),
);

const ValidationIssue = component(
  'ValidationIssue',
  Type.Object({
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { description: 'Request part, then field: ["query", "limit"]' }),
    msg: Type.String(),
    type: Type.String({ description: 'Stable machine code: missing, less_than_equal, cursor_invalid …' }),
    input: Type.Unknown({ description: 'The value sent, cut to a bounded size' }),
    ctx: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      additionalProperties: true,
      description: 'The limit that failed, e.g. {"le": 1000}; {} when none',
    }),
  }),
);

export const ValidationErrorSchema = component(
  'ValidationError',
  Type.Object({
    error: Type.Literal('validation_error'),
    message: Type.String(),
    detail: Type.Array(ValidationIssue, { description: 'At most 50 problems' }),
    request_id: RequestId,
  }),
);

export const PaymentRequiredSchema = component(
  'PaymentRequired',
  Type.Object(
    {
      error: Type.Literal('payment_required'),
      message: Type.String(),
      checkout: Type.Object({
        method: Type.Literal('POST'),
        path: Type.Literal('/agent/checkout-link'),
        body: Type.Object({ amount_usd: Type.Integer() }),
      }),
      minimum_usd: Type.Integer(),
      request_id: RequestId,
    },
    { additionalProperties: true, description: 'DESIGN.md D13: the checkout call that buys credit' },
  ),
);
