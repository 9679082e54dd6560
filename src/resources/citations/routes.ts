import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { affordableRows, chargeForRows } from '../../billing/charges.js';
import { PatentParams } from '../applications/schemas.js';
import type { CitationService } from './service.js';
import { CitationsQuery, CitationsResponse } from './schemas.js';

/** Spec §4 "Claims and citations": citations of a patent both ways. */
export function citationRoutes({ citations }: { citations: CitationService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/patents/:patent_number/citations',
      {
        config: { cost: '1 unit per 100 citation rows returned (at least 1)', errors: ['not_found'] },
        schema: {
          operationId: 'getCitations',
          summary: 'Citations of a patent, backward (its front page) and forward (loaded grants citing it)',
          description:
            'The backward list comes whole on every call; limit and cursor page the forward list. backward is null, with a detail naming the covered issue dates, when the grant file of the patent is not loaded.',
          tags: ['citations'],
          params: PatentParams,
          querystring: CitationsQuery,
          response: { 200: CitationsResponse },
        },
      },
      async (request) => {
        const { body, rows } = await citations.of({
          patentNumber: request.params.patent_number,
          ...request.query,
          maxRows: affordableRows(request),
        });
        chargeForRows(request, rows);
        return body;
      },
    );
  };
}
