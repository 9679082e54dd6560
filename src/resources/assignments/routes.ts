import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { ApplicationParams, PatentParams } from '../applications/schemas.js';
import { AssigneeAssignments, AssigneeQuery, AssignmentListQuery, CoveringAssignments } from './schemas.js';
import type { AssignmentService } from './service.js';

const COST = '1 unit per 100 recordations returned (at least 1)';
const OWNER =
  'current_owner is the assignee of the latest recordation that moves ownership (an assignment, nunc pro tunc included, a merger, ' +
  'a change of name, or a corrective assignment); licenses and security interests do not. It is null, with current_owner_reason, ' +
  'when nothing moves ownership or the latest transfer does not come from the holder before it. Recordations come from the ' +
  "assignment files and from each application's file wrapper (its assignmentBag), one copy of each reel/frame: the assignment " +
  "files' where both print it. Each recordation's source, and current_owner's, names the product and file it was read from.";

/** Spec §4 "Prosecution and ownership": recordations of an application, of a patent, of an assignee. */
export function assignmentRoutes({ assignments }: { assignments: AssignmentService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/applications/:application_number/assignments',
      {
        config: { cost: COST, errors: ['not_found'] },
        schema: {
          operationId: 'listApplicationAssignments',
          summary: 'Assignments of an application and the patent granted on it, newest recorded first',
          description: OWNER,
          tags: ['ownership'],
          params: ApplicationParams,
          querystring: AssignmentListQuery,
          response: { 200: CoveringAssignments },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await assignments.ofApplication({ applicationNumber: request.params.application_number, ...request.query, limit });
        chargeOf(request).served(page.assignments.length);
        return page;
      },
    );

    app.get(
      '/v1/patents/:patent_number/assignments',
      {
        config: { cost: COST, errors: ['not_found'] },
        schema: {
          operationId: 'listPatentAssignments',
          summary: 'Assignments of a patent and the application it was granted on, newest recorded first',
          description: OWNER,
          tags: ['ownership'],
          params: PatentParams,
          querystring: AssignmentListQuery,
          response: { 200: CoveringAssignments },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await assignments.ofPatent({ patentNumber: request.params.patent_number, ...request.query, limit });
        chargeOf(request).served(page.assignments.length);
        return page;
      },
    );

    app.get(
      '/v1/assignments',
      {
        config: { cost: COST, errors: ['not_found'] },
        schema: {
          operationId: 'listAssigneeAssignments',
          summary: 'Recordations an assignee received, newest recorded first',
          description:
            'By entity or family id, or by a name matched as a prefix of the normalised assignee name (case, punctuation, ' +
            'accents, & / AND, a leading THE and trailing corporate forms such as INC, CORP, LLC, GMBH are ignored).',
          tags: ['ownership'],
          querystring: AssigneeQuery,
          response: { 200: AssigneeAssignments },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await assignments.byAssignee({ ...request.query, limit });
        chargeOf(request).served(page.assignments.length);
        return page;
      },
    );
  };
}
