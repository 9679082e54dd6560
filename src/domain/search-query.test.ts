import { describe, expect, it } from 'vitest';
import { MAX_EXCLUSIONS, searchQueryIssue } from './search-query.js';

describe('searchQueryIssue', () => {
  it('takes ordinary queries: words, phrases, a few exclusions, hyphenated words, dashes inside words', () => {
    for (const q of [
      'clip battery',
      '"clip battery" -lid',
      'a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z',
      `${'-x '.repeat(MAX_EXCLUSIONS)}`,
      'co-pending -"non-final rejection"',
      '–'.repeat(40),
    ]) {
      expect(searchQueryIssue(q), q).toBeNull();
    }
  });

  it("refuses more exclusions than PostgreSQL's query parser can stack, however they are spelled", () => {
    for (const q of [
      '-'.repeat(33),
      '- '.repeat(40),
      '-"'.repeat(40),
      '-('.repeat(40),
      '-!'.repeat(40),
      '-\t'.repeat(40),
      '-&-|-<'.repeat(10),
      `${'-x '.repeat(MAX_EXCLUSIONS + 1)}`,
    ]) {
      expect(searchQueryIssue(q), q).toMatchObject({
        loc: ['query', 'q'],
        type: 'too_many_exclusions',
        ctx: { max_exclusions: MAX_EXCLUSIONS },
      });
    }
  });

  it('says how many there were', () => {
    expect(searchQueryIssue('-'.repeat(40))?.msg).toContain('it has 40');
  });
});
