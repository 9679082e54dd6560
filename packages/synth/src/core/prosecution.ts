/**
 * Prosecution timelines: the transaction (event) history of one application, with the status
 * each step sets, from filing to grant, abandonment or lapse.
 *
 * Timing follows DOMAIN-RULES: mailed events (`MCTNF`, `MCTFR`, `MN/=.`) come 1–7 days after
 * the counted ones; replies land inside the 3-month period (or, with an extension `XT/G`, before
 * 6 months); `ABN2` is recorded after the 6-month outer limit, `ABN6` after the 3-month issue-fee
 * period; first actions come 10–32 months after filing; publication ~18 months from the earliest
 * priority, on a Thursday; grants on a Tuesday, 20 days after the issue notification (`WPIR`,
 * which sets status 150, as in the real records); lapse (`EXP.`) ~1 month after the 4th
 * anniversary when the 3.5-year fee is not paid. Everything is in epoch days and shift-invariant
 * by whole weeks, so a caller can simulate first and move the timeline in time afterwards.
 */
import { businessDay, onOrAfter, type Rng, THURSDAY, TUESDAY } from './random.js';
import { emptyTimeline, type Entity, type Timeline } from './timeline.js';

export { cutoff, type Entity, shiftTimeline, statusAt, type Timeline } from './timeline.js';

export type Path = 'grant' | 'abandon-oa' | 'abandon-fee' | 'appeal-affirmed' | 'appeal-reversed' | 'fwc';

export interface SimInput {
  type: 'UTL' | 'DES' | 'PLT' | 'REI';
  filing: number;
  /** Earliest claimed priority day (the filing day itself when nothing is claimed). */
  priority: number;
  path: Path;
  /** Rejections before the outcome (grant paths may have 0: first-action allowance). */
  cycles: number;
  entity: Entity;
  /** Entity changed during prosecution (small ↔ undiscounted), recorded with `BIG.`/`SMAL`. */
  entityChange: boolean;
  /** Let the patent lapse for non-payment of the 3.5-year fee. */
  expire: boolean;
  continuing: boolean;
  nonPublication: boolean;
  firstInventorToFile: boolean;
}

/** Days from filing to the first action: [min, mode, max] of a triangular distribution (10–32 months for utility). */
const FIRST_ACTION_DAYS = { DES: [330, 480, 720], continuing: [210, 420, 800], UTL: [300, 540, 960], other: [300, 520, 840] } as const;

class Sim {
  readonly t: Timeline;
  private disclaimed = false;
  private firstRce: number | null = null;

  constructor(
    private readonly rng: Rng,
    private readonly input: SimInput,
  ) {
    this.t = emptyTimeline(input.filing, input.entity);
  }

  ev(day: number, ...codes: string[]): number {
    for (const code of codes) this.t.events.push({ day, code });
    return day;
  }

  st(day: number, code: number): void {
    this.t.statuses.push({ day, code });
  }

  /** An office (examiner or USPTO) event: a business day `min`–`max` days after `from`. */
  office(from: number, min: number, max: number): number {
    return businessDay(from + this.rng.int(min, max));
  }

  preExam(): number {
    const { rng, input } = this;
    const f = input.filing;
    this.st(f, 19);
    this.ev(f, 'IEXX');
    if (input.entity === 'large') this.ev(f, 'BIG.');
    else if (rng.chance(0.35)) {
      this.ev(f, 'BIG.'); // default setting first, the small-entity statement a few days later
      this.ev(f + rng.int(1, 30), 'SMAL');
    } else this.ev(f, 'SMAL');
    if (rng.chance(0.6)) this.ev(f, 'WIDS', 'M844');
    this.ev(f, 'PTA.RFE');
    if (rng.chance(0.45)) this.ev(f, 'APPERMS');
    if (rng.chance(0.3)) this.ev(f, 'SREXR141');
    if (rng.chance(0.12)) this.ev(f, 'A.PE');
    if (input.nonPublication) this.ev(f, 'NPRQ');
    let receipt = this.office(f, 7, 45);
    if (rng.chance(0.12)) {
      const notice = this.office(f, 5, 40);
      this.ev(notice, 'INCD', 'MPEN');
      const paid = this.ev(notice + rng.int(10, 60), 'FLFEE');
      receipt = this.office(paid, 1, 10);
      this.ev(receipt, 'FLRCPT.U');
    } else this.ev(receipt, 'FLRCPT.O');
    this.ev(receipt, 'EML_NTR', 'COMP');
    if (!input.firstInventorToFile) this.ev(receipt, 'FTFI');
    else if (rng.chance(0.5)) this.ev(receipt, 'FTFS');
    if (input.type === 'UTL' || input.type === 'PLT') this.ev(this.office(receipt, 0, 20), 'PGPC');
    const oipe = this.ev(this.office(receipt, 5, 60), 'OIPE');
    this.st(oipe, 20);
    const dock = this.ev(this.office(oipe, 1, 45), 'DOCK');
    if (rng.chance(0.06)) this.ev(dock, 'DOCK'); // same-day duplicates are normal in real data
    this.st(dock, 30);
    return dock;
  }

