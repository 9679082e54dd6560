/**
 * What the Board's decision documents are called, as the ODP trials API lists them: category,
 * type description (with the double space after the colon most types have, and the single one
 * the Director's and the Federal Circuit's have), title, file name, size, the statutes and rules
 * cited and the grounds decided. A discretionary denial is filed as the Director's notice under
 * the RESPONSE category, as in the real records; a mandate cites no statute.
 */
import type { Rng } from '../core/random.js';
import type { DecisionKind, Fate, TrialType } from './timeline.js';

export interface DocumentFacts {
  category: string;
  type: string;
  title: string;
  name: string;
  size: number;
  statutes: string[] | undefined;
  issues: string[] | undefined;
  outcome: string;
}

export const REVIEW: Readonly<Record<TrialType, string>> = {
  IPR: 'Inter Partes Review',
  PGR: 'Post-Grant Review',
  CBM: 'Covered Business Method Patent Review',
  DER: 'Derivation Proceeding',
};
/** Sections of title 35: institution, settlement, final written decision. */
export const SECTIONS: Readonly<Record<TrialType, readonly [institute: string, settle: string, decide: string]>> = {
  IPR: ['314', '317', '318(a)'],
  PGR: ['324', '327', '328(a)'],
  CBM: ['324', '327', '328(a)'],
  DER: ['135', '135', '135'],
};
/** The part of 37 CFR each type's rules sit in. */
const RULES: Readonly<Record<TrialType, readonly string[]>> = {
  IPR: ['37 CFR 42.100', '37 CFR 42.104', '37 CFR 42.108'],
  PGR: ['37 CFR 42.200', '37 CFR 42.204', '37 CFR 42.208'],
  CBM: ['37 CFR 42.300', '37 CFR 42.304', '37 CFR 42.208'],
  DER: ['37 CFR 42.400', '37 CFR 42.405'],
};

const RESULT_WORDS: Partial<Record<Fate, string>> = { all: 'All', some: 'Some', none: 'No' };
/** How a final written decision's title names its result: `Determining Some Challenged Claims Unpatentable`. */
export const resultWord = (fate: Fate) => RESULT_WORDS[fate] ?? 'All';

/** The grounds decided: obviousness nearly always; PGR and CBM also reach eligibility and § 112. */
function issues(rng: Rng, type: TrialType): string[] {
  if (type === 'DER') return ['135'];
  const pairs: Array<readonly [string[], number]> = [
    [['103'], 50],
    [['102', '103'], 25],
    [['112', '103'], 12],
    [['112', '102', '103'], 8],
  ];
  if (type !== 'IPR') pairs.push([['101'], 10], [['101', '103'], 8], [['112', '101'], 6]);
  return rng.weighted(pairs);
}

