/**
 * The app as a real server process (server.ts on the production build, this test file's
 * database), for tests that need what only a listening server does: the request edge, headers,
 * redirects, emails with links, process signals.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export type ServerProcess = {
  child: ChildProcess
  port: number
  base: string
  /** Whether it runs build/server.js with node (else server.ts with tsx, which starts node as its child). */
  compiled: boolean
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string
  /** SIGTERM to the whole process group, then waits for the exit. */
  stop: () => Promise<void>
}

/**
 * Starts the server with a fresh data directory and `env` on top of this process's (`undefined`
 * removes a variable), and waits until it listens. It runs build/server.js with node, as `npm
 * start` does (the test run's global setup rebuilds it when server.ts or app/ is newer); `compiled:
 * false` runs server.ts with tsx instead, which took three times as long to start on a busy
 * 2-core machine (ADR 110). `port` is the one to listen on (a free one when unset).
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  { compiled = true, port: wanted }: { compiled?: boolean; port?: number } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/server.js')) execSync('npm run build', { stdio: 'ignore' })
  const port = wanted ?? (await freePort())
  const merged: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fd-server-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    ...env,
  }
  for (const name of Object.keys(merged)) if (merged[name] === undefined) delete merged[name]
  const child = spawn(compiled ? process.execPath : 'node_modules/.bin/tsx', [compiled ? 'build/server.js' : 'server.ts'], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() reaches tsx's node child too.
    detached: true,
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk
      if (output.includes('Freightdesk is running at')) resolve()
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)))
  })
  return {
    child,
    compiled,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (!child.pid || child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      process.kill(-child.pid, 'SIGTERM')
      await exited
    },
  }
}
