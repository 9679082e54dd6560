import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // PGlite starts in ~1 s from the shared template; PostgreSQL clones it in well under that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers only add PGlite instances competing for memory and CPU.
    maxWorkers: 2,
  },
});
