/**
 * The text of a non-final or final rejection: "DETAILED ACTION", the AIA notice, the reply it
 * answers (amendment, RCE, election), the status of the claims, each statute's heading, form
 * paragraph and grounds, the claims objected to or allowed, and the conclusion (THIS ACTION IS
 * MADE FINAL with the shortened-statutory-period paragraph of MPEP 706.07(f), or the 3-month
 * period of a non-final action) with the examiner's contact and signature. The section texts
 * (the API's `sections.section103RejectionText` …) are the same words the body carries.
 */
import type { Vocabulary } from '../core/claim-vocabulary.js';
import { type Amendment, claimRanges, claimsAre } from './claims.js';
import { aiaNotice, closing, type ExaminerFacts, spelled } from './examiner.js';
import type { Ground, RejectionPlan, Statute } from './grounds.js';
import type { Application, MailedAction } from './history.js';
import { formParagraph, formParagraphKey, groundText, heading, PRIOR_ACTION } from './statutes.js';
import type { Rng } from '../core/random.js';

export interface TextContext {
  app: Application;
  action: MailedAction;
  examiner: ExaminerFacts;
  v: Vocabulary;
  /** The claimed thing in running text (`lithium secondary battery`). */
  subject: string;
  /** Form paragraphs already quoted in an earlier action of the application. */
  quoted: Set<string>;
}

export interface ActionText {
  body: string;
  /** Section name (without the `sections.` prefix) → text. */
  sections: Record<string, string>;
}

const ORDER: readonly Statute[] = ['101', '112', '102', '103', 'DP'];
const SECTION: Readonly<Record<Statute, string>> = {
  '101': 'section101',
  '102': 'section102',
  '103': 'section103',
  '112': 'section112',
  DP: 'doublePatenting',
};

const FINAL_PERIOD =
  'A SHORTENED STATUTORY PERIOD FOR REPLY TO THIS FINAL ACTION IS SET TO EXPIRE THREE MONTHS FROM THE MAILING DATE OF THIS ACTION. In the event a first reply is filed within TWO MONTHS of the mailing date of this final action and the advisory action is not mailed until after the end of the THREE-MONTH shortened statutory period, then the shortened statutory period will expire on the date the advisory action is mailed, and any nonprovisional extension fee (37 CFR 1.17(a)) pursuant to 37 CFR 1.136(a) will be calculated from the mailing date of the advisory action. In no event, however, will the statutory period for reply expire later than SIX MONTHS from the mailing date of this final action.';

/** The paragraph answering the applicant's last reply, if there was one. */
function replyParagraph(action: MailedAction, restriction: { inventions: number[][]; elected: number } | null): string[] {
  const r = action.reply;
  if (!r) return [];
  switch (r.code) {
    case 'RCEX':
      return [
        'Continued Examination Under 37 CFR 1.114',
        `A request for continued examination under 37 CFR 1.114, including the fee set forth in 37 CFR 1.17(e), was filed in this application after final rejection. Since this application is eligible for continued examination under 37 CFR 1.114, and the fee set forth in 37 CFR 1.17(e) has been timely paid, the finality of the previous Office action has been withdrawn pursuant to 37 CFR 1.114. Applicant's submission filed on ${spelled(r.day)} has been entered.`,
      ];
    case 'ELC.': {
      if (!restriction) return [];
      const roman = ['I', 'II', 'III'][restriction.elected]!;
      const elected = restriction.inventions[restriction.elected]!;
      const others = restriction.inventions.filter((_, i) => i !== restriction.elected).flat();
      return [
        'Election/Restrictions',
        `Applicant\u2019s election without traverse of Invention ${roman}, ${claimsAre(elected).replace(/ (is|are)$/, '')}, in the reply filed on ${spelled(r.day)} is acknowledged.`,
        `${claimsAre(others)} withdrawn from further consideration pursuant to 37 CFR 1.142(b) as being drawn to a nonelected invention, there being no allowable generic or linking claim.`,
      ];
    }
    default:
      return ['Response to Amendment', `The amendment filed ${spelled(r.day)} has been entered.`];
  }
}

