import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { within } from './time-limit.js';

it('answers with the work when it is in time, and rejects once the limit passes', async () => {
  expect(
    await within(
      sleep(5).then(() => 'answered'),
      1_000,
    ),
  ).toBe('answered');
  await expect(
    within(
      sleep(1_000).then(() => 'late'),
      20,
    ),
  ).rejects.toThrow('no answer in 20 ms');
  await expect(within(Promise.reject(new Error('refused')), 1_000)).rejects.toThrow('refused');
});
