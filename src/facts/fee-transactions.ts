import { BUILT_IN_FEE_CODES, classifyFeeCode } from '../domain/fee-codes.js';

/**
 * Whether a file-wrapper transaction is a fee event: a payment, surcharge, refund, reminder, lapse
 * or reinstatement of the fee-code table, or the granted petition that reinstates (maintenance.ts).
 * Entity-status codes (BIG., SMAL) are not: in a file wrapper they record the applicant's status
 * during prosecution.
 */
export function isFeeTransaction(code: string): boolean {
  if (!BUILT_IN_FEE_CODES.has(code)) return false;
  return code === 'PMFG' || (classifyFeeCode(code)?.kind ?? 'other') !== 'other';
}
