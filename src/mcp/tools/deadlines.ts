import { Type } from 'typebox';
import { DeadlinesQuery, DeadlinesResponse } from '../../resources/deadlines/schemas.js';
import type { DeadlineService } from '../../resources/deadlines/service.js';
import { defineTool, type McpTool } from '../tool.js';

/** `get_deadlines`: the docket of REST's GET /v1/deadlines. */
export function deadlineTools(deadlines: DeadlineService): McpTool[] {
  return [
    defineTool({
      name: 'get_deadlines',
      title: 'Coming deadlines of applications, patents or a portfolio',
      description:
        'Every open deadline of a set of US matters in one list, soonest due first: office-action replies (the period that ' +
        'runs, with the advisory-action rule, restarts and withdrawn actions applied), the issue fee after a notice of ' +
        'allowance, the appeal brief after a notice of appeal, maintenance-fee windows not paid yet, the estimated end of term, ' +
        'and the non-provisional filing a provisional waits for. Give exactly one of application_numbers or patent_numbers ' +
        '(comma-separated, up to 1,000), entity_id (ent_… or fam_… from search_entities: the whole portfolio) or monitor_id (one ' +
        "of the caller's monitors). Each row has due_date (no extension or surcharge), last_date (with every extension or the " +
        'surcharge), if_missed (abandonment, lapse …) and basis (the rule and the mailing, filing or grant it counts from). ' +
        'A deadline already answered by a reply or payment is not listed. `from`/`to` (YYYY-MM-DD) set the window (default: ' +
        'today to a year ahead); `kinds` narrows (office_action_reply, issue_fee, appeal_brief, maintenance_fee, end_of_term, ' +
        'nonprovisional_filing); `limit` (1–1000, default 100) and `cursor` (the returned next_cursor) page. Estimates from ' +
        'public data, not legal advice. Costs 1 unit per 100 deadlines returned (at least 1).',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: ['GET /v1/deadlines'],
      output: DeadlinesResponse,
      input: Type.Object({ ...DeadlinesQuery.properties }, { additionalProperties: false }),
      async run(args, { charge, orgId }) {
        const limit = await charge.affordableRows(args.limit);
        const page = await deadlines.page({ ...args, limit }, orgId);
        charge.served(page.deadlines.length);
        return { schema: DeadlinesResponse, view: page };
      },
    }),
  ];
}