/** Some of `items` in a shuffled order (the API lists them in no fixed order). */
function some(rng: Rng, items: readonly string[], always: readonly string[]): string[] {
  const out = [...always, ...items.filter(() => rng.chance(0.5))];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `20251120`. */
const compactDay = (iso: string) => iso.replace(/-/g, '');

export interface DocumentContext {
  type: TrialType;
  trial: string;
  fate: Fate;
  affirmed: boolean;
  paper: number;
  isoDay: string;
}

export function documentFacts(
  rng: Rng,
  kind: DecisionKind,
  { type, trial, fate, affirmed, paper, isoDay }: DocumentContext,
): DocumentFacts {
  const [institute, settle, decide] = SECTIONS[type];
  const review = REVIEW[type];
  const usc = (section: string) => `35 USC ${section.replace('(a)', '')}`;
  const pick = (...names: string[]) => rng.pick(names);
  const size = (from: number, to: number) => rng.int(from, to);
  switch (kind) {
    case 'grant':
    case 'deny': {
      const grant = kind === 'grant';
      const verb = grant ? 'Granting' : 'Denying';
      return {
        category: 'DECISION',
        type: grant ? 'Institution Decision:  Grant' : 'Institution Decision:  Deny',
        title: pick(
          grant ? 'Institution Decision:  Grant' : 'Institution Decision:  Deny',
          `Decision ${verb} Institution of ${review}`,
          `DECISION ${verb} Institution of ${review} 35 U.S.C. § ${institute}`,
          `Institution Decision:  ${verb} Institution of ${review} 35 U.S.C. sec. ${institute}`,
        ),
        name: pick(`${trial} DI.pdf`, `${trial} DI - Ready for Mailing FINAL.pdf`, `FINAL DI ${trial}.pdf`, `${trial} DI Circ.pdf`),
        size: size(150_000, 900_000),
        statutes: some(rng, [RULES[type][0]!, '35 USC 312', RULES[type].at(-1)!], [usc(institute)]),
        issues: issues(rng, type),
        outcome: grant ? 'Institution Granted' : 'Institution Denied',
      };
    }
    case 'discretionary':
      return {
        category: 'RESPONSE',
        type: 'Director Discretionary Decision: Deny',
        title: 'Director Discretionary Decision: Deny',
        name: `${compactDay(isoDay)} Director Notice Regarding Institution Paper ${paper}.pdf`,
        size: size(60_000, 120_000),
        statutes: ['35 USC 314', '35 USC 324'],
        issues: undefined,
        outcome: 'Institution Denied',
      };
    case 'settledBefore':
      return {
        category: 'TERMINATE',
        type: 'Termination Decision:  Pre-DI dismissal',
        title: pick('Termination Decision:  Pre-DI dismissal', 'Termination Decision:  Granting Joint Motion to Terminate Proceeding'),
        name: pick(`${trial} - Termination Order Pre-Institution draft.pdf`, `${trial} Termination Order.pdf`),
        size: size(60_000, 150_000),
        statutes: some(rng, ['37 CFR 42.74'], [usc(decide)]),
        issues: undefined,
        outcome: 'Settled Before Institution',
      };
    case 'settledAfter':
      return {
        category: 'TERMINATE',
        type: 'Termination Decision:  Post-DI Settlement',
        title: pick(
          'Termination Decision:  Post-DI Settlement',
          `TERMINATION Due to Settlement After Institution of Trial 35 U.S.C. § ${settle}; 37 C.F.R. § 42.74`,
        ),
        name: pick(`${trial} Post. Inst. Termination Order Mail.pdf`, `${trial} Termination due to Settlement After Institution FINAL.pdf`),
        size: size(70_000, 160_000),
        statutes: some(rng, ['37 CFR 42.72', usc(decide)], [usc(settle), '37 CFR 42.74']),
        issues: undefined,
        outcome: 'Settled After Institution',
      };
    case 'adverse':
      return {
        category: 'TERMINATE',
        type: 'Termination Decision:  Adverse Judgment',
        title: 'JUDGMENT Granting Patent Owner’s Request for Adverse Judgment After Institution of Trial 37 C.F.R. § 42.73(b)',
        name: pick(`${trial} Adverse Judgment.pdf`, `${trial} Judgment Granting Request for Adverse Judgment.pdf`),
        size: size(60_000, 140_000),
        statutes: ['37 CFR 42.73'],
        issues: undefined,
        outcome: 'Request For Adverse Judgment After Institution',
      };
    case 'fwd': {
      const words = resultWord(fate);
      return {
        category: 'FINAL',
        type: 'Final Written Decision:  original',
        title: rng.chance(0.85)
          ? `${rng.chance(0.05) ? ' ' : ''}JUDGMENT Final Written Decision Determining ${words} Challenged Claims Unpatentable 35 U.S.C. § ${decide}`
          : `Final Written Decision:  Final Written Decision Determining ${words} Challenged Claims Unpatentable 35 U.S.C. sec. ${decide.replace(/[()]/g, '')}`,
        name: pick(`${trial} FWD.pdf`, `${trial} FD.pdf`, `${trial} FWD FINAL Circ.pdf`, `${trial} - FWD - Ready for Mailing.pdf`),
        size: size(300_000, 1_600_000),
        statutes: some(rng, [RULES[type][0]!, '35 USC 312', '35 USC 314'], [usc(decide)]),
        issues: issues(rng, type),
        outcome: 'Final Written Decision',
      };
    }
    case 'mandate':
      return {
        category: 'OTHER',
        type: 'Other: Fed Circuit mandate',
        title: 'Other: Fed Circuit mandate',
        name: pick(`${trial} mandate.pdf`, `Mandate ${compactDay(isoDay).slice(4)}${isoDay.slice(0, 4)} ${trial}.pdf`),
        size: size(80_000, 200_000),
        statutes: undefined,
        issues: undefined,
        outcome: affirmed ? 'Affirmed' : 'Affirmed/Reversed in Part',
      };
  }
}
