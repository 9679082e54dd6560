/**
 * One application's office-action documents, action by action in mailing order. The claims,
 * the references on the examiner's shelf and the grounds evolve through all the mailed actions
 * (from the application's own stream, so they are the same whichever documents are written); the
 * words of each document come from the document's own stream (seed + application + date + code).
 *
 * What is written for an action:
 * - a text record when it was mailed on or after 2017-10-01 (the portal holds actions from late
 *   2017 on) and its text has arrived: each document draws a lag of 0–7 days, and a document
 *   mailed less than its lag before `asOf` has no text yet;
 * - for a rejection with text, its rejection rows and citation rows; for ~60 % of the rejections
 *   mailed before the portal's start, rows without a text record (the rejection data sets reach
 *   further back than the text);
 * - once per application (three in ten), a few applicant-cited references tied to no action.
 */
import { noun, verb, type Vocabulary, vocabularyFor } from '../core/claim-vocabulary.js';
import { ClaimSet, type Amendment } from './claims.js';
import { examinerFacts } from './examiner.js';
import { planRejection, rejectedClaims, type RejectionPlan } from './grounds.js';
import { type Application, type MailedAction, MAILED_STATUS } from './history.js';
import { documentHash, type DocumentIds, instant, type Shape } from './ids.js';
import { advisoryText, allowanceText, quayleText, restrictionText } from './letters.js';
import { textRecord } from './records.js';
import { ReferenceShelf } from './references.js';
import { type ActionText, rejectionText, type TextContext } from './rejection.js';
import { applicantCitationRows, citationRows, rejectionRows, type RowMeta } from './rows.js';
import { formParagraphKey } from './statutes.js';
import { a, lower, topicOf } from '../core/phrasing.js';
import { day, iso, Rng } from '../core/random.js';

const PORTAL_START = day('2017-10-01');
const MAX_TEXT_LAG = 7;
const DAY_MS = 86_400_000;

export interface RunContext {
  seed: string | number;
  asOf: number;
  ids: DocumentIds;
}

export interface ActionOutcome {
  action: MailedAction;
  shape: Shape;
  text: Record<string, unknown> | null;
  /** Mailed within the portal's years but its text has not arrived by `asOf`. */
  lagging: boolean;
  rejections: Record<string, unknown>[];
  citations: Record<string, unknown>[];
}

type Render = () => ActionText;

/** What the actions on a plant patent talk about (claim-vocabulary.ts has no plant technology). */
const PLANT_VOCABULARY: Vocabulary = {
  ...vocabularyFor('consumer'),
  parts: 'flower|petal|leaf|stem|fruit|growth habit|root system|bract|inflorescence'.split('|').map(noun),
  verbs: 'propagate|grow|flower|branch'.split('|').map(verb),
  relations: ['borne on', 'arising from', 'subtending', 'larger than'],
  controller: null,
};

