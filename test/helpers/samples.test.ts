import { afterEach, describe, expect, it, vi } from 'vitest';
import { samplesPresent } from './samples.js';

describe('samplesPresent', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is true when the folders exist', () => {
    vi.stubEnv('CI', 'true');
    expect(samplesPresent('.')).toBe(true);
  });

  it('fails the run instead of skipping when CI is set and a folder is missing', () => {
    vi.stubEnv('CI', 'true');
    expect(() => samplesPresent('no-such-sample-folder')).toThrow(/CI is set: the samples must be present/);
  });

  it('skips (false) on a developer machine', () => {
    vi.stubEnv('CI', '');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(samplesPresent('no-such-sample-folder')).toBe(false);
  });
});
