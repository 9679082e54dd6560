import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import type { SearchService } from './service.js';
import { SearchQuery, SearchResponse } from './schemas.js';

/** Spec §4 "Search". */
export function searchRoutes({ search }: { search: SearchService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/search',
      {
        config: { cost: '1 unit per 100 rows returned (at least 1)', errors: ['missing_filter', 'not_found', 'computation_timeout'] },
        schema: {
          operationId: 'search',
          summary: 'Keyword and CPC search over granted patents and published applications',
          description:
            'Keyword matching, not similarity search. At least one of q, cpc or entity_id is required (400 missing_filter); an unknown entity_id is a 404. Best rank first, then newest; a q matching more than 10,000 documents lists its newest 10,000. Over 10 seconds: 504 computation_timeout, charged nothing.',
          tags: ['search'],
          querystring: SearchQuery,
          response: { 200: SearchResponse },
        },
      },
      async (request) => {
        const result = await search.search({ ...request.query, limit: await chargeOf(request).affordableRows(request.query.limit) });
        chargeOf(request).served(result.results.length);
        return result;
      },
    );
  };
}
