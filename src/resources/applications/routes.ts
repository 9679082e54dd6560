import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import type { ApplicationService } from './service.js';
import { sendAnswer } from '../send-answer.js';
import type { TransactionService } from './transactions.js';
import * as schemas from './schemas.js';
import { checkBatchEntries } from './batch-entries.js';

const LOOKUP_ERRORS = ['not_found'] as const;

/** Spec §4 "Application status lookups" and the transactions list of "Prosecution". */
export function applicationRoutes({
  applications,
  transactions,
}: {
  applications: ApplicationService;
  transactions: TransactionService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/applications/:application_number',
      {
        config: { errors: [...LOOKUP_ERRORS] },
        schema: {
          operationId: 'getApplication',
          summary: 'Current status of an application',
          description: 'Formatting is ignored: 17/248,024, 17248024 and 17 248 024 are the same application.',
          tags: ['applications'],
          params: schemas.ApplicationParams,
          response: { 200: schemas.Application },
        },
      },
      async (request, reply) =>
        sendAnswer(reply, (render) => applications.answer('application', request.params.application_number, render)),
    );

    app.get(
      '/v1/patents/:patent_number',
      {
        config: { errors: [...LOOKUP_ERRORS] },
        schema: {
          operationId: 'getApplicationByPatent',
          summary: 'The application behind a patent',
          description: 'Patent numbers without commas; design, plant and reissue prefixes D, PP, RE; leading zeros ignored.',
          tags: ['applications'],
          params: schemas.PatentParams,
          response: { 200: schemas.Application },
        },
      },
      async (request, reply) => sendAnswer(reply, (render) => applications.answer('patent', request.params.patent_number, render)),
    );

    app.get(
      '/v1/publications/:publication_number',
      {
        config: { errors: [...LOOKUP_ERRORS] },
        schema: {
          operationId: 'getApplicationByPublication',
          summary: 'The application behind a pre-grant publication',
          description: 'Printed (US20230080435A1) or bare (2023/0080435); a bare number returns the latest kind, A9 over A2 over A1.',
          tags: ['applications'],
          params: schemas.PublicationParams,
          response: { 200: schemas.Application },
        },
      },
      async (request, reply) =>
        sendAnswer(reply, (render) => applications.answer('publication', request.params.publication_number, render)),
    );

    app.post(
      '/v1/applications/status',
      {
        config: { cost: '1 unit per 100 rows returned (at least 1); 402 before the work when the balance cannot pay for every row' },
        preValidation: async (request) => checkBatchEntries(request.body, 'application_numbers'),
        schema: {
          operationId: 'getBatchStatus',
          summary: 'Status of up to 1,000 applications at once',
          description:
            'Rows come back in request order; numbers not held are listed in not_found and unreadable strings in invalid, both as written.',
          tags: ['applications'],
          body: schemas.BatchStatusBody,
          response: { 200: schemas.BatchStatusResponse },
        },
      },
      async (request) => {
        const numbers = request.body.application_numbers;
        // D23: a batch answer cannot be cut short, so a balance that cannot pay for it is told before the work.
        await chargeOf(request).requireRows(applications.batchRowsAtMost(numbers), () => applications.batchRows(numbers));
        const result = await applications.batchStatus(numbers);
        chargeOf(request).served(result.results.length);
        return result;
      },
    );

    app.get(
      '/v1/applications/:application_number/transactions',
      {
        config: { cost: '1 unit per 100 rows returned (at least 1)', errors: [...LOOKUP_ERRORS] },
        schema: {
          operationId: 'listTransactions',
          summary: 'Prosecution transactions, newest first',
          description: "The office's own codes and texts, verbatim, each with a normalized event_type (or null).",
          tags: ['prosecution'],
          params: schemas.ApplicationParams,
          querystring: schemas.TransactionsQuery,
          response: { 200: schemas.TransactionsResponse },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await transactions.page({ applicationNumber: request.params.application_number, ...request.query, limit });
        chargeOf(request).served(page.transactions.length);
        return page;
      },
    );
  };
}
