import { describe, expect, it } from 'vitest';
import { copyRows, defineCopyColumns, defineCopyTable, joinCopyTable } from './copy-rows.js';
import { toCopyText } from './copy-text.js';
import type { Queryable } from './database.js';

interface Row {
  application_number: string;
  seq: number;
  description: string | null;
  flag: boolean;
}

const TABLE = defineCopyTable<Row>()('transactions', ['application_number', 'seq', 'description', 'flag']);

// The column list is held to the row type: `tsc` fails when one of these lines stops being an error.
// @ts-expect-error a column of the row type left out
defineCopyTable<Row>()('transactions', ['application_number', 'seq', 'description']);
// @ts-expect-error a column the row type lacks
defineCopyTable<Row>()('transactions', ['application_number', 'seq', 'description', 'flag', 'code']);
// @ts-expect-error a field that is no COPY value
defineCopyTable<{ a: string; b: string[] }>()('t', ['a', 'b']);

const ROW: Row = { application_number: '17248024', seq: 0, description: 'a\tb\\c\nd\re', flag: true };

describe('defineCopyTable', () => {
  it('writes the fields in the declared order, as toCopyText writes the same values', () => {
    const swapped = { flag: false, description: null, seq: 3, application_number: '16000001' };
    expect(TABLE.text([ROW, swapped])).toBe(
      toCopyText([
        ['17248024', 0, 'a\tb\\c\nd\re', true],
        ['16000001', 3, null, false],
      ]),
    );
    expect(TABLE.line(ROW)).toBe('17248024\t0\ta\\tb\\\\c\\nd\\re\ttrue\n');
  });

  it('writes a range of the rows', () => {
    const rows = [0, 1, 2, 3].map((seq) => ({ ...ROW, description: null, seq }));
    expect(TABLE.text(rows, 1, 3)).toBe('17248024\t1\t\\N\ttrue\n17248024\t2\t\\N\ttrue\n');
    expect(TABLE.text([])).toBe('');
  });

  it('refuses a name that is not plain, and a column listed twice', () => {
    expect(() => defineCopyTable<{ a: string }>()('t; DROP TABLE x', ['a'])).toThrow(/plain/);
    expect(() => defineCopyTable<{ a: string }>()('t', ['a', 'a'])).toThrow(/twice/);
  });

  it('takes row objects of its type only', () => {
    // @ts-expect-error a row missing a column
    expect(() => TABLE.line({ application_number: '1', seq: 0, description: null })).not.toThrow();
    // @ts-expect-error a row with a field of the wrong type
    TABLE.line({ ...ROW, seq: '0' });
  });
});

describe('joinCopyTable', () => {
  const HEAD = defineCopyColumns<{ reel_frame: string; page_count: number | null }>()(['reel_frame', 'page_count']);
  const TAIL = defineCopyColumns<{ content_hash: string }>()(['content_hash']);
  const JOINED = joinCopyTable('assignments', HEAD, TAIL);

  it('lists the head columns, then the tail ones, and joins fields written apart as one line', () => {
    expect(JOINED.columns).toEqual(['reel_frame', 'page_count', 'content_hash']);
    const line = JOINED.joined(HEAD.fields({ reel_frame: '012345/0678', page_count: null }), TAIL.fields({ content_hash: 'h' }));
    expect(line).toBe('012345/0678\t\\N\th\n');
    expect(JOINED.line({ reel_frame: '012345/0678', page_count: null, content_hash: 'h' })).toBe(line);
  });

  it('takes the parts in its own order only', () => {
    // @ts-expect-error the tail's fields where the head's go
    JOINED.joined(TAIL.fields({ content_hash: 'h' }), HEAD.fields({ reel_frame: '1', page_count: 1 }));
  });
});

describe('copyRows', () => {
  it('sends the rows as COPY text in chunks of at most 50,000 rows, and nothing for none', async () => {
    const calls: { table: string; columns: readonly string[]; lines: number }[] = [];
    const db = {
      copyText: async (table: string, columns: readonly string[], text: string) => {
        calls.push({ table, columns, lines: text.split('\n').length - 1 });
      },
    } as unknown as Queryable;
    await copyRows(db, TABLE, []);
    expect(calls).toEqual([]);
    await copyRows(
      db,
      TABLE,
      Array.from({ length: 120_000 }, (_, seq) => ({ ...ROW, seq })),
    );
    expect(calls.map((c) => c.lines)).toEqual([50_000, 50_000, 20_000]);
    expect(calls[0]).toMatchObject({ table: 'transactions', columns: ['application_number', 'seq', 'description', 'flag'] });
  });
});
