import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Charge, Settled } from '../billing/charges.js';
import type { ChargingService } from '../billing/charging-service.js';
import type { Usage } from '../billing/usage-journal.js';
import { AppError, paymentRequired } from '../domain/errors.js';
import type { Authenticator, Caller } from '../resources/accounts/authenticator.js';
import { isDataPath, presentedKey } from './access.js';
import { chargeOnDelivery } from './charge-delivery.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The usage-journal entry of a data route, fixed when the route is added. */
    usage?: Usage;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The open charge of a data request (set by admission); handlers of list routes use it. */
    charge: Charge | null;
    /** What an edge that settles its own charges (an MCP tool call) charged: the credit headers report it. */
    settled: Settled | null;
  }
}

/** HEAD is not offered on /v1: it would serve data without a body to charge for (docs/errors.md). */
async function headNotOffered(request: FastifyRequest): Promise<never> {
  throw new AppError('not_found', `No route HEAD ${request.url.split('?')[0]}: /v1 answers GET and POST only.`);
}

/** Usage of a /v1 path without a route: only ever a 404, never settled. */
const UNROUTED: Usage = { channel: 'rest', what: 'no route' };

function creditHeaders(reply: FastifyReply, charged: number, remaining: number | null): void {
  reply.header('X-Credits-Charged', String(charged));
  if (remaining !== null) reply.header('X-Credits-Remaining', String(remaining));
}

/**
 * The one hook chain of every route: `onRequest` finds the caller and, on data routes, admits
 * it (holding one unit; 401 or 402 otherwise); `onSend` prepares a 2xx data answer's charge or
 * releases the hold, and writes the credit headers every response carries (spec §8); the charge
 * is spent once the answer is delivered (charge-delivery.ts). The money itself is the charging
 * service's: nothing here counts units.
 */
export function registerDataChain(app: FastifyInstance, services: { authenticator: Authenticator; charging: ChargingService }): void {
  const { authenticator, charging } = services;
  app.decorateRequest('caller', null);
  app.decorateRequest('charge', null);
  app.decorateRequest('settled', null);
  app.decorateRequest('deliveries', null);
  app.addHook('onRoute', (route) => {
    if (!isDataPath(route.url)) return;
    // Every /v1 route is a data route unless it says otherwise (spec §5.1).
    const access = route.config?.access ?? 'data';
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    route.config = { ...route.config, access, usage: { channel: 'rest', what: `${method} ${route.url}` } };
    // A route-level hook runs after the key check and before validation: a HEAD is a 404 whatever its parameters.
    if (method === 'HEAD' && access === 'data') route.onRequest = [...[route.onRequest ?? []].flat(), headNotOffered];
  });

  app.addHook('onRequest', async (request, reply) => {
    // Read once: Fastify builds a new routeOptions object on every access.
    const config = request.routeOptions.config;
    // A /v1 path without a route (404) still needs a key (spec §5.1).
    const access = config.access ?? (isDataPath(request.url) ? 'data' : 'public');
    if (access === 'public') return;
    const key = presentedKey(request);
    const caller = key ? await authenticator.identify(key) : null;
    if (!caller) throw new AppError('invalid_api_key');
    request.caller = caller;
    if (access !== 'data') return;
    request.charge = await charging.admit(caller.orgId, config.usage ?? UNROUTED);
    chargeOnDelivery(request, reply, request.charge);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const charge = request.charge;
    if (!charge) {
      const settled = reply.statusCode < 300 ? request.settled : null;
      creditHeaders(reply, settled?.charged ?? 0, settled?.remaining ?? null);
      return payload;
    }
    request.charge = null;
    if (reply.statusCode < 200 || reply.statusCode > 299) {
      charge.release();
      creditHeaders(reply, 0, null);
      return payload;
    }
    const settled = await charge.prepare();
    if (!settled) {
      // The handler served more rows than it held units for and the balance is gone: nothing unpaid leaves.
      const error = paymentRequired();
      reply.code(error.status).header('content-type', 'application/json; charset=utf-8');
      creditHeaders(reply, 0, null);
      return JSON.stringify(error.toBody(request.id));
    }
    creditHeaders(reply, settled.charged, settled.remaining);
    return payload;
  });
}
