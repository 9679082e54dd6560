import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // A type used by its own module is usually named in an exported signature: callers may spell it.
  ignoreExportsUsedInFile: { interface: true, type: true },
  ignoreBinaries: [
    // The package's own bin, run from the tarball that scripts/pack-check.ts installs.
    'patent-status',
    // System tools: PostgreSQL's client (schema dump) and mount/umount (the disk-full tests' tmpfs).
    'pg_dump',
    'mount',
    'umount',
  ],
  ignoreDependencies: [
    // Run through npx by .ci/run, which knip does not read.
    'dclint',
    'dockerfile-utils',
    // Run through npx by .ci/run and by path from test/openapi.test.ts.
    '@redocly/cli',
    '@stoplight/spectral-cli',
    // Run by path from test/mcp.test.ts.
    '@modelcontextprotocol/inspector-cli',
    // Loaded with `node --import tsx` by the tests' child processes, and through npx by .ci/run.
    'tsx',
    // Imported by the program test/helpers/client-program.ts writes and compiles.
    'openapi-fetch',
  ],
  workspaces: {
    '.': {
      entry: ['scripts/*.{ts,mjs}', 'bench/*.ts', 'test/helpers/worker-process.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    },
    'packages/*': {
      entry: ['src/index.ts', 'src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    'packages/client': {
      // schema.ts is openapi-typescript's output, exported whole (webhooks and $defs too, used or not).
      entry: ['src/index.ts', 'src/schema.ts', 'src/**/*.test.ts', 'scripts/generate.ts'],
      project: ['src/**/*.ts', 'scripts/**/*.ts'],
    },
  },
};

export default config;
