/**
 * `npm run db:serve` (docs/decisions/069-operations.md): the embedded PostgreSQL alone,
 * in DATA_DIR/postgres as `npm start` keeps it, migrated, printing its DATABASE_URL, until Ctrl-C;
 * the operator's scripts find it without DATABASE_URL.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { readMigrations } from '~/utils/db-setup.server'

import { freePort } from '../server-process'

const run = promisify(execFile)
let child: ChildProcess | undefined
afterAll(() => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
})

describe('npm run db:serve', () => {
  it('serves the migrated embedded database, prints its DATABASE_URL and stops on Ctrl-C', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-db-serve-'))
    // The cluster runs as the `postgres` user under root: it must be able to enter the folder.
    fs.chmodSync(dataDir, 0o755)
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_FSYNC: 'off' }
    child = spawn('node_modules/.bin/tsx', ['scripts/db-serve.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk
        const found = /^DATABASE_URL=(\S+)$/m.exec(output)
        if (found) resolve(found[1])
      }
      child!.stdout!.on('data', read)
      child!.stderr!.on('data', read)
      child!.once('exit', (code) => reject(new Error(`db:serve exited (${code}):\n${output}`)))
    })
    expect(url).toBe(`postgresql://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/freightdesk`)
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true)

    // An operator's script with no DATABASE_URL finds the running database and leaves it running.
    const { stdout } = await run('node_modules/.bin/tsx', ['scripts/maintenance.ts', 'on', '--message', 'Moving servers'], { env })
    expect(stdout).toContain('Maintenance mode is on')

    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM "_prisma_migrations"')
    expect(rows[0].count).toBe(readMigrations().length)
    expect((await client.query('SELECT message FROM "MaintenanceMode"')).rows).toEqual([{ message: 'Moving servers' }])
    await client.end()

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve))
    process.kill(child.pid!, 'SIGINT')
    expect(await exited).toBe(0)
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 120_000)

  it('refuses to run when DATABASE_URL names another database', async () => {
    const refused = await run('node_modules/.bin/tsx', ['scripts/db-serve.ts'], {
      env: { ...process.env, DATABASE_URL: 'postgresql://x@127.0.0.1:1/x' },
    }).catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({ code: 1 })
    expect((refused as { stderr: string }).stderr).toContain('DATABASE_URL is set')
  })
})
