/**
 * The applications a demo can open without reading the files, found while the corpus streams
 * past (only their numbers are kept): the first application whose latest mailed action is a
 * non-final rejection with its text, rejection rows and citation rows written (in the portal's
 * shape when one exists); the first with the MPEP 706.07(f) case (a final rejection, a reply
 * within two months, the advisory action mailed after the three-month date, both texts
 * written); the first whose newest mailed action has no text yet.
 */
import type { ActionOutcome } from './application.js';
import type { Application } from './history.js';
import { advisoryPeriod } from './letters.js';

export interface OfficeActionExamples {
  /** An application whose latest mailed action is a non-final rejection with text, rejections and citations loaded. */
  nonFinal: string;
  /** An application with a final rejection, a reply within 2 months and an advisory action mailed after the 3-month date (the MPEP 706.07(f) case), if the corpus has one, else null. */
  advisoryAfterThreeMonths: string | null;
  /** An application whose newest mailed action has no text yet (mailed within the last 7 days before asOf). */
  textPending: string | null;
}

/** The corpus holds no application whose latest mailed action is a non-final rejection with its text (too small a corpus). */
export class NoOfficeActionExampleError extends Error {
  constructor() {
    super('the corpus holds no application whose latest mailed action is a non-final rejection with text, rejections and citations');
    this.name = 'NoOfficeActionExampleError';
  }
}

export class ExampleFinder {
  private nonFinal: string | null = null;
  private nonFinalLegacy: string | null = null;
  private advisory: string | null = null;
  private pending: string | null = null;

  observe(app: Application, outcomes: readonly ActionOutcome[]): void {
    const latest = outcomes.at(-1);
    if (!latest) return;
    if (
      this.nonFinal === null &&
      latest.action.code === 'CTNF' &&
      latest.text &&
      latest.rejections.length > 0 &&
      latest.citations.length > 0
    ) {
      if (latest.shape === 'odp') this.nonFinal = app.number;
      else this.nonFinalLegacy ??= app.number;
    }
    if (this.pending === null && latest.lagging) this.pending = app.number;
    if (this.advisory === null && isAdvisoryAfterThreeMonths(outcomes)) this.advisory = app.number;
  }

  result(): OfficeActionExamples {
    const nonFinal = this.nonFinal ?? this.nonFinalLegacy;
    if (nonFinal === null) throw new NoOfficeActionExampleError();
    return { nonFinal, advisoryAfterThreeMonths: this.advisory, textPending: this.pending };
  }
}

/** A written final rejection followed by a written advisory action that answers a reply filed within two months and is mailed after the three-month date. */
function isAdvisoryAfterThreeMonths(outcomes: readonly ActionOutcome[]): boolean {
  for (let i = 1; i < outcomes.length; i++) {
    const advisory = outcomes[i]!;
    const final = outcomes[i - 1]!;
    if (advisory.action.code !== 'CTAV' || final.action.code !== 'CTFR' || !advisory.text || !final.text) continue;
    const reply = advisory.action.reply;
    if (reply?.code !== 'A.NE') continue;
    if (advisoryPeriod(final.action.mail, reply.day, advisory.action.mail).onAdvisory) return true;
  }
  return false;
}
