import { Type } from 'typebox';
import { ApplicationParams, PatentParams } from '../../resources/applications/schemas.js';
import { AssigneeAssignments, AssigneeQuery, AssignmentListQuery, CoveringAssignments } from '../../resources/assignments/schemas.js';
import type { AssignmentService } from '../../resources/assignments/service.js';
import { MaintenanceRecord } from '../../resources/maintenance/schemas.js';
import type { MaintenanceService } from '../../resources/maintenance/service.js';
import { IncludeTextQuery, OneProceeding, PatentProceedings, TrialParams } from '../../resources/ptab/schemas.js';
import type { PtabService } from '../../resources/ptab/service.js';
import { defineTool, exactlyOne, type McpTool } from '../tool.js';

const ASSIGNMENT_SUBJECTS = ['application_number', 'patent_number', 'assignee'] as const;
const PTAB_SUBJECTS = ['patent_number', 'trial_number'] as const;

/** `get_assignments`, `get_ptab_proceedings` and `check_patent_alive`: who owns a patent, who challenged it, is it in force. */
export function ownershipAndTrialTools(assignments: AssignmentService, ptab: PtabService, maintenance: MaintenanceService): McpTool[] {
  return [
    defineTool({
      name: 'get_assignments',
      title: 'Assignment recordations and current owner',
      description:
        "Ownership records the USPTO recorded, from its assignment files and each application's file wrapper (each item's " +
        '`source` names which). Give exactly one of: `application_number` or `patent_number` ' +
        '(the recordations covering it, newest first, with current_owner derived from the latest ownership-moving conveyance ' +
        'and any unreleased security interests), or `assignee` (an entity id ent_…, a family id fam_…, or a name matched as a ' +
        'prefix of the normalized assignee name: every recordation naming it; `recorded_after` YYYY-MM-DD narrows it). ' +
        'Use it for "who owns this patent", chains of title, mergers and liens. `limit` (1–1000, default 100) and `cursor` page. ' +
        'Costs 1 unit per 100 recordations returned (at least 1).',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: [
        'GET /v1/applications/{application_number}/assignments',
        'GET /v1/patents/{patent_number}/assignments',
        'GET /v1/assignments',
      ],
      output: Type.Union([CoveringAssignments, AssigneeAssignments]),
      input: Type.Object(
        {
          application_number: Type.Optional(ApplicationParams.properties.application_number),
          patent_number: Type.Optional(PatentParams.properties.patent_number),
          assignee: Type.Optional(AssigneeQuery.properties.assignee),
          recorded_after: AssigneeQuery.properties.recorded_after,
          ...AssignmentListQuery.properties,
        },
        { additionalProperties: false },
      ),
      async run(args, { charge }) {
        const subject = exactlyOne(args, ASSIGNMENT_SUBJECTS);
        const limit = await charge.affordableRows(args.limit);
        const page = { limit, cursor: args.cursor };
        const answer =
          subject === 'assignee'
            ? {
                schema: AssigneeAssignments,
                view: await assignments.byAssignee({ ...page, assignee: args.assignee!, recorded_after: args.recorded_after }),
              }
            : subject === 'patent_number'
              ? { schema: CoveringAssignments, view: await assignments.ofPatent({ ...page, patentNumber: args.patent_number! }) }
              : {
                  schema: CoveringAssignments,
                  view: await assignments.ofApplication({ ...page, applicationNumber: args.application_number! }),
                };
        charge.served((answer.view as { assignments: unknown[] }).assignments.length);
        return answer;
      },
    }),
    defineTool({
      name: 'get_ptab_proceedings',
      title: 'PTAB trials of a patent, or one trial',
      description:
        'Patent Trial and Appeal Board trials (IPR, PGR, CBM, DER). Give exactly one of: `patent_number` (every trial against ' +
        'that patent; an empty list for a known patent means no challenge is on record) or `trial_number` (one trial, e.g. ' +
        'IPR2021-01599; case and spaces ignored). Each trial carries its parties, dates, status, decisions with their kind, ' +
        'whether it was instituted, and the claims outcome. `include_text` (default false) adds each decision text (long: ' +
        'only when you need the reasoning). Costs 1 unit.',
      cost: '1 unit',
      restTwins: ['GET /v1/patents/{patent_number}/ptab', 'GET /v1/ptab/{trial_number}'],
      output: Type.Union([PatentProceedings, OneProceeding]),
      input: Type.Object(
        {
          patent_number: Type.Optional(PatentParams.properties.patent_number),
          trial_number: Type.Optional(TrialParams.properties.trial_number),
          ...IncludeTextQuery.properties,
        },
        { additionalProperties: false },
      ),
      async run(args) {
        const includeText = args.include_text;
        return exactlyOne(args, PTAB_SUBJECTS) === 'trial_number'
          ? { schema: OneProceeding, view: await ptab.trial({ trialNumber: args.trial_number!, includeText }) }
          : { schema: PatentProceedings, view: await ptab.ofPatent({ patentNumber: args.patent_number!, includeText }) };
      },
    }),
    defineTool({
      name: 'check_patent_alive',
      title: 'Is a patent in force, until when, and what fee is next',
      description:
        'Whether a US patent is still in force and why, from its fee events (fee file and file wrapper) and its term (file ' +
        'wrapper and grant). `expired` is true once a fee lapsed without reinstatement or the term ended; `windows` gives each ' +
        '3.5/7.5/11.5-year fee as paid, due, grace (surcharge), expired, upcoming or n/a (design and plant patents owe none, nor ' +
        'any window once the term ended) with `deadlines`, judged as of `judged_as_of` (the newest date the fee data covers); ' +
        '`next_fee` is the next payment and its window; `expiration_estimate` is the end of term with `calculation` steps (term ' +
        'start, 20-year base term, patent term adjustment days, terminal disclaimer, lapse), each with its source. Use it for "is this patent ' +
        'still alive", "when does it expire", "is a fee due". `patent_number` without commas (D, PP, RE prefixes allowed). ' +
        'Costs 1 unit.',
      cost: '1 unit',
      restTwins: ['GET /v1/patents/{patent_number}/maintenance'],
      output: MaintenanceRecord,
      input: Type.Object({ ...PatentParams.properties }, { additionalProperties: false }),
      async run(args) {
        return { schema: MaintenanceRecord, rendered: (render) => maintenance.answer(args.patent_number, render) };
      },
    }),
  ];
}
