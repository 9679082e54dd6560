/**
 * Runs the scheduled events (assignment-schedule.ts) through time and turns each into a
 * recordation: who the parties are on that day, which properties it covers, and who holds them
 * afterwards (assignment-ownership.ts). Processing is chronological, so a seller always sells what
 * it holds then, and a merger or change of name covers ALL the company's properties at that point.
 * Ownership moves only through assignments, mergers and changes of name; security interests,
 * releases and licenses leave it where it is.
 */
import { type Entity, type EntityRegistry } from './entities.js';
import type { Corpus } from './corpus.js';
import { type InventorAssignments, postedAfter } from './inventors.js';
import { INVENTORS, Ownership } from './ownership.js';
import { printEntity } from './print.js';
import type { PlannedEvent } from './schedule.js';
import { CONVEYANCE, type Recordation, recordation } from './types.js';
import { businessDay, Rng } from '../core/random.js';

export interface Succession {
  from: number;
  to: number;
  kind: 'merger' | 'change-of-name';
  day: number;
  /** Index of its recordation in Plan.recordations. */
  recordation: number;
}

export interface Plan {
  recordations: Recordation[];
  successions: Succession[];
  ownership: Ownership;
}

/** The first security interests show each text once; then lenders' loans far outnumber attorneys' liens. */
const SECURITY_TEXTS = [CONVEYANCE.securityInterest, CONVEYANCE.patentSecurity, CONVEYANCE.lien] as const;
const SECURITY_MIX = [
  [CONVEYANCE.securityInterest, 45],
  [CONVEYANCE.patentSecurity, 30],
  [CONVEYANCE.ipSecurity, 20],
  [CONVEYANCE.lien, 5],
] as const;
const HOLDER_KINDS = new Set(['applicant', 'acquirer', 'successor']);

