import type { OperationExamples } from './operation-example.js';

export const ACCOUNT_EXAMPLES: OperationExamples = {
  signup: {
    body: { owner_email: 'owner@example.com', agent_name: 'my-agent' },
    status: 201,
    response: {
      api_key: 'pss_21VcLMXyBm5YtSkB6IJsxsfhXCgtxpif',
      org_id: 'org_02613343b76646648f95',
      key_id: 'key_76c225aaa3f64d8aba5f',
      prefix: 'pss_21VcLMXy',
      note: 'Store this key now: it is shown only once. Requests under /v1 need prepaid credit (20 US dollars = 1,000 units). Next: POST https://patents.example.org/agent/checkout-link with {"amount_usd": 20} and this …',
    },
  },
  createKey: {
    body: { name: 'ci' },
    status: 201,
    response: {
      api_key: 'pss_qVB29fxwiVHJ5C6VO6olXhSWUGm9wDcB',
      key_id: 'key_10da442439fd4b918c45',
      prefix: 'pss_qVB29fxw',
      name: 'ci',
      created_at: '2026-11-28T17:10:11.840Z',
    },
  },
  listKeys: {
    status: 200,
    response: {
      keys: [
        {
          key_id: 'key_fd0257f4df5a41e6911c',
          prefix: 'pss_1BdmYGQA',
          name: 'demo',
          created_at: '2026-11-28T17:08:21.895Z',
          last_used_at: '2026-11-28T17:09:24.387Z',
        },
      ],
    },
  },
  getAccount: {
    status: 200,
    response: {
      org_id: 'org_7f0d46ed533345128c05',
      owner_email: 'demo@patent-status.local',
      agent_name: 'demo',
      balance_units: 974,
      funded: true,
      keys: [
        {
          key_id: 'key_fd0257f4df5a41e6911c',
          prefix: 'pss_1BdmYGQA',
          name: 'demo',
          created_at: '2026-11-28T17:08:21.895Z',
          last_used_at: '2026-11-28T17:09:24.387Z',
        },
      ],
    },
  },

  deleteKey: { parameters: { key_id: 'key_10da442439fd4b918c45' }, status: 204 },
  createCheckoutLink: {
    body: { amount_usd: 20 },
    status: 200,
    response: { url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8i9J0', expires_at: '2026-11-29T17:10:12.000Z' },
    notLive: 'the demo takes no payments (no STRIPE_SECRET_KEY): it answers 503 billing_not_configured',
  },
  checkoutReturnPage: {
    parameters: { outcome: 'paid' },
    status: 200,
    response:
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Payment received · Patent Status Service</title></head>…',
  },
  receiveStripeEvent: {
    parameters: { 'stripe-signature': 't=1795798800,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd' },
    body: { id: 'evt_1QexampleDemo0001', type: 'checkout.session.completed', data: { object: { id: 'cs_test_a1B2c3D4e5F6g7H8i9J0' } } },
    status: 200,
    response: { received: true, outcome: 'credited' },
    notLive: 'the demo takes no payments (no STRIPE_WEBHOOK_SECRET): it answers 503 billing_not_configured',
  },
};
