import { parseAnyApplicationNumber, parsePatentNumber, parsePublicationNumber, type PublicationNumber } from '../domain/numbers.js';
import { type AppError, invalidParameter } from '../domain/errors.js';

/**
 * The numbers in our paths, read once for every resource: a string the schema let through but
 * that names no number is a 422 on that path parameter, worded the same on every route.
 */
function malformed(field: string, input: string, what: string): AppError {
  return invalidParameter({ loc: ['path', field], msg: `Not a valid ${what}`, type: `${field}_format`, input });
}

/** 8 digits, or an international (PCT) application as stored (`PCT/US07/19317` finds `PCT/US2007/019317`). */
export function requireApplicationNumber(input: string): string {
  const parsed = parseAnyApplicationNumber(input);
  if (!parsed) throw malformed('application_number', input, 'application number (8 digits, e.g. 17/248,024, or PCT/US2007/019317)');
  return parsed;
}

export function requirePatentNumber(input: string): string {
  const parsed = parsePatentNumber(input);
  if (!parsed) throw malformed('patent_number', input, 'patent number (e.g. 11646472, D701016, PP18398, RE49257)');
  return parsed;
}

export function requirePublicationNumber(input: string): PublicationNumber {
  const parsed = parsePublicationNumber(input);
  if (!parsed) throw malformed('publication_number', input, 'publication number (US20230080435A1 or 2023/0080435)');
  return parsed;
}
