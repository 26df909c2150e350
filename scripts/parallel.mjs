#!/usr/bin/env node
/**
 * Runs npm scripts side by side and fails when any fails:
 *   node scripts/parallel.mjs typecheck:tsc lint build
 *
 * `npm test` runs its checks this way: tsc, ESLint and Prettier are single-threaded, so on two
 * cores they finish in about half the time they take one after another (ADR 037). Each script's
 * output is held and printed whole when it ends, so the log reads like a sequential run.
 */
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
if (!scripts.length) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]')
  process.exit(2)
}

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = Date.now()
        const chunks = []
        const child = spawn('npm', ['run', '--silent', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
        })
        child.stdout.on('data', (chunk) => chunks.push(chunk))
        child.stderr.on('data', (chunk) => chunks.push(chunk))
        child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)))
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1)
          const ok = code === 0
          process.stdout.write(`\n> ${script}: ${ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`)
          process.stdout.write(Buffer.concat(chunks))
          resolve(ok)
        })
      }),
  ),
)
process.exit(results.every(Boolean) ? 0 : 1)
