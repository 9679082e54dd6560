import { describe, expect, it } from 'vitest';
import { first } from '../../ingest/xml/select.js';
import { readXmlTree } from '../../ingest/xml/tree.js';
import { mapClaims } from './claims.js';
import type { Claim } from '../../domain/claim.js';

function claims(body: string): Claim[] {
  const outcome = readXmlTree(`<claims id="claims">${body}</claims>`, { acceptRoot: () => true });
  if (outcome.kind !== 'read') throw new Error(JSON.stringify(outcome));
  return mapClaims(outcome.tree);
}

const claim = (num: string, text: string, id = `CLM-${num}`): string =>
  `<claim id="${id}" num="${num}"><claim-text>${text}</claim-text></claim>`;
const ref = (n: number, text = `claim ${n}`): string => `<claim-ref idref="CLM-${String(n).padStart(5, '0')}">${text}</claim-ref>`;

describe('mapClaims', () => {
  it('numbers, text with limbs on their own lines, and dependencies from claim-ref idrefs', () => {
    const out = claims(
      claim('00001', '1. A method, comprising:\n<claim-text>step one;</claim-text>\n<claim-text>step two.</claim-text>\n') +
        claim('00002', `2. The method of ${ref(1)}, wherein x.`) +
        claim('00003', `3. The method of ${ref(2)} or ${ref(1, '1')}, wherein <claim-text>nested ${ref(2)} again</claim-text>`),
    );
    expect(out).toEqual([
      { number: 1, text: '1. A method, comprising:\nstep one;\nstep two.', dependent_on: [] },
      { number: 2, text: '2. The method of claim 1, wherein x.', dependent_on: [1] },
      { number: 3, text: '3. The method of claim 2 or 1, wherein\nnested claim 2 again', dependent_on: [1, 2] },
    ]);
  });

  it('widens ranges: two refs joined by to, -, through, or one ref whose words give the range', () => {
    const out = claims(
      claim('00001', '1. A.') +
        claim('00002', '2. B.') +
        claim('00003', '3. C.') +
        claim('00004', '4. D.') +
        claim('00005', `5. As in any one of ${ref(1, 'claims 1')} to ${ref(3, '3')}.`) +
        claim('00006', `6. As in ${ref(2, 'claims 2')}-${ref(4, '4')}.`) +
        claim('00007', `7. As in ${ref(1, 'claims 1-4')}.`) +
        claim('00008', `8. As in ${ref(1, 'claims 1')} through ${ref(2, '2')} and ${ref(4, '4')}.`) +
        claim('00009', `9. As in ${ref(1, 'claim 1')} or ${ref(4, '4')}.`),
    );
    expect(out.slice(4).map((c) => c.dependent_on)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 4],
      [1, 4],
    ]);
  });

  it('maps an idref to the claim with that id, else to the number at its end', () => {
    const out = claims(
      claim('01-18', '1-18. (canceled)', 'CLM-01-18') +
        claim('00019', `19. As in ${ref(18)}`) +
        claim('00020', '20. x <claim-ref idref="CLM-01-18">claim 1</claim-ref>'),
    );
    expect(out.slice(18).map((c) => c.dependent_on)).toEqual([[18], [1]]);
  });

  it('reads a canceled range "1-18. (canceled)" as eighteen canceled claims with the printed text', () => {
    const out = claims(
      claim('01-18', '<b>1</b>.-<b>18</b>. (Cancelled)', 'CLM-01-18') +
        claim('00019', '<b>19</b>. (canceled)') +
        claim('00020', '<b>20</b>. A thing.'),
    );
    expect(out).toEqual([
      ...Array.from({ length: 18 }, (_, i) => ({ number: i + 1, text: '1.-18. (Cancelled)', dependent_on: [], canceled: true })),
      { number: 19, text: '19. (canceled)', dependent_on: [], canceled: true },
      { number: 20, text: '20. A thing.', dependent_on: [] },
    ]);
  });

  it('takes the range from the printed text when the num attribute has one number', () => {
    const out = claims(claim('00001', '1 to 3. (canceled)') + claim('00004', '4. A thing.'));
    expect(out.map((c) => [c.number, c.canceled ?? false, c.number_raw])).toEqual([
      [1, true, undefined],
      [2, true, undefined],
      [3, true, undefined],
      [4, false, undefined],
    ]);
  });

  it('keeps one flagged claim for a range that is not canceled, repeats numbers, or is implausibly long', () => {
    expect(claims(claim('01-03', '1-3. A thing.', 'CLM-A') + claim('00004', '4. B'))).toEqual([
      { number: 1, text: '1-3. A thing.', dependent_on: [], number_raw: '01-03' },
      { number: 4, text: '4. B', dependent_on: [] },
    ]);
    const repeated = claims(claim('00002', '2. A') + claim('01-03', '1-3. (canceled)', 'CLM-R'));
    expect(repeated.map((c) => [c.number, c.number_raw])).toEqual([
      [2, undefined],
      [1, '01-03'],
    ]);
    const long = claims(claim('01-900', '1-900. (canceled)', 'CLM-L'));
    expect(long).toEqual([{ number: 1, text: '1-900. (canceled)', dependent_on: [], canceled: true, number_raw: '01-900' }]);
  });

  it('does not take a claim mentioning cancellation for a canceled claim', () => {
    expect(claims(claim('00001', '1. A method of canceled orders.'))[0]?.canceled).toBeUndefined();
  });

  it('keeps duplicate, zero and unreadable printed numbers in number_raw', () => {
    const out = claims(claim('00001', '1. a') + claim('00001', '1. b', 'CLM-X') + claim('', 'c', 'CLM-Y') + claim('00000', 'd', 'CLM-Z'));
    expect(out.map((c) => [c.number, c.number_raw])).toEqual([
      [1, undefined],
      [1, '00001'],
      [2, ''],
      [3, '00000'],
    ]);
  });

  it('gives [] without a claims element (bibliographic-only grants)', () => {
    expect(mapClaims(null)).toEqual([]);
    const outcome = readXmlTree('<doc/>', { acceptRoot: () => true });
    expect(outcome.kind === 'read' && mapClaims(first(outcome.tree, 'claims'))).toEqual([]);
  });
});
