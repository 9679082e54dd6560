/**
 * Maintenance-fee event codes (DOMAIN-RULES §2.4, §2.5): the official code table, a reader for
 * USPTO's MaintFeeEventsDesc_YYYYMMDD.txt, and what each code means for fee windows. Pure, no
 * I/O. Meanings are derived from the official descriptions (fee-code-table.ts) and the code
 * structure they follow; a code outside the built-in table has no meaning here (null): callers
 * count and report unknown codes instead of guessing.
 */
import { FEE_CODE_ROWS } from './fee-code-table.js';

/** Code → official description; used when no MaintFeeEventsDesc file is given. */
export const BUILT_IN_FEE_CODES: ReadonlyMap<string, string> = new Map(FEE_CODE_ROWS);

export type FeeEventKind = 'paid' | 'reminder' | 'expired' | 'reinstated' | 'surcharge' | 'refund' | 'other';
export type FeeEntity = 'large' | 'small' | 'micro';
export type FeeStage = 1 | 2 | 3;

export interface FeeCodeMeaning {
  kind: FeeEventKind;
  /** The fee window concerned: 1 = 3.5-year, 2 = 7.5-year, 3 = 11.5-year; null when the code names none. */
  stage: FeeStage | null;
  /** The entity size the fee was paid at; null when the description names none (PL 96-517/97-247 codes). */
  entity: FeeEntity | null;
  /** A surcharge on a petition to accept payment after the patent expired (35 USC 41(c)). */
  petition: boolean;
  /** For a refund: the code of the payment or surcharge it gives back; null when it names none. */
  reverses: string | null;
  /** For an entity-status record: the status the owner moves to. */
  entityChange: 'small' | 'micro' | 'undiscounted' | null;
}

type Core = Pick<FeeCodeMeaning, 'kind' | 'stage' | 'entity' | 'petition'>;

const ENTITY_BY_DIGIT: Readonly<Record<string, FeeEntity>> = { '1': 'large', '2': 'small', '3': 'micro' };

function stageOf(n: number): FeeStage {
  if (n !== 1 && n !== 2 && n !== 3) throw new RangeError(`no fee stage ${n}`);
  return n;
}
const paid = (stage: FeeStage | null, entity: FeeEntity | null): Core => ({ kind: 'paid', stage, entity, petition: false });
const surcharge = (stage: FeeStage | null, entity: FeeEntity | null): Core => ({ kind: 'surcharge', stage, entity, petition: false });
const petition = (entity: FeeEntity | null): Core => ({ kind: 'surcharge', stage: null, entity, petition: true });
const other: Core = { kind: 'other', stage: null, entity: null, petition: false };

