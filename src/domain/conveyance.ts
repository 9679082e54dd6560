/**
 * The office's conveyance text (`conveyance-text` of the patent assignment files) is free-form: the
 * submitter's cover sheet, typed or picked from a list, so one kind of transaction comes in many
 * spellings ("SECURITY INTEREST", "PATENT SECURITY AGREEMENT", "LIEN"…). This maps it to a small
 * set of types the ownership rules can reason about. Pure; the text itself is stored verbatim.
 *
 * Checks run in a fixed order because the texts overlap: "RELEASE OF SECURITY INTEREST" names a
 * security interest, "CORRECTIVE ASSIGNMENT … SECURITY INTEREST" names both, "ASSIGNMENT OF
 * SECURITY INTEREST" moves a lien between lenders, not the patent. Decisions on the ambiguous ones:
 *
 * - A correction ("CORRECTIVE ASSIGNMENT TO CORRECT…", "CORRECTION TO…") is `correction` whatever it
 *   corrects; ownership.ts looks into its text for the word ASSIGNMENT.
 * - A termination, revocation, rescission or cancellation ("TERMINATION OF LICENSE AGREEMENT") is
 *   `other`: it grants nothing. The exception is the end of a security interest
 *   ("TERMINATION AND RELEASE OF SECURITY INTEREST", "TERMINATION OF PATENT SECURITY AGREEMENT"),
 *   which is a `release`: it lifts the lien just as "RELEASE BY SECURED PARTY" does.
 * - The government's recordations under Executive Order 9424 are "GOVERNMENT INTEREST AGREEMENT"
 *   or "EXECUTIVE ORDER 9424, CONFIRMATORY LICENSE": `government_interest` when the text names the
 *   government or the order. A bare "CONFIRMATORY LICENSE" stays `license`, even when the licensee
 *   is a federal agency: this function sees only the text.
 * - "CHANGE OF LEGAL FORM" and entity conversions are `change_of_name`: the same owner continues
 *   under a new form and usually a new name (GMBH → GMBH & CO. KG), and the ownership chain must
 *   follow it. "CHANGE OF ADDRESS" is `other`: the owner and its name stay the same.
 * - "MERGER AND CHANGE OF NAME" is a `merger` (merger is checked first); a demerger is a `merger`
 *   too, as both move the patent to another entity by operation of law.
 */
export type ConveyanceType =
  'assignment' | 'security_interest' | 'release' | 'merger' | 'change_of_name' | 'license' | 'correction' | 'government_interest' | 'other';

const RULES: ReadonlyArray<readonly [RegExp, ConveyanceType]> = [
  [/^CORRECT(?:IVE|ION|ED)?\b/, 'correction'],
  [/\bRELEASE\b/, 'release'],
  [/\b(?:TERMINATION|SATISFACTION|DISCHARGE)\b.*\b(?:SECURITY|LIEN|MORTGAGE)\b/, 'release'],
  [/^(?:NOTICE OF )?(?:TERMINATION|REVOCATION|RESCISSION|CANCELLATION)\b/, 'other'],
  [/\bGOVERNMENT\b|\bEXECUTIVE ORDER 9424\b/, 'government_interest'],
  [/\bSECURITY\b|\bLIEN\b|\bMORTGAGE\b/, 'security_interest'],
  [/\b(?:DE)?MERGER\b/, 'merger'],
  [/\bCHANGE OF NAME\b|\bNAME CHANGE\b|\bCHANGE OF LEGAL FORM\b|\bCONVERSION\b/, 'change_of_name'],
  [/\b(?:SUB)?LICEN[CS]E\b/, 'license'],
  [/\bASSIGNMENT\b|\bASSIGNORS?'?S? INTEREST\b/, 'assignment'],
];

/** The type of a conveyance text; `other` for anything not recognised (CHANGE OF ADDRESS, COURT ORDER…). */
export function conveyanceTypeOf(text: string): ConveyanceType {
  const normal = text.toUpperCase().replace(/\s+/g, ' ').trim();
  for (const [pattern, type] of RULES) if (pattern.test(normal)) return type;
  return 'other';
}

/**
 * True when the recordation passes title to the assignees: an assignment (a nunc pro tunc
 * assignment is an assignment, recorded late with an earlier effective date), a merger, or a
 * change of name. A security interest, a license or a release leaves title where it was.
 */
export function movesOwnership(type: ConveyanceType): boolean {
  return (OWNERSHIP_MOVING as readonly string[]).includes(type);
}

/** The conveyance types that pass title (movesOwnership), for SQL that filters on them. */
export const OWNERSHIP_MOVING = ['assignment', 'merger', 'change_of_name'] as const satisfies readonly ConveyanceType[];
