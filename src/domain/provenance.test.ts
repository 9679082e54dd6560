import { describe, expect, it } from 'vitest';
import { provenanceOf, toEasternDate } from './provenance.js';
import { cadenceMs } from './products.js';

const HOUR = 3_600_000;

describe('provenance', () => {
  const ingestedAt = new Date('2026-11-20T07:30:00Z');
  const state = { product: 'PTFWPRD', file_date: '2026-11-19', ingested_at: ingestedAt };

  it('names the product and file date, with as_of the Eastern date of the ingest', () => {
    expect(provenanceOf('PTFWPRD', state, new Date('2026-11-20T12:00:00Z'))).toEqual({
      source: { product: 'PTFWPRD', file_date: '2026-11-19' },
      as_of: '2026-11-20',
      stale: false,
    });
  });

  it('turns stale just after 48 hours for daily products', () => {
    expect(provenanceOf('PTFWPRD', state, new Date(ingestedAt.getTime() + 48 * HOUR)).stale).toBe(false);
    expect(provenanceOf('PTFWPRD', state, new Date(ingestedAt.getTime() + 48 * HOUR + 1)).stale).toBe(true);
  });

  it('allows the weekly maintenance-fee product one week plus one day', () => {
    expect(cadenceMs('PTMNFEE2')).toBe(192 * HOUR);
    const fees = { ...state, product: 'PTMNFEE2' };
    expect(provenanceOf('PTMNFEE2', fees, new Date(ingestedAt.getTime() + 191 * HOUR)).stale).toBe(false);
    expect(provenanceOf('PTMNFEE2', fees, new Date(ingestedAt.getTime() + 193 * HOUR)).stale).toBe(true);
  });

  it('allows the weekly full-text products one week plus one day, and the daily file wrapper 48 hours', () => {
    expect(cadenceMs('PTGRXML')).toBe(192 * HOUR);
    expect(cadenceMs('APPXML')).toBe(192 * HOUR);
    expect(cadenceMs('PTFWPRE')).toBe(48 * HOUR);
    const grants = { ...state, product: 'PTGRXML' };
    expect(provenanceOf('PTGRXML', grants, new Date(ingestedAt.getTime() + 5 * 24 * HOUR)).stale).toBe(false);
    expect(provenanceOf('PTGRXML', grants, new Date(ingestedAt.getTime() + 193 * HOUR)).stale).toBe(true);
  });

  it('flags a product never loaded as stale with null dates', () => {
    expect(provenanceOf('PTAB', null, new Date())).toEqual({ source: { product: 'PTAB', file_date: null }, as_of: null, stale: true });
  });

  it('uses the US Eastern calendar day', () => {
    expect(toEasternDate(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(toEasternDate(new Date('2026-07-01T04:30:00Z'))).toBe('2026-07-01');
  });
});
