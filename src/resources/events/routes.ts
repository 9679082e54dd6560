import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { FeedPage, FeedQuery } from './schemas.js';
import type { EventFeedService } from './service.js';

/** Spec §4 "Events feed". */
export function eventRoutes({ events }: { events: EventFeedService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/events',
      {
        config: { cost: '1 unit per 100 events returned (at least 1)', errors: ['missing_filter', 'not_found'] },
        schema: {
          operationId: 'listEvents',
          summary: 'Events the ingest detected (office actions, status changes, grants, assignments, PTAB, fees …), in commit order',
          description:
            'At least one of types, application_numbers, patent_numbers or entity_ids (else 400 missing_filter; since alone is not a ' +
            'filter). Events come in the order their ingest committed, so a reader that follows next_cursor, also while ingests run, ' +
            'never misses or repeats one. An unknown entity id is a 404.',
          tags: ['events'],
          querystring: FeedQuery,
          response: { 200: FeedPage },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await events.page({ ...request.query, limit });
        chargeOf(request).served(page.events.length);
        return page;
      },
    );
  };
}