  /** Counted + mailed office action; returns the mail day. */
  action(day: number, counted: string, mailed: string, countedStatus: number, mailedStatus: number): number {
    const { rng } = this;
    const c = this.ev(businessDay(day), counted);
    if (rng.chance(0.5)) this.ev(c, 'IDSC');
    this.st(c, countedStatus);
    const m = rng.chance(0.06) ? c : this.office(c, 1, 7);
    this.ev(m, mailed, 'EML_NTF');
    if (rng.chance(0.5)) this.ev(m, 'ELC_RVW');
    this.st(m, mailedStatus);
    if (this.t.firstActionMail === null) this.t.firstActionMail = m;
    return m;
  }

  replyNonFinal(mail: number): number {
    const { rng } = this;
    const late = rng.chance(0.28);
    const r = mail + (late ? rng.int(93, 178) : rng.int(25, 88));
    if (rng.chance(0.2)) {
      const interview = this.office(r, -20, -3);
      if (interview > mail) {
        this.ev(interview, 'EXIA', 'EXAT');
        this.ev(this.office(interview, 2, 7), 'MEXIA', 'EML_NTR');
      }
    }
    if (late) {
      this.ev(r, 'XT/G');
      this.t.applicantDelay += r - (mail + 91);
    }
    this.ev(r, 'A...');
    if (this.input.continuing && !this.disclaimed && rng.chance(0.4)) {
      this.disclaimed = true;
      this.ev(r, 'DIST');
      this.ev(this.office(r, 1, 20), 'P574');
    }
    if (rng.chance(0.3)) this.ev(r, 'WIDS', 'M844');
    this.st(r, 71);
    this.ev(r + rng.int(0, 6), 'FWDX');
    return r;
  }

  rce(day: number): number {
    const r = this.ev(day, 'RCEX', 'BRCE', 'ABN9');
    this.firstRce ??= r;
    if (this.rng.chance(0.5)) this.ev(r, 'WIDS', 'M844');
    this.st(r, 30);
    return r;
  }

  /** Reply to a final rejection; returns the day the examiner's next action is counted from. */
  replyFinal(mail: number, allowNext: boolean): number {
    const { rng } = this;
    if (rng.chance(0.35)) {
      const r = this.ev(mail + rng.int(20, 60), 'A.NE');
      this.st(r, 80);
      if (allowNext && rng.chance(0.5)) return r + rng.int(20, 70); // after-final amendment entered, allowed
      const advisory = this.action(this.office(r, 10, 40), 'CTAV', 'MCTAV', 82, 83);
      return this.rce(Math.min(mail + 178, Math.max(advisory + rng.int(5, 30), mail + 90))) + rng.int(50, 200);
    }
    return this.rce(mail + rng.int(60, 178)) + rng.int(50, 200);
  }

  examination(dock: number): void {
    const { rng, input } = this;
    const [lo, mode, hi] =
      FIRST_ACTION_DAYS[input.type === 'DES' ? 'DES' : input.continuing ? 'continuing' : input.type === 'UTL' ? 'UTL' : 'other'];
    let next = Math.max(input.filing + rng.triangular(lo, mode, hi), dock + 14);
    if (rng.chance(0.2)) this.ev(this.office(dock, 30, Math.max(31, next - dock - 7)), 'DOCK');
    if (input.type === 'UTL' && rng.chance(0.18)) {
      const mail = this.action(next, 'CTRS', 'MCTRS', 40, 41);
      const r = this.ev(mail + rng.int(25, 60), 'ELC.');
      this.st(r, 71);
      next = r + rng.int(30, 120);
    }
    const appeal = input.path === 'appeal-affirmed' || input.path === 'appeal-reversed';
    let final = false;
    for (let i = 1; i <= input.cycles; i++) {
      const last = i === input.cycles;
      if (last && appeal) final = true;
      const mail = final ? this.action(next, 'CTFR', 'MCTFR', 60, 61) : this.action(next, 'CTNF', 'MCTNF', 40, 41);
      if (last && input.path === 'abandon-oa') return this.abandon(mail + 183 + rng.int(10, 110), 'ABN2', 'MABN2', 161);
      if (last && input.path === 'fwc') {
        this.t.fwcDay = mail + rng.int(60, 170);
        return this.abandon(this.t.fwcDay + rng.int(0, 10), 'DABN', null, 166);
      }
      if (last && appeal) {
        next = this.appeal(mail, input.path === 'appeal-affirmed');
        if (input.path === 'appeal-affirmed') return;
        break;
      }
      if (!final) {
        next = this.replyNonFinal(mail) + rng.int(40, 150);
        final = rng.chance(0.7);
      } else {
        next = this.replyFinal(mail, last);
        final = false;
      }
    }
    const noa = this.action(next, 'N/=.', 'MN/=.', 90, 93);
    if (rng.chance(0.5)) this.ev(noa, 'EX.R', 'MEX.R');
    if (this.firstRce !== null) this.t.rceDays = noa - this.firstRce;
    if (input.path === 'abandon-fee') return this.abandon(noa + 92 + rng.int(10, 60), 'ABN6', 'MABN6', 164);
    this.issue(noa);
  }

