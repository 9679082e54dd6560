import { vacuumAnalyze } from '../../db/analyze.sql.js';
import type { Database } from '../../db/database.js';
import { addMonths } from '../../domain/dates.js';
import { AppError } from '../../domain/errors.js';
import { toEasternDate } from '../../domain/provenance.js';
import { ENTITY_DEFINITIONS, monthsOf, rate } from '../../domain/statistics.js';
import type { EntityService } from '../entities/service.js';
import type { MaintenanceService } from '../maintenance/service.js';
import { ReadCache } from '../read-cache.js';
import type { RenderAnswer } from '../send-answer.js';
import * as cache from './entity-cache.sql.js';
import * as sql from './entity-statistics.sql.js';
import { prosecutionRates } from './service.js';

export interface EntityStatisticsSettings {
  /** How long a request may compute an entity's statistics before the answer is 504 and the entity waits for the night. */
  budgetMs: number;
  /** Entities with at least this many applications are computed by the nightly run. */
  precomputeMinApplications: number;
}

/** Patents whose expiries are read in one round trip (the time limit is checked between them). */
const EXPIRY_BATCH = 500;
/** How long the night this process knows of is taken as the latest without asking (a new night shows within this time). */
const NIGHT_MEMO_MS = 1_000;

class OutOfTime extends Error {}

type EntityStatistics = Awaited<ReturnType<EntityStatisticsService['compute']>>;

/**
 * Entity statistics (spec §2, D9): every block from the tables as they are now, with
 * the prosecution metrics from the night's application facts. Kept until the next night; large
 * entities and those that ran out of time are computed by the nightly run.
 */
export class EntityStatisticsService {
  /** Finished answers of this night, as sent: a repeat costs no query and no serialization. */
  private readonly answers: ReadCache<string>;
  private night: { at: number; value: Promise<Date | null> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly entities: EntityService,
    private readonly maintenance: MaintenanceService,
    private readonly settings: EntityStatisticsSettings,
  ) {
    this.answers = new ReadCache(async () => (await this.lastNight())?.toISOString() ?? 'none', 10_000);
  }

  /** The answer's bytes, rendered once per entity and night (a previous night's stand-in is not kept). */
  answer(id: string, render: RenderAnswer<EntityStatistics>): Promise<string> {
    let current = true;
    return this.answers.get(
      id,
      async () => {
        const stats = await this.stats(id);
        const night = await this.lastNight();
        current = night !== null && new Date(stats.computed_at) >= night;
        return render(stats);
      },
      () => current,
    );
  }

  async stats(id: string): Promise<EntityStatistics> {
    const entityIds = await this.entities.idsOf(id);
    const night = await this.lastNight();
    if (night === null) throw await this.queued(id, 'Statistics appear after the first nightly run; this entity is queued for it.');
    const cached = await cache.findLatest(this.db, id);
    if (cached && cached.computedAt >= night) return cached.stats as EntityStatistics;
    try {
      const stats = await this.compute(id, entityIds, Date.now() + this.settings.budgetMs);
      await cache.save(this.db, id, stats, new Date(stats.computed_at));
      return stats;
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      const queued = await this.queued(
        id,
        `This entity's statistics take longer than ${this.settings.budgetMs} ms; it is queued for tonight's run.`,
      );
      // Between a night's tables and its entities, a large entity keeps the previous night's numbers (computed_at says which).
      if (cached) return cached.stats as EntityStatistics;
      throw queued;
    }
  }

  /** The last night, asked of the database at most once a second (a new night shows within that). */
  private async lastNight(): Promise<Date | null> {
    const now = Date.now();
    if (!this.night || now - this.night.at > NIGHT_MEMO_MS) this.night = { at: now, value: cache.lastNight(this.db) };
    const night = await this.night.value;
    // Before the first night, every request looks again (the first one should show at once).
    if (night === null) this.night = null;
    return night;
  }

  /** The nightly part: large entities and every queued one, each computed and kept. Returns how many. */
  async precompute(onEntity: (done: number, total: number) => void = () => undefined): Promise<number> {
    const ids = await cache.nightlyEntities(this.db, this.settings.precomputeMinApplications);
    for (const [i, id] of ids.entries()) {
      const stats = await this.compute(id, await this.entities.idsOf(id), Infinity);
      await cache.save(this.db, id, stats, new Date(stats.computed_at));
      onEntity(i + 1, ids.length);
    }
    // The night's rows replace the kept ones: their planner statistics follow, as after every load.
    if (ids.length > 0) await vacuumAnalyze(this.db, ['entity_statistics', 'entity_statistics_queue']);
    return ids.length;
  }

