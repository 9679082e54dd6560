import { describe, expect, it } from 'vitest';
import type { BackwardCitation } from '../full-text/document.js';
import { readXmlTree } from '../../ingest/xml/tree.js';
import { mapCitations } from './citations.js';

function citations(body: string, element = 'us-references-cited', entry = 'us-citation'): BackwardCitation[] {
  const xml = `<us-bibliographic-data-grant><${element}>${body.replaceAll('ENTRY', entry)}</${element}></us-bibliographic-data-grant>`;
  const outcome = readXmlTree(xml, { acceptRoot: () => true });
  if (outcome.kind !== 'read') throw new Error(JSON.stringify(outcome));
  return mapCitations(outcome.tree);
}

function patcit(num: string, id: Record<string, string>, category = 'cited by examiner'): string {
  const fields = Object.entries(id)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
  return `<ENTRY><patcit num="${num}"><document-id>${fields}</document-id></patcit><category>${category}</category></ENTRY>`;
}

describe('mapCitations', () => {
  it('sorts US patent literature into patents and publications by number shape and kind', () => {
    const out = citations(
      patcit('00001', { country: 'US', 'doc-number': '4630610', kind: 'A', name: 'Friend', date: '19861200' }) +
        patcit('00002', { country: 'US', 'doc-number': 'D300382', kind: 'S', date: '19890300' }) +
        patcit('00003', { country: 'US', 'doc-number': 'RE49257', kind: 'E1', date: '20221025' }) +
        patcit('00004', { country: 'US', 'doc-number': '20050123456', kind: 'A1', name: 'Li et al.', date: '20050600' }) +
        patcit('00005', { country: 'US', 'doc-number': '2005/0123457', kind: 'A9' }),
    );
    expect(out).toEqual([
      {
        seq: 1,
        category: 'examiner',
        categoryDetail: null,
        group: 'patents',
        number: '4630610',
        kind: 'A',
        name: 'Friend',
        date: '1986-12',
      },
      { seq: 2, category: 'examiner', categoryDetail: null, group: 'patents', number: 'D300382', kind: 'S', name: null, date: '1989-03' },
      {
        seq: 3,
        category: 'examiner',
        categoryDetail: null,
        group: 'patents',
        number: 'RE49257',
        kind: 'E1',
        name: null,
        date: '2022-10-25',
      },
      {
        seq: 4,
        category: 'examiner',
        categoryDetail: null,
        group: 'publications',
        number: 'US20050123456A1',
        name: 'Li et al.',
        date: '2005-06',
      },
      { seq: 5, category: 'examiner', categoryDetail: null, group: 'publications', number: 'US20050123457A9', name: null, date: null },
    ]);
  });

  it('keeps a US number of no known shape as a defect with the printed text', () => {
    const out = citations(
      patcit('00001', { country: 'US', 'doc-number': 'ABC-12', kind: 'B1' }) +
        patcit('00002', { country: 'US', 'doc-number': '20050123456' }),
    );
    expect(out.map((c) => (c.group === 'defect' ? c.raw : c.group))).toEqual(['US ABC-12 B1', 'US 20050123456']);
    expect(out.every((c) => c.group === 'defect' && c.defect.length > 10)).toBe(true);
  });

  it('keeps foreign documents as printed, kind trimmed', () => {
    const out = citations(
      patcit('00007', { country: 'WO', 'doc-number': ' WO 2005/080928 ', kind: 'A ', date: '20050900' }, 'cited by applicant'),
    );
    expect(out).toEqual([
      {
        seq: 7,
        category: 'applicant',
        categoryDetail: null,
        group: 'foreign',
        country: 'WO',
        number: 'WO 2005/080928',
        kind: 'A',
        date: '2005-09',
      },
    ]);
  });

  it('reads non-patent literature without markup, and v4.0–4.2 references-cited', () => {
    const npl =
      '<ENTRY><nplcit num="00003"><othercit>Smith, <i>Nature</i> 12, pp. 1-2.</othercit></nplcit><category>cited by other</category></ENTRY>';
    expect(citations(npl, 'references-cited', 'citation')).toEqual([
      { seq: 3, category: 'other', categoryDetail: 'cited by other', group: 'npl', text: 'Smith, Nature 12, pp. 1-2.' },
    ]);
  });

  it('maps categories: examiner, applicant, any other text, and none', () => {
    const out = citations(
      patcit('00001', { country: 'US', 'doc-number': '1' }, 'cited by third party') +
        '<ENTRY><nplcit num="00002"><othercit>x</othercit></nplcit></ENTRY>' +
        '<ENTRY><category>cited by examiner</category></ENTRY>',
    );
    expect(out.map((c) => [c.seq, c.category, c.categoryDetail, c.group])).toEqual([
      [1, 'other', 'cited by third party', 'patents'],
      [2, 'other', null, 'npl'],
      [3, 'examiner', null, 'defect'],
    ]);
  });
});
