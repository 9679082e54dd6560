import { Type } from 'typebox';
import { ApplicationParams } from '../../resources/applications/schemas.js';
import { OfficeActionsQuery, OfficeActionsResponse } from '../../resources/office-actions/schemas.js';
import type { OfficeActionService } from '../../resources/office-actions/service.js';
import { defineTool, type McpTool } from '../tool.js';

/** `get_office_actions`: REST's office-action list of an application, with reply deadlines. */
export function officeActionTools(officeActions: OfficeActionService): McpTool[] {
  return [
    defineTool({
      name: 'get_office_actions',
      title: 'Office actions of an application, with reply deadlines',
      description:
        'Every action the USPTO mailed to the applicant of one application, newest first: its kind (non-final or final ' +
        'rejection, restriction, allowance, advisory action …), mailing date, the rejections with their statutes and claims, ' +
        'and its reply deadline: response_due_estimate (the last day of the period set, rolled past weekends, federal holidays ' +
        'and office closures) and response_due_max (the last day with every extension of time, never past the 6-month ' +
        'statutory limit), with basis naming the rule and the mailing it counts from. Use it for "what did the examiner say", ' +
        '"when is the response due". `include_text` (default false) adds the full text of each action (tens of kB each). ' +
        '`limit` (1–1000, default 100) and `cursor` (the returned next_cursor) page. Estimates from public data, not legal ' +
        'advice. Costs 1 unit per 100 actions returned (at least 1); an application not on file is an error (not_found), free.',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: ['GET /v1/applications/{application_number}/office-actions'],
      output: OfficeActionsResponse,
      input: Type.Object({ ...ApplicationParams.properties, ...OfficeActionsQuery.properties }, { additionalProperties: false }),
      async run(args, { charge }) {
        const limit = await charge.affordableRows(args.limit);
        const page = await officeActions.list({
          applicationNumber: args.application_number,
          includeText: args.include_text,
          limit,
          cursor: args.cursor,
        });
        charge.served(page.office_actions.length);
        return { schema: OfficeActionsResponse, view: page };
      },
    }),
  ];
}
