import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EntityParams } from '../entities/schemas.js';
import { sendAnswer } from '../send-answer.js';
import type { EntityStatisticsService } from './entity-service.js';
import { ArtUnitParams, ArtUnitStatistics, EntityStatistics, ExaminerParams, ExaminerStatistics } from './schemas.js';
import type { StatisticsService } from './service.js';

/** Spec §4 "Entities and statistics": examiner and art-unit statistics, computed nightly. */
export function statisticsRoutes({
  statistics,
  entityStatistics,
}: {
  statistics: StatisticsService;
  entityStatistics: EntityStatisticsService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/v1/entities/:entity_id/stats',
      {
        config: { cost: '1 unit', errors: ['not_found', 'computation_timeout'] },
        schema: {
          operationId: 'getEntityStatistics',
          summary: "An entity's (or family's) portfolio, filing and grant velocity, prosecution, technology, examiners, PTAB and ownership",
          description:
            'Every number has its definition in `definitions`. Large entities are computed nightly; others on their first request and ' +
            'kept until the next night. 504 computation_timeout (not charged) when it takes too long: the entity is queued for the ' +
            'nightly run and answers the next day.',
          tags: ['statistics'],
          params: EntityParams,
          response: { 200: EntityStatistics },
        },
      },
      async (request, reply) => sendAnswer(reply, (render) => entityStatistics.answer(request.params.entity_id, render)),
    );

    app.get(
      '/v1/examiners/:examiner_name/stats',
      {
        config: { cost: '1 unit', errors: ['not_found'] },
        schema: {
          operationId: 'getExaminerStatistics',
          summary: "An examiner's counts, allowance rate, time to first action and to disposal, office actions, RCE and appeal rates",
          description:
            'Computed nightly over every application on file with the examiner; each number has its definition in `definitions`. ' +
            '404 until the nightly run has seen the examiner; docket placeholders (CENTRAL, DOCKET) never appear.',
          tags: ['statistics'],
          params: ExaminerParams,
          response: { 200: ExaminerStatistics },
        },
      },
      async (request) => statistics.examiner(request.params.examiner_name),
    );

    app.get(
      '/v1/art-units/:art_unit/stats',
      {
        config: { cost: '1 unit', errors: ['not_found'] },
        schema: {
          operationId: 'getArtUnitStatistics',
          summary: "An art unit's counts, allowance rate, time to first action and to disposal, RCE and appeal rates, examiners",
          description: 'Computed nightly over every application in the art unit. 404 for an art unit with no application on file.',
          tags: ['statistics'],
          params: ArtUnitParams,
          response: { 200: ArtUnitStatistics },
        },
      },
      async (request) => statistics.artUnit(request.params.art_unit),
    );
  };
}
