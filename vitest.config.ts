import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

/**
 * The integration files that replace a module (`vi.mock`): in a module graph shared with other
 * files the module may already be loaded, unreplaced, so these keep a graph of their own.
 */
const INTEGRATION = 'tests/integration'
const MOCKING = fs
  .readdirSync(INTEGRATION, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(INTEGRATION, file), 'utf8')))
  .map((file) => `${INTEGRATION}/${file}`)

const integration = {
  globalSetup: ['tests/setup/global-setup.ts'],
  setupFiles: ['tests/setup/per-file.ts', 'tests/setup/console-guard.ts'],
}

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
        // Each file gets a cloned database (tests/setup/per-file.ts) and the Prisma client follows
        // DATABASE_URL at every call (app/utils/db.server.ts), so the files of a worker share one
        // module graph: the app is imported once per worker rather than once per file (ADR 119).
        test: { name: 'integration', include: [`${INTEGRATION}/**/*.test.ts`], exclude: MOCKING, isolate: false, ...integration },
      },
      {
        extends: true,
        // The PostgreSQL server and its template are shared with the project above (global-setup.ts).
        test: { name: 'integration-mocks', include: MOCKING, ...integration },
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
