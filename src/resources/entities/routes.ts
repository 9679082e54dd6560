import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import {
  EntityParams,
  EntityPatents,
  EntityRecord,
  EntitySearchQuery,
  EntitySearchResults,
  Portfolio,
  PortfolioQuery,
  PatentsQuery,
} from './schemas.js';
import type { EntityService } from './service.js';

const LIST_COST = '1 unit per 100 rows returned (at least 1)';
const RESOLUTION =
  'Entities come from resolving every printed name the service holds (applicants, inventors, assignors, assignees): ' +
  'one company however its name is spelled, a person by name and place. A family (fam_…) groups the entities of one ' +
  'company that a MERGER or CHANGE OF NAME recordation, or a near-identical name at the same place, joins.';

/** Spec §4 "Entities and statistics": search, entity or family, portfolio, patents. */
export function entityRoutes({ entities }: { entities: EntityService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/entities/search',
      {
        config: { cost: '1 unit', errors: [] },
        schema: {
          operationId: 'searchEntities',
          summary: 'Entities by name: prefix matches first (largest first), then similar names',
          description: `${RESOLUTION} Punctuation, case, a leading THE and corporate suffixes (INC, CORP, LLC, GMBH, …) are ignored.`,
          tags: ['entities'],
          querystring: EntitySearchQuery,
          response: { 200: EntitySearchResults },
        },
      },
      async (request) => {
        const found = await entities.search(request.query);
        chargeOf(request).served(found.results.length);
        return found;
      },
    );

    app.get(
      '/v1/entities/:entity_id',
      {
        config: { cost: '1 unit', errors: ['not_found'] },
        schema: {
          operationId: 'getEntity',
          summary: 'One entity, or a family with its members',
          description: RESOLUTION,
          tags: ['entities'],
          params: EntityParams,
          response: { 200: EntityRecord },
        },
      },
      async (request) => entities.record(request.params.entity_id),
    );

    app.get(
      '/v1/entities/:entity_id/applications',
      {
        config: { cost: LIST_COST, errors: ['not_found'] },
        schema: {
          operationId: 'listEntityApplications',
          summary: "An entity's (or family's) applications, newest serial first",
          description:
            'One row per application with the strongest link (applicant, then assignee by a recordation that moves ownership, then ' +
            'inventor) and its confidence. status.bucket counts reconcile with the entity counts.',
          tags: ['entities'],
          params: EntityParams,
          querystring: PortfolioQuery,
          response: { 200: Portfolio },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await entities.applications({ id: request.params.entity_id, ...request.query, limit });
        chargeOf(request).served(page.applications.length);
        return page;
      },
    );

    app.get(
      '/v1/entities/:entity_id/patents',
      {
        config: { cost: LIST_COST, errors: ['not_found'] },
        schema: {
          operationId: 'listEntityPatents',
          summary: "An entity's (or family's) granted patents, newest grant first, with expiry",
          description: 'Held by applicant, assignee or inventor link; expiration_estimate and expired as in the maintenance answer.',
          tags: ['entities'],
          params: EntityParams,
          querystring: PatentsQuery,
          response: { 200: EntityPatents },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await entities.patents({ id: request.params.entity_id, ...request.query, limit });
        chargeOf(request).served(page.patents.length);
        return page;
      },
    );
  };
}