// Payment and surcharge codes by structure. Each rule's digits select stage and entity; every
// reading is backed by the official descriptions quoted in the comments.
const PAYMENT_RULES: ReadonlyArray<readonly [RegExp, (digits: readonly number[]) => Core]> = [
  // M{entity}55{n}, entity 1 large, 2 small, 3 micro: n 1–3 "Payment of Maintenance Fee,
  // 4th/8th/12th Year"; 4–6 the grace surcharge of stage n − 3 ("7.5 yr surcharge - late pmt
  // w/in 6 mo"; M1554 and all micro ones only say "Surcharge for Late Payment"); 7 and 8
  // "Petition to Accept Pymt After Exp, Unavoidable/Unintentional"; 9 "Payment of Maintenance
  // Fee under 1.28(c)", a deficiency payment after a wrong small-entity payment: it pays no window.
  [
    /^M([123])55([1-9])$/,
    ([e, n]) => {
      const entity = ENTITY_BY_DIGIT[String(e)]!;
      if (n! <= 3) return paid(stageOf(n!), entity);
      if (n! <= 6) return surcharge(stageOf(n! - 3), entity);
      return n! <= 8 ? petition(entity) : paid(null, entity);
    },
  ],
  // "Payment of Maintenance Fee, 4th/8th/12th Year, PL 96-517" (M170–M172) and "…, PL 97-247"
  // (M173–M175): no entity named. M176/M177 "Surcharge for Late Payment, PL …": no stage named.
  [/^M17([0-5])$/, ([n]) => paid(stageOf((n! % 3) + 1), null)],
  [/^M17[67]$/, () => surcharge(null, null)],
  [/^M178$/, () => petition(null)],
  // M18x large, M28x small: 1 and 2 "7.5 / 11.5 yr surcharge"; 3–5 "Payment …, 4th/8th/12th";
  // 7, 8 petitions. 6 "Surcharge for Late Payment" names no stage, and R286's "3.5 yr surcharge"
  // is not how it was used: USPTO's own sample pairs M186 with the 12th-year M185 in that
  // window's grace (patent 4292311, granted 1981-09-29, both on 1993-04-05).
  [
    /^M([12])8([1-8])$/,
    ([e, n]) => {
      const entity = ENTITY_BY_DIGIT[String(e)]!;
      if (n! <= 2) return surcharge(stageOf(n! + 1), entity);
      if (n! <= 5) return paid(stageOf(n! - 2), entity);
      return n === 6 ? surcharge(null, entity) : petition(entity);
    },
  ],
  // "Payment …, 4th/8th/12th Yr, Small Entity, PL 97-247"; M277 its surcharge, stage not named.
  [/^M27([3-5])$/, ([n]) => paid(stageOf(n! - 2), 'small')],
  [/^M277$/, () => surcharge(null, 'small')],
  // "Payment of Maintenance Fee under 1.28(c)" under the older numbering.
  [/^M695$/, () => paid(null, null)],
  // F170–F172 "Payment …, 4th/8th/12th Year" and F176 "Surcharge for late payment" name no
  // entity; F173–F175 and F177 say "Undiscounted Entity"; F27x "Small Entity".
  [/^F17([0-2])$/, ([n]) => paid(stageOf(n! + 1), null)],
  [/^F17([3-5])$/, ([n]) => paid(stageOf(n! - 2), 'large')],
  [/^F176$/, () => surcharge(null, null)],
  [/^F177$/, () => surcharge(null, 'large')],
  [/^F27([3-5])$/, ([n]) => paid(stageOf(n! - 2), 'small')],
  [/^F277$/, () => surcharge(null, 'small')],
];

const STATUS_KINDS: Readonly<Record<string, FeeEventKind>> = { 'REM.': 'reminder', 'EXP.': 'expired', EXPX: 'reinstated' };

// "Pat Holder Claims Small Entity Status", "Pat Hldr no Longer Claims Micro Ent Stat" (MTOS:
// micro to small), "Pat Hldr no Longer Claims Small Ent Stat" (STOL, LSM1–3), "Entity status
// set to Undiscounted" (BIG.), "Pat Hldr Claims Micro Ent Stat" (STOM).
const ENTITY_CHANGES: Readonly<Record<string, 'small' | 'micro' | 'undiscounted'>> = {
  SMAL: 'small',
  SM01: 'small',
  SM02: 'small',
  SM03: 'small',
  LTOS: 'small',
  MTOS: 'small',
  MICR: 'micro',
  STOM: 'micro',
  'BIG.': 'undiscounted',
  STOL: 'undiscounted',
  LSM1: 'undiscounted',
  LSM2: 'undiscounted',
  LSM3: 'undiscounted',
};

// Payor numbers, petitions, fee-processing notices (F160–F169) and filing-fee 1.28(c) payments
// (M1461, M699) say nothing about a fee window.
const OTHER_CODES = /^(ASPN|RMPN|PMF[PGDS]|F16\d|M1461|M699)$/;

