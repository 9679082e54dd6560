import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeOf } from '../../billing/charges.js';
import { PatentParams } from '../applications/schemas.js';
import { IncludeTextQuery, OneProceeding, PatentProceedings, PtabSearchQuery, PtabSearchResult, TrialParams } from './schemas.js';
import type { PtabService } from './service.js';

const DERIVED =
  'instituted is true once the Board instituted the trial (or decided it on the merits), false when it denied institution or the trial ' +
  'ended before a decision on it, null while undecided. claims_outcome and final_decision_date come from the latest final written ' +
  "decision (its title, else its text). status is the office's category verbatim. Decision texts are the office's OCR, often cut short " +
  '(text_note truncated) and sometimes missing (upload_failed); they come only with include_text=true.';

/** Spec §4 "PTAB": trials of a patent, one trial, and the party search. */
export function ptabRoutes({ ptab }: { ptab: PtabService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/patents/:patent_number/ptab',
      {
        config: { cost: '1 unit', errors: ['not_found'] },
        schema: {
          operationId: 'listPatentPtabProceedings',
          summary: 'PTAB trials (IPR, PGR, CBM, DER) against a patent, with their decisions',
          description: `An empty proceedings list for a known patent means no challenge is on record. ${DERIVED}`,
          tags: ['ptab'],
          params: PatentParams,
          querystring: IncludeTextQuery,
          response: { 200: PatentProceedings },
        },
      },
      async (request) => ptab.ofPatent({ patentNumber: request.params.patent_number, includeText: request.query.include_text }),
    );

    app.get(
      '/v1/ptab/:trial_number',
      {
        config: { cost: '1 unit', errors: ['not_found'] },
        schema: {
          operationId: 'getPtabProceeding',
          summary: 'One PTAB trial with its parties, dates, status, outcome and decisions',
          description: DERIVED,
          tags: ['ptab'],
          params: TrialParams,
          querystring: IncludeTextQuery,
          response: { 200: OneProceeding },
        },
      },
      async (request) => ptab.trial({ trialNumber: request.params.trial_number, includeText: request.query.include_text }),
    );

    app.get(
      '/v1/ptab',
      {
        config: { cost: '1 unit per 100 proceedings returned (at least 1)', errors: ['missing_filter', 'not_found'] },
        schema: {
          operationId: 'searchPtabProceedings',
          summary: 'PTAB trials by petitioner, patent owner, filing date and status, newest filed first',
          description:
            'At least one of petitioner, patent_owner, filed_after or status (else 400 missing_filter). A party is an entity or family id ' +
            '(an unknown one is a 404) or a fragment of the printed name (case, punctuation, spacing and accents ignored). ' +
            'Decisions come without their text.',
          tags: ['ptab'],
          querystring: PtabSearchQuery,
          response: { 200: PtabSearchResult },
        },
      },
      async (request) => {
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await ptab.search({ ...request.query, limit });
        chargeOf(request).served(page.proceedings.length);
        return page;
      },
    );
  };
}
