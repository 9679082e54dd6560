import { describe, expect, it } from 'vitest';
import { isStale, provenanceOf, toEasternDate } from './provenance.js';

/** Noon in New York (UTC−5 in November), so the Eastern date is the date written. */
const noonEastern = (date: string) => new Date(`${date}T17:00:00Z`);

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

  it('counts a daily product’s 48 hours as two business days after its file date', () => {
    // Thursday 2026-11-19: Friday 11-20 and Monday 11-23 are the two business days after it.
    expect(isStale(state, noonEastern('2026-11-23'))).toBe(false);
    expect(isStale(state, noonEastern('2026-11-24'))).toBe(true);
    // Friday 11-20: the weekend does not count, Monday 11-23 and Tuesday 11-24 do; Thanksgiving
    // (Thursday 11-26) is no business day, so a Wednesday 11-25 file is fresh until Monday 11-30.
    expect(isStale({ product: 'PTFWPRD', file_date: '2026-11-20' }, noonEastern('2026-11-24'))).toBe(false);
    expect(isStale({ product: 'PTFWPRD', file_date: '2026-11-20' }, noonEastern('2026-11-25'))).toBe(true);
    expect(isStale({ product: 'PTAB', file_date: '2026-11-25' }, noonEastern('2026-11-30'))).toBe(false);
    expect(isStale({ product: 'PTAB', file_date: '2026-11-25' }, noonEastern('2026-12-01'))).toBe(true);
  });

  it('measures the data, not the ingest: an old file loaded today is stale', () => {
    const fees = { product: 'PTMNFEE2', file_date: '2025-04-07', ingested_at: new Date('2026-11-27T10:00:00Z') };
    expect(provenanceOf('PTMNFEE2', fees, new Date('2026-11-27T12:00:00Z'))).toEqual({
      source: { product: 'PTMNFEE2', file_date: '2025-04-07' },
      as_of: '2026-11-27',
      stale: true,
    });
  });

  it('allows the weekly products one week plus one day after their file date', () => {
    // 2026-11-17 + 8 days = 2026-11-25: fresh through that day, stale from the next.
    for (const product of ['PTMNFEE2', 'PTGRXML', 'APPXML']) {
      expect(isStale({ product, file_date: '2026-11-17' }, noonEastern('2026-11-25'))).toBe(false);
      expect(isStale({ product, file_date: '2026-11-17' }, noonEastern('2026-11-26'))).toBe(true);
    }
  });

  it('judges by the Eastern calendar day', () => {
    // 2026-11-24 03:00 UTC is still Monday 11-23 in New York: fresh; an hour after its midnight, stale.
    expect(isStale(state, new Date('2026-11-24T03:00:00Z'))).toBe(false);
    expect(isStale(state, new Date('2026-11-24T06:00:00Z'))).toBe(true);
  });

  it('flags a product never loaded as stale with null dates', () => {
    expect(provenanceOf('PTAB', null, new Date())).toEqual({ source: { product: 'PTAB', file_date: null }, as_of: null, stale: true });
  });

  it('uses the US Eastern calendar day', () => {
    expect(toEasternDate(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(toEasternDate(new Date('2026-07-01T04:30:00Z'))).toBe('2026-07-01');
  });
});
