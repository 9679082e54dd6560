import type { ErrorCode } from '../../../domain/errors.js';
import { ACCOUNT_EXAMPLES } from './accounts.js';
import { ENTITY_EXAMPLES } from './entities.js';
import { errorExample } from './errors.js';
import { FEED_EXAMPLES } from './feeds.js';
import { FEES_OWNERSHIP_EXAMPLES } from './fees-ownership.js';
import { META_EXAMPLES } from './meta.js';
import { OFFICE_ACTION_PTAB_EXAMPLES } from './office-actions-ptab.js';
import type { OperationExamples } from './operation-example.js';
import { RECORD_EXAMPLES } from './records.js';

/** Every operation's example, by operationId. */
export const OPERATION_EXAMPLES: OperationExamples = {
  ...ACCOUNT_EXAMPLES,
  ...RECORD_EXAMPLES,
  ...FEES_OWNERSHIP_EXAMPLES,
  ...OFFICE_ACTION_PTAB_EXAMPLES,
  ...ENTITY_EXAMPLES,
  ...FEED_EXAMPLES,
  ...META_EXAMPLES,
};

/** The shared error shapes (resources/schemas.ts): a response of one of them gets the examples of its codes. */
const ERROR_SCHEMAS = new Set([
  '#/components/schemas/Error',
  '#/components/schemas/ValidationError',
  '#/components/schemas/PaymentRequired',
]);

interface MediaType {
  schema?: { $ref?: string };
  example?: unknown;
  examples?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  parameters?: { name: string; example?: unknown }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

/** The first (and, here, only) media type of a body. */
const mediaOf = (content: Record<string, MediaType> | undefined): MediaType | undefined => Object.values(content ?? {})[0];

/** One operation's examples: its parameters, body, success answer, other answers and the codes of its errors. */
function exampleOperation(operation: Operation, errors: Record<number, ErrorCode[]>, used: Set<ErrorCode>): void {
  const example = OPERATION_EXAMPLES[operation.operationId ?? ''];
  for (const parameter of operation.parameters ?? []) {
    if (example?.parameters?.[parameter.name] !== undefined) parameter.example = example.parameters[parameter.name];
  }
  const body = mediaOf(operation.requestBody?.content);
  if (body && example?.body !== undefined) body.example = example.body;
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const media = mediaOf(response.content);
    if (!media) continue;
    const codes = errors[Number(status)];
    if (codes && ERROR_SCHEMAS.has(media.schema?.$ref ?? '')) {
      media.examples = Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }]));
      for (const code of codes) used.add(code);
    } else if (example && Number(status) === example.status && example.response !== undefined) {
      media.example = example.response;
    } else if (example?.otherResponses?.[Number(status)] !== undefined) {
      media.example = example.otherResponses[Number(status)];
    }
  }
}

/**
 * Examples on every operation of the document, taken from the demo corpus (operation-example.ts):
 * parameters, request body and success answer, and on each error response the body of each of its
 * codes (as `components/examples`, written once and referred to).
 */
export function documentExamples(document: Document, errorsByOperation: Map<string, Record<number, ErrorCode[]>>): void {
  const used = new Set<ErrorCode>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item) as Operation[]) {
      if (typeof operation !== 'object' || operation === null || !operation.operationId) continue;
      exampleOperation(operation, errorsByOperation.get(operation.operationId) ?? {}, used);
    }
  }
  const examples = Object.fromEntries([...used].sort().map((code) => [code, { summary: code, value: errorExample(code) }]));
  document.components = { ...document.components, examples };
}
