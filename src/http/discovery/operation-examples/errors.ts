import { ERROR_CATALOGUE, type ErrorCode } from '../../../domain/errors.js';

/** The request id an example error answer carries (a UUID, as the server makes one). */
const REQUEST_ID = '0b7d3f4e-5c1a-4e8b-9f2d-6a1c8e3b7d90';

/** What the demo answers `?limit=5000` on a list route: the 422's detail locates the parameter. */
const LIMIT_TOO_LARGE = {
  loc: ['query', 'limit'],
  msg: 'Input should be less than or equal to 1000',
  type: 'less_than_equal',
  input: 5000,
  ctx: { le: 1000 },
};

/**
 * The body of each error code as the service sends it (docs/errors.md): the catalogue's code and
 * message, with the detail a 422 and a 402 carry. They go to `components/examples`, one per code,
 * and every error response of the document refers to those of its codes.
 */
export function errorExample(code: ErrorCode): unknown {
  const { message } = ERROR_CATALOGUE[code];
  if (code === 'validation_error') return { error: code, message, detail: [LIMIT_TOO_LARGE], request_id: REQUEST_ID };
  if (code === 'payment_required') {
    return {
      error: code,
      message,
      checkout: { method: 'POST', path: '/agent/checkout-link', body: { amount_usd: 20 } },
      minimum_usd: 20,
      request_id: REQUEST_ID,
    };
  }
  return { error: code, message, request_id: REQUEST_ID };
}
