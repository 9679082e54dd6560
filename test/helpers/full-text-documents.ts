import type { Claim } from '../../src/domain/claim.js';
import type { FullTextDocument, FullTextItem } from '../../src/products/full-text/document.js';

let counter = 0;

/** A grant with realistic defaults; tests override what they assert on. */
export function grantDoc(docNumber: string, overrides: Partial<FullTextDocument> = {}): FullTextDocument {
  counter += 1;
  return {
    docType: 'grant',
    docNumber,
    kind: 'B2',
    date: '2023-05-09',
    applicationNumber: String(17_000_000 + counter),
    filingDate: '2021-01-05',
    title: 'Fastening device',
    abstract: 'A device for fastening two parts.',
    claims: [
      { number: 1, text: '1. A fastening device comprising a clip.', dependent_on: [] },
      { number: 2, text: '2. The device of claim 1, wherein the clip is metal.', dependent_on: [1] },
    ],
    cpc: ['F16B 2/20'],
    citations: [],
    dtdVersion: 'v4.7 2022-02-17',
    parties: [],
    term: null,
    relations: [],
    pct: null,
    ...overrides,
  };
}

/** A publication (printed number with kind) with realistic defaults. */
export function publicationDoc(docNumber: string, overrides: Partial<FullTextDocument> = {}): FullTextDocument {
  return grantDoc(docNumber, {
    docType: 'publication',
    kind: docNumber.slice(-2),
    date: '2022-07-07',
    dtdVersion: 'v4.6 2022-02-17',
    parties: [],
    ...overrides,
  });
}

export function claim(number: number, text: string, dependentOn: number[] = []): Claim {
  return { number, text: `${number}. ${text}`, dependent_on: dependentOn };
}

export async function* documentItems(documents: FullTextDocument[]): AsyncGenerator<FullTextItem> {
  let index = 0;
  for (const document of documents) yield { kind: 'document', document, position: { member: null, index: index++ } };
}
