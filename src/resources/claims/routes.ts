import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PatentParams, PublicationParams } from '../applications/schemas.js';
import type { ClaimsService } from './service.js';
import { ClaimsDocument } from './schemas.js';

/** Spec §4 "Claims and citations": the claims documents of grants and publications. */
export function claimsRoutes({ claims }: { claims: ClaimsService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/patents/:patent_number/claims',
      {
        config: { errors: ['not_found'] },
        schema: {
          operationId: 'getPatentClaims',
          summary: 'Claims, abstract and CPC of a granted patent',
          description: 'As issued. A patent outside the loaded weekly grant files is a 404 whose detail names the covered issue dates.',
          tags: ['claims'],
          params: PatentParams,
          response: { 200: ClaimsDocument },
        },
      },
      async (request) => claims.ofPatent(request.params.patent_number),
    );

    app.get(
      '/v1/publications/:publication_number/claims',
      {
        config: { errors: ['not_found'] },
        schema: {
          operationId: 'getPublicationClaims',
          summary: 'Claims, abstract and CPC of a pre-grant publication',
          description: 'As published, not as later amended; a bare number gives the latest kind loaded (A9 over A2 over A1).',
          tags: ['claims'],
          params: PublicationParams,
          response: { 200: ClaimsDocument },
        },
      },
      async (request) => claims.ofPublication(request.params.publication_number),
    );
  };
}
