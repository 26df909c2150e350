/**
 * `npm start` runs the server under scripts/supervise.mjs (ADR 087): a server that dies (here
 * SIGKILL, as the kernel's OOM killer or a heap exhaustion ends it) is started again with its
 * embedded PostgreSQL and its data; SIGTERM stops both; a server that cannot start is not started
 * for ever.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { freePort } from '../server-process'

type Supervisor = { child: ChildProcess; output: () => string; exit: Promise<number | null> }
const running: Supervisor[] = []

/** The data folders of the embedded clusters: whatever a failed test left running there is stopped after. */
const dataDirs: string[] = []
const servers: number[] = []

afterAll(async () => {
  for (const { child, exit } of running) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    process.kill(-child.pid!, 'SIGTERM')
    await exit
  }
  // Only processes of these tests: a pid may have been reused by another process since.
  for (const pid of servers) if (alive(pid) && dataDirs.some((dir) => readProc(pid, 'environ').includes(`DATA_DIR=${dir}\0`))) process.kill(pid, 'SIGTERM')
  for (const dir of dataDirs) {
    const file = path.join(dir, 'postgres', 'postmaster.pid')
    const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : 0
    if (pid && alive(pid) && readProc(pid, 'cmdline').includes(dir)) process.kill(pid, 'SIGINT')
  }
})

function readProc(pid: number, file: string) {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8')
  } catch {
    return ''
  }
}

function dataDirectory() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-supervised-'))
  // The embedded cluster runs as the `postgres` user under root: it must reach the folder.
  fs.chmodSync(dir, 0o755)
  dataDirs.push(dir)
  return dir
}

function supervise(env: Record<string, string | undefined>): Supervisor {
  if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/server.js')) execSync('npm run build', { stdio: 'ignore' })
  const merged: Record<string, string | undefined> = { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'production', ...env }
  for (const name of Object.keys(merged)) if (merged[name] === undefined) delete merged[name]
  const child = spawn(process.execPath, ['scripts/supervise.mjs'], { env: merged, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const supervisor = { child, output: () => output, exit }
  running.push(supervisor)
  return supervisor
}

const count = (text: string, part: string) => text.split(part).length - 1

/** The server process: the supervisor's only child. */
function serverPid(supervisor: Supervisor) {
  const pid = supervisor.child.pid!
  const server = Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0])
  servers.push(server)
  return server
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe('the supervisor', () => {
  it('starts the server again after SIGKILL, with its PostgreSQL and its data, and stops both on SIGTERM', async () => {
    const dataDir = dataDirectory()
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const supervisor = supervise({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_PG_FSYNC: 'off',
      SHUTDOWN_TIMEOUT_MS: '3000',
      OUTBOX_DIR: undefined,
      STORAGE_DIR: undefined,
    })
    await expect.poll(() => count(supervisor.output(), 'Freightdesk is running at'), { timeout: 90_000, interval: 200 }).toBe(1)
    const first = serverPid(supervisor)
    // The heap limit `npm run serve` gives (package.json), the one place its default is written.
    const heapMb = /NODE_HEAP_MB:-(\d+)/.exec(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.serve)![1]
    expect(fs.readFileSync(`/proc/${first}/cmdline`, 'utf8').split('\0')).toContain(`--max-old-space-size=${heapMb}`)

    const registered = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@supervised.test', password: 'supervised password 1', firstName: 'Sam', lastName: 'Owner' }),
    })
    expect(registered.status).toBe(201)
    const { accessToken } = (await registered.json()) as { accessToken: string }
    const auth = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' }
    const created = await fetch(`${base}/api/trucks`, { method: 'POST', headers: auth, body: JSON.stringify({ unitNumber: 'SUP-1' }) })
    expect(created.status).toBe(201)
    const truck = ((await created.json()) as { data: { id: string } }).data

    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(first, 'SIGKILL')
    await expect.poll(() => count(supervisor.output(), 'Freightdesk is running at'), { timeout: 90_000, interval: 200 }).toBe(2)
    expect(supervisor.output()).toContain('[supervisor] the server stopped unexpectedly (killed by SIGKILL) after')
    expect(supervisor.output()).toContain('[supervisor] starting it again in 1.0 s')
    // The PostgreSQL the killed server left running was stopped cleanly, then started again.
    expect(supervisor.output()).toContain(`stopping PostgreSQL left running by an earlier run (pid ${postmaster})`)
    expect(alive(postmaster)).toBe(false)
    expect(serverPid(supervisor)).not.toBe(first)

    // The same session and the same truck, from the database the new server started.
    const read = await fetch(`${base}/api/trucks/${truck.id}`, { headers: auth })
    expect(read.status).toBe(200)
    expect(((await read.json()) as { data: { unitNumber: string } }).data.unitNumber).toBe('SUP-1')

    const restarted = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(supervisor.child.pid!, 'SIGTERM')
    expect(await supervisor.exit).toBe(0)
    expect(supervisor.output()).toContain('[freightdesk] SIGTERM: shutting down')
    expect(alive(restarted)).toBe(false)
  }, 240_000)

  it('leaves no server running when the supervisor itself is killed: the server stops with its PostgreSQL', async () => {
    const dataDir = dataDirectory()
    const supervisor = supervise({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_PG_FSYNC: 'off',
      SHUTDOWN_TIMEOUT_MS: '3000',
      OUTBOX_DIR: undefined,
      STORAGE_DIR: undefined,
    })
    await expect.poll(() => count(supervisor.output(), 'Freightdesk is running at'), { timeout: 90_000, interval: 200 }).toBe(1)
    const server = serverPid(supervisor)
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(supervisor.child.pid!, 'SIGKILL')
    // Its IPC channel closes with it: the server hears that and stops as on SIGTERM.
    await expect.poll(() => alive(server) || alive(postmaster), { timeout: 30_000, interval: 200 }).toBe(false)
    expect(supervisor.output()).toContain('[freightdesk] the supervisor is gone: shutting down')
  }, 240_000)

  it('gives up with exit code 1 after SUPERVISOR_MAX_FAILED_STARTS failed starts in a row', async () => {
    // A data folder that cannot be made: the server fails at once, every time.
    const supervisor = supervise({
      DATABASE_URL: 'postgresql://nobody:nothing@127.0.0.1:1/none',
      SESSION_SECRET: undefined,
      DATA_DIR: '/dev/null/freightdesk',
      SUPERVISOR_MAX_FAILED_STARTS: '3',
    })
    expect(await supervisor.exit).toBe(1)
    const output = supervisor.output()
    expect(count(output, '[supervisor] the server stopped unexpectedly (exit code 1) before it served')).toBe(3)
    expect(output).toContain('[supervisor] starting it again in 1.0 s (failed start 1 of 3)')
    expect(output).toContain('[supervisor] starting it again in 2.0 s (failed start 2 of 3)')
    expect(output).toContain('[supervisor] giving up: 3 failed starts in a row (SUPERVISOR_MAX_FAILED_STARTS=3)')
  }, 60_000)
})
