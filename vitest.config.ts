import os from 'node:os'

import { defineConfig } from 'vitest/config'

// Vitest runs without the React Router plugin: integration tests call loaders, actions and
// models directly against a real PostgreSQL (see tests/setup/).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Unit tests get no database of their own (cloning and dropping one cost each file ~1 s) and
    // share one module graph per worker (isolate: false): 80 s → 37 s for the unit files.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['app/**/*.test.ts', 'tests/unit/**/*.test.ts'], setupFiles: ['tests/setup/console-guard.ts'], isolate: false },
      },
      {
        extends: true,
        // The PostgreSQL server and its migrated template, once per run for this project alone (given to
        // both, it ran twice: two templates, and the second teardown found the server stopped).
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/global-setup.ts'],
          setupFiles: ['tests/setup/per-file.ts', 'tests/setup/console-guard.ts'],
        },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine. The
    // files wait on PostgreSQL and on server processes as much as they compute: two workers on
    // 2 cores took the suite from 137 s to 108 s (four: 105 s).
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
})
