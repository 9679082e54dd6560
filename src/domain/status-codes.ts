/**
 * Application status code → status category (interface-spec §2 `status.category`, §3) and
 * category → portfolio bucket (`status.bucket`, interface-spec §2 portfolio rows).
 * Pure rules, no I/O. The code table lives in status-code-table.ts (DOMAIN-RULES §4.1).
 */
import type { StatusCategory } from './status-categories.js';
import { DESCRIPTION_ONLY_ROWS, STATUS_CODE_ROWS } from './status-code-table.js';

const CATEGORY_BY_CODE: ReadonlyMap<number, StatusCategory> = new Map(STATUS_CODE_ROWS.map(([code, , category]) => [code, category]));

/** The office's description of each known code, for records that carry the code only. */
export const STATUS_DESCRIPTIONS: ReadonlyMap<number, string> = new Map(STATUS_CODE_ROWS.map(([code, description]) => [code, description]));

// Descriptions differ in spacing ("Abandoned  --  …", trailing spaces) and casing between ODP,
// PEDS and third-party lists (DOMAIN-RULES §4 intro), so text is compared in this form only.
function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

// Exact-text lookup built from the code table plus the description-only rows. A text that two
// codes share with different categories (83 vs 428 "Advisory Action Mailed", 120 vs 432
// "Notice of Appeal Filed": application vs reexam) is dropped: the text alone cannot decide.
const CATEGORY_BY_TEXT: ReadonlyMap<string, StatusCategory> = (() => {
  const byText = new Map<string, StatusCategory | null>();
  const rows: Array<readonly [string, StatusCategory]> = [
    ...STATUS_CODE_ROWS.map(([, description, category]) => [description, category] as const),
    ...DESCRIPTION_ONLY_ROWS,
  ];
  for (const [description, category] of rows) {
    const key = normalizeText(description);
    const seen = byText.get(key);
    byText.set(key, seen === undefined || seen === category ? category : null);
  }
  const unambiguous = new Map<string, StatusCategory>();
  for (const [key, category] of byText) if (category !== null) unambiguous.set(key, category);
  return unambiguous;
})();

// Last-resort patterns for texts not in any table, in priority order. Each is anchored or
// guarded so a word used in another sense does not trigger it.
const TEXT_PATTERNS: ReadonlyArray<readonly [RegExp, StatusCategory]> = [
  // "Provisional Application Expired" must not reach the expired pattern below;
  // "non-provisional" / "nonprovisional" are ordinary applications.
  [/(?<!non[- ]?)\bprovisional\b/i, 'provisional'],
  // "Hague Application under International Review" (code 11) is a pending US design
  // application, so a bare "International" is not enough: PCT or "International Application".
  [/\bPCT\b|^international application\b|^RO processing\b/i, 'pct'],
  // §0 trap 8: "Patented Case" stays granted whatever the term; only text naming an expired
  // *patent* is expired (code 250's wording).
  [/^patented (case|file)\b/i, 'granted'],
  [/\bpatent\b.*\bexpired\b/i, 'expired'],
  // "Abandoned - Restored" (165) and "Withdrawn Abandonment" (66) are pending, hence the guard
  // and the anchor; "Renounced" is the Hague equivalent (170).
  [/^(?!.*\b(restored|revived|rescinded|withdrawn)\b)(expressly )?abandon(ed|ment)\b/i, 'abandoned'],
  [/^renounced\b/i, 'abandoned'],
  [/^allowed\b|^allowance\b/i, 'allowed'],
];

// §4.1 range rows, §4.3: ex parte reexamination (408–454), supplemental examination (650–680)
// and inter partes reexamination (809–871) statuses belong to a proceeding, never to the
// patent. An unlisted code inside those spans is a proceeding state whatever its wording
// ("Reexamination Certificate Issued" is no grant), so it never reaches the text patterns.
// The spans are the documented ones, not whole hundreds: 566 shows PCT codes live nearby.
function isProceedingCode(code: number): boolean {
  return (code >= 408 && code <= 454) || (code >= 650 && code <= 680) || (code >= 809 && code <= 871);
}

