import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreditLedger } from '../billing/credit-ledger.js';
import { accessOf } from './access.js';
import { paymentRequired } from '../domain/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Units this request costs if it succeeds; handlers of list routes set it from their rows. */
    chargeUnits: number;
  }
}

/**
 * Charging happens once, here at the edge, after the handler succeeded: 2xx responses of data
 * routes are debited atomically; everything else reports `X-Credits-Charged: 0`.
 */
export function registerCharging(app: FastifyInstance, ledger: CreditLedger): void {
  app.decorateRequest('chargeUnits', 1);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const caller = request.caller;
    const status = reply.statusCode;
    if (!caller || accessOf(request) !== 'data' || status < 200 || status > 299) {
      reply.header('X-Credits-Charged', '0');
      return payload;
    }
    const remaining = await ledger.charge(caller.orgId, request.chargeUnits);
    if (remaining === null) {
      // Concurrent requests spent the balance after this one was admitted: nothing is served unpaid.
      const error = paymentRequired();
      reply.code(error.status).header('X-Credits-Charged', '0').header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(error.toBody());
    }
    reply.header('X-Credits-Charged', String(request.chargeUnits)).header('X-Credits-Remaining', String(remaining));
    return payload;
  });
}
