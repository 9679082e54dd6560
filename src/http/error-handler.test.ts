import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toAppError } from './error-handler.js';

const fromCode = (code: string) => toAppError(Object.assign(new Error('database failure'), { code }), {} as FastifyRequest);

describe('toAppError: database failures by SQLSTATE', () => {
  it('answers a full disk on the database server (53100 disk_full) as 503 service_unavailable, like a restart', () => {
    for (const code of ['53100', '57P01', '08006']) expect(fromCode(code)).toMatchObject({ code: 'service_unavailable', status: 503 });
  });

  it('keeps any other database failure a 500', () => {
    expect(fromCode('23505')).toMatchObject({ code: 'internal_error', status: 500 });
  });
});
