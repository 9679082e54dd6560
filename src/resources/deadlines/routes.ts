import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { DeadlinesQuery, DeadlinesResponse } from './schemas.js';
import type { DeadlineService } from './service.js';

const DOCKET_DESCRIPTION =
  'The open deadlines of a set of matters in one list, soonest due first: the reply to the office action whose period runs ' +
  '(with the advisory-action rule, restarts and withdrawn actions applied), the issue fee of a notice of allowance, the appeal ' +
  'brief after a notice of appeal, each maintenance-fee window not paid yet, the estimated end of term, and the non-provisional ' +
  'filing a provisional waits for. Give exactly one of application_numbers, patent_numbers, entity_id (a whole portfolio) or ' +
  "monitor_id (one of your monitors' targets). A deadline that a later filing or payment answered is not listed. due_date is " +
  'the last day without an extension or surcharge, last_date the last day with every one the rules allow; both moved past ' +
  'weekends, federal holidays and office closures. Estimates from public data, not legal advice.';

/** Beyond the spec: the docket of a portfolio. */
export function deadlineRoutes({ deadlines }: { deadlines: DeadlineService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/deadlines',
      {
        config: { cost: '1 unit per 100 deadlines returned (at least 1)', errors: ['not_found'] },
        schema: {
          operationId: 'listDeadlines',
          summary: 'Every open deadline of a portfolio, soonest first',
          description: DOCKET_DESCRIPTION,
          tags: ['deadlines'],
          querystring: DeadlinesQuery,
          response: { 200: DeadlinesResponse },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await deadlines.page({ ...request.query, limit }, request.caller!.orgId);
        chargeOf(request).served(page.deadlines.length);
        return page;
      },
    );
  };
}
