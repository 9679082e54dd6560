import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { checkBatchEntries } from '../applications/batch-entries.js';
import { PatentParams } from '../applications/schemas.js';
import type { MaintenanceService } from './service.js';
import { BatchMaintenanceBody, BatchMaintenanceResponse, MaintenanceRecord } from './schemas.js';
import { sendAnswer } from '../send-answer.js';

/** Spec §4 "Maintenance": fee windows, deadlines and the expiry estimate of a patent, one at a time or a docket at once. */
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

    app.post(
      '/v1/patents/maintenance',
      {
        config: { cost: '1 unit per 100 rows returned (at least 1); 402 before the work when the balance cannot pay for every row' },
        preValidation: async (request) => checkBatchEntries(request.body, 'patent_numbers'),
        schema: {
          operationId: 'getBatchMaintenance',
          summary: 'Maintenance of up to 1,000 patents at once',
          description:
            'For a renewal docket: by default a summary row a patent (alive or not and why, end of term, the next fee with its ' +
            'dates); with full: true the whole Maintenance record GET /v1/patents/{patent_number}/maintenance returns. Rows come ' +
            'back in request order; patents not on file are listed in not_found and unreadable entries in invalid, both as written.',
          tags: ['maintenance'],
          body: BatchMaintenanceBody,
          response: { 200: BatchMaintenanceResponse },
        },
      },
      async (request) => {
        const { patent_numbers: numbers, full = false } = request.body;
        // D23: a batch answer cannot be cut short, so a balance that cannot pay for it is told before the work.
        await chargeOf(request).requireRows(maintenance.batchRowsAtMost(numbers), () => maintenance.batchRows(numbers));
        const result = await maintenance.batch(numbers, full);
        chargeOf(request).served(result.results.length);
        return result;
      },
    );
  };
}