// A refund R… gives back M… with the same digits, except these: R669's text is "Refund - Payment
// of Filing Fees under 1.28(c)", which is M699's (USPTO's own numbering), and R160, R161, R165,
// R169 ("Refund Processed. Maintenance Fee Has Already Been Paid.", "…Tendered too Early.",
// "…Mixed With Other Fees.", "Refund of Excess Payments Processed.") give back no recorded code.
const REFUND_TARGETS: Readonly<Record<string, string | null>> = { R669: 'M699', R160: null, R161: null, R165: null, R169: null };

function coreMeaning(code: string): Core | null {
  if (OTHER_CODES.test(code)) return other;
  for (const [pattern, meaning] of PAYMENT_RULES) {
    const match = pattern.exec(code);
    if (match) return meaning(match.slice(1).map(Number));
  }
  return null;
}

function meaningOf(code: string): FeeCodeMeaning | null {
  const base = { reverses: null, entityChange: null };
  const status = STATUS_KINDS[code];
  if (status) return { ...base, kind: status, stage: null, entity: null, petition: false };
  const change = ENTITY_CHANGES[code];
  if (change) return { ...other, ...base, entityChange: change };
  if (/^R\d{3,4}$/.test(code)) {
    const reverses = code in REFUND_TARGETS ? REFUND_TARGETS[code]! : `M${code.slice(1)}`;
    // The refunded code need not be in the table itself (R2558 gives back M2558, seen in PEDS
    // records but absent from the Desc file), so its meaning comes from the structure alone.
    const target = reverses === null ? null : coreMeaning(reverses);
    return { ...base, kind: 'refund', stage: target?.stage ?? null, entity: target?.entity ?? null, petition: false, reverses };
  }
  const core = coreMeaning(code);
  return core && { ...base, ...core };
}

const MEANINGS: ReadonlyMap<string, Readonly<FeeCodeMeaning>> = new Map(
  [...BUILT_IN_FEE_CODES.keys()].flatMap((code) => {
    const meaning = meaningOf(code);
    return meaning ? [[code, Object.freeze(meaning)] as const] : [];
  }),
);

/**
 * What a fee event code means for the fee windows; null for a code not in the built-in table.
 * Trailing spaces (the fixed-width field's padding) are ignored; the code is otherwise exact.
 */
export function classifyFeeCode(code: string): Readonly<FeeCodeMeaning> | null {
  return MEANINGS.get(code.trimEnd()) ?? null;
}

export interface FeeCodeReject {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
  excerpt: string;
}

const CODE_FIELD = /^[A-Z0-9][A-Z0-9.]{3}([A-Z0-9.]| )$/;

/**
 * Reads a MaintFeeEventsDesc_YYYYMMDD.txt: code in columns 1–5 (right-padded with spaces,
 * periods kept), a space, the description from column 7 to the end of the line. CRLF or LF;
 * blank lines skipped; trailing spaces dropped. A line that does not fit this layout, or repeats
 * a code, is rejected with its line number and never guessed at.
 */
export function parseFeeCodeDescriptions(text: string): { codes: Map<string, string>; rejects: FeeCodeReject[] } {
  const codes = new Map<string, string>();
  const firstLine = new Map<string, number>();
  const rejects: FeeCodeReject[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.replace(/[\s]+$/, '');
      if (line === '') return;
      const reject = (reason: string) => rejects.push({ line: index + 1, reason, excerpt: raw.replace(/\r$/, '').slice(0, 100) });
      if (!CODE_FIELD.test(line.slice(0, 5))) return reject('columns 1–5 are not a 4- or 5-character code (letters, digits, periods)');
      if (line.length < 7) return reject('no description after the code');
      if (line[5] !== ' ') return reject('column 6 is not the space that ends the code');
      if (/\s/.test(line[6]!)) return reject('the description does not start in column 7');
      const code = line.slice(0, 5).trimEnd();
      const seen = firstLine.get(code);
      if (seen !== undefined) return reject(`code ${code} repeats line ${seen}`);
      firstLine.set(code, index + 1);
      codes.set(code, line.slice(6));
    });
  return { codes, rejects };
}
