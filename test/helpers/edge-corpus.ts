import type { Database } from '../../src/db/database.js';
import type { BackwardCitation } from '../../src/products/full-text/document.js';
import { loadFileWrapper } from '../../src/products/file-wrapper/load.js';
import { loadFullText } from '../../src/products/full-text/load.js';
import { backfile, fullRecord, itemsOf, tx } from './file-wrapper-records.js';
import { documentItems, grantDoc, publicationDoc } from './full-text-documents.js';

/** Applications with more than one page of transactions at `limit=1`. */
export const PAGED_APPLICATIONS = ['18400004', '18400005'] as const;
/** Patents cited by more than one loaded grant (a forward list of several pages at `limit=1`). */
export const CITED_PATENTS = ['11000001', '11000002'] as const;

const cites = (...numbers: string[]): BackwardCitation[] =>
  numbers.map((number, index) => ({
    group: 'patents',
    seq: index + 1,
    number,
    kind: 'B2',
    name: 'Smith',
    date: '2022-01',
    category: 'examiner',
    categoryDetail: null,
  }));

/**
 * A small corpus in which every list of the API has more than one page: transactions, forward
 * citations and search results (by word and by CPC), so cursors can be minted and forged.
 */
export async function loadEdgeCorpus(db: Database): Promise<void> {
  const transactions = (label: string) =>
    Array.from({ length: 5 }, (_, i) => tx(`2022-0${1 + i}-1${i}`, 'EML_NTR', `${label} notification ${i}`));
  const busy = PAGED_APPLICATIONS.map((number) => fullRecord(number, {}, { transactions: transactions(number) }));
  await loadFileWrapper(db, itemsOf([...backfile(), ...busy]), { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2026-11-18' });
  const grants = [
    grantDoc('11000001', { title: 'Clip battery', date: '2022-01-04', cpc: ['H01M 50/46'] }),
    grantDoc('11000002', { title: 'Clip battery holder', date: '2022-02-01', cpc: ['H01M 50/46'] }),
    grantDoc('11400000', { title: 'Clip battery case', date: '2022-09-06', citations: cites('11000001', '11000002') }),
    grantDoc('11450000', { title: 'Clip battery lid', date: '2022-11-01', citations: cites('11000001', '11000002') }),
    grantDoc('11500000', { title: 'Clip battery box', date: '2023-05-09', citations: cites('11000001', '11000002') }),
  ];
  await loadFullText(db, documentItems(grants), { product: 'PTGRXML', fileName: 'ipg230509.xml', fileDate: '2023-05-09' });
  await loadFullText(db, documentItems([publicationDoc('US20210000042A1', { title: 'Clip battery', date: '2021-07-08' })]), {
    product: 'APPXML',
    fileName: 'ipa210708.xml',
    fileDate: '2021-07-08',
  });
}
