import { AppError, type ValidationIssue } from '../../domain/errors.js';
import { MAX_NUMBER_TEXT } from './schemas.js';

/**
 * What the validator cannot check in a batch body without coercing it, run before it: a value
 * where the list `field` belongs (coercion would take "17248024" for ["17248024"]) and over-long
 * strings among entries of any type. Worded as the validator words the same mistakes.
 */
export function checkBatchEntries(body: unknown, field: string): void {
  if (body === null || typeof body !== 'object' || !Object.hasOwn(body, field)) return;
  const value = (body as Record<string, unknown>)[field];
  if (!Array.isArray(value)) {
    const issue = {
      loc: ['body', field],
      msg: 'Input should be of type array',
      type: 'array_type',
      input: value,
      ctx: { expected: 'array' },
    };
    throw new AppError('validation_error', undefined, [issue]);
  }
  const issues: ValidationIssue[] = [];
  value.forEach((entry: unknown, index) => {
    if (typeof entry !== 'string' || entry.length <= MAX_NUMBER_TEXT) return;
    issues.push({
      loc: ['body', field, index],
      msg: `String should have at most ${MAX_NUMBER_TEXT} characters`,
      type: 'string_too_long',
      input: entry,
      ctx: { max_length: MAX_NUMBER_TEXT },
    });
  });
  if (issues.length > 0) throw new AppError('validation_error', undefined, issues);
}
