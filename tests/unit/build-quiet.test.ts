/**
 * `npm start` builds quietly (scripts/build-quiet.mjs): Vite at the warning level (no report of
 * every asset), React Router's own deprecation notice left out, warnings kept, then one summary
 * line. Run with stand-ins for `npx` and `npm` that print what a real build would at each level.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const SCRIPT = path.resolve('scripts/build-quiet.mjs')

function standIns() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-quiet-'))
  fs.mkdirSync(path.join(dir, 'bin'))
  // A Vite build: 900 asset lines at the info level, a real warning at every level, and React Router's notice.
  fs.writeFileSync(
    path.join(dir, 'bin', 'npx'),
    `#!/bin/sh
echo "The \\\`envFile\\\` option is deprecated, please use \\\`envDir: false\\\` instead." >&2
case "$*" in *"--logLevel warn"*) ;; *) i=0; while [ $i -lt 900 ]; do echo "build/client/assets/chunk-$i.js  1.00 kB"; i=$((i+1)); done ;; esac
echo "(!) a real warning" >&2
`,
    { mode: 0o755 },
  )
  fs.writeFileSync(path.join(dir, 'bin', 'npm'), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
  for (const [file, bytes] of [
    ['build/client/assets/a.js', 1024 * 1024],
    ['build/client/assets/a.js.br', 5000],
    ['build/client/favicon.ico', 1024 * 1024],
    ['build/server/index.js', 2 * 1024 * 1024],
  ] as const) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), Buffer.alloc(bytes))
  }
  return dir
}

describe('npm start’s build output', () => {
  it('is a few lines: warnings and a summary, no asset report and no React Router notice', () => {
    const dir = standIns()
    const run = spawnSync('node', [SCRIPT], { cwd: dir, env: { ...process.env, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` }, encoding: 'utf8' })
    expect(run.status).toBe(0)
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      'Building Freightdesk (the full report: npm run build)…',
      expect.stringMatching(/^Built in \d+ s: 2 browser files \(2\.0 MB\), server 2\.0 MB\.$/),
    ])
    expect(run.stderr.split('\n').filter(Boolean)).toEqual(['(!) a real warning'])
    expect(JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.prestart).toBe('node scripts/build-quiet.mjs')
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
