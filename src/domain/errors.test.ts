import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  ERROR_CATALOGUE,
  invalidParameter,
  MAX_VALIDATION_ISSUES,
  notFound,
  paymentRequired,
  type ValidationIssue,
} from './errors.js';

const invalidParameterList = (issues: ValidationIssue[]) => new AppError('validation_error', undefined, issues);

interface DocRow {
  status: number;
  code: string;
  condition: string;
  advice: string;
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** The rows of docs/errors.md's `status | error | condition | what to do` table, in document order. */
function documentedErrors(): DocRow[] {
  const lines = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8').split('\n');
  const header = lines.findIndex((line) => line.trim().startsWith('|') && cells(line).join(',') === 'status,error,condition,what to do');
  if (header < 0) throw new Error('docs/errors.md has no "status | error | condition | what to do" table');
  if (!/^\|(\s*:?-{3,}:?\s*\|){4}$/.test(lines[header + 1]?.trim() ?? '')) throw new Error('the error table lacks its separator line');
  const rows: DocRow[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.trim().startsWith('|')) break;
    const row = cells(line);
    if (row.length !== 4) throw new Error(`error table row must have 4 cells: ${line}`);
    const [status, error, condition, advice] = row as [string, string, string, string];
    const code = /^`([a-z_]+)`$/.exec(error);
    if (!/^\d{3}$/.test(status) || !code) throw new Error(`error table row must start with a status and a \`code\`: ${line}`);
    rows.push({ status: Number(status), code: code[1]!, condition, advice });
  }
  return rows;
}

const catalogue = Object.entries(ERROR_CATALOGUE).map(([code, { status }]) => ({ status, code }));
const pair = ({ status, code }: { status: number; code: string }) => `${status} ${code}`;

describe('docs/errors.md', () => {
  const rows = documentedErrors();

  it('lists exactly the catalogue: the same codes with the same statuses', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map(pair)).size).toBe(rows.length); // no code listed twice
    expect(new Set(rows.map(pair))).toEqual(new Set(catalogue.map(pair)));
  });

  it('keeps the catalogue order', () => {
    expect(rows.map((row) => row.code)).toEqual(catalogue.map((entry) => entry.code));
  });

  it('says for every code when it happens and what to do', () => {
    for (const row of rows) {
      expect(row.condition.length, `${row.code}: condition`).toBeGreaterThan(15);
      expect(row.advice.length, `${row.code}: what to do`).toBeGreaterThan(15);
    }
  });
});

describe('AppError', () => {
  it('takes its status and default message from the catalogue', () => {
    const error = new AppError('invalid_api_key');
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(401);
    expect(error.message).toBe('The API key is missing, revoked or mistyped.');
  });

  it('renders a plain error as {error, message} without a detail member', () => {
    const body = new AppError('org_exists').toBody();
    expect(body).toStrictEqual({ error: 'org_exists', message: ERROR_CATALOGUE.org_exists.message });
    expect(Object.keys(body)).toEqual(['error', 'message']);
  });

  it("ends the body with the request's id when given (the renderers always give it)", () => {
    const body = paymentRequired().toBody('req-1');
    expect(Object.keys(body)).toEqual(['error', 'message', 'checkout', 'minimum_usd', 'request_id']);
    expect(body.request_id).toBe('req-1');
  });

  it('renders a custom message', () => {
    expect(notFound('No application 17248024.').toBody()).toStrictEqual({ error: 'not_found', message: 'No application 17248024.' });
  });

  it('renders detail when given', () => {
    const issue: ValidationIssue = {
      loc: ['path', 'application_number'],
      msg: 'Application numbers have 8 digits',
      type: 'string_pattern_mismatch',
      input: '123',
      ctx: { pattern: '^\\d{8}$' },
    };
    const error = invalidParameter(issue);
    expect(error.status).toBe(422);
    expect(error.toBody()).toStrictEqual({ error: 'validation_error', message: 'The request is invalid.', detail: [issue] });

    const below = new AppError('amount_below_minimum', undefined, { minimum_usd: 20, amount_usd: 5 });
    expect(below.status).toBe(400);
    expect(below.toBody()).toStrictEqual({
      error: 'amount_below_minimum',
      message: 'The checkout amount is below the minimum of 20 US dollars.',
      detail: { minimum_usd: 20, amount_usd: 5 },
    });
  });

  it('renders every 422 item with all five members: ctx {} when none, input cut, at most 50 items', () => {
    const issues: ValidationIssue[] = Array.from({ length: 80 }, (_, i) => ({
      loc: ['body', 'application_numbers', i],
      msg: 'Too long',
      type: 'string_too_long',
      input: 'z'.repeat(1000),
    }));
    const detail = invalidParameterList(issues).toBody().detail as Required<ValidationIssue>[];
    expect(detail).toHaveLength(MAX_VALIDATION_ISSUES);
    expect(detail[0]).toStrictEqual({
      loc: ['body', 'application_numbers', 0],
      msg: 'Too long',
      type: 'string_too_long',
      input: `${'z'.repeat(200)}…`,
      ctx: {},
    });
  });

  it('paymentRequired() is exactly the D13 body', () => {
    const error = paymentRequired();
    expect(error.status).toBe(402);
    expect(error.toBody()).toStrictEqual({
      error: 'payment_required',
      message: 'This account has no credit left. Buy credit to continue.',
      checkout: { method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } },
      minimum_usd: 20,
    });
  });
});
