import { isCalendarDate } from '../domain/calendar-date.js';

interface FormatRegistry {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

/**
 * Dates in our parameters must be dates PostgreSQL can store: ajv-formats accepts year 0000,
 * which reached SQL and came back a 500. Registered after ajv-formats, so it replaces its `date`.
 */
export function strictDateFormat<T extends FormatRegistry>(ajv: T): T {
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  return ajv;
}