export function runPlan(
  corpus: Corpus,
  registry: EntityRegistry,
  inventors: InventorAssignments,
  events: readonly PlannedEvent[],
  seed: string | number,
  last: number,
): Plan {
  const rng = new Rng(`${seed}|assignments|plan`);
  const ownership = new Ownership(corpus, inventors);
  const recordations: Recordation[] = [];
  const successions: Succession[] = [];
  let securities = 0;

  const holders = (d: number, accept: (e: Entity) => boolean, weight: (e: Entity, size: number) => number): number[] => {
    const pairs: Array<readonly [number, number]> = [];
    for (const e of registry.entities) {
      if (!HOLDER_KINDS.has(e.kind) || !ownership.live(e.index) || !accept(e)) continue;
      const size = ownership.approximateHoldings(e.index, d);
      if (size > 0) pairs.push([e.index, weight(e, size)]);
    }
    // A few draws: the estimate counts filings the company may have sold or let go.
    const out: number[] = [];
    for (let k = 0; k < 6 && pairs.length > 0; k++) out.push(rng.weighted(pairs));
    return out;
  };
  const firstHolding = (candidates: number[], d: number, saleable: boolean): [number, number[]] | null => {
    for (const e of candidates) {
      const apps = ownership.holdings(e, d, saleable);
      if (apps.length > 0) return [e, apps];
    }
    return null;
  };
  const counterparty = (not: number, acquirerShare: number): number => {
    for (;;) {
      const e = rng.chance(acquirerShare) ? rng.pick(registry.acquirers) : rng.int(0, registry.castCount - 1);
      const entity = registry.get(e);
      if (e !== not && ownership.live(e) && !entity.university) return e;
    }
  };
  const party = (e: number, withAddress: boolean) => printEntity(registry.get(e), rng, withAddress);
  const assignorsOf = (holder: number, app: number) =>
    holder === INVENTORS ? { assignors: [], inventorsOf: app } : { assignors: [party(holder, false)], inventorsOf: -1 };
  const push = (r: Recordation): number => recordations.push(r) - 1;

  for (const event of events) {
    const d = event.day;
    const posted = event.posted ?? postedAfter(d, rng);
    if (posted > last) continue;
    const base = { recorded: d, posted, executed: businessDay(d - rng.int(3, 60)) };
    switch (event.kind) {
      case 'merger':
      case 'name-change': {
        const merger = event.kind === 'merger';
        const found = firstHolding(
          holders(
            d,
            (e) => !e.university,
            (e, size) => ((merger && ownership.filesAfter(e.index, d) ? 3 : 1) * (e.small ? 2 : 1)) / Math.sqrt(size),
          ),
          d,
          false,
        );
        if (!found) break;
        const [from, apps] = found;
        const to = merger ? counterparty(from, 0.5) : registry.rename(from, rng).index;
        const index = push(
          recordation({
            ...base,
            kind: event.kind,
            conveyance: merger ? CONVEYANCE.merger : CONVEYANCE.changeOfName,
            executed: businessDay(d - rng.int(10, 120)),
            assignors: [party(from, false)],
            assignees: [party(to, true)],
            properties: Int32Array.from(apps),
            pages: Math.min(300, 5 + Math.ceil(apps.length / 25) + rng.int(0, 6)),
            correspondent: registry.get(to).firm,
          }),
        );
        ownership.succeed(from, to, d);
        successions.push({ from, to, kind: merger ? 'merger' : 'change-of-name', day: d, recordation: index });
        break;
      }
      case 'security': {
        const found = firstHolding(
          holders(
            d,
            () => true,
            (e, size) => (e.small ? 3 : 1) / Math.sqrt(size),
          ),
          d,
          false,
        );
        if (!found) break;
        const [borrower, apps] = found;
        const text = securities < SECURITY_TEXTS.length ? SECURITY_TEXTS[securities]! : rng.weighted(SECURITY_MIX);
        // An attorney's lien is the borrower's own law firm's; the others are loans from a bank.
        const lender = text === CONVEYANCE.lien ? registry.lawFirms[registry.get(borrower).firm]! : rng.pick(registry.banks);
        const properties = Int32Array.from(apps);
        const pages = Math.min(300, 4 + Math.ceil(apps.length / 15) + rng.int(0, 4));
        push(
          recordation({
            ...base,
            kind: 'security',
            conveyance: text,
            assignors: [party(borrower, false)],
            assignees: [party(lender, true)],
            properties,
            pages,
            correspondent: registry.get(lender).firm,
          }),
        );
        const released = businessDay(d + rng.int(300, 1500));
        const releasedPosted = postedAfter(released, rng);
        if (text !== CONVEYANCE.lien && releasedPosted <= last && (securities === 0 || rng.chance(0.6))) {
          push(
            recordation({
              kind: 'release',
              conveyance: securities === 0 || rng.chance(0.85) ? CONVEYANCE.release : CONVEYANCE.releaseOfSecurity,
              recorded: released,
              posted: releasedPosted,
              executed: businessDay(released - rng.int(1, 30)),
              assignors: [party(lender, false)],
              assignees: [party(borrower, true)],
              properties,
              pages,
              correspondent: registry.get(borrower).firm,
            }),
          );
        }
        securities++;
        break;
      }
      case 'bulk-sale': {
        const found = firstHolding(
          holders(
            d,
            () => true,
            (_, size) => Math.sqrt(size),
          ),
          d,
          true,
        );
        if (!found) break;
        const [seller, saleable] = found;
        // A random part of the seller's portfolio: partial Fisher–Yates, then by application number.
        const count = Math.min(saleable.length, rng.triangular(20, 40, 150));
        for (let k = 0; k < count; k++) {
          const j = rng.int(k, saleable.length - 1);
          [saleable[k], saleable[j]] = [saleable[j]!, saleable[k]!];
        }
        const numbers = corpus.applicationNumber;
        const apps = saleable.slice(0, count).sort((a, b) => numbers[a]! - numbers[b]!);
        const buyer = counterparty(seller, 0.6);
        push(
          recordation({
            ...base,
            kind: 'sale',
            conveyance: CONVEYANCE.assignment,
            assignors: [party(seller, false)],
            assignees: [party(buyer, true)],
            properties: Int32Array.from(apps),
            pages: Math.min(300, 4 + Math.ceil(apps.length / 10)),
            correspondent: registry.get(buyer).firm,
          }),
        );
        for (const app of apps) ownership.transfer(app, buyer, d);
        break;
      }
      case 'sale':
      case 'individual-sale': {
        const app = event.app;
        const holder = ownership.holder(app);
        if ((holder === INVENTORS) !== (event.kind === 'individual-sale') || !ownership.isSaleable(app, d)) break;
        const buyer = counterparty(holder, 0.5);
        push(
          recordation({
            ...base,
            kind: 'sale',
            conveyance: event.kind === 'sale' && rng.chance(0.1) ? CONVEYANCE.nuncProTunc : CONVEYANCE.assignment,
            ...assignorsOf(holder, app),
            assignees: [party(buyer, true)],
            properties: Int32Array.of(app),
            pages: 3 + rng.int(0, 3),
            correspondent: registry.get(buyer).firm,
          }),
        );
        ownership.transfer(app, buyer, d);
        break;
      }
      case 'license':
      case 'government':
      case 'confirmatory': {
        const app = event.app;
        if (!ownership.isProperty(app, d)) break;
        const holder = ownership.holder(app);
        const license = event.kind === 'license';
        const licensee = license
          ? counterparty(holder, 0.3)
          : registry.agencies[
              rng.weighted([
                [0, 50],
                [1, 35],
                [2, 15],
              ] as const)
            ]!;
        const conveyance = license
          ? rng.chance(0.8)
            ? CONVEYANCE.license
            : CONVEYANCE.exclusiveLicense
          : event.kind === 'government'
            ? CONVEYANCE.governmentInterest
            : CONVEYANCE.confirmatoryLicense;
        push(
          recordation({
            ...base,
            kind: license ? 'license' : 'government',
            conveyance,
            ...assignorsOf(holder, app),
            assignees: [party(licensee, true)],
            properties: Int32Array.of(app),
            pages: 2 + rng.int(0, 4),
            correspondent: holder === INVENTORS ? corpus.firm[app]! : registry.get(holder).firm,
          }),
        );
        break;
      }
    }
  }
  return { recordations, successions, ownership };
}
