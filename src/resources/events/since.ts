import { invalidParameter } from '../../domain/errors.js';

/** A date is its first instant in UTC; a date-time without a zone is UTC. */
export function sinceOf(raw: string | undefined): Date | null {
  if (raw === undefined) return null;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/i.test(raw) ? raw : `${raw}Z`;
  const value = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(value.getTime()))
    throw invalidParameter({ loc: ['query', 'since'], msg: 'Not an ISO 8601 date or date-time', type: 'since_format', input: raw });
  return value;
}
