/**
 * The maintenance-fee schedule and its event codes (DOMAIN-RULES §2.1, §2.5): the three stage
 * windows of a patent, and which code records a payment, a surcharge, a petition, a refund or an
 * entity change in which era. Codes agree with domain/fee-codes.ts (classifyFeeCode).
 */
import { addMonths, nextBusinessDay } from '../../../../src/domain/dates.js';
import { day, iso, type Rng } from '../core/random.js';
import type { Entity } from '../core/timeline.js';

export interface StageWindow {
  open: number;
  due: number;
  /** The due date moved past a weekend or holiday: a payment on it is still timely. */
  dueRolled: number;
  /** The anniversary: the last day of the grace period; the patent expires after it. */
  end: number;
}

const windowCache = new Map<number, readonly StageWindow[]>();

/** The three stage windows of a patent granted on epoch day `grant` (cached per grant day). */
export function stageWindows(grant: number): readonly StageWindow[] {
  let out = windowCache.get(grant);
  if (!out) {
    const g = iso(grant);
    out = [1, 2, 3].map((n) => {
      const due = addMonths(g, 48 * n - 6); // 42, 90, 138 months
      return {
        open: day(addMonths(g, 48 * n - 12)),
        due: day(due),
        dueRolled: day(nextBusinessDay(due)),
        end: day(addMonths(g, 48 * n)),
      };
    });
    windowCache.set(grant, out);
  }
  return out;
}

// Code eras (payment day): PL 96-517 / PL 97-247 codes until the early 1990s, the M18x/M28x
// series until the December 2004 fee restructuring, then M{entity}55{stage}; micro entity
// status exists from 2013-03-19.
const NEW_CODES = day('2004-12-08');
const MID_CODES = day('1992-10-01');
const PL_97_247 = day('1982-08-27');
export const MICRO_FROM = day('2013-03-19');
const DIGIT: Readonly<Record<Entity, number>> = { large: 1, small: 2, micro: 3 };

export function paymentCode(stage: number, entity: Entity, payDay: number, filing: number): string {
  if (payDay >= NEW_CODES) return `M${DIGIT[entity]}55${stage}`;
  const small = entity !== 'large';
  if (payDay >= MID_CODES) return `M${small ? 28 : 18}${2 + stage}`;
  if (filing < PL_97_247) return `M17${stage - 1}`;
  return `M${small ? 27 : 17}${2 + stage}`;
}

export function surchargeCode(stage: number, entity: Entity, payDay: number, filing: number): string {
  if (payDay >= NEW_CODES) return `M${DIGIT[entity]}55${3 + stage}`;
  const small = entity !== 'large';
  if (payDay >= MID_CODES) return `M${small ? 28 : 18}${stage === 1 ? 6 : stage - 1}`; // M186 3.5-yr, M181 7.5-yr, M182 11.5-yr
  if (filing < PL_97_247) return 'M176';
  return small ? 'M277' : 'M177';
}

/** USPTO's code table has no M2558 (only its refund R2558), so a small entity's petition is recorded as M1558. */
export function petitionCode(entity: Entity, payDay: number): string {
  if (payDay >= NEW_CODES) return entity === 'micro' ? 'M3558' : 'M1558';
  return payDay >= MID_CODES ? 'M188' : 'M178';
}

export const refundCode = (code: string): string => `R${code.slice(1)}`;

/** Stage of a payment or surcharge code, or null (M1551 → 1, M274 → 2, M172 → 3). */
export function paymentStage(code: string): number | null {
  let m = /^M[123]55([123])$/.exec(code);
  if (m) return Number(m[1]);
  m = /^M(?:17|27|18|28)([0-5])$/.exec(code);
  if (!m) return null;
  const last = Number(m[1]);
  return code.startsWith('M17') && last <= 2 ? last + 1 : last >= 3 ? last - 2 : null;
}

export function entityChangeCode(from: Entity, to: Entity, at: number, rng: Rng): string {
  const modern = at >= MICRO_FROM;
  if (to === 'micro') return rng.chance(0.5) ? 'MICR' : 'STOM';
  if (to === 'small') return from === 'micro' ? 'MTOS' : modern && rng.chance(0.5) ? 'SMAL' : 'LTOS';
  return from === 'small' && !(modern && rng.chance(0.5)) ? 'STOL' : 'BIG.';
}

/** A statement of the status the owner already has, or null when the era has none. */
export function restatementCode(entity: Entity, at: number, rng: Rng): string | null {
  if (entity === 'micro') return 'MICR';
  if (entity === 'large') return at >= MICRO_FROM ? 'BIG.' : null;
  if (at < NEW_CODES) return rng.pick(['SM01', 'SM02', 'SM02', 'SM03']);
  return at >= MICRO_FROM && rng.chance(0.6) ? 'SMAL' : 'LTOS';
}
