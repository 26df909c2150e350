/**
 * No dead exports in app/ (ADR 107): every function, constant, schema and type a module exports is
 * read somewhere (another module, a test, a script, a config, or the module itself). An export
 * nothing reads is a rule nobody asks (the unused `canReadConversation` lacked the driver rule the
 * chat model applies) or a second copy waiting to drift. Route modules' framework exports are read
 * by React Router.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const ROUTE_EXPORTS = new Set([
  'loader',
  'action',
  'default',
  'meta',
  'links',
  'headers',
  'handle',
  'ErrorBoundary',
  'HydrateFallback',
  'shouldRevalidate',
  'Layout',
  'middleware',
  'upload',
])

function sources(root: string): string[] {
  if (!fs.existsSync(root)) return []
  if (fs.statSync(root).isFile()) return [root]
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(root, entry.name)
    if (entry.isDirectory()) return ['generated', 'node_modules', '+types'].includes(entry.name) || entry.name.startsWith('.') ? [] : sources(full)
    return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : []
  })
}

/** `file: name` of each export of app/ that no file reads, not even its own past the declaration. */
export function deadExports(files: Map<string, string>) {
  const dead: string[] = []
  for (const [file, text] of files) {
    if (!file.startsWith(`app${path.sep}`)) continue
    const route = file.startsWith(path.join('app', 'routes')) || /app[/\\](root|entry\.\w+)\.tsx?$/.test(file)
    for (const [, name] of text.matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class|type|interface|enum)\s+([A-Za-z0-9_$]+)/gm)) {
      if (route && ROUTE_EXPORTS.has(name)) continue
      const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g')
      const readHere = (text.match(word) ?? []).length > 1
      if (!readHere && ![...files].some(([other, source]) => other !== file && word.test(source))) dead.push(`${file}: ${name}`)
    }
  }
  return dead
}

describe('exports', () => {
  it('has no export in app/ that nothing reads', () => {
    const roots = ['app', 'tests', 'scripts', 'prisma', 'server.ts', 'tailwind.config.ts', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts']
    const files = new Map(roots.flatMap(sources).map((file) => [file, fs.readFileSync(file, 'utf8')]))
    expect(deadExports(files)).toEqual([])
  })

  it('finds one (what it catches)', () => {
    const files = new Map([
      [
        path.join('app', 'policies', 'chat.ts'),
        'export function canReadConversation() {}\nexport function used() {}\nexport const local = 1\nconst twice = local',
      ],
      [path.join('app', 'models', 'chat.server.ts'), "import { used } from '~/policies/chat'\nused()"],
    ])
    expect(deadExports(files)).toEqual([`${path.join('app', 'policies', 'chat.ts')}: canReadConversation`])
  })
})
