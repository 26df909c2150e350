/**
 * `npm start`'s build: the two steps of `npm run build` (client and server bundles, then the
 * Node entry), without Vite's report of every asset (about 900 lines), and then one line of
 * summary, so a newcomer sees the URL a few lines below. Warnings and errors still show, except
 * React Router's own "`envFile` option is deprecated" (its internal Vite config sets it, not ours).
 * `npm run build` keeps the full report.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const NOISE = [/The `envFile` option is deprecated/]

/** Runs a command, passing its output on line by line, minus NOISE; rejects on a non-zero exit. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } })
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) if (!NOISE.some((pattern) => pattern.test(line))) out.write(`${line}\n`)
      })
      stream.on('end', () => {
        if (rest && !NOISE.some((pattern) => pattern.test(rest))) out.write(`${rest}\n`)
      })
    }
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

/** Files and bytes under a folder, leaving out the precompressed copies (.br, .gz). */
function measure(dir) {
  let files = 0
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue
    files++
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size
  }
  return { files, bytes }
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const started = performance.now()
console.info('Building Freightdesk (the full report: npm run build)…')
try {
  await run('npx', ['react-router', 'build', '--logLevel', 'warn'])
  await run('npm', ['run', '--silent', 'build:server'])
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const client = measure('build/client')
const server = measure('build/server')
const seconds = ((performance.now() - started) / 1000).toFixed(0)
console.info(`Built in ${seconds} s: ${client.files} browser files (${megabytes(client.bytes)}), server ${megabytes(server.bytes)}.`)
