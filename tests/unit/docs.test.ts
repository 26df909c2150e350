/**
 * The written documents stay true to the repository: every path they name exists, nothing points
 * outside the repository, code names no issue numbers (the ADRs and git history tell why), and the
 * decision records each have a date and a status and are all in the index.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

import { describe, expect, it } from 'vitest'

import { adrIndex, namedAdrs, readAdrs } from '../../scripts/lib/adr'

const DOCS = [
  'README.md',
  ...fs.readdirSync('docs').flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])),
  ...fs.readdirSync('docs/decisions').map((name) => `docs/decisions/${name}`),
]

/** Every tracked text file of the code, its tests, scripts and CI (not migrations: they are history). */
function codeFiles() {
  const tracked = execFileSync('git', ['ls-files', 'app', 'server.ts', 'scripts', 'tests', 'prisma', '.ci', 'deploy'], { encoding: 'utf8' }).split('\n')
  return tracked.filter(
    (file) =>
      file &&
      fs.existsSync(file) &&
      !file.startsWith('prisma/migrations/') &&
      !file.startsWith('app/generated/') &&
      /\.(ts|tsx|mjs|js|css|prisma|sql|json|conf|sh)$|^\.ci\//.test(file),
  )
}

/** Whether git's history has held the path (a file since moved or deleted). */
function existedOnce(file: string) {
  return execFileSync('git', ['log', '-1', '--format=%h', '--', file], { encoding: 'utf8' }).trim() !== ''
}

/** A repository path in running text: `app/…`, `tests/…` …, not part of a package name or a URL. */
const PATH = /(?<![\w./@#-])((?:app|tests|scripts|prisma|docs|deploy|public|\.ci)\/[\w./$*{}-]+)/g

describe('the documents', () => {
  it('name only paths that exist', () => {
    const missing: string[] = []
    for (const doc of DOCS) {
      const text = fs.readFileSync(doc, 'utf8')
      for (const match of text.matchAll(PATH)) {
        const named = match[1].replace(/[.,:;)]+$/, '')
        // A pattern (`app/routes/*.tsx`, `{id}`, `$id`) and a GitHub reference (prisma/orm#19506) are not one path.
        if (/[*{}$]/.test(named) || text[match.index + match[0].length] === '#') continue
        if (fs.existsSync(named)) continue
        // A decision record is history: it may name a file that a later change moved or deleted (git knows it), or a generated one.
        if (doc.startsWith('docs/decisions/') && (named.startsWith('app/generated/') || existedOnce(named))) continue
        missing.push(`${doc}: ${named}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('and the code point at nothing outside the repository, and name no issue numbers', () => {
    const outside: string[] = []
    const issues: string[] = []
    for (const file of [...codeFiles(), ...DOCS.filter((doc) => !doc.startsWith('docs/decisions/'))]) {
      const text = fs.readFileSync(file, 'utf8')
      if (/\.\.\/shared\/|\bshared\/(?:docs|spec)\//.test(text)) outside.push(file)
      if (file !== 'tests/unit/docs.test.ts' && /\b[Ii]ssues? #?\d+/.test(text)) issues.push(file)
    }
    expect(outside).toEqual([])
    expect(issues).toEqual([])
  })
})

describe('the decision records', () => {
  it('each open with a title, a date and a status, and the statuses name records that exist', () => {
    const adrs = readAdrs()
    expect(adrs.length).toBeGreaterThan(90)
    const numbers = new Set(adrs.map((adr) => adr.number))
    expect(numbers.size, 'one record per number').toBe(adrs.length)
    for (const adr of adrs) {
      expect(adr.status, adr.file).toMatch(/^(accepted|superseded by \d{3}|accepted \(.+\))$/)
      for (const named of namedAdrs(adr.status)) expect(numbers.has(named), `${adr.file} names ${named}`).toBe(true)
    }
  })

  it('are all in the index (npx tsx scripts/adr-index.ts writes it)', async () => {
    const prettier = await import('prettier')
    const file = 'docs/decisions/README.md'
    const options = await prettier.resolveConfig(file)
    const expected = await prettier.format(adrIndex(), { ...options, filepath: file })
    expect(fs.readFileSync(file, 'utf8')).toBe(expected)
  })
})