/** `Claims 1-5 and 7-22 are pending. Claim 6 has been canceled. Claims 21-22 are new.` */
function claimStatus(plan: RejectionPlan, amendment: Amendment | null): string {
  const out = [`${claimsAre(plan.pending)} pending in the application.`];
  if (plan.withdrawn.length > 0) out.push(`${claimsAre(plan.withdrawn)} withdrawn from consideration.`);
  if (amendment && amendment.canceled.length > 0)
    out.push(`${claimsAre(amendment.canceled).replace(/ are$/, ' have').replace(/ is$/, ' has')} been canceled.`);
  if (amendment && amendment.added.length > 0) out.push(`${claimsAre(amendment.added)} new.`);
  return out.join(' ');
}

export function rejectionText(
  rng: Rng,
  ctx: TextContext,
  plan: RejectionPlan,
  amendment: Amendment | null,
  restriction: { inventions: number[][]; elected: number } | null,
): ActionText {
  const { app, action } = ctx;
  const fitf = app.firstInventorToFile;
  const sections: Record<string, string> = {};
  const body: string[] = ['DETAILED ACTION', aiaNotice(fitf), ...replyParagraph(action, restriction)];
  const status = claimStatus(plan, amendment);
  sections.detailCitationText = status;
  body.push('Status of Claims', status);
  if (action.ids !== null) {
    body.push(
      'Information Disclosure Statement',
      `The information disclosure statement (IDS) submitted on ${spelled(action.ids)} is in compliance with the provisions of 37 CFR 1.97. Accordingly, the information disclosure statement is being considered by the examiner.`,
    );
  }
  for (const statute of ORDER) {
    const grounds = plan.grounds.filter((g) => g.statute === statute);
    if (grounds.length === 0) continue;
    body.push(heading(grounds[0]!));
    // Each statute is quoted the first time the application's actions rely on it, later referred to.
    const quotes: string[] = [];
    const keys = new Set(grounds.filter((g) => g.statute !== 'DP').map((g) => formParagraphKey(g, fitf)));
    for (const key of keys) {
      if (!ctx.quoted.has(key)) {
        ctx.quoted.add(key);
        quotes.push(formParagraph(key));
      } else if (!quotes.includes(PRIOR_ACTION)) quotes.push(PRIOR_ACTION);
    }
    if (quotes.length > 0) {
      sections[`${SECTION[statute]}RejectionFormParagraphText`] = quotes.join('\n');
      body.push(...quotes);
    }
    const texts = grounds.map((g: Ground) => groundText(rng, g, fitf, ctx.subject, ctx.v));
    sections[`${SECTION[statute]}RejectionText`] = texts.join('\n');
    body.push(...texts);
  }
  if (plan.objected.length > 0 || plan.allowed.length > 0 || plan.allowable.length > 0) {
    body.push('Allowable Subject Matter');
    if (plan.allowed.length > 0) body.push(`${claimsAre(plan.allowed)} allowed.`);
    if (plan.allowable.length > 0)
      body.push(
        `${claimsAre(plan.allowable)} would be allowable if rewritten or amended to overcome the rejection(s) set forth in this Office action.`,
      );
    if (plan.objected.length > 0)
      body.push(
        `${claimsAre(plan.objected)} objected to as being dependent upon a rejected base claim, but would be allowable if rewritten in independent form including all of the limitations of the base claim and any intervening claims.`,
      );
  }
  if (action.reply && action.reply.code !== 'ELC.') {
    body.push(
      'Response to Arguments',
      rng.chance(0.5)
        ? `Applicant\u2019s arguments filed ${spelled(action.reply.day)} have been fully considered but they are not persuasive.`
        : `Applicant\u2019s arguments with respect to claim(s) ${claimRanges(plan.pending)} have been considered but are moot because the new ground of rejection does not rely on any reference applied in the prior rejection of record for any teaching or matter specifically challenged in the argument.`,
    );
  }
  body.push('Conclusion');
  if (plan.final) {
    body.push(
      "Applicant's amendment necessitated the new ground(s) of rejection presented in this Office action. Accordingly, THIS ACTION IS MADE FINAL. See MPEP \u00a7 706.07(a). Applicant is reminded of the extension of time policy as set forth in 37 CFR 1.136(a).",
      FINAL_PERIOD,
    );
  } else {
    body.push(
      "The prior art made of record and not relied upon is considered pertinent to applicant's disclosure.",
      'A shortened statutory period for reply to this action is set to expire THREE MONTHS from the mailing date of this action. Extensions of time may be available under the provisions of 37 CFR 1.136(a).',
    );
  }
  body.push(closing(ctx.examiner, app.artUnit, action.mail));
  return { body: body.join('\n'), sections };
}
