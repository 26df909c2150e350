/**
 * The server with its embedded PostgreSQL, as an operator meets it: started again after the app
 * was killed hard (its postgres still running), and stopped while the database is already dead.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { freePort, type ServerProcess, startServer } from '../server-process'

const started: ServerProcess[] = []

/** A data directory the `postgres` user can enter (the cluster runs as that user under root). */
function dataDirectory() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-lifecycle-'))
  fs.chmodSync(dir, 0o755)
  return dir
}

async function start(dataDir: string, pgPort: number) {
  // No DATABASE_URL: the server starts its own cluster in DATA_DIR, as `npm start` does.
  const server = await startServer({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_FSYNC: 'off',
    SHUTDOWN_TIMEOUT_MS: '3000',
  })
  started.push(server)
  return server
}

/** The node process running the server (itself when compiled; with tsx, tsx's child). */
function appPid(server: ServerProcess) {
  const pid = server.child.pid!
  if (server.compiled) return pid
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)
  return Number(children[0] || pid)
}

function postmasterPid(dataDir: string) {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
}

/** Running: a killed process that its parent has not reaped yet (a zombie) counts as gone. */
function alive(pid: number) {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    // The state follows the command name in parentheses, which may itself hold spaces.
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

afterAll(async () => {
  for (const server of started) await server.stop().catch(() => {})
})

describe('the compiled server', () => {
  it('renders its pages when started as `npm start` starts it, without NODE_ENV', async () => {
    // React picks its development or production build from NODE_ENV when first imported: the
    // server sets it before loading React, so the bundle must not import React any earlier.
    const server = await startServer(
      { DATABASE_URL: '', DATA_DIR: dataDirectory(), EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_FSYNC: 'off', NODE_ENV: undefined },
      { compiled: true },
    )
    started.push(server)
    const response = await fetch(`${server.base}/auth/login`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('name="password"')
    await server.stop()
  }, 120_000)
})

describe('the embedded database across hard stops', () => {
  it('starts again after kill -9 of the app, stopping the postgres it left running', async () => {
    const dataDir = dataDirectory()
    const pgPort = await freePort()
    const first = await start(dataDir, pgPort)
    const leftover = postmasterPid(dataDir)
    process.kill(appPid(first), 'SIGKILL')
    await expect.poll(() => first.child.exitCode !== null || first.child.signalCode !== null).toBe(true)
    expect(alive(leftover)).toBe(true)

    const second = await start(dataDir, pgPort)
    expect(second.output()).toContain(`stopping PostgreSQL left running by an earlier run (pid ${leftover})`)
    expect(alive(leftover)).toBe(false)
    expect((await fetch(`${second.base}/auth/login`)).status).toBe(200)
    await second.stop()
  }, 120_000)

  it('exits within its stop timeout when PostgreSQL is already dead', async () => {
    const dataDir = dataDirectory()
    const server = await start(dataDir, await freePort())
    const postgres = postmasterPid(dataDir)
    process.kill(postgres, 'SIGKILL')
    await expect.poll(() => alive(postgres), { timeout: 10_000 }).toBe(false)

    const began = Date.now()
    process.kill(appPid(server), 'SIGTERM')
    await expect.poll(() => server.child.exitCode !== null || server.child.signalCode !== null, { timeout: 15_000 }).toBe(true)
    // Its 3 s timeout plus slack for a loaded machine; without the timeout it waits 10 s or more.
    expect(Date.now() - began).toBeLessThan(7_000)
  }, 120_000)

  it('stops cleanly on SIGTERM after serving: exit code 0, no pool error event, no stack trace', async () => {
    const dataDir = dataDirectory()
    const server = await start(dataDir, await freePort())
    // Connections in every pool: pages (Prisma), API rate limits, the job worker.
    expect((await fetch(`${server.base}/auth/login`)).status).toBe(200)
    expect((await fetch(`${server.base}/api/trucks`, { headers: { Authorization: 'Bearer fd_not_a_key' } })).status).toBe(401)
    expect((await fetch(`${server.base}/health`)).status).toBe(200)
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
    process.kill(appPid(server), 'SIGTERM')
    expect(await exited).toBe(0)
    expect(server.output()).toContain('SIGTERM: shutting down')
    expect(server.output()).not.toMatch(/57P01|Unhandled 'error' event|terminating connection|^\s+at /m)
  }, 120_000)

  it('says why it cannot start when the port of its embedded database is taken, and what to do', async () => {
    const pgPort = await freePort()
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(pgPort, '127.0.0.1', resolve))
    try {
      const failed = start(dataDirectory(), pgPort)
      // The library rejects with nothing; the server exited printing only "undefined".
      await expect(failed).rejects.toThrow(`embedded PostgreSQL did not start on port ${pgPort}`)
      await expect(failed).rejects.toThrow(/could not create any TCP\/IP sockets.*Another server holds port \d+: .*EMBEDDED_PG_PORT/)
    } finally {
      holder.close()
    }
  }, 120_000)
})
