import { ChargingService } from './billing/charging-service.js';
import type { AppContext } from './context.js';
import type { IngestProduct } from './ingest/product.js';
import { catalogueOf, PRODUCT_MODULES } from './products/registry.js';
import { Authenticator } from './resources/accounts/authenticator.js';
import { ApplicationService } from './resources/applications/service.js';
import { TransactionService } from './resources/applications/transactions.js';
import { CitationService } from './resources/citations/service.js';
import { ClaimsService } from './resources/claims/service.js';
import { CoverageService } from './resources/coverage/service.js';
import { MaintenanceService } from './resources/maintenance/service.js';
import { AssignmentService } from './resources/assignments/service.js';
import { EntityService } from './resources/entities/service.js';
import { ProvenanceService } from './resources/provenance/service.js';
import { EventFeedService } from './resources/events/service.js';
import { OfficeActionService } from './resources/office-actions/service.js';
import { PtabService } from './resources/ptab/service.js';
import { SearchService } from './resources/search/service.js';
import { DeliveryService } from './resources/monitors/delivery.js';
import { MonitorService } from './resources/monitors/service.js';
import { DeadlineService } from './resources/deadlines/service.js';
import { CalendarService } from './resources/calendars/service.js';
import { PaymentService } from './resources/payments/service.js';
import { WebhookTargetPolicy } from './resources/monitors/webhook-target.js';
import { StatisticsService } from './resources/statistics/service.js';
import { EntityStatisticsService } from './resources/statistics/entity-service.js';

/**
 * Every service, built once with its caches. REST routes, MCP tools and worker jobs receive
 * these same instances, so a cache emptied by one (an ingest finishing, a key revoked) is
 * emptied for all.
 */
export interface Services {
  context: AppContext;
  /** Credit of every edge (REST, MCP tools, webhook deliveries): one lease holder per process. */
  charging: ChargingService;
  authenticator: Authenticator;
  /** Checkout links and Stripe's payment confirmations (D19). */
  payments: PaymentService;
  provenance: ProvenanceService;
  coverage: CoverageService;
  applications: ApplicationService;
  transactions: TransactionService;
  claims: ClaimsService;
  citations: CitationService;
  search: SearchService;
  maintenance: MaintenanceService;
  assignments: AssignmentService;
  entities: EntityService;
  ptab: PtabService;
  officeActions: OfficeActionService;
  events: EventFeedService;
  monitors: MonitorService;
  deadlines: DeadlineService;
  /** Calendar feeds of saved docket queries (D31). */
  calendars: CalendarService;
  /** Webhook deliveries: created with the events, sent by the worker's delivery loop. */
  deliveries: DeliveryService;
  statistics: StatisticsService;
  entityStatistics: EntityStatisticsService;
}

/** The composition root. `products`: the product modules this deployment loads (their cadence makes provenance's `stale`). */
export function buildServices(context: AppContext, products: readonly IngestProduct[] = PRODUCT_MODULES): Services {
  const { db, config } = context;
  // The data routes' reads: a replica when configured (product versions read there too, so a cached answer's version and rows agree).
  const reads = context.readDb ?? db;
  const catalogue = catalogueOf(products);
  const provenance = new ProvenanceService(reads, undefined, (code) => catalogue.get(code));
  const coverage = new CoverageService(reads, provenance);
  const maintenance = new MaintenanceService(reads, provenance, config.officeClosures);
  const entities = new EntityService(reads, provenance, maintenance);
  const charging = new ChargingService(db);
  const webhookTargets = new WebhookTargetPolicy(config.webhooks.allowPrivate, context.resolveHost);
  const monitors = new MonitorService(db, entities, webhookTargets);
  const deadlines = new DeadlineService(db, reads, provenance, entities, monitors);
  return {
    context,
    charging,
    authenticator: new Authenticator(db),
    payments: new PaymentService(db, charging, config.stripe, config.publicBaseUrl),
    provenance,
    coverage,
    applications: new ApplicationService(reads, provenance),
    transactions: new TransactionService(reads, provenance),
    claims: new ClaimsService(reads, provenance, coverage),
    citations: new CitationService(reads, provenance, coverage),
    search: new SearchService(reads, provenance, entities, config.searchTimeoutMs),
    maintenance,
    assignments: new AssignmentService(reads, provenance, entities),
    entities,
    ptab: new PtabService(reads, provenance, entities),
    officeActions: new OfficeActionService(reads, provenance, config.officeClosures),
    events: new EventFeedService(reads, provenance, entities),
    monitors,
    deadlines,
    calendars: new CalendarService(db, deadlines, config.publicBaseUrl),
    deliveries: new DeliveryService(db, charging, webhookTargets, config.webhooks),
    statistics: new StatisticsService(reads),
    entityStatistics: new EntityStatisticsService(db, entities, maintenance, {
      budgetMs: config.statistics.entityBudgetMs,
      precomputeMinApplications: config.statistics.precomputeMinApplications,
    }),
  };
}