/**
 * Category of an application status. Keyed on the integer code (DOMAIN-RULES §0 trap 12);
 * the description is consulted only when the code is null or not in the table.
 */
export function statusCategory(code: number | null, description?: string | null): StatusCategory {
  if (code !== null && Number.isInteger(code)) {
    const known = CATEGORY_BY_CODE.get(code);
    if (known !== undefined) return known;
    if (isProceedingCode(code)) return 'other';
  }
  if (description === undefined || description === null) return 'other';
  const text = normalizeText(description);
  if (text === '') return 'other';
  const exact = CATEGORY_BY_TEXT.get(text);
  if (exact !== undefined) return exact;
  for (const [pattern, category] of TEXT_PATTERNS) if (pattern.test(text)) return category;
  return 'other';
}

// ---------------------------------------------------------------------------------------
// Portfolio buckets (interface-spec §2): "allowed folds into pending, expired-after-grant
// folds into granted, never-examined folds into other, and bucket is null for an application
// the service does not hold". The null case never reaches this function: a caller without
// the application has no category to pass, and writes null itself.

export type StatusBucket = 'pending' | 'granted' | 'abandoned' | 'other';

/**
 * Facts the caller knows about the application besides its status category.
 *
 * - `granted`: the application has a patent (a patent number or grant date is on record).
 * - `examined`: the examiner has acted on the merits at least once: a mailed office action
 *   (transaction event type `office_action`: non-final, final, restriction, Quayle, …) or an
 *   allowance (`allowance`, which covers first-action allowances). Pre-examination notices
 *   (missing parts, incomplete application) do not count. For records without transactions,
 *   statuses 40–61, 71–100 and 116–144 (an action counted or mailed, a response after one, an
 *   allowance, an appeal) imply it.
 */
export interface BucketFacts {
  granted: boolean;
  examined: boolean;
}

export function statusBucket(category: StatusCategory, facts: BucketFacts): StatusBucket {
  switch (category) {
    // An allowance is an examination on the merits, so `examined` is not consulted.
    case 'allowed':
      return 'pending';
    case 'granted':
      return 'granted';
    // Code 250 presupposes a grant. Without a grant on record the expiry cannot be counted as
    // a patent, and it is no pending or abandoned application either: other.
    case 'expired':
      return facts.granted ? 'granted' : 'other';
    // "never-examined folds into other" applies to every application not (yet) examined:
    // awaiting first action, or abandoned in pre-exam (160, 169) or before any action. This
    // keeps pending/abandoned counts to applications the office has examined.
    case 'pending':
    case 'abandoned':
      return facts.examined ? category : 'other';
    // Provisionals and PCT international-phase files are never examined as US applications.
    case 'provisional':
    case 'pct':
    case 'other':
      return 'other';
  }
}

/** Statuses that imply an action on the merits (see `BucketFacts.examined`), for records without a counted office action. */
function statusImpliesExamination(code: number | null): boolean {
  return code !== null && ((code >= 40 && code <= 61) || (code >= 71 && code <= 100) || (code >= 116 && code <= 144));
}

/** What a stored application row tells about its status: the category and the portfolio bucket. */
export function applicationStatus(row: {
  statusCode: number | null;
  statusDescription: string | null;
  patentNumber: string | null;
  grantDate: string | null;
  officeActionCount: number;
}): { category: StatusCategory; bucket: StatusBucket } {
  const category = statusCategory(row.statusCode, row.statusDescription);
  const bucket = statusBucket(category, {
    granted: row.patentNumber !== null || row.grantDate !== null,
    examined: row.officeActionCount > 0 || statusImpliesExamination(row.statusCode),
  });
  return { category, bucket };
}
