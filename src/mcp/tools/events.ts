import { Type } from 'typebox';
import { EVENT_TYPES } from '../../domain/events.js';
import { FeedPage, FeedQuery } from '../../resources/events/schemas.js';
import type { EventFeedService } from '../../resources/events/service.js';
import { defineTool, type McpTool } from '../tool.js';

/** `get_events`: REST's event feed, GET /v1/events. */
export function eventTools(events: EventFeedService): McpTool[] {
  return [
    defineTool({
      name: 'get_events',
      title: 'What happened lately: the event feed',
      description:
        'Events the nightly ingest detected, in the order it committed them (oldest first): office actions, allowances, ' +
        'abandonments, grants, publications, status changes, assignments, PTAB filings and decisions, maintenance-fee ' +
        'payments and lapses, continuations … each with its date at the office, when it was detected, the application, ' +
        'patent or entity it concerns and a typed `detail`. Give at least one of `types` (comma-separated: ' +
        `${EVENT_TYPES.join(', ')}), \`application_numbers\`, \`patent_numbers\` or \`entity_ids\` (ent_…/fam_…: the ` +
        "entity's own events and those of its applications and patents), each comma-separated up to 1,000; `since` " +
        '(YYYY-MM-DD or a date-time) keeps events detected from then on. Use it for "what changed since …" and to catch up ' +
        'on a portfolio; to be pushed events as they come, use create_monitor. `limit` (1–1000, default 100); pass the ' +
        'returned `next_cursor` as `cursor` to read on, now or later (it never misses or repeats an event). Costs 1 unit per ' +
        '100 events returned (at least 1).',
      cost: '1 unit per 100 rows returned (at least 1)',
      restTwins: ['GET /v1/events'],
      output: FeedPage,
      input: Type.Object({ ...FeedQuery.properties }, { additionalProperties: false }),
      async run(args, { charge }) {
        const limit = await charge.affordableRows(args.limit);
        const page = await events.page({ ...args, limit });
        charge.served(page.events.length);
        return { schema: FeedPage, view: page };
      },
    }),
  ];
}