  appeal(finalMail: number, affirmed: boolean): number {
    const { rng } = this;
    const notice = this.ev(finalMail + rng.int(60, 178), 'N/AP');
    this.st(notice, 120);
    const brief = this.ev(notice + rng.int(50, 62), 'AP.B');
    this.st(brief, 121);
    this.ev(this.office(brief, 5, 30), 'APBR');
    const answer = this.action(this.office(brief, 90, 240), 'APEA', 'MAPEA', 122, 123);
    if (rng.chance(0.5)) this.ev(answer + rng.int(40, 60), 'APRB');
    const docketed = this.office(answer, 60, 150);
    this.ev(docketed, 'APWD', 'APAS', 'AP_DK_M');
    this.st(docketed, 124);
    const decision = this.action(this.office(docketed, 250, 600), affirmed ? 'APDA' : 'APDR', affirmed ? 'MAPDA' : 'MAPDR', 135, 135);
    this.t.appealDays = decision - notice;
    if (affirmed) this.abandon(decision + 63 + rng.int(10, 60), 'ABN10', 'MABN10', 163);
    return decision + rng.int(30, 120);
  }

  abandon(day: number, code: string, mailed: string | null, status: number): void {
    const d = this.ev(businessDay(day), code);
    if (mailed) this.ev(this.office(d, 1, 5), mailed, 'EML_NTR');
    this.st(d, status);
    this.t.end = d;
  }

  issue(noa: number): void {
    const { rng, input } = this;
    const fee = this.ev(noa + rng.int(14, 85), 'IFEE');
    this.st(fee, 94);
    const verified = this.ev(fee + rng.int(0, 1), 'N084');
    this.st(verified, 95);
    const ready = this.ev(this.office(verified, 1, 6), 'PILS');
    if (rng.chance(0.6)) this.ev(ready + rng.int(0, 2), 'D1935');
    const grant = onOrAfter(fee + rng.int(35, 75), TUESDAY);
    const wpir = this.ev(grant - 20, 'WPIR');
    this.ev(wpir + 1, 'EML_NTR');
    this.st(wpir, 150);
    this.ev(grant, 'PTAC', 'GRANT');
    this.t.wpir = wpir;
    this.t.grant = grant;
    this.t.end = grant;
    const small = this.t.finalEntity === 'large' ? 1 : this.t.finalEntity === 'small' ? 2 : 3;
    if (input.expire) {
      this.ev(this.office(grant + 1278, 3, 40), 'REM.');
      const lapse = this.ev(this.office(grant + 1461, 25, 45), 'EXP.');
      this.st(lapse, 250);
      this.t.end = lapse;
    } else if (input.type === 'UTL') {
      this.ev(this.office(grant, 1096, 1270), `M${small}551`);
      this.ev(this.office(grant, 2557, 2730), `M${small}552`);
    }
  }

  /** Records the entity change planned in `finalEntity`, before the issue notification. */
  entityChange(): void {
    const { t } = this;
    const day = this.office(t.filing, 60, Math.max(61, Math.min(900, (t.wpir ?? t.end) - t.filing - 30)));
    this.ev(day, t.finalEntity === 'large' ? 'BIG.' : 'SMAL');
  }

  publish(): void {
    const { rng, input, t } = this;
    if (input.type === 'DES' || input.type === 'REI' || input.nonPublication) return;
    const pub = onOrAfter(Math.max(input.priority + 548, input.filing + rng.int(63, 100)), THURSDAY);
    if (t.grant !== null && pub >= t.grant - 14) return;
    if (t.grant === null && pub > t.end) return; // abandoned before publication
    t.publication = pub;
    this.ev(pub, 'PG-ISSUE');
    if (rng.chance(0.5)) this.ev(pub, 'CCRDY');
    this.ev(pub + 1, 'EML_NTR');
  }
}

export function simulate(rng: Rng, input: SimInput): Timeline {
  const sim = new Sim(rng, input);
  // An entity change happens before the issue fee, so fee and maintenance events use the new entity.
  if (input.entityChange) sim.t.finalEntity = input.entity === 'large' ? 'small' : 'large';
  sim.examination(sim.preExam());
  if (input.entityChange) sim.entityChange();
  sim.publish();
  if (rng.chance(0.12)) sim.ev(sim.office(input.filing, 30, Math.max(31, sim.t.end - input.filing)), 'PA..', 'C.AD');
  sim.t.statuses.sort((a, b) => a.day - b.day);
  return sim.t;
}
