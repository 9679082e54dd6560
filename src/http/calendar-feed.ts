import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ChargingService } from '../billing/charging-service.js';
import type { Usage } from '../billing/usage-journal.js';
import { paymentRequired } from '../domain/errors.js';
import { CalendarFeedParams, CalendarText } from '../resources/calendars/schemas.js';
import type { CalendarService } from '../resources/calendars/service.js';
import { chargeOnDelivery } from './charge-delivery.js';

const FEED_URL = '/calendars/:token.ics';
const FEED_USAGE: Usage = { channel: 'rest', what: `GET ${FEED_URL}` };

/** Fastify's request line for the log, without the token: it is the feed's only credential. */
function requestWithoutToken(request: FastifyRequest) {
  return {
    method: request.method,
    url: '/calendars/[token].ics',
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * `GET /calendars/{token}.ics` (DESIGN.md D31): calendar programs subscribe by address and send
 * no headers, so the token in the path is the credential, and it reads its saved query only. An
 * edge that charges on its own, as /mcp does: the feed's org is admitted once the token is known
 * (402 otherwise), the deadlines are paid for before the answer is made, and the units are spent
 * only once the answer reached a sound connection (charge-delivery.ts, D30). A refusal is an
 * error status, never an empty calendar: a calendar program keeps the events it has through a
 * failed refresh, where an empty answer would delete them all.
 */
export function calendarFeedRoutes({
  calendars,
  charging,
}: {
  calendars: CalendarService;
  charging: ChargingService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      FEED_URL,
      {
        // A HEAD would be charged like a GET and deliver no calendar.
        exposeHeadRoute: false,
        logSerializers: { req: requestWithoutToken },
        // After the chain's credit headers (route hooks run last): whoever holds a feed's token reads its query and
        // nothing else, not the organization's balance (D31). X-Credits-Charged stays.
        onSend: async (_request, reply, payload) => {
          reply.removeHeader('x-credits-remaining');
          return payload;
        },
        config: {
          access: 'public',
          cost: "1 unit per 100 deadlines in the feed (at least 1), charged to the feed's organization",
          errors: ['not_found', 'payment_required'],
        },
        schema: {
          operationId: 'getCalendarFeed',
          summary: 'A calendar feed: the deadlines of its saved docket query as iCalendar (no key: the token is the credential)',
          description:
            'The address POST /v1/calendars returned, for calendar programs to subscribe to. One all-day event per open deadline ' +
            'due from today (US Eastern) to today + horizon_days, soonest first, at most 10,000; each event keeps its UID ' +
            '(<deadline_id>@<host>) from one refresh to the next, and carries a reminder alarm_days before when the feed has one. ' +
            'An unknown, mistyped or deleted token is a 404. Each read costs the organization 1 unit per 100 deadlines (at ' +
            'least 1), as paging GET /v1/deadlines would; when its balance cannot pay, 402 before the work (a calendar program ' +
            'then keeps the events it has). Only a calendar delivered whole is charged.',
          tags: ['calendars'],
          params: CalendarFeedParams,
          response: { 200: CalendarText },
        },
      },
      async (request, reply) => {
        const calendar = await calendars.open(request.params.token);
        const charge = await charging.admit(calendar.org_id, FEED_USAGE);
        chargeOnDelivery(request, reply, charge);
        try {
          const text = await calendars.feed(calendar, charge);
          const settled = await charge.prepare();
          if (!settled) throw paymentRequired();
          // X-Credits-Charged reports it (data-chain.ts), as for an MCP tool call.
          request.settled = settled;
          return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(text);
        } finally {
          // An answer that never prepared its charge holds nothing; a prepared one waits for its delivery.
          charge.releaseUnlessPrepared();
        }
      },
    );
  };
}
