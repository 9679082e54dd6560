import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { chargeOf } from '../../billing/charges.js';
import { sinceOf } from '../events/since.js';
import { CreatedMonitor, MonitorEvents, MonitorEventsQuery, MonitorInput, MonitorList, MonitorParams } from './schemas.js';
import type { MonitorService } from './service.js';

/** Spec §4 "Monitors" (D10, D16, D21). */
export function monitorRoutes({ monitors }: { monitors: MonitorService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/monitors',
      {
        config: { cost: '1 unit; each delivered event 1 unit', errors: ['limit_reached'] },
        schema: {
          operationId: 'createMonitor',
          summary: 'Watch applications, patents or entities and have their events POSTed to a webhook, signed',
          description:
            'At least one target (else 422). Events default to every type. The webhook must be https and reach public addresses only: ' +
            'private, loopback, link-local, reserved and documentation ranges, and IPv6 forms carrying such an IPv4 address, are refused (422). The secret (given, or generated) is returned this once: every delivery carries ' +
            'X-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>. A monitor fires only on events detected after ' +
            'coverage_since. At most 100 monitors per organization (409 limit_reached). Each delivered event costs 1 unit.',
          tags: ['monitors'],
          body: MonitorInput,
          response: { 201: CreatedMonitor },
        },
      },
      async (request, reply) => reply.code(201).send(await monitors.create(request.caller!.orgId, request.body)),
    );

    app.get(
      '/v1/monitors',
      {
        config: { cost: '1 unit' },
        schema: {
          operationId: 'listMonitors',
          summary: "The organization's monitors with their delivery counts (never their secrets)",
          description:
            'Active monitors, oldest first; a stopped monitor is no longer listed. A secret is shown once, in the answer that creates it.',
          tags: ['monitors'],
          response: { 200: MonitorList },
        },
      },
      async (request) => monitors.list(request.caller!.orgId),
    );

    app.delete(
      '/v1/monitors/:monitor_id',
      {
        config: { cost: '1 unit', errors: ['not_found'] },
        schema: {
          operationId: 'deleteMonitor',
          summary: 'Stop a monitor: nothing more is delivered, pending deliveries are cancelled',
          description: "Another organization's monitor, or one already deleted, is a 404.",
          tags: ['monitors'],
          params: MonitorParams,
          response: { 204: Type.Null({ description: 'Stopped' }) },
        },
      },
      async (request, reply) => {
        await monitors.remove(request.caller!.orgId, request.params.monitor_id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/monitors/:monitor_id/events',
      {
        config: { cost: '1 unit per 100 events returned (at least 1)', errors: ['not_found'] },
        schema: {
          operationId: 'listMonitorEvents',
          summary: "A monitor's events, newest first, with their delivery: attempts, last_status, delivered_at",
          description:
            'Events detected since the monitor was created (coverage_since), on or after `since` when given, at most `limit`. ' +
            "Another organization's monitor, or a stopped one, is a 404.",
          tags: ['monitors'],
          params: MonitorParams,
          querystring: MonitorEventsQuery,
          response: { 200: MonitorEvents },
        },
      },
      async (request) => {
        const since = sinceOf(request.query.since);
        const limit = await chargeOf(request).affordableRows(request.query.limit);
        const page = await monitors.events(request.caller!.orgId, request.params.monitor_id, since, limit);
        chargeOf(request).served(page.events.length);
        return page;
      },
    );
  };
}