export function applicationDocuments(app: Application, run: RunContext): ActionOutcome[] {
  const rng = new Rng(`${run.seed}|office-actions|${app.number}`);
  const claims = new ClaimSet(rng, app.type);
  const shelf = new ReferenceShelf(rng.fork('references'), app.type, app.filing);
  // Designs and plants have no claim vocabulary of their own: their actions talk about the article or the variety.
  const v = app.type === 'PLT' ? PLANT_VOCABULARY : vocabularyFor(app.type === 'DES' ? 'consumer' : app.tech);
  const topic = topicOf(rng, app.title, app.tech, v).subject;
  const subject =
    app.type === 'DES' ? `ornamental design for ${a(lower(app.title))}` : app.type === 'PLT' ? `new and distinct plant variety` : topic;
  const examiner = examinerFacts(app.examiner, app.artUnit);
  const quoted = new Set<string>();
  // Drawn up front, so that the shelf's later references do not depend on which documents are written.
  let applicantCited = rng.chance(0.3) ? Array.from({ length: rng.int(1, 3) }, () => shelf.applicantCited()) : [];
  let last: RejectionPlan | null = null;
  let final: { plan: RejectionPlan; mail: number } | null = null;
  let restriction: ReturnType<ClaimSet['restrict']> | null = null;
  const outcomes: ActionOutcome[] = [];

  for (const action of app.actions) {
    const doc = new Rng(`${run.seed}|${app.number}|${iso(action.mail)}|${action.code}`);
    const lag = doc.int(0, MAX_TEXT_LAG);
    const shape: Shape = doc.chance(0.05) ? 'dsapi' : 'odp';
    const refreshed = doc.chance(0.2);
    const reply = action.reply?.code;
    let amendment: Amendment | null = null;
    if (last && (reply === 'A...' || reply === 'RCEX' || (reply === 'A.NE' && action.code !== 'CTAV'))) {
      amendment = claims.amend(rng, rejectedClaims(last));
    }
    const ctx: TextContext = { app, action, examiner, v, subject, quoted };
    let plan: RejectionPlan | null = null;
    let render: Render;
    switch (action.code) {
      case 'CTRS': {
        const r = (restriction = claims.restrict(rng));
        render = () => restrictionText(doc, ctx, r.inventions);
        break;
      }
      case 'CTNF':
      case 'CTFR': {
        const p = (plan = last = planRejection(rng, app, claims, shelf, action.code === 'CTFR'));
        if (p.final) final = { plan: p, mail: action.mail };
        const elected = reply === 'ELC.' ? restriction : null;
        render = () => rejectionText(doc, ctx, p, amendment, elected);
        break;
      }
      case 'CTAV': {
        const f = final;
        render = () => advisoryText(doc, ctx, f?.plan ?? null, f?.mail ?? null);
        break;
      }
      case 'NOA': {
        const allowed = claims.pending();
        const closest = last?.grounds.find((g) => g.references.length > 0)?.references[0] ?? null;
        render = () => allowanceText(doc, ctx, allowed, closest);
        break;
      }
      default: {
        const pending = claims.pending();
        render = () => quayleText(ctx, pending);
      }
    }

    const portal = action.mail >= PORTAL_START;
    const hasText = portal && action.mail + lag <= run.asOf;
    const rowsOnly = plan !== null && !portal && doc.chance(0.6);
    if (!hasText) {
      // Not rendered: the next rendered action still quotes only what an earlier action has not.
      if (plan) for (const g of plan.grounds) quoted.add(formParagraphKey(g, app.firstInventorToFile));
    }
    if (!hasText && !rowsOnly) {
      outcomes.push({ action, shape, text: null, lagging: portal && !hasText, rejections: [], citations: [] });
      continue;
    }

    const { id: obsolete, created } = run.ids.next(action.counted, () => doc.next());
    const endOfAsOf = (run.asOf + 1) * DAY_MS - 1000;
    let text: Record<string, unknown> | null = null;
    let loaded: number;
    if (hasText) {
      const arrival = Math.max(created + 3_600_000, instant(action.mail + lag, doc.int(0, 86_399))) + doc.int(0, 999);
      const from = Math.max(action.mail + lag, app.newestEvent);
      const lastModified = refreshed
        ? Math.max(arrival, instant(doc.int(from, Math.max(from, run.asOf)), doc.int(0, 86_399)))
        : Math.min(arrival, created + doc.int(3_600, 129_600) * 1000);
      text = textRecord(
        {
          app,
          action,
          shape,
          id: documentHash(run.seed, app.number, iso(action.mail), action.code),
          obsolete,
          arrival: Math.min(arrival, endOfAsOf),
          lastModified: Math.min(lastModified, endOfAsOf),
          snapshot: refreshed ? { status: app.status, grant: app.grant } : { status: MAILED_STATUS[action.code], grant: null },
          examinerNumber: examiner.employeeNumber,
          claimTotal: claims.pending().length,
          independentTotal: claims.groups().length,
        },
        render(),
      );
      loaded = Math.min(endOfAsOf, arrival + doc.int(86_400, 3 * 86_400) * 1000);
    } else {
      const from = Math.max(action.mail + 30, day('2021-07-01'));
      loaded = instant(doc.int(from, Math.max(from, run.asOf)), doc.int(0, 86_399));
      loaded = Math.min(loaded, endOfAsOf);
    }

    const rejections: Record<string, unknown>[] = [];
    const citations: Record<string, unknown>[] = [];
    if (plan) {
      const meta: RowMeta = { app, action, shape, obsolete, created: loaded };
      rejections.push(...rejectionRows(doc, meta, plan));
      citations.push(...citationRows(doc, meta, plan));
      if (applicantCited.length > 0) {
        citations.push(...applicantCitationRows(doc, meta, applicantCited));
        applicantCited = [];
      }
    }
    outcomes.push({ action, shape, text, lagging: false, rejections, citations });
  }
  return outcomes;
}
