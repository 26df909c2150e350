import { defineConfig } from 'vitest/config'

// Vitest runs without the React Router plugin: integration tests call loaders, actions and
// models directly against a real PostgreSQL (see tests/setup/).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})
