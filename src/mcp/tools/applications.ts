import { Type } from 'typebox';
import {
  Application,
  ApplicationParams,
  PatentParams,
  PublicationParams,
  TransactionsQuery,
  TransactionsResponse,
} from '../../resources/applications/schemas.js';
import type { ApplicationService } from '../../resources/applications/service.js';
import type { TransactionService } from '../../resources/applications/transactions.js';
import { defineTool, exactlyOne, type McpTool } from '../tool.js';

const NUMBER_KINDS = ['application_number', 'patent_number', 'publication_number'] as const;
const KIND_OF = { application_number: 'application', patent_number: 'patent', publication_number: 'publication' } as const;

/** `get_application_status` and `get_application_timeline`: the lookups and the transactions list of REST. */
export function applicationTools(applications: ApplicationService, transactions: TransactionService): McpTool[] {
  return [
    defineTool({
      name: 'get_application_status',
      title: 'Status of a US application, patent or publication',
      description:
        'The current status of one US patent application, found by its application number, patent number or pre-grant ' +
        "publication number (give exactly one). Answers status (the office's code and text, a plain bucket such as pending, " +
        'granted, abandoned or expired, and the date), title, filing and grant dates, applicant, examiner and art unit, ' +
        'continuity (parents and children) and counts of transactions, office actions, assignments and PTAB trials. ' +
        'Use it first for any question about a specific US application or patent. Formatting is ignored ' +
        '(17/248,024 = 17248024; patent D701016, RE49257; publication US20230080435A1 or 2023/0080435). ' +
        'Costs 1 unit; a number not on file is an error (not_found) and costs nothing.',
      cost: '1 unit',
      restTwins: [
        'GET /v1/applications/{application_number}',
        'GET /v1/patents/{patent_number}',
        'GET /v1/publications/{publication_number}',
      ],
      output: Application,
      input: Type.Object(
        {
          application_number: Type.Optional(ApplicationParams.properties.application_number),
          patent_number: Type.Optional(PatentParams.properties.patent_number),
          publication_number: Type.Optional(PublicationParams.properties.publication_number),
        },
        { additionalProperties: false },
      ),
      async run(args) {
        const kind = exactlyOne(args, NUMBER_KINDS);
        return { schema: Application, rendered: (render) => applications.answer(KIND_OF[kind], args[kind]!, render) };
      },
    }),
    defineTool({
      name: 'get_application_timeline',
      title: 'Prosecution history of an application',
      description:
        "The prosecution transactions of one application, newest first: the office's own code and text for each, its date and " +
        'a normalized event_type (office actions, responses, RCEs, allowances, abandonment, appeals …). Use it to explain how ' +
        'an application got to its status or what happened since a date. `since` (YYYY-MM-DD) keeps transactions on or after ' +
        'that date; `limit` (1–1000, default 100) sizes a page; pass the returned `next_cursor` as `cursor` for the next page. ' +
        'Costs 1 unit per 100 transactions returned (at least 1).',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: ['GET /v1/applications/{application_number}/transactions'],
      output: TransactionsResponse,
      input: Type.Object({ ...ApplicationParams.properties, ...TransactionsQuery.properties }, { additionalProperties: false }),
      async run(args, { charge }) {
        const limit = await charge.affordableRows(args.limit);
        const page = await transactions.page({ ...args, applicationNumber: args.application_number, limit });
        charge.served(page.transactions.length);
        return { schema: TransactionsResponse, view: page };
      },
    }),
  ];
}
