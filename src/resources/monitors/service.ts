import type { Database } from '../../db/database.js';
import { AppError, invalidParameter, type ValidationIssue } from '../../domain/errors.js';
import { EVENT_TYPES } from '../../domain/events.js';
import { parseApplicationNumber, parsePatentNumber } from '../../domain/numbers.js';
import { randomBase62 } from '../accounts/api-key.js';
import type { EntityService } from '../entities/service.js';
import { eventView } from '../events/event-view.js';
import * as sql from './monitors.sql.js';
import { readEntityRef } from '../query-lists.js';
import type { WebhookTargetPolicy } from './webhook-target.js';

/** D14: at most this many active monitors per org. */
const MAX_MONITORS_PER_ORG = 100;

export interface MonitorInput {
  targets: { application_numbers?: string[]; patent_numbers?: string[]; entity_ids?: string[] };
  events?: string[];
  webhook_url: string;
  secret?: string | null;
}

/** D10: a monitor as its owner sees it, never with its secret. */
function monitorRecord(row: sql.MonitorRow) {
  const createdAt = row.created_at.toISOString();
  return {
    monitor_id: row.monitor_id,
    targets: row.targets,
    events: row.events,
    webhook_url: row.webhook_url,
    status: row.status,
    created_at: createdAt,
    coverage_since: createdAt,
    deliveries: { delivered: row.delivered, failed: row.failed, pending: row.pending },
  };
}

/** Spec §4 "Monitors": create, list, stop, and a monitor's events with their delivery. */
export class MonitorService {
  constructor(
    private readonly db: Database,
    private readonly entities: EntityService,
    private readonly targets: WebhookTargetPolicy,
  ) {}

  async create(orgId: string, input: MonitorInput) {
    const targets = await this.readTargets(input.targets);
    const refusal = await this.targets.refusal(input.webhook_url);
    if (refusal)
      throw invalidParameter({ loc: ['body', 'webhook_url'], msg: refusal, type: 'webhook_url_refused', input: input.webhook_url });
    const events = input.events === undefined ? [...EVENT_TYPES] : EVENT_TYPES.filter((type) => input.events!.includes(type));
    const secret = input.secret ?? `whsec_${randomBase62(32)}`;
    const monitorId = `mon_${randomBase62(20)}`;
    const created = await this.db.transaction(async (tx) => {
      if ((await sql.lockAndCountActive(tx, orgId)) >= MAX_MONITORS_PER_ORG)
        throw new AppError('limit_reached', `An organization may have at most ${MAX_MONITORS_PER_ORG} monitors; delete one first.`);
      await sql.insertMonitor(tx, { monitorId, orgId, targets, events, webhookUrl: input.webhook_url, secret });
      return sql.findActive(tx, orgId, monitorId);
    });
    return { ...monitorRecord(created!), secret };
  }

  async list(orgId: string) {
    const monitors = (await sql.listActive(this.db, orgId)).map(monitorRecord);
    return { count: monitors.length, monitors };
  }

  /** What an active monitor of the org watches; 404 as `remove`. */
  async targetsOf(orgId: string, monitorId: string): Promise<sql.MonitorTargets> {
    const row = await sql.findActive(this.db, orgId, monitorId);
    if (!row) throw notFoundMonitor(monitorId);
    return row.targets;
  }

  /** 404 for an unknown id, another org's monitor, or one already stopped. */
  async remove(orgId: string, monitorId: string): Promise<void> {
    if (!(await this.db.transaction((tx) => sql.stopMonitor(tx, orgId, monitorId)))) throw notFoundMonitor(monitorId);
  }

  async events(orgId: string, monitorId: string, since: Date | null, limit: number) {
    const createdAt = await sql.findCreatedAt(this.db, orgId, monitorId);
    if (!createdAt) throw notFoundMonitor(monitorId);
    const rows = await sql.listMonitorEvents(this.db, monitorId, since, limit);
    return {
      monitor_id: monitorId,
      count: rows.length,
      coverage_since: createdAt.toISOString(),
      events: rows.map((row) => ({
        ...eventView(row),
        attempts: row.attempts,
        last_status: row.last_status,
        delivered_at: row.delivered_at?.toISOString() ?? null,
      })),
    };
  }

  /** Numbers as the office writes them, entity ids that exist; every unreadable item named in one 422. At least one target (D10). */
  private async readTargets(input: MonitorInput['targets']): Promise<sql.MonitorTargets> {
    const issues: ValidationIssue[] = [];
    const read = (field: string, items: string[] | undefined, parse: (item: string) => string | null, what: string) => [
      ...new Set(
        (items ?? []).flatMap((item, i) => {
          const value = parse(item.trim());
          if (value === null) issues.push({ loc: ['body', 'targets', field, i], msg: `Not ${what}`, type: `${field}_format`, input: item });
          return value === null ? [] : [value];
        }),
      ),
    ];
    const targets: sql.MonitorTargets = {
      application_numbers: read('application_numbers', input.application_numbers, parseApplicationNumber, 'an application number'),
      patent_numbers: read('patent_numbers', input.patent_numbers, parsePatentNumber, 'a patent number'),
      entity_ids: read('entity_ids', input.entity_ids, readEntityRef, 'an entity or family id'),
    };
    for (const [i, id] of targets.entity_ids.entries()) {
      if (!(await this.entities.exists(id)))
        issues.push({ loc: ['body', 'targets', 'entity_ids', i], msg: 'No such entity or family', type: 'entity_unknown', input: id });
    }
    if (issues.length > 0) throw new AppError('validation_error', undefined, issues);
    if (targets.application_numbers.length + targets.patent_numbers.length + targets.entity_ids.length === 0)
      throw invalidParameter({
        loc: ['body', 'targets'],
        msg: 'Give at least one application number, patent number or entity id',
        type: 'targets_empty',
        input: input,
      });
    return targets;
  }
}

function notFoundMonitor(monitorId: string): AppError {
  return new AppError('not_found', `No monitor ${monitorId.slice(0, 40)} in this organization.`);
}
