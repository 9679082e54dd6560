/**
 * A patent's maintenance status, term and expiry from its fused facts: the one place the record
 * (`/v1/patents/{n}/maintenance`), portfolio expiries, entity statistics, `check_patent_alive`
 * and the maintenance events get them from. Fee windows and lapses are judged as of the newest
 * date the fee evidence covers; the end of term, a date of the calendar, as of today (DESIGN
 * D29). Pure.
 */
import { EVIDENCE_SOURCES } from '../domain/evidence.js';
import { maintenanceStatus, type MaintenanceStatus } from '../domain/maintenance.js';
import { patentTerm, type TermEstimate, URAA_FILING_DATE } from '../domain/patent-term.js';
import { type Expiry, expiryOf, type Lapse, termHasEnded } from '../domain/term-expiry.js';
import { relationshipOf } from '../domain/term-start.js';
import type { PatentFacts } from './fuse.js';
import { MAINTENANCE_FEE_PRODUCT } from '../domain/products.js';

export interface Assessment {
  status: MaintenanceStatus;
  estimate: TermEstimate;
  expiry: Expiry;
  /** The date the windows, the next fee and any lapse are judged as of (never after today). */
  judgedAsOf: string;
  /** Why the schedule is the reissue's own grant date: its original's is not in the data. */
  scheduleNote: string | null;
  /** The fee events judged, each with its source: a reissue's include its original's from before it issued. */
  feeEvents: PatentFacts['feeEvents'];
  /** The grant date the fee windows count from: the patent's own, or a reissue's original's. */
  scheduleGrantDate: string;
}

/** "maintenance fee events", "file wrapper transactions": how a fee event's product is named in a step. */
function feeSourceLabel(product: string): string {
  return product === MAINTENANCE_FEE_PRODUCT ? EVIDENCE_SOURCES.fee_file : `${EVIDENCE_SOURCES.file_wrapper} transactions`;
}

function termOf(facts: PatentFacts, original: TermEstimate | null): TermEstimate {
  return patentTerm({
    kind: facts.kind,
    applicationNumber: facts.applicationNumber ?? facts.patentNumber,
    filingDate: facts.filingDate ?? facts.grantDate,
    grantDate: facts.grantDate,
    source: facts.grantSource,
    ancestors: facts.links,
    pta: facts.pta,
    terminalDisclaimers: facts.terminalDisclaimers,
    original: original && facts.original ? { patentNumber: facts.original.patentNumber, term: original } : null,
  });
}

/**
 * The original of a reissue as its own facts, or, when no product holds it, as the reissue's
 * records describe it (its application, filing and grant dates, its PCT data). Null when not even
 * its grant date is known and the 17-year alternative could matter.
 */
function originalFacts(facts: PatentFacts, held: PatentFacts | null): PatentFacts | null {
  if (held) return held;
  const described = facts.original;
  if (!described || described.filingDate === null) return null;
  if (described.grantDate === null && described.filingDate < URAA_FILING_DATE) return null;
  return {
    patentNumber: described.patentNumber,
    kind: 'utility',
    applicationNumber: described.applicationNumber,
    filingDate: described.filingDate,
    // Unknown grant dates only reach the 17-year test, which a filing after 1995-06-08 never takes.
    grantDate: described.grantDate ?? facts.grantDate,
    grantSource: `${EVIDENCE_SOURCES[described.source]} (the reissue's record of its original)`,
    // The reissue's chain holds its original's ancestors too (the office sends whole chains).
    links: described.pctLink ? [...facts.links, described.pctLink] : facts.links,
    pta: { fileWrapper: null, printed: null },
    terminalDisclaimers: [],
    original: null,
    feeEvents: [],
    feesCoveredThrough: null,
    fee: null,
  };
}

/**
 * A reissue's windows follow its original's schedule, and a fee that fell due before the reissue
 * issued was paid on the original (37 CFR 1.362; DOMAIN-RULES §2.2): the original's fee events
 * of that time count for the reissue too. Later ones belong to the original alone.
 */
function paidBeforeReissue(facts: PatentFacts, original: PatentFacts): PatentFacts['feeEvents'] {
  const own = new Set(facts.feeEvents.map((event) => `${event.code} ${event.date}`));
  return original.feeEvents.filter((event) => event.date < facts.grantDate && !own.has(`${event.code} ${event.date}`));
}

/** The actual filing date for the 1980-12-12 test: a reissue's original's, a national stage's international date (37 CFR 1.362(c)). */
function feeFilingDate(facts: PatentFacts, original: PatentFacts | null): string | null {
  const own = original ?? facts;
  const pct = own.links.find((l) => l.parentOf === own.applicationNumber && relationshipOf(l) === 'NST' && l.filingDate !== null);
  return pct?.filingDate ?? own.filingDate;
}

function lapseOf(facts: PatentFacts, status: MaintenanceStatus, judgedAsOf: string): Lapse | null {
  if (status.lapse) {
    const { effective, recorded } = status.lapse;
    const exp = facts.feeEvents.find((e) => e.date === recorded && e.code === 'EXP.');
    return { effective, source: `${feeSourceLabel(exp?.source.product ?? MAINTENANCE_FEE_PRODUCT)}: EXP. on ${recorded}` };
  }
  if (status.unrecordedLapse) {
    const { window, effective } = status.unrecordedLapse;
    const grace = status.deadlines[window]!.surcharge_until;
    return { effective, source: `no ${window} fee payment on record through ${judgedAsOf}; its grace period ended ${grace}` };
  }
  return null;
}

/**
 * The status, term and expiry of one patent. `held` is the original patent's own facts for a
 * reissue when a product holds them; `today` the Eastern calendar date.
 */
export function assessPatent(facts: PatentFacts, held: PatentFacts | null, today: string, closures?: ReadonlySet<string>): Assessment {
  const originalPatent = facts.kind === 'reissue' ? originalFacts(facts, held) : null;
  const originalTerm = originalPatent ? termOf(originalPatent, null) : null;
  const estimate = termOf(facts, originalTerm);
  const covered = facts.feesCoveredThrough?.date ?? facts.grantDate;
  const judgedAsOf = covered < today ? covered : today;
  const originalGrantDate = facts.kind === 'reissue' ? (held?.grantDate ?? facts.original?.grantDate ?? null) : null;
  const scheduleGrantDate = originalGrantDate ?? facts.grantDate;
  const feeEvents = facts.kind === 'reissue' && held ? [...facts.feeEvents, ...paidBeforeReissue(facts, held)] : facts.feeEvents;
  const status = maintenanceStatus({
    kind: facts.kind,
    scheduleGrantDate,
    feeFilingDate: facts.kind === 'reissue' && originalPatent === null ? null : feeFilingDate(facts, originalPatent),
    events: feeEvents,
    asOf: judgedAsOf,
    termEnded: termHasEnded(estimate, today) ? estimate.date : null,
    closures,
  });
  const expiry = expiryOf(estimate, lapseOf(facts, status, judgedAsOf), today);
  const scheduleNote =
    facts.kind === 'reissue' && originalGrantDate === null
      ? `The grant date of the original patent of reissue ${facts.patentNumber} is not in the data: its fee windows count from the reissue's own grant date.`
      : null;
  return { status, estimate, expiry, judgedAsOf, scheduleNote, feeEvents, scheduleGrantDate };
}
