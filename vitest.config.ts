import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code beside the source, no database) runs once; `integration`
 * (test/, through HTTP against a real database) runs once per engine. CI runs the unit project
 * with the embedded engine's pass only.
 */
export default defineConfig({
  // Tests run the generator from its source, as tsx does through tsconfig's paths.
  resolve: { alias: { '@patent-status/synth': fileURLToPath(new URL('./packages/synth/src/index.ts', import.meta.url)) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers only add PGlite instances competing for memory and CPU.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'test/helpers/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/helpers/**'],
          // PGlite starts in ~1 s from the shared template; PostgreSQL clones it in well under that.
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
    ],
  },
});
