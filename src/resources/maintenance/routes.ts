import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PatentParams } from '../applications/schemas.js';
import type { MaintenanceService } from './service.js';
import { MaintenanceRecord } from './schemas.js';
import { sendAnswer } from '../send-answer.js';

/** Spec §4 "Maintenance": fee windows, deadlines and the expiry estimate of a patent. */
export function maintenanceRoutes({ maintenance }: { maintenance: MaintenanceService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/patents/:patent_number/maintenance',
      {
        config: { errors: ['not_found'] },
        schema: {
          operationId: 'getPatentMaintenance',
          summary: 'Maintenance fees, fee windows and expiry of a patent',
          description:
            'Every fee event on file, the 3.5/7.5/11.5-year windows with their deadlines, the next fee, and the end of term ' +
            'with the steps that produced it (term start, base term, PTA, terminal disclaimer, lapse). Design and plant ' +
            'patents owe no fees (n/a). A patent known without fee events gets windows computed from its grant date.',
          tags: ['maintenance'],
          params: PatentParams,
          response: { 200: MaintenanceRecord },
        },
      },
      async (request, reply) => sendAnswer(reply, (render) => maintenance.answer(request.params.patent_number, render)),
    );
  };
}
