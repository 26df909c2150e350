import os from 'node:os'

import { defineConfig } from '@playwright/test'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium'

const PORT = Number(process.env.E2E_PORT ?? 3100)
// Overridable so two checkouts can run their suites side by side on one machine.
const PG_PORT = process.env.E2E_PG_PORT ?? '54331'
export const E2E_DATA_DIR = '.data/e2e'

/**
 * End-to-end flows in Debian's Chromium against a production build, every spec twice:
 * with JavaScript enabled and disabled. The server gets a fresh embedded database and demo data.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One worker per core, at least two and at most four (one server answers them all).
  workers: Math.min(4, Math.max(2, os.availableParallelism())),
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Tracing every test to keep the failures' traces cost a third of the suite's time on 2 cores
    // (measured: 99 s against 72 s for three specs). A failure keeps its screenshot; for a trace,
    // run again with E2E_TRACE=retain-on-failure (ADR 037).
    trace: process.env.E2E_TRACE === 'retain-on-failure' || process.env.E2E_TRACE === 'on' ? process.env.E2E_TRACE : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Tests tagged @no-js-only are about the page without JavaScript (a confirm page the script
    // replaces with a dialog): the other project never runs them, so nothing is reported skipped.
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    // Tests tagged @js-only run with JavaScript only: the accessibility spec's second look (dark,
    // right-to-left) checks colours and direction, which do not depend on JavaScript.
    { name: 'no-js', use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node build/server.js --seed-if-empty`,
    env: {
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: PG_PORT,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Test clusters only: a lost write there costs nothing, and fsync slows every test.
      EMBEDDED_PG_FSYNC: 'off',
      // Every spec registers and resets from 127.0.0.1: limits far above what the suite sends.
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      // The webhooks spec's receiver listens on 127.0.0.1 (refused otherwise: ADR 071).
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    },
    url: `http://127.0.0.1:${PORT}/auth/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
