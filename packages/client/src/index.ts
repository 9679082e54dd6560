/**
 * @patent-status/client: a typed client of the patent-status API. Requests, bodies and answers
 * are typed by the service's own OpenAPI document (schema.ts); errors are PatentStatusError;
 * lists are walked with `paginate`; every answer carries its credits.
 */
export { createPatentStatusClient, type Answer, type PatentStatusClient, type PatentStatusClientOptions } from './client.js';
export { ERROR_CODES, PatentStatusError, type ErrorCode } from './errors.js';
export type { AnswerMeta } from './answer-meta.js';
export type { ItemOf, ListPath, PageOf } from './lists.js';
export type { RetryOptions } from './retry.js';
export type { components, operations, paths } from './schema.js';
