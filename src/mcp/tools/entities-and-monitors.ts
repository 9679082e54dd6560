import { Type } from 'typebox';
import { EntityParams, EntitySearchQuery, EntitySearchResults, Portfolio, PortfolioQuery } from '../../resources/entities/schemas.js';
import type { EntityService } from '../../resources/entities/service.js';
import { CreatedMonitor, MonitorInputFields } from '../../resources/monitors/schemas.js';
import type { MonitorService } from '../../resources/monitors/service.js';
import { defineTool, type McpTool } from '../tool.js';

/** `search_entities`, `list_entity_applications` and `create_monitor`. */
export function entityAndMonitorTools(entities: EntityService, monitors: MonitorService): McpTool[] {
  return [
    defineTool({
      name: 'search_entities',
      title: 'Find a company or inventor',
      description:
        "Companies and inventors by name, resolved from every name printed in the office's data (applicants, inventors, " +
        'assignors, assignees): one entity per company however its name is spelled, a person by name and place, and a ' +
        "family id (fam_…) grouping a company's entities joined by mergers or changes of name. `q` is a name; punctuation, " +
        'case, a leading THE and corporate suffixes (INC, LLC, GMBH …) are ignored. `type` narrows to assignee or inventor; ' +
        '`limit` 1–100 (default 20). Use it to get the entity_id that list_entity_applications, get_assignments (assignee) ' +
        'and create_monitor take. Costs 1 unit.',
      cost: '1 unit',
      restTwins: ['GET /v1/entities/search'],
      output: EntitySearchResults,
      input: Type.Object({ ...EntitySearchQuery.properties }, { additionalProperties: false }),
      async run(args, { charge }) {
        const found = await entities.search(args);
        charge.served(found.results.length);
        return { schema: EntitySearchResults, view: found };
      },
    }),
    defineTool({
      name: 'list_entity_applications',
      title: "A company's or inventor's applications",
      description:
        'The portfolio of an entity (ent_…) or family (fam_…) from search_entities: one row per application, newest serial ' +
        'first, with its status and how it is linked (applicant, then assignee by an ownership-moving recordation, then ' +
        "inventor) and the link's confidence. `status` keeps one raw status category; `limit` (1–1000, default 100) and " +
        '`cursor` (the returned next_cursor) page. Costs 1 unit per 100 applications returned (at least 1).',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: ['GET /v1/entities/{entity_id}/applications'],
      output: Portfolio,
      input: Type.Object({ ...EntityParams.properties, ...PortfolioQuery.properties }, { additionalProperties: false }),
      async run(args, { charge }) {
        const limit = await charge.affordableRows(args.limit);
        const page = await entities.applications({ ...args, id: args.entity_id, limit });
        charge.served(page.applications.length);
        return { schema: Portfolio, view: page };
      },
    }),
    defineTool({
      name: 'create_monitor',
      title: 'Watch applications, patents or entities',
      description:
        'Creates a monitor that POSTs each newly detected event (office actions, status changes, grants, assignments, PTAB ' +
        'filings and decisions, maintenance fees, continuations …) for its targets to an https webhook, signed with ' +
        'X-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>. `targets` holds application_numbers, ' +
        'patent_numbers and/or entity_ids (ent_… or fam_…; at least one target). `events` picks event types (default all). ' +
        '`webhook_url` must be https and public. `secret` (16–128 characters) is generated when absent and returned this ' +
        'once: keep it to verify deliveries. Fires only on events detected after coverage_since. At most 100 monitors per ' +
        'organization. Costs 1 unit, then 1 unit per delivered event.',
      cost: '1 unit; each delivered event 1 unit',
      restTwins: ['POST /v1/monitors'],
      output: CreatedMonitor,
      input: MonitorInputFields,
      async run(args, { orgId }) {
        return { schema: CreatedMonitor, view: await monitors.create(orgId, args) };
      },
    }),
  ];
}
