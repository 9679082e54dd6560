import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CalendarInput, CalendarList, CalendarParams, CreatedCalendar } from './schemas.js';
import type { CalendarService } from './service.js';

/**
 * Beyond the spec (DESIGN.md D31): calendar feeds of saved docket queries, managed like keys and
 * as free as they are; reading a feed is charged to its org (http/calendar-feed.ts).
 */
export function calendarRoutes({ calendars }: { calendars: CalendarService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/calendars',
      {
        config: {
          access: 'account',
          cost: 'free (each read of the feed: 1 unit per 100 deadlines, at least 1)',
          errors: ['not_found', 'limit_reached'],
        },
        schema: {
          operationId: 'createCalendar',
          summary: 'Save a docket query as a calendar feed (iCalendar) that calendar programs can subscribe to',
          description:
            'Takes exactly one of application_numbers, patent_numbers, entity_id or monitor_id and optional kinds, as GET ' +
            '/v1/deadlines does (the same 422 and 404 answers), plus horizon_days: at every refresh the feed holds the deadlines ' +
            'from today (US Eastern) to today + horizon_days. Each deadline is an all-day event on its due date, with a reminder ' +
            'alarm_days before (null: none). The answer carries the token and the feed url once: subscribe to the url, which ' +
            'needs no key and reads this query only. Each read of the feed is charged to the organization as paging the same ' +
            'docket would be: 1 unit per 100 deadlines, at least 1. At most 100 feeds per organization (409 limit_reached).',
          tags: ['calendars'],
          body: CalendarInput,
          response: { 201: CreatedCalendar },
        },
      },
      async (request, reply) => reply.code(201).send(await calendars.create(request.caller!.orgId, request.body)),
    );

    app.get(
      '/v1/calendars',
      {
        config: { access: 'account', cost: 'free' },
        schema: {
          operationId: 'listCalendars',
          summary: "The organization's calendar feeds: id, name, saved query, last read (never their tokens)",
          description:
            'Feeds not revoked, oldest first. A token is shown once, in the answer that creates its feed; a lost one is replaced by a new feed.',
          tags: ['calendars'],
          response: { 200: CalendarList },
        },
      },
      async (request) => calendars.list(request.caller!.orgId),
    );

    app.delete(
      '/v1/calendars/:calendar_id',
      {
        config: { access: 'account', cost: 'free', errors: ['not_found'] },
        schema: {
          operationId: 'deleteCalendar',
          summary: 'Revoke a calendar feed: its url answers 404 from now on',
          description: "Another organization's feed, or one already deleted, is a 404.",
          tags: ['calendars'],
          params: CalendarParams,
          response: { 204: Type.Null({ description: 'Revoked' }) },
        },
      },
      async (request, reply) => {
        await calendars.revoke(request.caller!.orgId, request.params.calendar_id);
        return reply.code(204).send(null);
      },
    );
  };
}
