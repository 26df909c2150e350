/**
 * The database layer itself: the migration runner, and the server started against an external
 * PostgreSQL through DATABASE_URL (here a fresh database on the test server).
 */
import { spawn } from 'node:child_process'
import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, inject, it } from 'vitest'

import { THROTTLE_MAX_ACCOUNTS_PER_ADDRESS } from '~/models/users/auth.server'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { applyMigrations, createDatabaseIfMissing, dropDatabase, MIGRATIONS_DIR, readMigrations, withClient, withDatabase } from '~/utils/db-setup.server'

import { unique } from '../helpers'

const { adminUrl } = inject('testDatabase')
const created: string[] = []

async function freshDatabase() {
  const name = `fd_db_test_${unique('x').replace('-', '_')}`
  await createDatabaseIfMissing(adminUrl, name)
  created.push(name)
  return withDatabase(adminUrl, name)
}

function copyMigrations() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-migrations-'))
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  return dir
}

afterAll(async () => {
  for (const name of created) await dropDatabase(adminUrl, name)
})

describe('migration runner', () => {
  it("applies every migration once, in order, recording Prisma's checksums", async () => {
    const url = await freshDatabase()
    const migrations = readMigrations()
    expect(await applyMigrations(url)).toEqual(migrations.map((migration) => migration.name))
    expect(await applyMigrations(url)).toEqual([])
    const rows = await withClient(
      url,
      async (client) => (await client.query('SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name')).rows,
    )
    expect(rows).toEqual(
      migrations.map((migration) => ({
        migration_name: migration.name,
        checksum: createHash('sha256')
          .update(fs.readFileSync(path.join(MIGRATIONS_DIR, migration.name, 'migration.sql')))
          .digest('hex'),
      })),
    )
  })

  it('migrates an empty database once when several servers start at the same moment (ADR 072)', async () => {
    const migrations = readMigrations().map((migration) => migration.name)
    // A race shows on some runs only: three empty databases, five appliers each.
    for (let round = 0; round < 3; round++) {
      const url = await freshDatabase()
      // Each applier is its own connection, as several app servers are: all must succeed, and
      // between them apply every migration exactly once (ours and the job queue's).
      const results = await Promise.all(Array.from({ length: 5 }, () => applyMigrations(url)))
      expect(results.flat().sort()).toEqual(migrations)
      const recorded = await withClient(url, async (client) => ({
        ours: (await client.query('SELECT migration_name AS name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1 ORDER BY 1')).rows,
        queue: (await client.query('SELECT count(*)::int AS n, count(DISTINCT id)::int AS distinct FROM graphile_worker.migrations')).rows[0],
      }))
      expect(recorded.ours).toEqual(migrations.map((name) => ({ name, n: 1 })))
      expect(recorded.queue.n).toBeGreaterThan(0)
      expect(recorded.queue.n).toBe(recorded.queue.distinct)
    }
  })

  it('refuses to run when an applied migration was edited', async () => {
    const url = await freshDatabase()
    const dir = copyMigrations()
    await applyMigrations(url, dir)
    const first = readMigrations(dir)[0].name
    fs.appendFileSync(path.join(dir, first, 'migration.sql'), '\n-- edited later\n')
    await expect(applyMigrations(url, dir)).rejects.toThrow(`Migration ${first} was changed after it was applied`)
  })

  it('rolls a failing migration back entirely and records nothing for it', async () => {
    const url = await freshDatabase()
    const dir = copyMigrations()
    fs.mkdirSync(path.join(dir, '99990101000000_broken'))
    fs.writeFileSync(path.join(dir, '99990101000000_broken', 'migration.sql'), 'CREATE TABLE "Half" (id int);\nSELECT no_such_function();\n')
    await expect(applyMigrations(url, dir)).rejects.toThrow('Migration 99990101000000_broken failed')
    const state = await withClient(url, async (client) => ({
      half: (await client.query(`SELECT to_regclass('"Half"') AS t`)).rows[0].t,
      recorded: (await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name = '99990101000000_broken'`)).rows[0].n,
    }))
    expect(state).toEqual({ half: null, recorded: 0 })
  })
})

describe('server with DATABASE_URL', () => {
  it('uses that database (no embedded server), migrates it and seeds it when empty', async () => {
    if (!fs.existsSync('build/server/index.js')) execSync('npm run build', { stdio: 'ignore' })
    const url = await freshDatabase()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-data-'))
    const port = 3300 + Math.floor(Math.random() * 500)
    const server = spawn('node_modules/.bin/tsx', ['server.ts', '--seed-if-empty'], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-secret-for-this-test-only',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    server.stdout.on('data', (chunk) => (output += chunk))
    server.stderr.on('data', (chunk) => (output += chunk))
    try {
      await expect
        .poll(
          async () =>
            fetch(`http://127.0.0.1:${port}/auth/login`)
              .then((response) => response.status)
              .catch(() => 0),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(200)
      expect(output).not.toContain('embedded PostgreSQL')
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false)
      const counts = await withClient(url, async (client) => ({
        migrations: (await client.query('SELECT count(*)::int AS n FROM "_prisma_migrations"')).rows[0].n,
        organizations: (await client.query('SELECT count(*)::int AS n FROM "Organization"')).rows[0].n,
        trucks: (await client.query('SELECT count(*)::int AS n FROM "Truck"')).rows[0].n,
      }))
      expect(counts).toEqual({ migrations: readMigrations().length, organizations: 2, trucks: 46 })
      const login = await fetch(`http://127.0.0.1:${port}/api/account/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'dispatcher@freightdesk.test', password: 'freightdesk' }),
      })
      expect(login.status).toBe(200)

      // A client cannot pick its own address: forged copies of the internal header are replaced,
      // so failures under ever-changing forged addresses still add up for this one client.
      const attempt = (n: number) =>
        fetch(`http://127.0.0.1:${port}/api/account/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: `203.0.113.${n}` },
          body: JSON.stringify({ email: `nobody${n}@example.test`, password: 'wrong password' }),
        })
      for (let n = 0; n < THROTTLE_MAX_ACCOUNTS_PER_ADDRESS; n++) expect((await attempt(n)).status).toBe(401)
      expect((await attempt(999)).status).toBe(429)
    } finally {
      process.kill(-server.pid!, 'SIGTERM')
      await new Promise((resolve) => server.once('exit', resolve))
    }
  }, 90_000)
})
