#!/usr/bin/env node
/**
 * `npm start`: the server (build/server.js, with `npm run serve`'s heap flags) as a child process,
 * started again when it dies (docs/decisions/087-supervisor.md).
 *   node scripts/supervise.mjs [server arguments, e.g. --seed-if-empty]
 *
 * - A server that exits without being asked to (killed, out of memory, a crash) is logged with
 *   its exit code or signal and started again: after 1 s, doubling after each failed start up to
 *   30 s. A start fails when the server exits before it listens, or within 30 s after.
 * - SUPERVISOR_MAX_FAILED_STARTS (default 5) failed starts in a row: it gives up and exits 1, so
 *   a server that cannot start (a bad setting, a broken build) is not started for ever.
 * - SIGINT and SIGTERM go to the server, which finishes its requests and stops its embedded
 *   PostgreSQL; the supervisor then exits with the server's code. A server that has not stopped
 *   within its own limits is killed.
 * - The embedded PostgreSQL belongs to the server (server.ts). A server that dies hard leaves it
 *   running; the next start finds it by its pid file and stops it cleanly (a fast shutdown) before
 *   starting it again (app/utils/db-setup.server.ts). When the supervisor stops for good and a
 *   server could not stop it, it does the same here.
 * - The server learns it is supervised through the IPC channel: it says when it listens, and stops
 *   when the channel closes (the supervisor gone), so it is never left running alone.
 * Plain Node, no dependency: it runs before anything else and must not fail with the app.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The node flags and environment of the server process: `npm run serve`'s, whose defaults are
 * written once, in package.json's serve script (the heap limits of ADR 086 and glibc's mmap
 * threshold of ADR 039); NODE_HEAP_MB, NODE_SEMI_SPACE_MB and MALLOC_MMAP_THRESHOLD_ override them.
 */
function serveSettings(env = process.env) {
  const serve = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.serve
  const fallback = (name) => {
    const value = new RegExp(`${name}:-(\\d+)`).exec(serve)?.[1]
    if (!value) throw new Error(`package.json: the serve script no longer names its ${name} default`)
    return value
  }
  return {
    flags: [
      `--max-old-space-size=${env.NODE_HEAP_MB || fallback('NODE_HEAP_MB')}`,
      `--max-semi-space-size=${env.NODE_SEMI_SPACE_MB || fallback('NODE_SEMI_SPACE_MB')}`,
    ],
    env: { ...env, MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? fallback('MALLOC_MMAP_THRESHOLD_') },
  }
}

/** How long the server ran for a start to count as a success. */
const STEADY_MS = 30_000
const FIRST_DELAY_MS = 1_000
const MAX_DELAY_MS = 30_000

const log = (message) => console.info(`[supervisor] ${message}`)
const warn = (message) => console.warn(`[supervisor] ${message}`)

const describe = (code, signal) => (signal ? `killed by ${signal}` : `exit code ${code}`)
const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Stops the embedded PostgreSQL a server left running (its pid file names it, and it serves this
 * data directory): SIGINT, PostgreSQL's fast shutdown (sessions cut, everything written kept),
 * then SIGQUIT if it has not gone in 15 s. The same check as db-setup.server.ts's, which the next
 * server start runs; here for when no next start comes.
 */
async function stopLeftoverPostgres() {
  if (process.env.DATABASE_URL) return
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data', 'postgres')
  let pid
  try {
    const [pidLine, dirLine] = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')
    pid = Number(pidLine)
    if (!pid || path.resolve(dirLine ?? '') !== dataDir || !isAlive(pid)) return
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return
  } catch {
    return
  }
  log(`stopping the embedded PostgreSQL the server left running (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 15_000) process.kill(pid, 'SIGQUIT')
    if (waited > 20_000) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function main() {
  const args = process.argv.slice(2)
  const maxFailedStarts = Math.max(1, Number(process.env.SUPERVISOR_MAX_FAILED_STARTS) || 5)
  // The server's own bound on each stop step (server.ts), four steps, and some slack.
  const stopGraceMs = 4 * (Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000) + 5_000
  const { flags, env } = serveSettings()
  const command = [...flags, 'build/server.js', ...args]

  let child = null
  let stopping = false
  let failedStarts = 0
  let restartTimer = null

  const exit = async (code) => {
    await stopLeftoverPostgres()
    process.exit(code)
  }

  function start() {
    restartTimer = null
    const startedAt = Date.now()
    let readyAt = 0
    child = spawn(process.execPath, command, { env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] })
    child.on('message', (message) => {
      if (message?.ready) readyAt = Date.now()
    })
    child.on('error', (error) => warn(`the server could not be started: ${error.message}`))
    child.on('exit', (code, signal) => {
      child = null
      if (stopping) return void exit(code ?? 1)
      const failed = !readyAt || Date.now() - readyAt < STEADY_MS
      failedStarts = failed ? failedStarts + 1 : 0
      const ran = readyAt ? `after ${seconds(Date.now() - readyAt)} serving` : `before it served (${seconds(Date.now() - startedAt)} after its start)`
      warn(`the server stopped unexpectedly (${describe(code, signal)}) ${ran}`)
      if (failedStarts >= maxFailedStarts) {
        warn(`giving up: ${failedStarts} failed starts in a row (SUPERVISOR_MAX_FAILED_STARTS=${maxFailedStarts})`)
        return void exit(1)
      }
      const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failedStarts - 1))
      log(`starting it again in ${seconds(delay)}${failedStarts ? ` (failed start ${failedStarts} of ${maxFailedStarts})` : ''}`)
      restartTimer = setTimeout(start, delay)
    })
  }

  const stop = (signal) => {
    if (stopping) return
    stopping = true
    if (restartTimer) clearTimeout(restartTimer)
    if (!child) return void exit(0)
    log(`${signal}: stopping the server`)
    child.kill(signal)
    setTimeout(() => {
      if (!child) return
      warn(`the server did not stop within ${seconds(stopGraceMs)}: killing it`)
      child.kill('SIGKILL')
    }, stopGraceMs).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  start()
}

main()
