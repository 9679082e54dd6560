import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { ApplicationParams } from '../applications/schemas.js';
import { OfficeActionsQuery, OfficeActionsResponse } from './schemas.js';
import type { OfficeActionService } from './service.js';

const DEADLINES =
  'Each action mailed to the applicant (from its mailing transaction and the office-action texts), with its reply deadline: ' +
  'response_due_estimate is the last day of the period set (rolled past weekends, federal holidays and office closures), ' +
  'response_due_max the last day with every extension 37 CFR 1.136(a) allows (never past the 6-month statutory limit; a notice ' +
  "of allowance cannot be extended). basis names the rule and the mailing the period counts from. A final rejection's date moves " +
  'to the advisory action when a reply came within two months and the advisory was mailed after three (MPEP 706.07(f)). ' +
  'The fields are null when the period is set in the letter itself. Estimates, not legal advice.';

/** Spec §4 "Prosecution": the office actions of an application. */
export function officeActionRoutes({ officeActions }: { officeActions: OfficeActionService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/applications/:application_number/office-actions',
      {
        config: { cost: '1 unit per 100 actions returned (at least 1)', errors: ['not_found'] },
        schema: {
          operationId: 'listOfficeActions',
          summary: 'Office actions with reply deadlines, rejections and (optionally) full text, newest first',
          description: DEADLINES,
          tags: ['prosecution'],
          params: ApplicationParams,
          querystring: OfficeActionsQuery,
          response: { 200: OfficeActionsResponse },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await officeActions.list({
          applicationNumber: request.params.application_number,
          includeText: request.query.include_text,
          limit,
          cursor: request.query.cursor,
        });
        chargeOf(request).served(page.office_actions.length);
        return page;
      },
    );
  };
}
