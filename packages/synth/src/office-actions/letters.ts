/**
 * The texts of the actions that are not rejections: the restriction requirement (CTRS: the
 * inventions as groups of claims, the election it asks for), the advisory action after a final
 * rejection (CTAV: the PTOL-303 reply-period box — on the mailing date of the advisory action
 * when the reply came within two months and the advisory is mailed after the three-month date,
 * MPEP 706.07(f) — and the grounds it maintains), the notice of allowance (NOA: allowed claims
 * and reasons for allowance naming the closest art) and ex parte Quayle (CTEQ).
 */
import { claimRanges, claimsAre } from './claims.js';
import { aiaNotice, closing, spelled } from './examiner.js';
import type { RejectionPlan } from './grounds.js';
import { citedAs, type Reference } from './references.js';
import type { ActionText, TextContext } from './rejection.js';
import { groundSentence } from './statutes.js';
import { a } from '../core/phrasing.js';
import { addMonths, type Rng } from '../core/random.js';

const ROMAN = ['I', 'II', 'III'];

export function restrictionText(rng: Rng, ctx: TextContext, inventions: readonly number[][]): ActionText {
  const { app } = ctx;
  const kinds = ['a product', 'a method of making the product', 'a method of using the product'];
  const lines = inventions.map((claims, i) => {
    const symbol = app.cpc[i % Math.max(1, app.cpc.length)] ?? 'G06F 16/00';
    return `${ROMAN[i]}. ${claimsAre(claims).replace(/ (is|are)$/, '')}, drawn to ${i === 0 ? a(ctx.subject) : (kinds[i] ?? 'a system')}, classified in CPC ${symbol}.`;
  });
  const body = [
    aiaNotice(app.firstInventorToFile),
    'DETAILED ACTION',
    'Election/Restrictions',
    'Restriction to one of the following inventions is required under 35 U.S.C. 121:',
    ...lines,
    `The inventions are independent or distinct, each from the other because the inventions as claimed have a materially different design, mode of operation, function, or effect: Invention I can be practiced with ${a(rng.pick(ctx.v.parts).one)} that the other inventions do not require.`,
    'Restriction for examination purposes as indicated is proper because all the inventions listed in this action are independent or distinct for the reasons given above and there would be a serious search and/or examination burden if restriction were not required because the inventions require a different field of search.',
    'Applicant is advised that the reply to this requirement to be complete must include (i) an election of an invention to be examined even though the requirement may be traversed (37 CFR 1.143) and (ii) identification of the claims encompassing the elected invention.',
    'The election of an invention may be made with or without traverse. To reserve a right to petition, the election must be made with traverse.',
    'Applicant is reminded that upon the cancelation of claims to a non-elected invention, the inventorship must be corrected in compliance with 37 CFR 1.48(a) if one or more of the currently named inventors is no longer an inventor of at least one claim remaining in the application.',
    'A reply to this requirement is due ONE MONTH or THIRTY DAYS, whichever is longer, from the mailing date of this communication.',
    closing(ctx.examiner, app.artUnit, ctx.action.mail),
  ];
  return { body: body.join('\n'), sections: {} };
}

/** The reply-period box of the advisory action, after the final rejection mailed on `finalMail`. */
export function advisoryPeriod(finalMail: number, reply: number | null, advisoryMail: number): { onAdvisory: boolean; text: string } {
  const onAdvisory = reply !== null && reply <= addMonths(finalMail, 2) && advisoryMail > addMonths(finalMail, 3);
  const text = onAdvisory
    ? 'THE REPLY FILED ' +
      `${spelled(reply).toUpperCase()} FAILS TO PLACE THIS APPLICATION IN CONDITION FOR ALLOWANCE.\n` +
      '[X] The period for reply expires on the mailing date of this Advisory Action: the reply was filed within TWO MONTHS of the mailing date of the final rejection and this Advisory Action is mailed after the end of the THREE-MONTH shortened statutory period (MPEP 706.07(f)). In no event, however, will the statutory period for reply expire later than SIX MONTHS from the mailing date of the final rejection.'
    : `THE REPLY FILED ${reply === null ? '' : `${spelled(reply).toUpperCase()} `}FAILS TO PLACE THIS APPLICATION IN CONDITION FOR ALLOWANCE.\n` +
      '[X] The period for reply expires THREE MONTHS from the mailing date of the final rejection. In no event, however, will the statutory period for reply expire later than SIX MONTHS from the mailing date of the final rejection.';
  return { onAdvisory, text };
}

