import fs from 'node:fs'
import path from 'node:path'

import semver from 'semver'
import { describe, expect, it } from 'vitest'

const readme = fs.readFileSync('README.md', 'utf8')
const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8'))

/** engines.node of every package installed here (platform packages for other machines are not). */
function installedEngines() {
  const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { engines?: { node?: string } }> }
  return Object.entries(lock.packages)
    .filter(([where, entry]) => where && entry.engines?.node && fs.existsSync(path.join(where, 'package.json')))
    .map(([where, entry]) => ({ where, node: entry.engines!.node! }))
}

describe('README', () => {
  it('names a Node version that installs every dependency without an engine warning', () => {
    const named = readme.match(/Needs Node\.js (\d+\.\d+) or later/)
    expect(named, 'README: "Needs Node.js X.Y or later"').not.toBeNull()
    for (const version of [`${named![1]}.0`, '24.0.0']) {
      expect(semver.satisfies(version, packageJson.engines.node), `package.json engines accept ${version}`).toBe(true)
      const refusing = installedEngines().filter((entry) => !semver.satisfies(version, entry.node))
      expect(refusing, `Node ${version}`).toEqual([])
    }
  })

  it('keeps its two commands: start the demo, run every test', () => {
    expect(readme).toContain('npm install && npm start')
    expect(readme).toMatch(/```sh\nnpm test\n```/)
    expect(packageJson.scripts.start).toContain('--seed-if-empty')
    expect(packageJson.scripts.test).toContain('playwright test')
  })
})
