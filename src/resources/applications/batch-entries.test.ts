import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.js';
import { checkBatchEntries } from './batch-entries.js';

function issuesOf(body: unknown, field = 'application_numbers'): unknown {
  try {
    checkBatchEntries(body, field);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_error');
    return (error as AppError).detail;
  }
  return null;
}

describe('checkBatchEntries', () => {
  it('lets a list of any entries through, and leaves bodies without the list to the validator', () => {
    expect(issuesOf({ application_numbers: [null, 17248024, 'x', { a: 1 }, [], 'y'.repeat(100)] })).toBeNull();
    expect(issuesOf({})).toBeNull();
    expect(issuesOf(null)).toBeNull();
    expect(issuesOf(['17248024'])).toBeNull();
  });

  it('refuses a value where the list belongs, echoing it', () => {
    for (const value of ['17248024', null, 17248024, { 0: '17248024' }]) {
      expect(issuesOf({ application_numbers: value })).toStrictEqual([
        {
          loc: ['body', 'application_numbers'],
          msg: 'Input should be of type array',
          type: 'array_type',
          input: value,
          ctx: { expected: 'array' },
        },
      ]);
    }
  });

  it('refuses every string over 100 characters, at its position', () => {
    const long = 'x'.repeat(101);
    expect(issuesOf({ application_numbers: ['17248024', long, null, long] })).toStrictEqual(
      [1, 3].map((index) => ({
        loc: ['body', 'application_numbers', index],
        msg: 'String should have at most 100 characters',
        type: 'string_too_long',
        input: long,
        ctx: { max_length: 100 },
      })),
    );
  });

  it('checks the field it is given, and only that one', () => {
    const long = 'x'.repeat(101);
    expect(issuesOf({ patent_numbers: ['11646472', long] }, 'patent_numbers')).toStrictEqual([
      {
        loc: ['body', 'patent_numbers', 1],
        msg: 'String should have at most 100 characters',
        type: 'string_too_long',
        input: long,
        ctx: { max_length: 100 },
      },
    ]);
    expect(issuesOf({ patent_numbers: '11646472' }, 'patent_numbers')).toMatchObject([
      { loc: ['body', 'patent_numbers'], type: 'array_type' },
    ]);
    expect(issuesOf({ application_numbers: [long] }, 'patent_numbers')).toBeNull();
    expect(issuesOf({ patent_numbers: [long] })).toBeNull();
  });
});