export function advisoryText(rng: Rng, ctx: TextContext, final: RejectionPlan | null, finalMail: number | null): ActionText {
  const { app, action } = ctx;
  const reply = action.reply?.code === 'A.NE' ? action.reply.day : null;
  const period = advisoryPeriod(finalMail ?? action.mail - 91, reply, action.mail);
  const maintained = (final?.grounds ?? []).map(
    (g) => `The rejection stated in the final Office action is maintained: ${groundSentence(g, app.firstInventorToFile)}`,
  );
  const body = [
    'Advisory Action',
    'Before the Filing of an Appeal Brief',
    period.text,
    'Extensions of time may be obtained under 37 CFR 1.136(a). The date on which the petition under 37 CFR 1.136(a) and the appropriate extension fee have been filed is the date for purposes of determining the period of extension and the corresponding amount of the fee.',
    'Attachment to Advisory Action',
    rng.chance(0.5)
      ? 'The proposed amendment will not be entered because it raises new issues that would require further consideration and/or search.'
      : 'The request for reconsideration has been considered but does NOT place the application in condition for allowance.',
    ...maintained,
    closing(ctx.examiner, app.artUnit, action.mail),
  ];
  return { body: body.join('\n'), sections: {} };
}

export function allowanceText(rng: Rng, ctx: TextContext, allowed: readonly number[], closest: Reference | null): ActionText {
  const { app, action } = ctx;
  const reasons = closest
    ? `The closest prior art of record, ${citedAs(closest)}, discloses ${a(ctx.subject)} but does not disclose or render obvious the ${rng.pick(ctx.v.parts).one} ${rng.pick(ctx.v.relations)} the ${rng.pick(ctx.v.parts).one} in combination with the remaining limitations of the independent claims.`
    : `The prior art of record does not disclose or render obvious ${a(ctx.subject)} having the ${rng.pick(ctx.v.parts).one} ${rng.pick(ctx.v.relations)} the ${rng.pick(ctx.v.parts).one} as claimed.`;
  const body = [
    aiaNotice(app.firstInventorToFile),
    ...(action.reply ? [`This communication is responsive to the reply filed ${spelled(action.reply.day)}.`] : []),
    'Allowable Subject Matter',
    `${claimsAre([...allowed])} allowed.`,
    "The following is an examiner's statement of reasons for allowance:",
    reasons,
    'Any comments considered necessary by applicant must be submitted no later than the payment of the issue fee and, to avoid processing delays, should preferably accompany the issue fee. Such submissions should be clearly labeled \u201cComments on Statement of Reasons for Allowance.\u201d',
    closing(ctx.examiner, app.artUnit, action.mail),
  ];
  return { body: body.join('\n'), sections: {} };
}

export function quayleText(ctx: TextContext, pending: readonly number[]): ActionText {
  const { app, action } = ctx;
  const body = [
    aiaNotice(app.firstInventorToFile),
    'Ex Parte Quayle',
    `This application is in condition for allowance except for the following formal matters: the title is inconsistently used throughout the application. ${claimsAre([...pending])} allowable.`,
    'Prosecution on the merits is closed in accordance with the practice under Ex parte Quayle, 25 USPQ 74, 453 O.G. 213 (Comm\u2019r Pat. 1935).',
    'A shortened statutory period for reply to this action is set to expire TWO MONTHS from the mailing date of this letter.',
    `Claims status: ${claimRanges(pending)}.`,
    closing(ctx.examiner, app.artUnit, action.mail),
  ];
  return { body: body.join('\n'), sections: {} };
}