  private async queued(id: string, message: string): Promise<AppError> {
    await cache.enqueue(this.db, id);
    return new AppError('computation_timeout', message);
  }

  private async compute(id: string, entityIds: string[], deadline: number) {
    const check = () => {
      if (Date.now() >= deadline) throw new OutOfTime();
    };
    const computedAt = new Date();
    const portfolio = await sql.portfolio(this.db, entityIds);
    check();
    const alive = await this.alivePatents(await sql.patentNumbers(this.db, entityIds), check);
    const velocity = await sql.velocity(this.db, entityIds);
    check();
    const prosecution = await sql.prosecution(this.db, entityIds);
    check();
    const where = await sql.whereAndWho(this.db, entityIds);
    check();
    const ptab = await sql.ptab(this.db, entityIds);
    const ownership = await sql.ownership(this.db, entityIds);
    check();
    // An entity's prosecution is reported to the grant, not to any disposal.
    const { median_months_to_disposal: _toDisposal, ...rates } = prosecutionRates(prosecution);
    const owner = ptab.find((row) => row.role === 'patent_owner');
    const petitioner = ptab.find((row) => row.role === 'petitioner');
    return {
      entity_id: id,
      portfolio: {
        applications: portfolio.applications,
        patents: portfolio.patents,
        pending: portfolio.pending,
        granted: portfolio.granted,
        abandoned: portfolio.abandoned,
        alive_patents: alive.alive,
        expiring_within_12_months: alive.expiring,
        computed_over: {
          filing_date_from: portfolio.filing_date_from,
          filing_date_to: portfolio.filing_date_to,
          applications: portfolio.applications,
        },
      },
      velocity: {
        filings_per_year: velocity.filter((v) => v.kind === 'filed').map(({ year, n }) => ({ year, n })),
        grants_per_year: velocity.filter((v) => v.kind === 'granted').map(({ year, n }) => ({ year, n })),
      },
      prosecution: { ...rates, median_months_to_grant: monthsOf(prosecution.median_days_to_grant) },
      where: {
        cpc_subclasses: where.subclasses.map((s) => ({ subclass: s.subclass, n: s.n, share: rate(s.n, where.with_cpc) ?? 0 })),
        cpc_coverage: rate(where.with_cpc, portfolio.applications),
        art_units: where.art_units,
      },
      who: { examiners: where.examiners, prosecuted_by: { customer_numbers: where.customer_numbers } },
      ptab: {
        as_patent_owner: {
          proceedings: owner?.proceedings ?? 0,
          instituted: owner?.instituted ?? 0,
          claims_lost: (owner?.all_unpatentable ?? 0) + (owner?.some_unpatentable ?? 0),
        },
        as_petitioner: {
          proceedings: petitioner?.proceedings ?? 0,
          instituted: petitioner?.instituted ?? 0,
          claims_outcomes: {
            all_unpatentable: petitioner?.all_unpatentable ?? 0,
            some_unpatentable: petitioner?.some_unpatentable ?? 0,
            none_unpatentable: petitioner?.none_unpatentable ?? 0,
          },
        },
      },
      ownership,
      definitions: ENTITY_DEFINITIONS,
      computed_at: computedAt.toISOString(),
    };
  }

  /** Alive patents and those expiring within a year, by each patent's maintenance answer (its expiry estimate). */
  private async alivePatents(patents: readonly string[], check: () => void): Promise<{ alive: number; expiring: number }> {
    const today = toEasternDate(new Date());
    const inAYear = addMonths(today, 12);
    let alive = 0;
    let expiring = 0;
    for (let from = 0; from < patents.length; from += EXPIRY_BATCH) {
      check();
      for (const answer of (await this.maintenance.expiries(patents.slice(from, from + EXPIRY_BATCH))).values()) {
        if (answer.expired !== false) continue;
        alive += 1;
        const end = answer.expiration_estimate.date;
        if (end && end <= inAYear) expiring += 1;
      }
    }
    return { alive, expiring };
  }
}
