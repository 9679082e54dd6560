import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { PatentParams } from '../applications/schemas.js';
import type { CitationService } from './service.js';
import { CitationsQuery, CitationsResponse } from './schemas.js';

/** Spec §4 "Claims and citations": citations of a patent both ways. */
export function citationRoutes({ citations }: { citations: CitationService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/patents/:patent_number/citations',
      {
        config: {
          cost: '1 unit per 100 citation rows returned (at least 1); the backward list comes whole or, beyond the balance, 402 before the work',
          errors: ['not_found'],
        },
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
        const charge = chargeOf(request);
        const { patent_number: patentNumber } = request.params;
        const { direction, limit } = request.query;
        // D23: the backward list cannot be cut short; 402 before the work when the balance cannot pay for it.
        const least = direction === 'forward' ? 0 : await citations.uncuttableRows(patentNumber, direction);
        await charge.requireRows(least);
        const maxRows = await charge.affordableRows(least + (direction === 'backward' ? 0 : limit));
        const { body, rows } = await citations.of({ patentNumber, ...request.query, maxRows });
        charge.served(rows);
        return body;
      },
    );
  };
}
