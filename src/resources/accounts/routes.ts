import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signupNotice } from '../../billing/notifier.js';
import type { ChargingService } from '../../billing/charging-service.js';
import type { AppContext } from '../../context.js';
import type { Authenticator } from './authenticator.js';
import { hearRevocations } from './revocation-notices.js';
import * as schemas from './schemas.js';
import { accountView, createKey, deleteKey, listKeys, signup } from './service.js';
import { Type } from 'typebox';

function signupNote(baseUrl: string): string {
  return (
    'Store this key now: it is shown only once. Requests under /v1 need prepaid credit ' +
    `(20 US dollars = 1,000 units). Next: POST ${baseUrl}/agent/checkout-link with {"amount_usd": 20} and this key, ` +
    'give the returned url to a human to pay, then poll GET /agent/me until balance_units is positive.'
  );
}

/** Spec §4 "Account and billing": signup, extra keys and the account view (buying credit: resources/payments). */
export function accountRoutes({
  context,
  charging,
  authenticator,
}: {
  context: AppContext;
  charging: ChargingService;
  authenticator: Authenticator;
}): FastifyPluginAsyncTypebox {
  const { db, config, notifier } = context;
  return async (app) => {
    // Keys revoked by any other process or command stop working here at once (server engine).
    if (db.engine === 'postgresql' && config.databaseUrl) {
      const revocations = hearRevocations(authenticator, config.databaseUrl, app.log);
      app.addHook('onClose', () => revocations.close());
    }

    app.post(
      '/agent/signup',
      {
        config: { access: 'public', cost: 'free', errors: ['org_exists'] },
        schema: {
          operationId: 'signup',
          summary: 'Create an organization and its first API key',
          description:
            'A new e-mail creates an unfunded organization and returns a key once. Signing up again with the same e-mail ' +
            'before the organization was ever funded revokes the old key and returns a new one; after funding it answers 409 org_exists. ' +
            'The owner is notified by e-mail (never with the key).',
          tags: ['account'],
          body: schemas.SignupBody,
          response: { 201: schemas.SignupResponse },
        },
      },
      async (request, reply) => {
        const agentName = request.body.agent_name ?? null;
        const result = await signup(db, request.body.owner_email, agentName);
        if (result.rekeyed) authenticator.forgetAll();
        await notifier.send(
          signupNotice({
            email: result.ownerEmail,
            orgId: result.orgId,
            agentName,
            rekeyed: result.rekeyed,
            baseUrl: config.publicBaseUrl,
          }),
        );
        return reply.code(201).send({
          api_key: result.key.api_key,
          org_id: result.orgId,
          key_id: result.key.key_id,
          prefix: result.key.prefix,
          note: signupNote(config.publicBaseUrl),
        });
      },
    );

    app.post(
      '/keys',
      {
        config: { access: 'account', cost: 'free', errors: ['limit_reached'] },
        schema: {
          operationId: 'createKey',
          summary: 'Mint another key on the same balance',
          description:
            'Any key of the organization may mint further keys (at most 25 active; beyond, 409 limit_reached). The new key is shown once.',
          tags: ['account'],
          body: schemas.CreateKeyBody,
          response: { 201: schemas.CreateKeyResponse },
        },
      },
      async (request, reply) => {
        const key = await createKey(db, request.caller!.orgId, request.body.name ?? null);
        return reply.code(201).send(key);
      },
    );

    app.get(
      '/keys',
      {
        config: { access: 'account', cost: 'free' },
        schema: {
          operationId: 'listKeys',
          summary: "The organization's active keys: id, prefix, name, created, last used",
          description: 'Keys themselves are never shown again after they are minted; the prefix tells them apart.',
          tags: ['account'],
          response: { 200: schemas.KeyList },
        },
      },
      async (request) => listKeys(db, request.caller!.orgId),
    );

    app.delete(
      '/keys/:key_id',
      {
        config: { access: 'account', cost: 'free', errors: ['not_found', 'limit_reached'] },
        schema: {
          operationId: 'deleteKey',
          summary: 'Revoke a key of the organization (any of its keys may; the key in use too)',
          description:
            "Another organization's key, or one already revoked, is a 404. The last active key cannot be deleted (409 limit_reached): " +
            'mint another first. Every server process stops accepting it at once (one that has lost its database connection, within seconds).',
          tags: ['account'],
          params: schemas.KeyParams,
          response: { 204: Type.Null({ description: 'Revoked' }) },
        },
      },
      async (request, reply) => {
        await deleteKey(db, request.caller!.orgId, request.params.key_id);
        authenticator.forgetAll();
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/agent/me',
      {
        config: { access: 'account', cost: 'free' },
        schema: {
          operationId: 'getAccount',
          summary: 'The account: balance and active keys',
          description: 'Works for funded and unfunded organizations; poll it after a payment until balance_units is positive.',
          tags: ['account'],
          response: { 200: schemas.AccountResponse },
        },
      },
      async (request) => {
        const view = await accountView(db, request.caller!.orgId);
        // The whole balance: units leased by any process (this one or another) are still the org's.
        return { ...view, balance_units: await charging.balance(view.org_id) };
      },
    );
  };
}
