import { DEMO_NUMBERS as n } from '../examples.js';
import { EXAMPLE_AS_OF, type OperationExamples } from './operation-example.js';

export const FEED_EXAMPLES: OperationExamples = {
  listEvents: {
    parameters: { types: 'assignment', limit: 2 },
    status: 200,
    response: {
      events: [
        {
          event_id: 'evt_647b6e9d0510aa477fa2dddb',
          event_type: 'assignment',
          occurred_on: '2026-11-12',
          detected_at: '2026-11-28T17:08:14.743Z',
          application_number: '19771851',
          patent_number: null,
          entity_id: null,
          detail: { assignees: ['RHEINFELD AUTOMOTIVE GMBH'], reel_frame: '067791/0009', conveyance_type: 'assignment' },
        },
      ],
      next_cursor: 'eyJ2IjozLCJrIjoiSVVzUHBSUURnbTB5cGFrbCIsInMiOjJ9MVb3Ajwkj5SgckWrfBb8Dw',
      source: { product: 'OA', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  createMonitor: {
    body: {
      targets: { patent_numbers: [n.ownedPatent] },
      events: ['assignment', 'maintenance_lapse'],
      webhook_url: 'https://hooks.example.com/patent-events',
      secret: 'whsec-example-0123456789abcdef',
    },
    status: 201,
    response: {
      monitor_id: 'mon_XlN1Zk9FJmGWPSpZxTMX',
      targets: { application_numbers: [], patent_numbers: ['9828903'], entity_ids: [] },
      events: ['assignment', 'maintenance_lapse'],
      webhook_url: 'https://hooks.example.com/patent-events',
      status: 'active',
      created_at: '2026-11-28T17:10:18.047Z',
      coverage_since: '2026-11-28T17:10:18.047Z',
      deliveries: { delivered: 0, failed: 0, pending: 0 },
      secret: 'whsec-example-0123456789abcdef',
    },
  },
  listMonitors: {
    status: 200,
    response: {
      count: 1,
      monitors: [
        {
          monitor_id: 'mon_XlN1Zk9FJmGWPSpZxTMX',
          targets: { application_numbers: [], patent_numbers: ['9828903'], entity_ids: [] },
          events: ['assignment', 'maintenance_lapse'],
          webhook_url: 'https://hooks.example.com/patent-events',
          status: 'active',
          created_at: '2026-11-28T17:10:18.047Z',
          coverage_since: '2026-11-28T17:10:18.047Z',
          deliveries: { delivered: 0, failed: 0, pending: 0 },
        },
      ],
    },
  },
  listDeadlines: {
    parameters: { application_numbers: '19043002', from: '2026-11-20', to: '2027-11-20', limit: 2 },
    status: 200,
    response: {
      deadlines: [
        {
          deadline_id: '19043002:office_action_reply:2026-11-19:non_final',
          application_number: '19043002',
          patent_number: null,
          kind: 'office_action_reply',
          action_type: 'non_final',
          window: null,
          due_date: '2027-02-19',
          last_date: '2027-05-19',
          opens: null,
          extendable: true,
          if_missed: 'abandonment',
          basis: {
            rule: '35 USC 133; 37 CFR 1.134; MPEP 710.02(b)',
            counts_from: '2026-11-19',
            transaction: { code: 'MCTNF', date: '2026-11-19' },
            note: null,
          },
          source: { product: 'PTFWPRE', file_date: '2026-11-20' },
        },
      ],
      next_cursor: null,
      window: { from: '2026-11-20', to: '2027-11-20' },
      not_found: [],
      source: { product: 'OA', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  createCalendar: {
    body: { name: 'Bluepeak docket', entity_id: n.entity },
    status: 201,
    response: {
      calendar_id: 'cal_aFFFp5eyalErJCmhAoc3',
      name: 'Bluepeak docket',
      prefix: 'psc_q3qUvcmv',
      query: { horizon_days: 365, entity_id: 'ent_r61tiom2d0tt51bu' },
      alarm_days: 7,
      created_at: '2026-11-28T17:10:11.827Z',
      last_used_at: null,
      token: 'psc_q3qUvcmvh7ozxzEyB0sX1Do6apAepytb',
      url: 'https://patents.example.org/calendars/psc_q3qUvcmvh7ozxzEyB0sX1Do6apAepytb.ics',
    },
  },
  listCalendars: {
    status: 200,
    response: {
      calendars: [
        {
          calendar_id: 'cal_aFFFp5eyalErJCmhAoc3',
          name: 'Bluepeak docket',
          prefix: 'psc_q3qUvcmv',
          query: { horizon_days: 365, entity_id: 'ent_r61tiom2d0tt51bu' },
          alarm_days: 7,
          created_at: '2026-11-28T17:10:11.827Z',
          last_used_at: null,
        },
      ],
    },
  },

  deleteMonitor: { parameters: { monitor_id: 'mon_XlN1Zk9FJmGWPSpZxTMX' }, status: 204 },
  listMonitorEvents: {
    parameters: { monitor_id: 'mon_XlN1Zk9FJmGWPSpZxTMX', limit: 2 },
    status: 200,
    response: { monitor_id: 'mon_XlN1Zk9FJmGWPSpZxTMX', count: 0, coverage_since: '2026-11-28T17:10:18.047Z', events: [] },
  },
  deleteCalendar: { parameters: { calendar_id: 'cal_aFFFp5eyalErJCmhAoc3' }, status: 204 },
  getCalendarFeed: {
    parameters: { token: 'psc_q3qUvcmvh7ozxzEyB0sX1Do6apAepytb' },
    status: 200,
    response:
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//patent-status//Patent Status Service 0.1.0//EN\r\nMETHOD:PUBLISH\r\nNAME:Bluepeak docket\r\nX-WR-CALNAME:Bluepeak docket\r\n…',
  },
};
